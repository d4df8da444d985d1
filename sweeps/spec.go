package sweeps

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
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
	FlagNames   bool               // name parameters as command-line flags (--cs-time) in errors
}

// paramName renders a parameter name as the user spelled it: a spec key, or a flag.
func (s *Spec) paramName(name string) string {
	if s.FlagNames {
		return "--" + strings.ReplaceAll(name, "_", "-")
	}
	return name
}

// Value is one parameter value: a number, or a string for the delay model.
type Value struct {
	Num float64
	Str string
}

func (v Value) String() string {
	if v.Str != "" {
		return v.Str
	}
	return strconv.FormatFloat(v.Num, 'g', -1, 64)
}

// paramKind describes the parameters a spec may set, in the canonical order used for grid
// points and seeds.
var paramOrder = []string{"network", "movement_file", "n", "links", "connectivity", "degree", "load", "mobility", "delay", "cs_time", "warmup", "measure", "starve_after", "crash_rate", "crashes"}

// stringParams take text values: the delay model, the network model's name, a file path.
var stringParams = map[string]bool{"delay": true, "network": true, "movement_file": true, "crashes": true}

var intParams = map[string]bool{"n": true, "links": true, "warmup": true, "measure": true}

// allParams is the canonical order: the kernel's parameters, then every registered network
// model's own (kernel.NetParamNames: radius, speed_max, birth, ...), then every registered
// algorithm's own (algorithms.ParamNames).
func allParams() []string {
	return slices.Concat(paramOrder, kernel.NetParamNames(), algorithms.ParamNames())
}

func isNetParam(name string) bool { return slices.Contains(kernel.NetParamNames(), name) }

func knownParam(name string) bool { return slices.Contains(allParams(), name) }

// tomlSpec is the file format.
type tomlSpec struct {
	Name        string         `toml:"name"`
	Description string         `toml:"description"`
	Algorithms  []string       `toml:"algorithms"`
	Trials      int            `toml:"trials"`
	Seed        int64          `toml:"seed"`
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
	s := &Spec{Name: ts.Name, Description: ts.Description, Algorithms: ts.Algorithms, Trials: ts.Trials,
		Seed: uint64(ts.Seed), Output: ts.Output, Fixed: map[string]Value{}, Grid: map[string][]Value{}, Source: source}
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

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func scalar(name string, v any) (Value, error) {
	if !knownParam(name) {
		return Value{}, fmt.Errorf("unknown parameter; accepted: %s", strings.Join(allParams(), ", "))
	}
	switch x := v.(type) {
	case int64:
		return Value{Num: float64(x)}, nil
	case float64:
		return Value{Num: x}, nil
	case string:
		if stringParams[name] {
			return Value{Str: x}, nil
		}
		f, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return Value{}, fmt.Errorf("%q is not a number", x)
		}
		return Value{Num: f}, nil
	}
	return Value{}, fmt.Errorf("must be a number (or a string for delay, network, movement_file, crashes), got %v", v)
}

// axis reads a grid axis: a list of values, or {log = [a, b], points = k}, or
// {linear = [a, b], points = k}.
func axis(name string, v any) ([]Value, error) {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return nil, fmt.Errorf("empty list of values")
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

// Validate checks the spec as a whole, then every grid point's parameters, so a bad value
// is reported before any trial runs.
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
	for k, v := range s.Fixed {
		if err := checkKind(k, v); err != nil {
			return fmt.Errorf("%s: params.%s: %v", s.Source, k, err)
		}
	}
	for k, vs := range s.Grid {
		for _, v := range vs {
			if err := checkKind(k, v); err != nil {
				return fmt.Errorf("%s: grid.%s: %v", s.Source, k, err)
			}
		}
	}
	for _, pt := range s.Points() {
		p, err := pt.Params()
		if err == nil {
			err = p.Validate()
		}
		for _, a := range s.Algorithms {
			if info, _ := algorithms.Lookup(a); err == nil && info.Validate != nil {
				err = info.Validate(&p)
			}
		}
		if err != nil {
			if pe, ok := err.(*kernel.ParamError); ok {
				if s.FlagNames {
					return fmt.Errorf("%s: %s", s.paramName(pe.Name), pe.Msg)
				}
				return fmt.Errorf("%s: %s: %s (at %s)", s.Source, pe.Name, pe.Msg, pt)
			}
			return fmt.Errorf("%s: %v (at %s)", s.Source, err, pt)
		}
	}
	return nil
}

func checkKind(name string, v Value) error {
	switch name {
	case "network":
		if _, ok := kernel.LookupNetwork(v.Str); !ok || v.Str == "" {
			return fmt.Errorf("unknown network model %q; known: %s", v.String(), strings.Join(kernel.NetworkNames(), ", "))
		}
		return nil
	case "movement_file":
		if v.Str == "" {
			return fmt.Errorf("must be a file path")
		}
		return nil
	case "crashes":
		_, err := kernel.ParseCrashes(v.Str)
		return err
	}
	if name == "delay" {
		if v.Str == "" {
			v.Str = v.String()
		}
		_, err := kernel.ParseDelay(v.Str)
		return err
	}
	if v.Str != "" {
		return fmt.Errorf("must be a number, got %q", v.Str)
	}
	if intParams[name] && v.Num != math.Trunc(v.Num) {
		return fmt.Errorf("must be a whole number, got %g", v.Num)
	}
	return nil
}

// Point is one grid point: a value for every parameter the spec sets.
type Point struct {
	Index  int
	Names  []string // canonical order
	Values []Value
}

func (pt Point) String() string {
	parts := make([]string, len(pt.Names))
	for k, n := range pt.Names {
		parts[k] = n + "=" + pt.Values[k].String()
	}
	return strings.Join(parts, " ")
}

// Key is a stable hash of the point's parameter values (not its index, not the algorithm):
// the part of a trial's seed that names its grid point. Adding values to an axis leaves the
// other points' seeds unchanged, and every algorithm at a point shares its seeds.
func (pt Point) Key() uint64 {
	h := uint64(1469598103934665603)
	for _, c := range []byte(pt.String()) {
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

// Params turns the point into kernel parameters, starting from kernel.DefaultParams.
func (pt Point) Params() (kernel.Params, error) {
	p := kernel.DefaultParams()
	if _, ok := pt.Get("connectivity"); !ok {
		if _, d := pt.Get("degree"); d {
			p.Connectivity = 0
		}
		if _, l := pt.Get("links"); l {
			p.Connectivity = 0
		}
	}
	for k, name := range pt.Names {
		v := pt.Values[k]
		switch name {
		case "n":
			p.N = int(v.Num)
		case "links":
			p.Links = int(v.Num)
		case "connectivity":
			p.Connectivity = v.Num
		case "degree":
			p.Degree = v.Num
		case "load":
			p.Load = v.Num
		case "mobility":
			p.Mobility = v.Num
		case "delay":
			d, err := kernel.ParseDelay(v.String())
			if err != nil {
				return p, &kernel.ParamError{Name: "delay", Msg: err.Error()}
			}
			p.Delay = d
		case "cs_time":
			p.CSTime = v.Num
		case "warmup":
			p.Warmup = int(v.Num)
		case "measure":
			p.Measure = int(v.Num)
		case "starve_after":
			p.StarveAfter = v.Num
		case "network":
			p.Network = v.Str
		case "movement_file":
			p.MovementFile = v.Str
		case "crash_rate":
			p.CrashRate = v.Num
		case "crashes":
			cs, err := kernel.ParseCrashes(v.Str)
			if err != nil {
				return p, err
			}
			p.Crashes = cs
		default:
			if isNetParam(name) { // a network model's parameter
				if p.Net == nil {
					p.Net = map[string]float64{}
				}
				p.Net[name] = v.Num
				continue
			}
			// an algorithm-specific parameter
			if p.Algo == nil {
				p.Algo = map[string]float64{}
			}
			p.Algo[name] = v.Num
		}
	}
	return p, nil
}

// Points expands the grid: the Cartesian product of the axes (in canonical parameter order,
// the last axis varying fastest), each point carrying the fixed parameters too.
func (s *Spec) Points() []Point {
	var names []string
	for _, n := range allParams() {
		if _, ok := s.Fixed[n]; ok {
			names = append(names, n)
		} else if _, ok := s.Grid[n]; ok {
			names = append(names, n)
		}
	}
	var axes [][]Value
	for _, n := range names {
		if v, ok := s.Fixed[n]; ok {
			axes = append(axes, []Value{v})
		} else {
			axes = append(axes, s.Grid[n])
		}
	}
	var pts []Point
	idx := make([]int, len(axes))
	for {
		vals := make([]Value, len(axes))
		for k, a := range axes {
			vals[k] = a[idx[k]]
		}
		pts = append(pts, Point{Index: len(pts), Names: names, Values: vals})
		k := len(axes) - 1
		for ; k >= 0; k-- {
			idx[k]++
			if idx[k] < len(axes[k]) {
				break
			}
			idx[k] = 0
		}
		if k < 0 {
			break
		}
	}
	return pts
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
	Index     int // position in the sweep's trial list
	Algorithm string
	Point     Point
	Replicate int
	Params    kernel.Params // with Seed set
}

// TrialList lists every trial of the sweep in a fixed order: point, replicate, algorithm. A
// trial's seed is DeriveSeed(root, point key, replicate) and depends on nothing else, so a
// trial's result is the same whatever worker, shard or resume point runs it, and every
// algorithm at a point sees the same seeds (common random numbers).
func (s *Spec) TrialList() []Trial {
	var out []Trial
	for _, pt := range s.Points() {
		p, _ := pt.Params() // validated already
		for r := 0; r < s.Trials; r++ {
			p.Seed = kernel.DeriveSeed(s.Seed, pt.Key(), uint64(r))
			for _, a := range s.Algorithms {
				out = append(out, Trial{Index: len(out), Algorithm: a, Point: pt, Replicate: r, Params: p})
			}
		}
	}
	return out
}

// Describe renders the spec as canonical text (stored in results metadata).
func (s *Spec) Describe() string {
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
