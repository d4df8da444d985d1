package plots

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
)

// Preset is a named figure: the columns it needs and how to draw it.
type Preset struct {
	Name    string
	Caption string
	Spec    LineSpec
}

// Columns returns the columns a results file must have for the preset.
func (p Preset) Columns() []string {
	cols := slices.Concat([]string{p.Spec.X}, p.Spec.Series, []string{p.Spec.Facet, p.Spec.Metric}, keys(p.Spec.Keep))
	return slices.DeleteFunc(cols, func(c string) bool { return c == "" })
}

// By returns the columns to group by for the preset.
func (p Preset) By() []string {
	by := slices.Concat([]string{p.Spec.X}, p.Spec.Series)
	if p.Spec.Facet != "" {
		by = append(by, p.Spec.Facet)
	}
	for _, k := range keys(p.Spec.Keep) { // filter columns must be grouped to be filtered
		if !slices.Contains(by, k) {
			by = append(by, k)
		}
	}
	return by
}

// Build checks that t holds every value the preset keeps and every facet, then draws it.
func (p Preset) Build(t *analysis.Table) (*Figure, error) {
	for _, col := range keys(p.Spec.Keep) {
		have := present(t, col)
		for _, w := range p.Spec.Keep[col] {
			if !containsValue(have, w) {
				return nil, fmt.Errorf("figure %s needs %s=%s, absent from the data (present: %s)", p.Name, col, w, strings.Join(have, ", "))
			}
		}
	}
	return Lines(t, p.Spec)
}

func present(t *analysis.Table, col string) []string {
	i := slices.Index(t.By, col)
	var out []string
	for g := range t.Len() {
		key, _, _ := t.Group(g)
		if i >= 0 && !slices.Contains(out, key[i]) {
			out = append(out, key[i])
		}
	}
	return out
}

func containsValue(have []string, w string) bool {
	wf, err := strconv.ParseFloat(w, 64)
	for _, h := range have {
		if h == w {
			return true
		}
		if hf, err2 := strconv.ParseFloat(h, 64); err == nil && err2 == nil && math.Abs(hf-wf) <= 1e-6*math.Abs(wf) {
			return true
		}
	}
	return false
}

// walter2001Label names values the way the paper does.
func walter2001Label(column, value string) string {
	v, _ := strconv.ParseFloat(value, 64)
	switch column {
	case "algorithm":
		return strings.ToUpper(value)
	case "connectivity":
		return fmt.Sprintf("%g%% connectivity", math.Round(v*100))
	case "load":
		return "λ_req = " + value
	case "mobility":
		switch v {
		case 0:
			return "(a) zero mobility"
		case 1e-2:
			return "(b) low mobility, λ_mob = 0.01"
		case 1e-1:
			return "(c) high mobility, λ_mob = 0.1"
		}
		return "λ_mob = " + value
	}
	return DefaultLabel(column, value)
}

func walter2001(fig int, metric, x string) Preset {
	s := LineSpec{Metric: metric, X: x, Facet: "mobility", Label: walter2001Label}
	ylabel := map[string]string{"wait_mean": "time units per CS entry", "msgs_per_cs": "messages per CS entry"}[metric]
	s.YLabel = ylabel
	what := map[string]string{"wait_mean": "Time/CS entry", "msgs_per_cs": "Messages/CS entry"}[metric]
	if x == "load" {
		s.Series = []string{"algorithm", "connectivity"}
		s.Keep = map[string][]string{"connectivity": {"0.2", "0.8"}, "mobility": {"0", "0.01", "0.1"}}
		s.XLabel = "load λ_req (requests per time unit)"
		s.Title = fmt.Sprintf("Figure %d. Load vs. %s", fig, what)
	} else {
		s.Series = []string{"algorithm", "load"}
		s.Keep = map[string][]string{"load": {"0.001", "1"}, "mobility": {"0", "0.01", "0.1"}}
		s.XLabel = "connectivity (fraction of links)"
		s.Title = fmt.Sprintf("Figure %d. Connectivity vs. %s", fig, what)
	}
	return Preset{
		Name:    fmt.Sprintf("walter2001-fig%d", fig),
		Caption: fmt.Sprintf("Walter, Welch, Vaidya 2001, Figure %d: %s vs. %s for zero, low and high mobility", fig, metric, x),
		Spec:    s,
	}
}

// Walter2001Figures are Figures 5 to 8 of Walter, Welch and Vaidya (2001), section 6, drawn
// from a walter2001 sweep: wait (5, 6) and messages (7, 8) per CS entry against load (5, 7;
// 20% and 80% connectivity) and connectivity (6, 8; λ_req 1e-3 and 1), one panel per
// mobility.
var Walter2001Figures = []Preset{
	walter2001(5, "wait_mean", "load"),
	walter2001(6, "wait_mean", "connectivity"),
	walter2001(7, "msgs_per_cs", "load"),
	walter2001(8, "msgs_per_cs", "connectivity"),
}

// Figures lists every named figure preset.
func Figures() []Preset {
	return slices.Concat(Walter2001Figures, JiangFigures, LMEFigures, AKWFigures)
}

// PresetByName returns the named figure preset, or an error listing them.
func PresetByName(name string) (Preset, error) {
	var names []string
	for _, p := range Figures() {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Preset{}, fmt.Errorf("unknown figure %q; available: %s", name, strings.Join(names, ", "))
}
