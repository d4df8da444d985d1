package plots

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/analysis"
)

// Preset is a named figure: the columns it needs and how to draw it. Caption is one line
// for docs and help; the image itself carries no title unless LineSpec.Title is set.
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

// Build checks that t holds every value the preset keeps, then draws it. A table knows
// nothing of what it pooled: FromDataset draws the same figure with the pooled parameters
// named in its caption.
func (p Preset) Build(t *analysis.Table) (*Figure, error) {
	for _, col := range keys(p.Spec.Keep) {
		have := present(t, col)
		for _, w := range p.Spec.Keep[col] {
			if !slices.ContainsFunc(have, func(h string) bool { return sameValue(h, w) }) {
				return nil, fmt.Errorf("figure %s needs %s=%s, absent from the data (present: %s)", p.Name, col, w, strings.Join(have, ", "))
			}
		}
	}
	return Lines(t, p.Spec)
}

// FromDataset aggregates d for the preset (mean and CI per x, series, facet and Keep
// value) and draws it, naming in the caption the parameters each point pools and those
// that hold one value throughout (FixedParams). d must hold
// Columns() and the parameter columns to check for pooling, as Need lists them.
func (p Preset) FromDataset(d *analysis.Dataset) (*Figure, error) {
	params := analysis.ParametersIn(d.Available)
	params = slices.DeleteFunc(params, func(c string) bool { return d.Column(c) == nil })
	pooled, err := PooledParams(d, p.Spec, params)
	if err != nil {
		return nil, err
	}
	fixed, err := FixedParams(d, p.Spec, params)
	if err != nil {
		return nil, err
	}
	t, err := analysis.Aggregate(d, p.By(), []string{p.Spec.Metric})
	if err != nil {
		return nil, err
	}
	p.Spec.Pooled, p.Spec.Fixed = pooled, fixed
	return p.Build(t)
}

// Need returns the columns FromDataset reads from files whose columns are available: the
// preset's own, every parameter present and the sweep's point index (to find what each
// point pools). Loading them
// costs 8 bytes per row per numeric column.
func (p Preset) Need(available []string) []string {
	need := p.Columns()
	for _, c := range append(analysis.ParametersIn(available), "point") {
		if !slices.Contains(available, c) {
			continue
		}
		if !slices.Contains(need, c) {
			need = append(need, c)
		}
	}
	return need
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
