package kernel

import (
	"fmt"
	"github.com/mutexlab/mutexlab/kernel/mem"
	"github.com/mutexlab/mutexlab/kernel/rng"
	"math"
)

// A trial's setup: everything before its first event (Sim.begin).

// setup prepares a trial. edges, when not nil, gives the initial network explicitly (scripted
// scenarios); otherwise it is a random connected graph with p.LinkCount() links.
func (s *Sim) setup(p Params, algo Algorithm, edges [][2]int32) error {
	s.p = p
	s.algo = algo
	s.types = algo.MessageTypes()
	s.tok.holder, _ = algo.(TokenHolder)
	s.check = checkerFor(algo)
	if b, ok := s.check.(interface{ bind(*Sim) }); ok {
		b.bind(s)
	}
	s.linkBound, s.maxLinkLoad = 0, 0
	if lb, ok := algo.(LinkLoadBounder); ok {
		s.linkBound = lb.MaxInFlightPerLink()
	}
	s.startPrefault()
	defer s.endPrefault()
	s.topo.SetStop(s.guard.stop)
	s.topo.SetParallel(p.LargeMachinery())
	defer s.topo.SetStop(nil)
	if err := s.setupNetwork(p, edges); err != nil {
		return err
	}
	if s.interrupted() {
		return ErrInterrupted
	}
	s.seedStreams(p)
	s.resetCounters(p)
	if err := s.startAlgorithm(algo); err != nil {
		return err
	}
	if s.interrupted() {
		return ErrInterrupted
	}
	if s.resetWindow(&s.p) {
		s.openWindow()
	}
	if !s.scripted {
		s.scheduleStart()
	}
	s.setupCrashes()
	return nil
}

// setupNetwork builds the trial's initial graph: the explicit edges of a script, or the
// network model's.
func (s *Sim) setupNetwork(p Params, edges [][2]int32) error {
	if edges != nil {
		s.net = &explicitModel{edges: edges}
	} else {
		net, err := newNetwork(p.Network)
		if err != nil {
			return err
		}
		s.net = net
	}
	s.now = 0
	s.topo.SetClock(&s.now)
	var topoRand Stream
	topoRand.Seed(DeriveSeed(p.Seed, uint64(StreamTopology)))
	s.allocateEarly(&p)
	s.topo.JoinPrefault(&s.large.pre) // what the graph's build needs whole, before its first link
	if err := s.net.Init(&s.topo, &s.p, &topoRand); err != nil {
		return err
	}
	if s.topo.N() != p.N {
		return fmt.Errorf("kernel: network model %s built %d nodes, want %d", s.net.Name(), s.topo.N(), p.N)
	}
	s.links0 = s.topo.NumLinks()
	// Under a constant delay, arrival times on a link increase with the send times (a sum
	// rounds monotonically), so FIFO holds without clamping and needs no per-port times.
	s.fifoClamp = s.net.FIFO() && p.Delay.Kind != DelayConstant
	s.topo.TrackArrivals(s.fifoClamp)
	s.inOrder = deliversInOrder(&p)
	return nil
}

// seedStreams seeds every random stream from the trial's seed, one derived seed per stream,
// so that no stream's draws move another's.
func (s *Sim) seedStreams(p Params) {
	n := p.N
	s.changer = Changer{s}
	s.rand.mobilitySeed = DeriveSeed(p.Seed, uint64(StreamMobility))
	s.rand.mobility.Seed(s.rand.mobilitySeed)
	s.rand.mobilityDraws = 0
	s.rand.delays.Seed(DeriveSeed(p.Seed, uint64(StreamDelays)))
	s.rand.algRand.Seed(DeriveSeed(p.Seed, uint64(StreamAlgorithm)))
	reqSeed := DeriveSeed(p.Seed, uint64(StreamRequests))
	s.rand.requestState = Resize(s.rand.requestState, n)
	for i := range s.rand.requestState {
		s.rand.requestState[i] = rng.Mix64(reqSeed ^ uint64(i)*0x9e3779b97f4a7c15)
	}

}

// resetCounters empties the queue and every per-trial count and per-node status.
func (s *Sim) resetCounters(p Params) {
	n := p.N
	s.reserveEvents(&p)
	s.setupLookahead()
	s.out.reset()
	s.status = Zeroed(s.status, n)
	s.requestedAt = Zeroed(s.requestedAt, n)
	s.waiting, s.critical = 0, 0
	s.now, s.events, s.entries = 0, 0, 0
	s.phase = phaseWarmup
	s.meas.winStart, s.meas.winEnd = 0, 0
	s.meas.csArea, s.meas.csAreaT = 0, 0
	s.meas.msgs = Zeroed(s.meas.msgs, len(s.types))
	s.meas.msgsAll = Zeroed(s.meas.msgsAll, len(s.types))
	s.meas.linkChanges, s.meas.skipped, s.meas.lost = 0, 0, 0
	s.links.reset(s.topo.NumLinks())
	s.meas.waits = Resize(s.meas.waits, int(min(p.MeasureEntries(), 1<<20)))[:0]
	s.observer, _ = s.algo.(EntryObserver)
	s.tok.inFlightTok = 0
	s.err = nil
	s.starveAfter = p.starveAfter()
}

// startAlgorithm resets the algorithm and the checks on the initial graph, and checks that
// a token algorithm starts with exactly one token.
func (s *Sim) startAlgorithm(algo Algorithm) error {
	n := s.p.N
	s.env = Env{N: n, Params: &s.p, Topo: &s.topo, Rand: &s.rand.algRand, Seed: s.p.Seed, sim: s}
	if err := algo.Reset(&s.env); err != nil {
		return err
	}
	s.check.Reset(&s.topo)
	s.tok.holders = 0
	if s.tok.holder != nil {
		for i := int32(0); int(i) < n; i++ {
			if s.tok.holder.HoldsToken(i) {
				s.tok.holders++
			}
		}
		if s.tok.holders != 1 {
			return s.fail(ErrSafety, nil, "%d nodes hold the token at the start", s.tok.holders)
		}
	}
	return nil
}

// scheduleStart schedules every node's first request (into the queue's start stream in a
// large trial: eventq/start.go), the first link change and the starvation watchdog.
func (s *Sim) scheduleStart() {
	n := s.p.N
	if !s.usesStartStream() {
		for i := int32(0); int(i) < n; i++ {
			s.schedule(s.requestGap(i), evRequest, i)
		}
	} else {
		for i := int32(0); int(i) < n; i++ {
			s.q.PushStart(s.now+s.requestGap(i), s.newEvent(evRequest, i)) // Load > 0: no gap is infinite
		}
		s.q.SortStart()
	}
	if t := s.net.NextChange(0, &s.rand.mobility); !math.IsInf(t, 1) {
		s.schedule(t, evLinkChange, 0)
	}
	s.schedule(s.starveAfter/4, evWatchdog, 0)

}

// recordRoom is the number of event records a trial of n nodes reserves at setup: every
// node's own pending event (its next request or its release: n) and as many again for the
// messages in flight, plus 64 for the kernel's own events (the watchdog, link changes,
// crashes). Only room is reserved: a page of it is first written, and costs memory and a
// fault, when a record on it is first used, so room never used costs nothing but address
// space (MakeLarge). It is enough for the million-node workload (mean degree 8, load 0.01),
// where the algorithms have used 1.00n (rl, hk, gme) to 1.49n (akw1) records at once at
// n = 10^6: there no algorithm's loop allocates. It is not a bound: at load 0.1 (the
// default) and n = 10^4, drs had 2.88n in use, akw1 3.62n, akw2 4.59n, and at load 1 drs
// 7.18n (rl and gme stay near n at every load). When the room is too small newRec doubles
// it (GrowLarge), and with it the free list; the results are the same either way. Before,
// setup reserved n + 64 and drs, akw1, akw2 and cm doubled their records in the event loop
// of the million-node workload: a 92 MB array new to the process, the old 46 MB copied into it
// and left to the collector.
func recordRoom(n int) int { return 2*n + 64 }

// reserveEvents empties the queue and the event records, with room for a trial of p.N
// nodes (recordRoom says for which trials it suffices; beyond it each part doubles): the
// free list has room for every record; the heap for each node's own pending event (a
// request or a release: n + 64), or, when deliveries go to the heap rather than the run
// (deliversInOrder false), for every record; the run, when deliveries go there, for the
// record room less n own events, twice over (Queue.Reserve says why), which is short when
// most nodes are waiting and the messages in flight take more of the records; the entries
// set aside for the drain's dropped requests in a large trial, one per node at most (a room
// that holds every node's first request until then: eventq/start.go). A trial on reused
// arrays of its size and its kind of delay allocates nothing here.
func (s *Sim) reserveEvents(p *Params) {
	n, room := p.N, recordRoom(p.N)
	heap, run, aside := n+64, 2*(room-n), 0
	if !deliversInOrder(p) {
		heap, run = room, 0
	}
	if s.uses(partDrainAside) || s.usesStartStream() {
		aside = n + 64
	}
	s.q.Reset()
	s.q.Reserve(heap, run, aside)
	s.recs = mem.Reserve(s.recs, room)
	s.free = mem.Reserve(s.free, room)
}

// deliversInOrder reports whether a trial's deliveries go to the queue's run rather than its
// heap (Sim.inOrder): under a constant delay, arrival times increase in the order messages
// are sent, whatever the link.
func deliversInOrder(p *Params) bool { return p.Delay.Kind == DelayConstant }
