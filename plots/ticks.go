package plots

import (
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
)

// maxDecades bounds the tick loops: float64 spans about 630 decades, so no legitimate range
// needs more iterations, and a broken range (0, NaN, Inf) yields no ticks instead of a loop
// that never ends.
const maxDecades = 700

// logTicks marks a log axis: a labelled major tick at each power of ten inside the range
// (and at 2× and 5× when the range holds fewer than two powers of ten; at every multiple
// when that still labels fewer than two), minor ticks at the other integer multiples. Unlike plot.LogTicks it never returns ticks outside the range,
// which would make gonum reserve space for labels it does not draw. A range that is not
// positive and finite has no ticks.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi >= lo) || math.IsInf(hi, 0) {
		return nil
	}
	e0, e1 := int(math.Floor(math.Log10(lo))), int(math.Ceil(math.Log10(hi)))
	e1 = min(e1, e0+maxDecades)
	powers := 0
	for e := e0; e <= e1; e++ {
		if p := math.Pow10(e); p >= lo && p <= hi {
			powers++
		}
	}
	var ticks []plot.Tick
	for e := e0; e <= e1; e++ {
		p := math.Pow10(e)
		for i := 1; i <= 9; i++ {
			v := float64(i) * p
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if i == 1 || (powers < 2 && (i == 2 || i == 5)) {
				t.Label = formatTick(v)
			}
			ticks = append(ticks, t)
		}
	}
	return labelAllIfFew(ticks)
}

// labelAllIfFew labels every tick when fewer than two are labelled (a range inside one
// decade, such as 5 to 7, would otherwise show a single number).
func labelAllIfFew(ticks []plot.Tick) []plot.Tick {
	labelled := 0
	for _, t := range ticks {
		if t.Label != "" {
			labelled++
		}
	}
	if labelled < 2 {
		for i := range ticks {
			ticks[i].Label = formatTick(ticks[i].Value)
		}
	}
	return ticks
}

// dataTicks labels exactly the x values present in the data. With a handful of values (a
// sweep's grid: 16, 32, 64, 128 nodes; crash rates 0, 0.001, 0.005) a reader wants to see
// which values were measured, not round numbers between them: gonum's default ticks left
// akw-failures' 0.001 unlabelled. See chooseXTicks for when it is used.
type dataTicks []float64

func (d dataTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, v := range d {
		if v >= lo && v <= hi {
			ticks = append(ticks, plot.Tick{Value: v, Label: formatTick(v)})
		}
	}
	return ticks
}

// maxDataTicks is the most x values labelled one by one.
const maxDataTicks = 6

// chooseXTicks labels the distinct x values themselves when there are at most maxDataTicks of
// them and no two are closer than a tenth of the axis (in its own scale), so that labels
// cannot collide; otherwise nil, for the axis's usual ticks.
func chooseXTicks(xs []float64, lo, hi float64, log bool) plot.Ticker {
	vals := slices.Compact(slices.Sorted(slices.Values(xs)))
	if len(vals) < 2 || len(vals) > maxDataTicks {
		return nil
	}
	pos := func(v float64) float64 {
		if log {
			return math.Log(v/lo) / math.Log(hi/lo)
		}
		return (v - lo) / (hi - lo)
	}
	for i := 1; i < len(vals); i++ {
		if !(pos(vals[i])-pos(vals[i-1]) >= 0.1) {
			return nil
		}
	}
	return dataTicks(vals)
}

// formatTick renders a tick value in its shortest form (0.001, 128, 1e-05).
func formatTick(v float64) string {
	return strconv.FormatFloat(v, 'g', 6, 64)
}
