package akw2

import "github.com/mutexlab/mutexlab/kernel"

// Mutant returns akw2 with one rule broken (the tests must catch it).
func Mutant(name string) *AKW2 {
	a := New()
	switch name {
	case "eat-with-higher-forks":
		a.mutEatWithHigherForks = true
	case "ignore-eats":
		a.mutIgnoreEats = true
	default:
		panic("unknown mutant " + name)
	}
	return a
}

// BadReq returns invariant I2's violation count of the last trial.
func (a *AKW2) BadReq() int64 { return a.badReq }

// BothHigher returns a link whose two ends each believe they have priority over the other
// (claim C1 says none exists), or ok = false. Both ends must have heard from each other.
func (a *AKW2) BothHigher() (i, j int32, ok bool) {
	t := a.topo
	for i := int32(0); int(i) < t.N(); i++ {
		for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
			j, q := t.Peer(i, p), t.PeerPort(i, p)
			if a.known.Has(i, p) && a.known.Has(j, q) && !a.higher(i, p) && !a.higher(j, q) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// withBeliefCheck wraps a's checker so that every CS entry and exit also checks claim C1.
type withBeliefCheck struct {
	*AKW2
}

func (w withBeliefCheck) Checker() kernel.Checker {
	c := w.AKW2.Checker().(*kernel.LocalMutexChecker)
	inner := c.Extra
	c.Extra = func(i int32, entering bool) (int32, string) {
		if other, why := inner(i, entering); why != "" {
			return other, why
		}
		if u, v, bad := w.BothHigher(); bad {
			return v, "claim C1: nodes " + itoa(u) + " and " + itoa(v) + " both believe they have priority"
		}
		return -1, ""
	}
	return c
}

func itoa(x int32) string {
	if x == 0 {
		return "0"
	}
	var b [12]byte
	k := len(b)
	for ; x > 0; x /= 10 {
		k--
		b[k] = byte('0' + x%10)
	}
	return string(b[k:])
}
