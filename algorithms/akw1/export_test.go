package akw1

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/internal/forks"
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/netmodel"
)

// Mutants lists akw1's deliberately broken variants, each {name, change}: its own and the fork collection
// module's.
var Mutants = mutation.List(mutants[:], forks.Mutants[:])

// NewMutant returns an AKW1 with the named mutant on ("" for the real algorithm).
func NewMutant(name string) (*AKW1, error) {
	a := New()
	own := func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) }
	return a, mutation.Apply("akw1", name, own, a.f.Mutate)
}

// BadReq returns invariant I2's violation count of the last trial.
func (a *AKW1) BadReq() int64 { return a.f.BadReq }

// SameColorBehindSDf returns two neighbours both behind SD^f with the same colour (Lemma 3
// says none exist), or ok = false.
func (a *AKW1) SameColorBehindSDf() (i, j int32, ok bool) {
	t := a.f.Topo
	for i := int32(0); int(i) < t.N(); i++ {
		if !a.f.Behind[i] {
			continue
		}
		for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
			if j := t.Peer(i, p); a.f.Behind[j] && a.f.Key[i] == a.f.Key[j] {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// WithLemma3 returns a with a checker that also checks Lemma 3 at every CS entry and exit.
func WithLemma3(a *AKW1) kernel.Algorithm { return withLemma3{a} }

type withLemma3 struct{ *AKW1 }

func (w withLemma3) Checker() kernel.Checker {
	c := w.AKW1.Checker().(*kernel.LocalMutexChecker)
	inner := c.Extra
	c.Extra = func(i int32, entering bool) (int32, string) {
		if other, why := inner(i, entering); why != "" {
			return other, why
		}
		if u, v, bad := w.SameColorBehindSDf(); bad {
			return v, fmt.Sprintf("Lemma 3: neighbours %d and %d are both behind SD^f with colour %d", u, v, w.f.Key[u])
		}
		return -1, ""
	}
	return c
}

// LinialParams makes p run variation 1b with n known as 2^20 (so the reduction has steps to
// take, with ids as the first colours) and δ known as n−1, or, on random waypoint, as the port
// cap Δ = 6.
func LinialParams(p kernel.Params) kernel.Params {
	d := float64(p.N - 1)
	if p.Network == "waypoint" {
		d = float64(min(6, p.N-1))
		p.Net[netmodel.Delta] = d
	}
	p.Algo = map[string]float64{ParamColoring: ColoringLinial, ParamKnownN: 1 << 20, ParamKnownD: d}
	return p
}
