package sweeps

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// describedSpec is what Describe records: the keys that determine the sweep's trials, in the
// layout of a spec file, so that the text reads back through Parse.
type describedSpec struct {
	Name       string         `toml:"name"`
	Algorithms []string       `toml:"algorithms"`
	Trials     int            `toml:"trials"`
	Seed       any            `toml:"seed"` // as Parse reads it: a whole number, above 2^63-1 as text
	Params     map[string]any `toml:"params,omitempty"`
	Grid       map[string]any `toml:"grid,omitempty"`
}

// Describe renders the spec as a sweep spec file (TOML, written by the TOML library's
// encoder), which results files record under the key mutexlab.spec: Parse reads it back into
// the same sweep, every value exact (floats in their shortest round-trip form), so a results
// file reruns itself (bench sweep --from). A grid range is recorded as the list of its points.
func (s *Spec) Describe() string {
	d := describedSpec{Name: s.Name, Algorithms: s.Algorithms, Trials: s.Trials, Seed: int64(s.Seed),
		Params: map[string]any{}, Grid: map[string]any{}}
	if s.Seed > math.MaxInt64 {
		d.Seed = strconv.FormatUint(s.Seed, 10)
	}
	for k, v := range s.Fixed {
		d.Params[k] = tomlValue(k, v)
	}
	for k, vs := range s.Grid {
		list := make([]any, len(vs))
		for i, v := range vs {
			list[i] = tomlValue(k, v)
		}
		d.Grid[k] = list
	}
	var b bytes.Buffer
	enc := toml.NewEncoder(&b)
	enc.Indent = ""
	if err := enc.Encode(d); err != nil {
		panic(fmt.Sprintf("sweeps: encoding a validated spec: %v", err)) // every value is a string, number or bool
	}
	return b.String()
}

// tomlValue is a value as a spec file writes it for key k: text, true or false, a whole
// number (while a float64 holds it exactly), or a number.
func tomlValue(k string, v Value) any {
	c, _ := columns.Lookup(k)
	switch {
	case c.Kind == results.String:
		return v.String()
	case c.Kind == results.Bool:
		return v.Num == 1
	case c.Kind == results.Int && math.Abs(v.Num) <= 1<<53:
		return int64(v.Num)
	}
	return v.Num
}

// canonicalText is the spec in a fixed line form (name, algorithms, trials, seed, then each
// fixed key and grid axis with its exact values) that SpecHash and the journal of a sweep in
// progress identify it by: unlike Describe's layout, which is the TOML encoder's, it never
// changes, so neither does a sweep's identity (its default file name, resume, merge).
func (s *Spec) canonicalText() string {
	var b strings.Builder
	fmt.Fprintf(&b, "name = %q\nalgorithms = %q\ntrials = %d\nseed = %d\n", s.Name, s.Algorithms, s.Trials, s.Seed)
	keys := make([]string, 0, len(s.Fixed))
	for k := range s.Fixed {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "params.%s = %s\n", k, s.Fixed[k])
	}
	for _, k := range s.Axes() {
		vals := make([]string, len(s.Grid[k]))
		for i, v := range s.Grid[k] {
			vals[i] = v.String()
		}
		fmt.Fprintf(&b, "grid.%s = [%s]\n", k, strings.Join(vals, ", "))
	}
	return b.String()
}

// Described reads back the sweep that a results file records in its metadata (under the key
// mutexlab.spec), validated: a spec file as Describe writes it, or the canonical line form
// that files written before the spec was recorded as TOML hold. source names the file in
// errors.
func Described(text, source string) (*Spec, error) {
	s, err := Parse([]byte(text), source)
	if err != nil && isCanonical(text) {
		return parseCanonical(text, source)
	}
	return s, err
}

// isCanonical tells the canonical line form from a spec file: every line is "key = value"
// with a top-level or dotted params./grid. key.
func isCanonical(text string) bool {
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		k, _, ok := strings.Cut(line, " = ")
		top := k == "name" || k == "algorithms" || k == "trials" || k == "seed"
		if !ok || !top && !strings.HasPrefix(k, "params.") && !strings.HasPrefix(k, "grid.") {
			return false
		}
	}
	return true
}

// parseCanonical reads the text canonicalText writes back into a validated spec.
func parseCanonical(text, source string) (*Spec, error) {
	s := &Spec{Fixed: map[string]Value{}, Grid: map[string][]Value{}, Source: source}
	value := func(key, x string) Value {
		if c, ok := columns.Lookup(key); ok && c.Kind == results.String {
			return Value{Str: x}
		}
		f, _ := strconv.ParseFloat(x, 64)
		return Value{Num: f}
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		k, v, ok := strings.Cut(line, " = ")
		if !ok {
			return nil, fmt.Errorf("%s: line %q", source, line)
		}
		switch {
		case k == "name":
			s.Name, _ = strconv.Unquote(v)
		case k == "algorithms":
			for _, a := range strings.Fields(strings.Trim(v, "[]")) {
				name, _ := strconv.Unquote(a)
				s.Algorithms = append(s.Algorithms, name)
			}
		case k == "trials":
			s.Trials, _ = strconv.Atoi(v)
		case k == "seed":
			s.Seed, _ = strconv.ParseUint(v, 10, 64)
		case strings.HasPrefix(k, "params."):
			s.Fixed[k[7:]] = value(k[7:], v)
		case strings.HasPrefix(k, "grid."):
			for _, x := range strings.Split(strings.Trim(v, "[]"), ", ") {
				s.Grid[k[5:]] = append(s.Grid[k[5:]], value(k[5:], x))
			}
		default:
			return nil, fmt.Errorf("%s: unknown line %q", source, line)
		}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if got := s.canonicalText(); got != text {
		return nil, fmt.Errorf("%s: does not describe the same sweep when read back", source)
	}
	return s, nil
}

// DescribedAxes returns the grid axes of a spec a results file records (Described's text),
// without checking them against this program's parameters: a file written by a program that
// registered an algorithm this one lacks names that algorithm's parameters, which Described
// refuses but a reader of the file still groups and draws by. The axes this program knows
// come in the canonical order (Spec.Axes), then the others by name.
func DescribedAxes(text string) ([]string, error) {
	var grid []string
	var d struct {
		Grid map[string]any `toml:"grid"`
	}
	if _, err := toml.Decode(text, &d); err == nil {
		for k := range d.Grid {
			grid = append(grid, k)
		}
	} else if isCanonical(text) {
		for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
			if k, ok := strings.CutPrefix(line, "grid."); ok {
				k, _, _ = strings.Cut(k, " = ")
				grid = append(grid, k)
			}
		}
	} else {
		return nil, err
	}
	var axes []string
	for _, k := range allParams() {
		if slices.Contains(grid, k) {
			axes = append(axes, k)
		}
	}
	sort.Strings(grid)
	for _, k := range grid {
		if !slices.Contains(axes, k) {
			axes = append(axes, k)
		}
	}
	return axes, nil
}
