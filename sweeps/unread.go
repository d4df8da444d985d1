package sweeps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results/columns"
)

// A conditionalRead is a parameter that a reader (an algorithm, the network model, or the
// simulator) reads only under another parameter's value: akw1 reads akw_n only with
// akw_coloring = 2 (algorithms.ParamInfo.ReadWith), the walter model reads its readings only
// with mobility > 0 (kernel.ReadingInfo.ReadWith), the simulator reads drain_max_events only
// with drain = full (kernel.ConditionalParams). Elsewhere the given value has no effect.
type conditionalRead struct {
	reader string // "akw1", "network model walter"
	cond   algorithms.ReadCondition
	read   func(p *kernel.Params) bool
	info   algorithms.Info // the reader's entry, for its parameters' defaults (zero: the kernel)
}

// conditionalReads lists who among the sweep's algorithms and the network model reads key k
// only under a condition.
func (s *Spec) conditionalReads(k string) []conditionalRead {
	var out []conditionalRead
	for _, a := range s.Algorithms {
		info, _ := algorithms.Lookup(a)
		i := slices.IndexFunc(info.Params, func(q algorithms.ParamInfo) bool { return q.Name == k })
		if i < 0 || info.Params[i].ReadWith.Key == "" {
			continue
		}
		q := info.Params[i]
		used := func(p *kernel.Params) bool { _, used := q.Used(p); return used }
		out = append(out, conditionalRead{a, q.ReadWith, used, info})
	}
	for _, r := range kernel.Readings() {
		if r.Key == k && r.ReadWith.Key != "" {
			out = append(out, conditionalRead{"network model " + strings.Join(readingModels(), ", "), r.ReadWith, r.Read, algorithms.Info{}})
		}
	}
	for _, c := range kernel.ConditionalParams() {
		if c.Key == k {
			out = append(out, conditionalRead{"the simulator", c.ReadWith, c.Read, algorithms.Info{}})
		}
	}
	return out
}

// readingModels lists the network models that have readings.
func readingModels() []string {
	var out []string
	for _, n := range kernel.Networks() {
		if n.UsesReadings {
			out = append(out, n.Name)
		}
	}
	return out
}

// checkRead refuses a parameter the user gave that no point of the sweep reads (see
// conditionalRead): at no point at all, it is an error naming both keys, and every key
// refused for the same reason; at some points only (a grid over akw_coloring = [1, 2], or
// mobility = [0, 0.1]), a note, as for a key that applies to some of the sweep's algorithms
// only. It checks the points checkPoints checks.
func (s *Spec) checkRead() error {
	points := s.sample(s.NumPoints())
	var refused, why []string // keys no point reads, and the reason for each
	for _, k := range s.names {
		for _, c := range s.conditionalReads(k) {
			unread, read, err := s.unreadAt(points, c)
			if err != nil {
				return err
			}
			switch {
			case !read:
				refused = append(refused, s.keyName(s.section(k), k))
				why = append(why, fmt.Sprintf("%s reads it only with %s, and this %s has %s = %s; leave it out or set %s",
					c.reader, c.cond.When, s.runWord(), c.cond.Key, strings.Join(unread, ", "), s.ParamName(c.cond.Key)))
			case len(unread) > 0:
				s.Warnings = append(s.Warnings, fmt.Sprintf("%s has no effect with %s = %s: %s (%s reads it only with %s)",
					s.ParamName(k), c.cond.Key, strings.Join(unread, ", "), unreadRows(k), c.reader, c.cond.When))
			}
		}
	}
	if len(refused) == 0 {
		return nil
	}
	// Keys refused for one reason (the walter readings at mobility 0) are named together.
	var names []string
	for i, w := range why {
		if w == why[0] {
			names = append(names, refused[i])
		}
	}
	verb := "has"
	if len(names) > 1 {
		verb = "have"
	}
	return s.explicitError(strings.Join(names, ", "), "%s no effect: %s", verb, why[0])
}

// unreadAt returns the values of c's condition key at the points that do not read the
// parameter, and whether any point reads it.
func (s *Spec) unreadAt(points []int, c conditionalRead) (unread []string, read bool, err error) {
	for _, n := range points {
		pt := s.Point(n)
		p, err := pt.Params()
		if err != nil {
			return nil, false, err // not reached: checkPoints ran first
		}
		if c.read(&p) {
			read = true
		} else if v := pointValue(pt, &p, c.info, c.cond.Key); !slices.Contains(unread, v) {
			unread = append(unread, v)
		}
	}
	return unread, read, nil
}

// unreadRows says what the rows that do not read key k record: null for an algorithm's
// parameter; a reading is recorded on every row of its model, so that each reading's
// static baseline is found under its own name (results/columns).
func unreadRows(k string) string {
	if slices.ContainsFunc(kernel.Readings(), func(r kernel.ReadingInfo) bool { return r.Key == k }) {
		return "those rows record it all the same, as the static baseline of each value"
	}
	return "those rows record null for it"
}

// pointValue is the value of key at pt as text: as given, or the default: the algorithm's
// (info) for one of its parameters, else the value p holds, as its results column shows it.
func pointValue(pt Point, p *kernel.Params, info algorithms.Info, key string) string {
	if v, ok := pt.Get(key); ok {
		return v.String()
	}
	for _, q := range info.Params {
		if q.Name == key && q.Choices != nil {
			return q.Choices[int(q.Default)]
		} else if q.Name == key {
			return strconv.FormatFloat(q.Default, 'g', -1, 64)
		}
	}
	if c, ok := columns.Lookup(key); ok && c.Get != nil {
		return c.Get(&columns.Trial{Algorithm: info.Name, Params: p}).Format(c.Kind)
	}
	return "unset"
}

func (s *Spec) runWord() string {
	if s.FlagNames {
		return "run"
	}
	return "sweep"
}
