package sweeps

import "slices"

// doneSet is a set of schedule positions held as a prefix (every position below it is in
// the set) and the stragglers beyond it. Trials finish nearly in schedule order, so the
// stragglers stay few (at most a reorder window per interruption) and the set takes memory
// independent of the number of trials.
type doneSet struct {
	prefix int
	extra  map[int]bool
}

func (d *doneSet) has(k int) bool { return k < d.prefix || d.extra[k] }

func (d *doneSet) add(k int) {
	switch {
	case k < d.prefix:
	case k == d.prefix:
		d.prefix++
		for d.extra[d.prefix] {
			delete(d.extra, d.prefix)
			d.prefix++
		}
	default:
		if d.extra == nil {
			d.extra = map[int]bool{}
		}
		d.extra[k] = true
	}
}

// count returns the number of positions in the set.
func (d *doneSet) count() int { return d.prefix + len(d.extra) }

// stragglers returns the positions beyond the prefix, sorted.
func (d *doneSet) stragglers() []int {
	out := make([]int, 0, len(d.extra))
	for k := range d.extra {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
