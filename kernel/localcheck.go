package kernel

import "fmt"

// LocalMutexChecker checks local mutual exclusion on the current graph: a node may not enter
// its critical section while a neighbour is in its own, unless the link between them formed
// after both had issued their requests.
//
// Why the exception. The papers' property (Daymude, Richa, Scheideler, section 2.2) is about
// lock sets: a LOCK issued at time i locks the node and its persistent neighbours, those
// connected from i until the lock succeeds; lock sets never intersect. A link that forms
// after a node called LOCK is not in its lock set, and the paper says so explicitly ("new
// connections may concurrently be established with a node while it is executing an
// action"). So two adjacent nodes may both be in the CS when their link is younger than both
// requests: u's lock set cannot contain v, nor v's u. If the link is at least as old as either
// request, that node's persistent neighbourhood contains the other, and both in the CS means
// the lock sets intersect: a violation. A link forming between two nodes that are both
// already in the CS is therefore never a violation (it is younger than both requests), and
// the check runs at CS entries only.
//
// The check costs one pass over the entering node's ports.
type LocalMutexChecker struct {
	s *Sim
	// Extra, when set, is an algorithm's own safety check run after the local check at every
	// CS entry (entering true) and exit (false): a non-empty why stops the trial with a
	// safety violation naming nodes i and other. The anonymous local-mutex algorithm checks
	// its lock sets here.
	Extra func(i int32, entering bool) (other int32, why string)
}

// NewLocalMutexChecker returns the kernel's local mutual exclusion check, for algorithms'
// CheckerProvider.
func NewLocalMutexChecker() *LocalMutexChecker { return &LocalMutexChecker{} }

func (c *LocalMutexChecker) bind(s *Sim) { c.s = s }

func (c *LocalMutexChecker) Reset(*Topology) {}

func (c *LocalMutexChecker) Enter(i int32) (int32, bool) {
	s := c.s
	t := &s.topo
	for p := t.Up().Next(i, 0); p >= 0; p = t.Up().Next(i, p+1) {
		r := t.Record(i, p)
		v := r.Peer()
		if s.status[v] != critical {
			continue
		}
		since := t.LinkSince(int(r.Link()))
		if since <= s.requestedAt[i] || since <= s.requestedAt[v] {
			return v, false
		}
	}
	if c.Extra != nil {
		if other, why := c.Extra(i, true); why != "" {
			s.fail(ErrSafety, []int32{i, other}, "%s", why)
			return other, false
		}
	}
	return -1, true
}

func (c *LocalMutexChecker) Exit(i int32) {
	if c.Extra != nil {
		if other, why := c.Extra(i, false); why != "" {
			c.s.fail(ErrSafety, []int32{i, other}, "%s", why)
		}
	}
}

// Metrics the kernel adds to Result.Extra for algorithms checked by a LocalMutexChecker (the
// local-mutex family), so they become results columns through the algorithm's registered
// metric names.
const (
	MetricConcurrency = "concurrency_mean"       // time-average number of nodes in the CS (Result.ConcurrencyMean)
	MetricThroughput  = "throughput"             // CS entries per time unit, whole network (Result.Throughput)
	MetricMaxInFlight = "max_in_flight_per_link" // Result.MaxInFlightPerLink
)

// NewForkChecker is the checker of fork-collection algorithms (Chandy–Misra, Attiya–Kogan–
// Welch): no two neighbours in the CS, and a node entering holds the fork of every current
// link. forks returns the network and the per-port sets of forks held; it is called at each
// entry, so an algorithm may make the checker before Reset sizes its sets.
func NewForkChecker(algo string, forks func() (*Topology, *PortSets)) *LocalMutexChecker {
	c := NewLocalMutexChecker()
	c.Extra = func(i int32, entering bool) (int32, string) {
		if !entering {
			return -1, ""
		}
		t, held := forks()
		up := t.Up()
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			if !held.Has(i, p) {
				return t.Peer(i, p), fmt.Sprintf("%s: node %d enters the CS without the fork of its link to %d", algo, i, t.Peer(i, p))
			}
		}
		return -1, ""
	}
	return c
}
