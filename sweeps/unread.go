package sweeps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
)

// checkRead refuses an algorithm parameter the user gave that no point of the sweep reads.
// Some parameters are read only under another's value (algorithms.ParamInfo.ReadWith: akw1
// reads akw_n only with akw_coloring = 2); where that value is not set the given value has
// no effect and the row records null. At no point at all, it is an error naming both keys;
// at some points only (a grid over akw_coloring = [1, 2]), a note, as for a key that applies
// to some of the sweep's algorithms only. It checks the points checkPoints checks.
func (s *Spec) checkRead() error {
	points := s.sample(s.NumPoints())
	for _, k := range s.names {
		for _, a := range s.Algorithms {
			info, _ := algorithms.Lookup(a)
			i := slices.IndexFunc(info.Params, func(q algorithms.ParamInfo) bool { return q.Name == k })
			if i < 0 || info.Params[i].ReadWith.Key == "" {
				continue
			}
			q, cond := info.Params[i], info.Params[i].ReadWith
			var read bool
			var unread []string // the values of cond.Key at the points that do not read k
			for _, n := range points {
				pt := s.Point(n)
				p, err := pt.Params()
				if err != nil {
					return err // not reached: checkPoints ran first
				}
				if _, used := q.Used(&p); used {
					read = true
				} else if v := pointValue(pt, info, cond.Key); !slices.Contains(unread, v) {
					unread = append(unread, v)
				}
			}
			switch {
			case !read:
				return s.explicitError(s.keyName(s.section(k), k), "has no effect: %s reads it only with %s, and this %s has %s = %s; leave it out or set %s",
					a, cond.When, s.runWord(), cond.Key, strings.Join(unread, ", "), cond.Key)
			case len(unread) > 0:
				s.Warnings = append(s.Warnings, fmt.Sprintf("%s has no effect with %s = %s: those rows record null for it (%s reads it only with %s)",
					s.ParamName(k), cond.Key, strings.Join(unread, ", "), a, cond.When))
			}
		}
	}
	return nil
}

// pointValue is the value of key at pt as text: as given, or the algorithm's default.
func pointValue(pt Point, info algorithms.Info, key string) string {
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
	return "unset"
}

func (s *Spec) runWord() string {
	if s.FlagNames {
		return "run"
	}
	return "sweep"
}
