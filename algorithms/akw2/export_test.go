package akw2

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/internal/forks"
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
	"github.com/mutexlab/mutexlab/kernel"
)

// Mutants lists akw2's deliberately broken variants, each {name, change}: its own and the fork collection
// module's.
var Mutants = mutation.List(mutants[:], forks.Mutants[:])

// NewMutant returns an AKW2 with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*AKW2, error) {
	a := New()
	own := func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) }
	return a, mutation.Apply("akw2", name, own, a.f.Mutate)
}

// BadReq returns invariant I2's violation count of the last trial.
func (a *AKW2) BadReq() int64 { return a.f.BadReq }

// BothHigher returns a link whose two ends each believe they have priority over the other
// (claim C1 says none exists), or ok = false. Both ends must have heard from each other.
func (a *AKW2) BothHigher() (i, j int32, ok bool) {
	t := a.f.Topo
	for i := int32(0); int(i) < t.N(); i++ {
		for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
			j, q := t.Peer(i, p), t.PeerPort(i, p)
			if a.f.Known.Has(i, p) && a.f.Known.Has(j, q) && !a.f.Senior(i, p) && !a.f.Senior(j, q) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// WithBeliefCheck returns a with a checker that also checks claim C1 at every CS entry and
// exit.
func WithBeliefCheck(a *AKW2) kernel.Algorithm { return withBeliefCheck{a} }

type withBeliefCheck struct{ *AKW2 }

func (w withBeliefCheck) Checker() kernel.Checker {
	c := w.AKW2.Checker().(*kernel.LocalMutexChecker)
	inner := c.Extra
	c.Extra = func(i int32, entering bool) (int32, string) {
		if other, why := inner(i, entering); why != "" {
			return other, why
		}
		if u, v, bad := w.BothHigher(); bad {
			return v, fmt.Sprintf("claim C1: nodes %d and %d both believe they have priority", u, v)
		}
		return -1, ""
	}
	return c
}
