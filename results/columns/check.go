package columns

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
)

// Check reports whether the registered algorithms' columns fit in one results row: no
// parameter, metric, derived column or msgs_<type> column of an algorithm may take the name
// of a kernel or network model column, and two algorithms may share a column name only for
// the same column — both parameters, both metrics (or both a message type) of the same kind,
// unit, default, options and description, as hk and gme share link_to. The error is one line
// naming both sides. Register checks each algorithm alone; this is the check across them,
// which a command line runs before anything else (a researcher's registration at fault
// should stop it at once, not as a malformed results file later).
func Check() error {
	mu.Lock()
	registered := slices.Clone(extra)
	mu.Unlock()
	return check(algorithms.All(), registered)
}

// check is Check of the algorithms algos, with the extra (Register) columns.
func check(algos []algorithms.Info, extra []Column) error {
	fixed := map[string]string{}
	for _, c := range slices.Concat(bookkeeping(), kernelParams(), kernelMetrics()) {
		fixed[c.Name] = fmt.Sprintf("the kernel column %q", c.Name)
	}
	for _, c := range networkParams() {
		fixed[c.Name] = fmt.Sprintf("the network model column %q (%s)", c.Name, strings.Join(c.Networks, ", "))
	}
	for _, c := range extra {
		fixed[c.Name] = fmt.Sprintf("the column %q", c.Name)
	}
	owners := map[string]entry{}
	for _, a := range algos {
		for _, e := range entries(&a) {
			if what, ok := fixed[e.column]; ok {
				return fmt.Errorf("algorithm %q: %s collides with %s", a.Name, e, what)
			}
			prev, ok := owners[e.column]
			if !ok {
				owners[e.column] = e
				continue
			}
			if prev.what != e.what || prev.definition != e.definition {
				return fmt.Errorf("algorithm %q: %s collides with algorithm %q's %s (a shared column needs the same kind, unit, default, options and description)",
					a.Name, e, prev.algo, prev)
			}
		}
	}
	return nil
}

// entry is one column an algorithm brings: what it is, its column's name, and everything
// that must agree for two algorithms to share it.
type entry struct {
	algo, what, name, column, definition string
}

func (e entry) String() string { return fmt.Sprintf("%s %q", e.what, e.name) }

// entries lists the columns a brings, in the order of its registry entry.
func entries(a *algorithms.Info) []entry {
	var out []entry
	for _, q := range a.Params {
		def := fmt.Sprintf("whole=%t unit=%q default=%g choices=%q doc=%q", q.Whole, q.Unit, q.Default, q.Choices, q.Doc)
		out = append(out, entry{a.Name, "parameter", q.Name, q.Name, def})
	}
	for _, d := range a.Derived {
		out = append(out, entry{a.Name, "derived column", d.Name, d.Name, fmt.Sprintf("doc=%q", d.Doc)})
	}
	for _, m := range a.Metrics {
		out = append(out, entry{a.Name, "metric", m.Name, m.Name, fmt.Sprintf("whole=%t unit=%q doc=%q", m.Whole, m.Unit, m.Doc)})
	}
	for _, t := range a.New().MessageTypes() {
		out = append(out, entry{a.Name, "message type", t.Name, "msgs_" + t.Name, ""})
	}
	return out
}
