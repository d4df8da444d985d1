package sweeps

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// Limits on the work a spec may describe: every axis (a list, or a range's points) is held in
// memory, and trials are counted in an int64 and enumerated lazily, so these bound what a
// typo can ask for, not what a machine can hold.
const (
	MaxAxisValues = 100_000        // values of one grid axis
	MaxTrials     = 10_000_000_000 // trials of one sweep (points × replicates × algorithms)
)

// Spec is a sweep: algorithms × a grid of parameter values × replicates.
type Spec struct {
	Name        string
	Description string
	Algorithms  []string
	Trials      int    // replicates per grid point
	Seed        uint64 // root seed
	Output      string
	Fixed       map[string]Value   // parameters that do not vary
	Grid        map[string][]Value // parameters that do, each with its values in order
	Source      string             // file name or "preset NAME", for errors
	FlagNames   bool               // name parameters as bench run's flags (--load, --set cs_time) in errors
	SetKeys     map[string]bool    // with FlagNames: the keys given by --set KEY, named so even where a flag exists
	Defaulted   map[string]bool    // with FlagNames: the keys bench run set from a flag's default, not given
	// Warnings are set by Validate: keys that apply to some of the sweep's algorithms or
	// network models only (the others' rows record null for them).
	Warnings []string

	names []string  // the keys set, in canonical order (Validate)
	axes  [][]Value // their values, one slice per name (a fixed key: one value)
}

// ParamName renders a parameter's spec key as the user spelled it: the key, or with flags
// --set KEY when the user gave it so (SetKeys), else its flag where bench run has one
// (Column.Flag), else --set KEY; a flag is never made up from a name. It is the one place
// that maps a key to the flag an error names.
func (s *Spec) ParamName(name string) string {
	c, ok := columns.Lookup(name)
	switch {
	case s.FlagNames && ok && c.Flag && !s.SetKeys[name]:
		return "--" + strings.ReplaceAll(name, "_", "-")
	case s.FlagNames:
		return "--set " + name // a key without a flag of its own is given by --set
	}
	return name
}

// Value is one parameter value: a number, or text for the keys of kind string.
type Value = columns.Value

// allParams lists the spec keys in canonical order (results/columns).
func allParams() []string { return columns.Keys() }

func knownParam(name string) bool {
	c, ok := columns.Lookup(name)
	return ok && c.Key
}

// tomlSpec is the file format.
type tomlSpec struct {
	Name        string         `toml:"name"`
	Description string         `toml:"description"`
	Algorithms  []string       `toml:"algorithms"`
	Trials      int            `toml:"trials"`
	Seed        any            `toml:"seed"` // a whole number, or one above 2^63-1 as text
	Output      string         `toml:"output"`
	Params      map[string]any `toml:"params"`
	Grid        map[string]any `toml:"grid"`
}

// LoadFile reads a sweep spec from a TOML file.
func LoadFile(path string) (*Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, unwrapPathErr(err))
	}
	return Parse(data, path)
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// Parse reads a sweep spec; source names it in errors.
func Parse(data []byte, source string) (*Spec, error) {
	var ts tomlSpec
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&ts)
	if err != nil {
		if pe, ok := err.(toml.ParseError); ok {
			return nil, fmt.Errorf("%s:%d: %s", source, pe.Position.Line, firstLine(pe.Message))
		}
		return nil, fmt.Errorf("%s: %s", source, firstLine(err.Error()))
	}
	for _, key := range md.Undecoded() {
		if len(key) > 1 && (key[0] == "grid" || key[0] == "params") {
			continue // decoded into maps and checked below
		}
		return nil, fmt.Errorf("%s: unknown key %q; accepted: name, description, algorithms, trials, seed, output, [params] and [grid] with %s", source, key.String(), strings.Join(allParams(), ", "))
	}
	seed, err := rootSeed(ts.Seed)
	if err != nil {
		return nil, fmt.Errorf("%s: seed: %v", source, err)
	}
	s := &Spec{Name: ts.Name, Description: ts.Description, Algorithms: ts.Algorithms, Trials: ts.Trials,
		Seed: seed, Output: ts.Output, Fixed: map[string]Value{}, Grid: map[string][]Value{}, Source: source}
	for k, v := range ts.Params {
		val, err := scalar(k, v)
		if err != nil {
			return nil, fmt.Errorf("%s: params.%s: %v", source, k, err)
		}
		s.Fixed[k] = val
	}
	for k, v := range ts.Grid {
		vals, err := axis(k, v)
		if err != nil {
			return nil, fmt.Errorf("%s: grid.%s: %v", source, k, err)
		}
		s.Grid[k] = vals
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// rootSeed reads the seed key: a whole number in 0..2^64-1, written as text above 2^63-1
// (a TOML integer holds 64 signed bits). Absent, it is 0.
func rootSeed(v any) (uint64, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case int64:
		if x >= 0 {
			return uint64(x), nil
		}
	case string:
		if n, err := strconv.ParseUint(x, 10, 64); err == nil {
			return n, nil
		}
	}
	return 0, fmt.Errorf("must be a whole number in 0..18446744073709551615 (above 9223372036854775807 written as text, \"18446744073709551615\"), got %v", v)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func scalar(name string, v any) (Value, error) {
	c, ok := columns.Lookup(name)
	if !ok || !c.Key {
		return Value{}, fmt.Errorf("unknown parameter; accepted: %s", strings.Join(allParams(), ", "))
	}
	switch x := v.(type) {
	case int64:
		return numberValue(c, float64(x)), nil
	case float64:
		return numberValue(c, x), nil
	case bool:
		if c.Kind == results.Bool {
			return Value{Num: map[bool]float64{false: 0, true: 1}[x]}, nil
		}
	case string:
		return TextValue(c, x)
	}
	return Value{}, fmt.Errorf("must be %s, got %v", kindWord(c.Kind), v)
}

// TextValue reads text given for key c (an item of a flag's list, or a TOML string): the
// text itself for a key of kind text, else a number. A number key whose values are codes
// (resource_dist: 0 uniform, 1 Zipf) says so in its description, which the error quotes.
func TextValue(c *columns.Column, x string) (Value, error) {
	if c.Kind == results.String {
		return Value{Str: x}, nil
	}
	f, err := strconv.ParseFloat(x, 64)
	if err != nil {
		return Value{}, fmt.Errorf("%q is not a number (%s: %s)", x, c.Name, c.Description)
	}
	return Value{Num: f}, nil
}

// numberValue is a number given for key c: for a key of kind text (delay = 1), the number
// as text, which is what the key's parser and the seed read.
func numberValue(c *columns.Column, x float64) Value {
	if c.Kind == results.String {
		return Value{Str: strconv.FormatFloat(x, 'g', -1, 64)}
	}
	return Value{Num: x}
}

func kindWord(k results.Kind) string {
	switch k {
	case results.String:
		return "text"
	case results.Int:
		return "a whole number"
	case results.Bool:
		return "true or false"
	}
	return "a number"
}

// axis reads a grid axis: a list of values, or {log = [a, b], points = k}, or
// {linear = [a, b], points = k}.
func axis(name string, v any) ([]Value, error) {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return nil, fmt.Errorf("empty list of values")
		}
		if len(x) > MaxAxisValues {
			return nil, fmt.Errorf("%d values: an axis has at most %d", len(x), MaxAxisValues)
		}
		out := make([]Value, 0, len(x))
		for _, e := range x {
			val, err := scalar(name, e)
			if err != nil {
				return nil, err
			}
			out = append(out, val)
		}
		return out, nil
	case map[string]any:
		if !knownParam(name) {
			return nil, fmt.Errorf("unknown parameter; accepted: %s", strings.Join(allParams(), ", "))
		}
		var kind string
		var ends []any
		for k, e := range x {
			switch k {
			case "log", "linear":
				kind = k
				ends, _ = e.([]any)
			case "points":
			default:
				return nil, fmt.Errorf("unknown key %q in a range; accepted: log or linear = [first, last], points = count", k)
			}
		}
		pts, ok := x["points"].(int64)
		if kind == "" || len(ends) != 2 || !ok || pts < 1 {
			return nil, fmt.Errorf("a range is {log = [first, last], points = count} or {linear = [first, last], points = count} with count >= 1")
		}
		if pts > MaxAxisValues {
			return nil, fmt.Errorf("points = %d: a range has at most %d points", pts, MaxAxisValues)
		}
		a, errA := scalar(name, ends[0])
		b, errB := scalar(name, ends[1])
		if errA != nil || errB != nil || a.Str != "" || b.Str != "" {
			return nil, fmt.Errorf("range ends must be numbers")
		}
		if kind == "log" && (a.Num <= 0 || b.Num <= 0) {
			return nil, fmt.Errorf("a log range needs positive ends, got [%g, %g]", a.Num, b.Num)
		}
		return rangeValues(kind, a.Num, b.Num, int(pts)), nil
	}
	return nil, fmt.Errorf("must be a list of values or a range {log|linear = [first, last], points = count}")
}

// rangeValues spaces count points from a to b, linearly or logarithmically, rounded to 12
// significant digits so that 0.1 + 0.2 style noise never reaches a column or a seed.
func rangeValues(kind string, a, b float64, count int) []Value {
	out := make([]Value, count)
	for k := range out {
		f := 0.0
		if count > 1 {
			f = float64(k) / float64(count-1)
		}
		var x float64
		if kind == "log" {
			x = math.Exp(math.Log(a) + f*(math.Log(b)-math.Log(a)))
		} else {
			x = a + f*(b-a)
		}
		x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
		out[k] = Value{Num: x}
	}
	return out
}

// Validate checks the spec as a whole (algorithms, replicates, limits, where each key
// applies), every value of every key, then the parameters of the grid's points (all of them
// up to validateAll points; beyond that its corners and an even sample, so that a grid of
// 10^9 points is checked in milliseconds), so a bad value is reported before any trial runs.
// It sets Warnings.
func (s *Spec) Validate() error {
	if len(s.Algorithms) == 0 {
		return fmt.Errorf("%s: algorithms: empty; known: %s", s.Source, strings.Join(algorithms.Names(), ", "))
	}
	for _, a := range s.Algorithms {
		if _, err := algorithms.New(a); err != nil {
			return fmt.Errorf("%s: algorithms: %v", s.Source, err)
		}
	}
	if s.Trials < 1 {
		return fmt.Errorf("%s: trials: must be at least 1, got %d", s.Source, s.Trials)
	}
	for k := range s.Grid {
		if _, dup := s.Fixed[k]; dup {
			return fmt.Errorf("%s: %s is both a fixed parameter and a grid axis", s.Source, k)
		}
	}
	if err := s.checkValues(); err != nil {
		return err
	}
	if err := s.checkExplicit(); err != nil {
		return err
	}
	s.expand()
	if n, ok := s.numTrials(); !ok {
		return fmt.Errorf("%s: %s trials (%s points x %d replicates x %d algorithms): a sweep has at most %d; split it into several",
			s.Source, n, s.pointsText(), s.Trials, len(s.Algorithms), int64(MaxTrials))
	}
	if err := s.checkWhere(); err != nil {
		return err
	}
	if err := s.checkPoints(); err != nil {
		return err
	}
	return s.checkRead()
}

// checkValues checks every value of every key by the key's kind.
func (s *Spec) checkValues() error {
	check := func(where, k string, v Value) error {
		c, ok := columns.Lookup(k)
		if !ok || !c.Key {
			return fmt.Errorf("%s: %s.%s: unknown parameter; accepted: %s", s.Source, where, k, strings.Join(allParams(), ", "))
		}
		if err := c.CheckValue(v); err != nil {
			if s.FlagNames {
				return fmt.Errorf("%s: %v", s.ParamName(k), err)
			}
			return fmt.Errorf("%s: %s.%s: %v", s.Source, where, k, err)
		}
		return nil
	}
	for k, v := range s.Fixed {
		if err := check("params", k, v); err != nil {
			return err
		}
	}
	for k, vs := range s.Grid {
		if len(vs) > MaxAxisValues {
			return fmt.Errorf("%s: grid.%s: %d values: an axis has at most %d", s.Source, k, len(vs), MaxAxisValues)
		}
		for _, v := range vs {
			if err := check("grid", k, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// expand lays the keys out in canonical order, with their values.
func (s *Spec) expand() {
	s.names, s.axes = nil, nil
	for _, n := range allParams() {
		if v, ok := s.Fixed[n]; ok {
			s.names = append(s.names, n)
			s.axes = append(s.axes, []Value{v})
		} else if vs, ok := s.Grid[n]; ok {
			s.names = append(s.names, n)
			s.axes = append(s.axes, vs)
		}
	}
}

// numTrials returns the number of trials as text and whether it is within MaxTrials.
func (s *Spec) numTrials() (string, bool) {
	n := big.NewInt(int64(s.Trials) * int64(len(s.Algorithms)))
	for _, a := range s.axes {
		n.Mul(n, big.NewInt(int64(len(a))))
	}
	return n.String(), n.Cmp(big.NewInt(MaxTrials)) <= 0
}

func (s *Spec) pointsText() string {
	n := big.NewInt(1)
	for _, a := range s.axes {
		n.Mul(n, big.NewInt(int64(len(a))))
	}
	return n.String()
}

// networks returns the network models the sweep uses.
func (s *Spec) networks() []string {
	var out []string
	if v, ok := s.Fixed["network"]; ok {
		out = append(out, v.Str)
	}
	for _, v := range s.Grid["network"] {
		out = append(out, v.Str)
	}
	if len(out) == 0 {
		out = []string{"walter"}
	}
	return out
}

// checkWhere makes a key that applies to none of the sweep's algorithms or network models
// an error, and one that applies to some of them only a warning: a sweep may compare
// algorithms of which only some read a key, and their rows record null for it.
func (s *Spec) checkWhere() error {
	s.Warnings = nil
	nets := s.networks()
	for _, k := range s.names {
		c, _ := columns.Lookup(k)
		var some bool
		var without []string // the sweep's algorithms and models the key does not apply to
		for _, a := range s.Algorithms {
			for _, n := range nets {
				if c.AppliesTo(a, n) {
					some = true
				} else if w := a + " on " + n; !slices.Contains(without, w) {
					without = append(without, w)
				}
			}
		}
		runs := fmt.Sprintf("algorithms %s on network models %s", strings.Join(s.Algorithms, ", "), strings.Join(nets, ", "))
		switch {
		case !some:
			if s.FlagNames { // the command names itself; "flags" would say nothing more
				return fmt.Errorf("%s applies to %s only, and this run has %s", s.ParamName(k), c.Where(), runs)
			}
			return fmt.Errorf("%s: %s applies to %s only, and this sweep runs %s", s.Source, s.ParamName(k), c.Where(), runs)
		case len(without) > 0:
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s applies to %s only: rows of %s record null for it", s.ParamName(k), c.Where(), strings.Join(without, ", ")))
		}
	}
	return nil
}

// validateAll is how many grid points Validate checks one by one before it samples.
const validateAll = 4096

// checkPoints checks the kernel's and the algorithms' validation of the grid's points.
func (s *Spec) checkPoints() error {
	n := s.NumPoints()
	check := func(i int) error {
		pt := s.Point(i)
		p, err := pt.Params()
		if err == nil {
			err = p.Validate()
		}
		var by algorithms.Info // the algorithm whose validation failed; zero: the kernel
		for _, a := range s.Algorithms {
			if info, _ := algorithms.Lookup(a); err == nil && info.Validate != nil {
				err, by = info.Validate(&p), info
			}
		}
		if err == nil {
			return nil
		}
		if pe, ok := err.(*kernel.ParamError); ok {
			name := s.givenName(pe.Name, pt, &p, by)
			if s.FlagNames {
				return fmt.Errorf("%s: %s", name, pe.Msg)
			}
			return fmt.Errorf("%s: %s: %s (at %s)", s.Source, name, pe.Msg, pt)
		}
		return fmt.Errorf("%s: %v (at %s)", s.Source, err, pt)
	}
	for _, i := range s.sample(n) {
		if err := check(i); err != nil {
			return err
		}
	}
	return nil
}

// sample lists the points Validate checks: all of them, or the corners of the grid (every
// combination of each axis's first and last value, for up to 12 varying axes) and an even
// spread of validateAll others.
func (s *Spec) sample(n int) []int {
	if n <= validateAll {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	var out []int
	var varying []int
	for j, a := range s.axes {
		if len(a) > 1 {
			varying = append(varying, j)
		}
	}
	if len(varying) <= 12 {
		for mask := range 1 << len(varying) {
			idx := make([]int, len(s.axes))
			for b, j := range varying {
				if mask>>b&1 == 1 {
					idx[j] = len(s.axes[j]) - 1
				}
			}
			out = append(out, s.pointIndex(idx))
		}
	}
	for k := range validateAll {
		out = append(out, int(int64(k)*int64(n)/validateAll))
	}
	return out
}

// pointIndex is the index of the point whose axis value indices are idx.
func (s *Spec) pointIndex(idx []int) int {
	i := 0
	for j, a := range s.axes {
		i = i*len(a) + idx[j]
	}
	return i
}

// Point is one grid point: a value for every parameter the spec sets.
type Point struct {
	Index  int
	Names  []string // canonical order
	Values []Value
}

func (pt Point) String() string { return pt.text(false) }

// text renders "name=value ..."; seedOnly leaves out the keys excluded from the seed.
func (pt Point) text(seedOnly bool) string {
	var parts []string
	for k, n := range pt.Names {
		if seedOnly {
			if c, ok := columns.Lookup(n); ok && c.NoSeed {
				continue
			}
		}
		parts = append(parts, n+"="+pt.Values[k].String())
	}
	return strings.Join(parts, " ")
}

// Key is a stable hash of the point's parameter values (not its index, not the algorithm):
// the part of a trial's seed that names its grid point. Keys excluded from the seed
// (columns.Column.NoSeed: model readings, budgets) do not enter it, so trials that differ
// only in them share seeds. Adding values to an axis leaves the other points' seeds
// unchanged, and every algorithm at a point shares its seeds.
func (pt Point) Key() uint64 {
	h := uint64(1469598103934665603)
	for _, c := range []byte(pt.text(true)) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// Get returns the value of a parameter at this point.
func (pt Point) Get(name string) (Value, bool) {
	for k, n := range pt.Names {
		if n == name {
			return pt.Values[k], true
		}
	}
	return Value{}, false
}

// Params turns the point into kernel parameters, starting from kernel.DefaultParams and
// setting each key through its column's Set.
func (pt Point) Params() (kernel.Params, error) {
	p := kernel.DefaultParams()
	for k, name := range pt.Names {
		c, ok := columns.Lookup(name)
		if !ok || c.Set == nil {
			return p, &kernel.ParamError{Name: name, Msg: "is not a spec key"}
		}
		if err := c.Set(&p, pt.Values[k]); err != nil {
			return p, err
		}
	}
	return p, nil
}

// NumPoints returns the number of grid points (Validate must have run).
func (s *Spec) NumPoints() int {
	n := 1
	for _, a := range s.axes {
		n *= len(a)
	}
	return n
}

// Point returns grid point i of the Cartesian product of the axes, in canonical parameter
// order, the last axis varying fastest.
func (s *Spec) Point(i int) Point {
	vals := make([]Value, len(s.axes))
	rest := i
	for j := len(s.axes) - 1; j >= 0; j-- {
		vals[j] = s.axes[j][rest%len(s.axes[j])]
		rest /= len(s.axes[j])
	}
	return Point{Index: i, Names: s.names, Values: vals}
}

// Axes returns the names of the grid's varying parameters in canonical order.
func (s *Spec) Axes() []string {
	var out []string
	for _, n := range allParams() {
		if _, ok := s.Grid[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// Trial is one unit of work: an algorithm at a grid point, one replicate.
type Trial struct {
	Index     int // position in the sweep's canonical trial order
	Algorithm string
	Point     Point
	Replicate int
	Params    kernel.Params // with Seed set
}

// NumTrials returns the number of trials: points × replicates × algorithms.
func (s *Spec) NumTrials() int { return s.NumPoints() * s.Trials * len(s.Algorithms) }

// Trial returns trial i of the canonical order — point, replicate, algorithm — computed, not
// looked up, so a sweep of any size costs no memory to enumerate. Its seed is
// DeriveSeed(root, point key, replicate) and depends on nothing else, so a trial's result is
// the same whatever worker, shard or resume point runs it, and every algorithm at a point
// sees the same seeds (common random numbers).
func (s *Spec) Trial(i int) Trial {
	a := i % len(s.Algorithms)
	r := i / len(s.Algorithms) % s.Trials
	pt := s.Point(i / len(s.Algorithms) / s.Trials)
	p, _ := pt.Params() // validated already
	p.Seed = kernel.DeriveSeed(s.Seed, pt.Key(), uint64(r))
	return Trial{Index: i, Algorithm: s.Algorithms[a], Point: pt, Replicate: r, Params: p}
}
