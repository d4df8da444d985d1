package plots

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/analysis"
)

// mobilityTable: throughput of two algorithms against mobility 0, 0.01, 0.1, with a zero
// throughput for rr at mobility 0.1 (two trials per point).
func mobilityTable() *analysis.Table {
	t := analysis.NewTable([]string{"mobility", "algorithm"}, []string{"throughput"})
	for _, alg := range []string{"rl", "rr"} {
		for _, mob := range []string{"0", "0.01", "0.1"} {
			for rep := range 2 {
				v := 0.5 + 0.1*float64(rep)
				if alg == "rr" && mob == "0.1" {
					v = 0
				}
				t.Add([]string{mob, alg}, []float64{v})
			}
		}
	}
	return t
}

// TestLogAxisPolicy: the commands that would hang without it — a log x axis over mobility 0 and a log
// y axis over a zero throughput — leave those points out with a note naming them; with
// nothing left it is an error naming the values; Auto stays linear over zeros.
func TestLogAxisPolicy(t *testing.T) {
	tab := mobilityTable()
	fig, err := Lines(tab, LineSpec{Metric: "throughput", X: "mobility", Series: []string{"algorithm"}, XScale: Log})
	if err != nil {
		t.Fatal(err)
	}
	if len(fig.Notes) != 1 || !strings.Contains(fig.Notes[0], "log x axis: left out 2 of 6 points where mobility ≤ 0 (mobility = 0)") {
		t.Errorf("log x notes: %q", fig.Notes)
	}
	fig, err = Lines(tab, LineSpec{Metric: "throughput", X: "mobility", Series: []string{"algorithm"}, YScale: Log})
	if err != nil {
		t.Fatal(err)
	}
	if len(fig.Notes) != 1 || !strings.Contains(fig.Notes[0], "left out 1 of 6 points where throughput ≤ 0 (RR, mobility = 0.1: 0)") {
		t.Errorf("log y notes: %q", fig.Notes)
	}
	_, err = Lines(tab, LineSpec{Metric: "throughput", X: "mobility", Keep: map[string][]string{"mobility": {"0"}}, XScale: Log})
	if err == nil || !strings.Contains(err.Error(), "log x axis cannot show mobility ≤ 0, and every point has it (mobility = 0)") {
		t.Errorf("nothing left: %v", err)
	}
	fig, err = Lines(tab, LineSpec{Metric: "throughput", X: "mobility", Series: []string{"algorithm"}})
	if err != nil || len(fig.Notes) != 0 {
		t.Errorf("auto scales over zeros: %v, notes %q", err, fig.Notes)
	}
}

// TestLogTicksBounded: ranges that looped forever before (a 0 or negative end, NaN, Inf)
// give no ticks, and the widest finite range gives a bounded number, all inside it.
func TestLogTicksBounded(t *testing.T) {
	for _, r := range [][2]float64{{0, 1}, {-1, 10}, {math.NaN(), 1}, {1, math.Inf(1)}, {0, 0}, {5, 1}} {
		ticks := logTicks{}.Ticks(r[0], r[1])
		if len(ticks) != 0 {
			t.Errorf("range %v: %d ticks", r, len(ticks))
		}
	}
	ticks := logTicks{}.Ticks(5e-324, math.MaxFloat64)
	if len(ticks) == 0 || len(ticks) > 9*(maxDecades+1) {
		t.Fatalf("%d ticks over the whole float64 range", len(ticks))
	}
	var labels []string
	for _, tk := range (logTicks{}).Ticks(8e-5, 1.1) {
		if tk.Value < 8e-5 || tk.Value > 1.1 {
			t.Fatalf("tick %g outside the range", tk.Value)
		}
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "0.0001 0.001 0.01 0.1 1" {
		t.Fatalf("log tick labels %q", got)
	}
}

// TestDataTicks: a handful of well-spaced x values are labelled themselves (akw-failures'
// 0.001 was unlabelled); crowded or many values fall back to the axis's ticks.
func TestDataTicks(t *testing.T) {
	tk := chooseXTicks([]float64{0, 0.001, 0.005, 0.001}, -0.0002, 0.0052, false)
	if tk == nil {
		t.Fatal("no data ticks for 0, 0.001, 0.005")
	}
	var got []string
	for _, x := range tk.Ticks(-0.0002, 0.0052) {
		got = append(got, x.Label)
	}
	if strings.Join(got, " ") != "0 0.001 0.005" {
		t.Errorf("labels %q", got)
	}
	if chooseXTicks([]float64{0.1, 0.5, 2, 8}, 0, 8.2, false) != nil {
		t.Error("0.1 and 0.5 on a linear axis to 8 would collide")
	}
	if chooseXTicks([]float64{0.1, 0.5, 2, 8}, 0.09, 9, true) == nil {
		t.Error("0.1, 0.5, 2, 8 on a log axis are well apart")
	}
	if chooseXTicks([]float64{1, 2, 3, 4, 5, 6, 7}, 0, 8, false) != nil {
		t.Error("seven values: the axis's own ticks")
	}
}

// randomTable makes a table of random shape and values: zeros, negatives, tiny, huge and
// equal values, one to three series and zero to two panels.
func randomTable(rng *rand.Rand) *analysis.Table {
	pick := func() float64 {
		switch rng.IntN(8) {
		case 0:
			return 0
		case 1:
			return -rng.Float64() * math.Pow(10, float64(rng.IntN(10)))
		case 2:
			return math.Pow(10, float64(rng.IntN(600)-300))
		case 3:
			return math.MaxFloat64 / float64(1+rng.IntN(3))
		case 4:
			return 1
		}
		return rng.Float64() * math.Pow(10, float64(rng.IntN(12)-6))
	}
	t := analysis.NewTable([]string{"x", "s", "f"}, []string{"m"})
	xs := make([]float64, 1+rng.IntN(6))
	for i := range xs {
		xs[i] = pick()
	}
	for _, s := range []string{"a", "b", "c"}[:1+rng.IntN(3)] {
		for _, f := range []string{"0", "1"}[:1+rng.IntN(2)] {
			for _, x := range xs {
				for range 1 + rng.IntN(3) {
					t.Add([]string{fmt.Sprint(x), s, f}, []float64{pick()})
				}
			}
		}
	}
	return t
}

// TestNoHangOnRandomData: random data and axis choices either draw or fail with an error,
// each within a bound; none hangs or panics. The bound is generous for a shared machine:
// a figure draws in milliseconds.
func TestNoHangOnRandomData(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for i := range cases {
		tab := randomTable(rng)
		s := LineSpec{Metric: "m", X: "x", Series: []string{"s"}, XScale: Scale(rng.IntN(3)), YScale: Scale(rng.IntN(3))}
		if rng.IntN(2) == 0 {
			s.Facet = "f"
		}
		if err := drawWithin(tab, s, 20*time.Second); err != nil {
			t.Fatalf("case %d (%+v): %v", i, s, err)
		}
	}
}

// drawWithin builds and renders the figure (PNG at a low resolution, to be quick) and
// reports a panic or a run longer than limit; an error from Lines is a fine outcome.
func drawWithin(tab *analysis.Table, s LineSpec, limit time.Duration) error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("panic: %v", r)
			}
		}()
		fig, err := Lines(tab, s)
		if err == nil {
			_, err = fig.render("png", 20).WriteTo(io.Discard)
			if err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		return fmt.Errorf("still drawing after %v", limit)
	}
}

// FuzzLines: any x and y values on any scales draw or fail cleanly, within a bound.
//
//	go test ./plots -run '^$' -fuzz FuzzLines -fuzztime 60s
func FuzzLines(f *testing.F) {
	f.Add(0.0, 1.0, 10.0, 0.0, 5.0, 7.0, uint8(2), uint8(2))
	f.Add(0.0, 0.01, 0.1, 0.5, 0.0, 0.6, uint8(2), uint8(0))
	f.Add(1e-300, 1e300, 1.0, math.MaxFloat64, -math.MaxFloat64, 1.0, uint8(1), uint8(2))
	f.Fuzz(func(t *testing.T, x0, x1, x2, y0, y1, y2 float64, xs, ys uint8) {
		tab := analysis.NewTable([]string{"x"}, []string{"m"})
		for i, x := range []float64{x0, x1, x2} {
			tab.Add([]string{fmt.Sprint(x)}, []float64{[]float64{y0, y1, y2}[i]})
		}
		s := LineSpec{Metric: "m", X: "x", XScale: Scale(xs % 3), YScale: Scale(ys % 3)}
		if err := drawWithin(tab, s, 20*time.Second); err != nil {
			t.Fatal(err)
		}
	})
}

// TestNullGroupsAreNotDrawn: a group where x is null (k, which rl does not read) or where no
// trial has the metric (a gme metric for hk) has no point, and the note names it; the other
// groups are drawn.
func TestNullGroupsAreNotDrawn(t *testing.T) {
	tab := analysis.NewTable([]string{"k", "algorithm"}, []string{"m"})
	tab.Add([]string{"1", "hk"}, []float64{2})
	tab.Add([]string{"2", "hk"}, []float64{3})
	tab.Add([]string{analysis.Null, "rl"}, []float64{4})
	tab.Add([]string{"1", "gme"}, []float64{math.NaN()})
	tab.Sort()
	s := LineSpec{Metric: "m", X: "k", Series: []string{"algorithm"}}.withDefaults()
	panels, notes, err := s.collect(tab)
	if err != nil {
		t.Fatal(err)
	}
	if len(panels) != 1 || len(panels[0].lines) != 1 || len(panels[0].lines[0].points) != 2 {
		t.Fatalf("want one line of hk's two points, got %d panels", len(panels))
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "k=null algorithm=rl") || !strings.Contains(notes[0], "k=1 algorithm=gme") {
		t.Errorf("notes %q: want both groups named", notes)
	}
	if _, err := Lines(tab, LineSpec{Metric: "m", X: "k", Series: []string{"algorithm"}}); err != nil {
		t.Errorf("Lines: %v", err)
	}
}
