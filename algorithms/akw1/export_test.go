package akw1

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// Mutant returns akw1 with one rule broken (the tests must catch it).
func Mutant(name string) *AKW1 {
	a := New()
	switch name {
	case "no-color-wait":
		a.mutNoColorWait = true
	case "eat-with-low-forks":
		a.mutEatLowForks = true
	case "linial-blind":
		a.mutLinialBlind = true
	default:
		panic("unknown mutant " + name)
	}
	return a
}

// BadReq returns invariant I2's violation count of the last trial.
func (a *AKW1) BadReq() int64 { return a.badReq }

// SameColorBehindSDf returns two neighbours both behind SD^f with the same colour (Lemma 3
// says none exist), or ok = false.
func (a *AKW1) SameColorBehindSDf() (i, j int32, ok bool) {
	t := a.topo
	for i := int32(0); int(i) < t.N(); i++ {
		if !a.behindSDf(i) {
			continue
		}
		for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
			if j := t.Peer(i, p); a.behindSDf(j) && a.color[i] == a.color[j] {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// withLemma3 wraps a's checker so that every CS entry and exit also checks Lemma 3.
type withLemma3 struct{ *AKW1 }

func (w withLemma3) Checker() kernel.Checker {
	c := w.AKW1.Checker().(*kernel.LocalMutexChecker)
	inner := c.Extra
	c.Extra = func(i int32, entering bool) (int32, string) {
		if other, why := inner(i, entering); why != "" {
			return other, why
		}
		if u, v, bad := w.SameColorBehindSDf(); bad {
			return v, fmt.Sprintf("Lemma 3: neighbours %d and %d are both behind SD^f with colour %d", u, v, w.color[u])
		}
		return -1, ""
	}
	return c
}
