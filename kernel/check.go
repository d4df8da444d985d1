package kernel

// Checker is an online safety check, consulted at every critical-section entry and exit.
// Enter returns ok = false, with one node that conflicts with i, when i may not enter.
type Checker interface {
	Reset(t *Topology)
	Enter(i int32) (conflict int32, ok bool)
	Exit(i int32)
}

// CheckerProvider is implemented by algorithms whose safety property is not plain mutual
// exclusion (k-out-of-h, group and local mutual exclusion bring their own checkers).
type CheckerProvider interface {
	Checker() Checker
}

// LinkLoadBounder is implemented by algorithms that promise a bound on the messages in
// transit on any one link, both directions together (the anonymous local-mutex algorithm's
// Lemma 11: two). The kernel tracks the maximum online (Result.MaxInFlightPerLink) and stops
// the trial with a safety violation the moment a send exceeds the bound.
type LinkLoadBounder interface {
	MaxInFlightPerLink() int
}

func checkerFor(a Algorithm) Checker {
	if cp, ok := a.(CheckerProvider); ok {
		return cp.Checker()
	}
	return &MutexChecker{}
}

// MutexChecker checks mutual exclusion: at most one node in the CS at any time.
type MutexChecker struct {
	holder int32
}

func (c *MutexChecker) Reset(*Topology) { c.holder = -1 }

func (c *MutexChecker) Enter(i int32) (int32, bool) {
	if c.holder >= 0 {
		return c.holder, false
	}
	c.holder = i
	return -1, true
}

func (c *MutexChecker) Exit(i int32) {
	if c.holder == i {
		c.holder = -1
	}
}
