package columns

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
)

// Role says what a column is to the people reading the file.
type Role uint8

const (
	Bookkeeping Role = iota + 1 // identifies the row: algorithm, seed, replicate, grid point
	Parameter                   // an input of the trial, as the trial used it
	Metric                      // a measurement
)

func (r Role) String() string {
	switch r {
	case Bookkeeping:
		return "bookkeeping"
	case Parameter:
		return "parameter"
	case Metric:
		return "metric"
	}
	return "role(" + strconv.Itoa(int(r)) + ")"
}

// Value is a spec key's value: a number, or text for the keys of kind string.
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

// Trial is what a row is made from: the trial's inputs and, once it ran, its result.
type Trial struct {
	Algorithm string
	Params    *kernel.Params
	Result    *kernel.Result
	Point     int64 // grid point index within the sweep
	Replicate int64 // replicate index within the grid point
}

// Column is one column of a trial row, and, if Key, one sweep spec key.
type Column struct {
	results.Column // name, kind, unit, description, optional
	Role           Role

	// Key: a sweep spec key ([params] and [grid] of a spec file; --set KEY=... of bench run).
	Key bool
	// Flag: bench run has a dedicated flag --NAME (underscores as dashes) taking a list, with
	// FlagDefault as the value it uses when the flag is not given ("": leaves the key unset).
	Flag        bool
	FlagDefault string
	// NoSeed keeps the key out of the trial's seed: trials that differ only in it share their
	// seeds (common random numbers), as model readings and budgets should.
	NoSeed bool
	// Default describes the value a trial uses when the key is not set (documentation).
	Default string
	// Algorithms and Networks are where the column applies: the algorithms and network models
	// whose rows may hold a value (nil: all). A spec key set for none of a sweep's algorithms
	// or networks is an error.
	Algorithms []string
	Networks   []string

	// Set stores a spec key's value into the trial's parameters; Check validates a value of a
	// string key (numbers are checked by kind, then by the kernel and the algorithm).
	Set   func(p *kernel.Params, v Value) error
	Check func(v Value) error
	// Get is the row's value: null where the column does not apply to t.
	Get func(t *Trial) results.Value
}

// AppliesTo reports whether the column may hold a value in a row of algorithm on network.
func (c *Column) AppliesTo(algorithm, network string) bool {
	if network == "" {
		network = "walter"
	}
	return (c.Algorithms == nil || slices.Contains(c.Algorithms, algorithm)) &&
		(c.Networks == nil || slices.Contains(c.Networks, network))
}

// Where describes where the column applies, for messages: "algorithms hk, gme",
// "network models waypoint, ns2", or "every trial".
func (c *Column) Where() string {
	var s string
	if c.Algorithms != nil {
		s = "algorithm" + plural(len(c.Algorithms)) + " " + join(c.Algorithms)
	}
	if c.Networks != nil {
		if s != "" {
			s += " on "
		}
		s += "network model" + plural(len(c.Networks)) + " " + join(c.Networks)
	}
	if s == "" {
		return "every trial"
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

var (
	mu    sync.Mutex
	cache []Column
	extra []Column
	// cachedAlgorithms is how many algorithms were registered when cache was built: the
	// registry only grows, so a different count means an algorithm registered since (from a
	// user's init, after a package that imports this one asked for the columns).
	cachedAlgorithms int
)

// All lists every column of a trial row, in file order: bookkeeping, the kernel's parameters,
// every network model's parameters, every algorithm's parameters and derived columns, the
// kernel's metrics, one msgs_<type> per message type, every algorithm's metrics, then any
// Registered column. Spec keys are the Key columns, and their order here is the canonical
// order of a grid point (and of its seed key). The caller must not modify the slice.
//
// The list is built on first use and again after an algorithm registers, so an algorithm
// registered from another module's init has its columns; Check says whether they fit.
func All() []Column {
	mu.Lock()
	defer mu.Unlock()
	if n := len(algorithms.All()); cache == nil || n != cachedAlgorithms {
		cache = slices.Concat(bookkeeping(), kernelParams(), networkParams(), algorithmParams(),
			kernelMetrics(), messageColumns(), algorithmMetrics(), extra)
		cachedAlgorithms = n
	}
	return cache
}

// Register adds a column at the end of All (tests use it to show that one entry is all a
// new parameter or metric takes) and returns a function that removes it. Not safe while
// sweeps run.
func Register(c Column) (unregister func()) {
	mu.Lock()
	defer mu.Unlock()
	extra = append(extra, c)
	cache = nil
	return func() {
		mu.Lock()
		defer mu.Unlock()
		extra = slices.DeleteFunc(extra, func(x Column) bool { return x.Name == c.Name })
		cache = nil
	}
}

// Lookup returns the column named name.
func Lookup(name string) (*Column, bool) {
	all := All()
	for i := range all {
		if all[i].Name == name {
			return &all[i], true
		}
	}
	return nil, false
}

// Keys lists the spec keys in canonical order.
func Keys() []string { return names(func(c *Column) bool { return c.Key }) }

// Parameters lists the parameter columns (the algorithm included: it is what a row varies
// by most), in file order: the columns to group and pair trials by.
func Parameters() []string {
	return names(func(c *Column) bool { return c.Role == Parameter || c.Name == "algorithm" })
}

func names(keep func(*Column) bool) []string {
	var out []string
	all := All()
	for i := range all {
		if keep(&all[i]) {
			out = append(out, all[i].Name)
		}
	}
	return out
}

// Schema returns the results columns of a trial row, in file order.
func Schema() []results.Column {
	all := All()
	out := make([]results.Column, len(all))
	for i := range all {
		out[i] = all[i].Column
	}
	return out
}

// Row fills one row from t, laid out as cols (a slice of All, or All itself), reusing dst.
// A NaN a kernel or an algorithm reports ("no CS entry measured") becomes null.
func Row(dst []results.Value, t *Trial, cols []Column) []results.Value {
	dst = dst[:0]
	for i := range cols {
		v := cols[i].Get(t)
		if !v.IsNull() && cols[i].Kind == results.Float && math.IsNaN(v.Float()) {
			v = results.Null
		}
		dst = append(dst, v)
	}
	return dst
}

// CheckValue validates one value of spec key c by kind: whole numbers for int keys, text for
// string keys (then c.Check), numbers otherwise.
func (c *Column) CheckValue(v Value) error {
	switch c.Kind {
	case results.String:
		if c.Check != nil {
			return c.Check(v)
		}
		return nil
	case results.Bool:
		if v.Str != "" || (v.Num != 0 && v.Num != 1) {
			return fmt.Errorf("must be 0 or 1, got %q", v.String())
		}
		return nil
	}
	if v.Str != "" {
		return fmt.Errorf("must be a number, got %q", v.Str)
	}
	if math.IsNaN(v.Num) || math.IsInf(v.Num, 0) {
		return fmt.Errorf("must be a finite number, got %g", v.Num)
	}
	if c.Kind == results.Int && v.Num != math.Trunc(v.Num) {
		return fmt.Errorf("must be a whole number, got %g", v.Num)
	}
	return nil
}

// Signature identifies the column list (names and kinds, in order): a journal or a part file
// written with another list is not read as if it had this one.
func Signature() string {
	h := uint64(1469598103934665603)
	for _, c := range All() {
		for _, b := range []byte(c.Name + ":" + c.Kind.String() + ";") {
			h = (h ^ uint64(b)) * 1099511628211
		}
	}
	return strconv.FormatUint(h, 16)
}

// Helpers for Get functions.

func intv(x int64) results.Value     { return results.IntValue(x) }
func floatv(x float64) results.Value { return results.FloatValue(x) }
func strv(s string) results.Value    { return results.StringValue(s) }

// only returns v where ok, else null.
func only(ok bool, v func() results.Value) results.Value {
	if !ok {
		return results.Null
	}
	return v()
}

// networkOf returns the name of t's network model ("walter" for "").
func networkOf(p *kernel.Params) string {
	if p.Network == "" {
		return "walter"
	}
	return p.Network
}

// measured reports whether t's result has a measurement window (an entry was measured).
func measured(t *Trial) bool { return t.Result.CSEntries > 0 }

// WriteFile writes one row per trial, with every column of All, to a results file at path
// (for tests and small tools; sweeps write through package sweeps).
func WriteFile(path string, trials []Trial, meta map[string]string) error {
	w, err := results.Create(path, Schema(), meta)
	if err != nil {
		return err
	}
	defer w.Abort()
	var row []results.Value
	for i := range trials {
		row = Row(row, &trials[i], All())
		if err := w.Write(row); err != nil {
			return err
		}
	}
	return w.Close()
}

// Fake is a trial made of the few values analysis tests care about: a trial of algorithm
// on the walter model with n nodes, the given connectivity, load and mobility, seed, mean
// wait and messages per CS entry (cs_entries measured).
func Fake(algorithm string, n int, connectivity, load, mobility float64, seed uint64, csEntries int64, wait, msgsPerCS float64) Trial {
	p := kernel.DefaultParams()
	p.N, p.Connectivity, p.Load, p.Mobility, p.Seed = n, connectivity, load, mobility, seed
	p.Warmup, p.Measure = 10, int(csEntries)
	r := kernel.Result{Links: p.LinkCount(), CSEntries: csEntries, WaitMean: wait, WaitP50: wait, WaitP99: wait, WaitMax: wait,
		MsgsPerCS: msgsPerCS, MsgsTotal: int64(msgsPerCS * float64(csEntries)), WindowTime: 1, Throughput: float64(csEntries)}
	return Trial{Algorithm: algorithm, Params: &p, Result: &r}
}
