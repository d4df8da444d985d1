// Package checks holds the safety checks an algorithm chooses from: each is a kernel.Checker,
// which the kernel consults at every critical-section entry and exit and which stops the trial
// with a safety violation the moment the property breaks. An algorithm hands the kernel its
// check through kernel.CheckerProvider; one that provides none is checked for plain mutual
// exclusion.
//
//	func (a *MyAlgo) Checker() kernel.Checker {
//		return checks.KMutex(func() int64 { return a.k }, func(i int32) int64 { return a.units[i] })
//	}
//
// A check that depends on what a node asked for (the units of an h-out-of-k request, the
// session of a group request) reads it through a function of the algorithm's, called at the
// node's entry; the algorithm must set it when the request is made and leave it alone until
// the node exits, so an entry granted for the wrong request is caught. An algorithm with a
// property of its own implements kernel.Checker itself, as these do.
package checks

import "github.com/mutexlab/mutexlab/kernel"

// Mutex checks mutual exclusion: at most one node in the CS at any time. It is the check the
// kernel uses for an algorithm that provides none.
func Mutex() kernel.Checker { return &kernel.MutexChecker{} }

// Local checks local mutual exclusion on the current graph: no two neighbours in the CS,
// unless their link formed after both had requested (go doc kernel.LocalMutexChecker says
// why). Its Extra field adds an algorithm's own check at every entry and exit.
func Local() *kernel.LocalMutexChecker { return kernel.NewLocalMutexChecker() }

// Forks is Local plus the fork-collection rule (Chandy–Misra, Attiya–Kogan–Welch): a node
// entering holds the fork of every current link. forks returns the network and the per-port
// sets of forks held, read at each entry; algo names the algorithm in the violation.
func Forks(algo string, forks func() (*kernel.Topology, *kernel.PortSets)) *kernel.LocalMutexChecker {
	return kernel.NewForkChecker(algo, forks)
}

// KMutex checks k-mutual exclusion in its h-out-of-k form: k units of one resource, node i's
// request takes units(i) of them (at least one), and the units held by the nodes in the CS
// never exceed k. capacity returns k, read at each entry (an algorithm learns it at Reset);
// with units always 1 this is k-mutual exclusion, at most k nodes in the CS.
func KMutex(capacity func() int64, units func(i int32) int64) kernel.Checker {
	return &kMutex{capacity: capacity, units: units}
}

type kMutex struct {
	capacity func() int64
	units    func(i int32) int64
	held     []int64 // units node i holds in the CS (0 outside)
	inUse    int64
}

func (c *kMutex) Reset(t *kernel.Topology) {
	c.held = kernel.Zeroed(c.held, t.N())
	c.inUse = 0
}

func (c *kMutex) Enter(i int32) (int32, bool) {
	h := c.units(i)
	if h < 1 || c.inUse+h > c.capacity() {
		return firstIn(c.held, i), false
	}
	c.held[i] = h
	c.inUse += h
	return -1, true
}

func (c *kMutex) Exit(i int32) {
	c.inUse -= c.held[i]
	c.held[i] = 0
}

// Group checks group mutual exclusion: the nodes in the CS at one time all requested the same
// session. session(i) is the session of node i's request.
func Group(session func(i int32) int64) kernel.Checker { return &group{session: session} }

type group struct {
	session func(i int32) int64
	in      []bool
	count   int
	open    int64 // the session of the nodes in the CS, when count > 0
}

func (c *group) Reset(t *kernel.Topology) {
	c.in = kernel.Zeroed(c.in, t.N())
	c.count = 0
}

func (c *group) Enter(i int32) (int32, bool) {
	s := c.session(i)
	if c.count > 0 && s != c.open {
		return firstIn(c.in, i), false
	}
	if !c.in[i] {
		c.in[i] = true
		c.count++
	}
	c.open = s
	return -1, true
}

func (c *group) Exit(i int32) {
	if c.in[i] {
		c.in[i] = false
		c.count--
	}
}

// firstIn returns the first node in the CS (in[j] not zero), the conflict a violation names,
// or i itself when none is (a request no grant could serve).
func firstIn[T int64 | bool](in []T, i int32) int32 {
	var zero T
	for j, x := range in {
		if x != zero {
			return int32(j)
		}
	}
	return i
}
