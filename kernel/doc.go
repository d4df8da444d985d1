// Package kernel is mutexlab's discrete-event simulation core: the event queue, simulated
// time, sending and delivering messages over the physical network (FIFO delays, messages in
// flight per link), the mobility and workload models of Walter, Welch and Vaidya's section 6,
// the purposes a trial derives its random streams for, the interface algorithms implement,
// and the online safety checks and starvation watchdog. The network models beyond the default
// (random waypoint, ns-2 movement replay, the time-varying graph) are package kernel/netmodel:
// they reach the kernel through NetworkModel, Mover, Changer and the registry
// (RegisterNetworkInfo), and a program that names them imports that package.
//
// The physical network itself (ports, links, port bitsets, random connected graphs, BFS) is
// package kernel/topology, and the random streams package kernel/rng; the kernel names them
// to algorithms through aliases (Topology, Port, PortSets, Stream; aliases.go), so that an
// algorithm imports the kernel alone.
//
// # Running a trial
//
//	sim := kernel.NewSim()                 // one per goroutine; reuse it for every trial
//	res, err := sim.Run(params, rl.New())  // err is a *TrialError on violation or starvation
//
// A trial is a pure function of its Params (including Seed) and the algorithm. Events are
// ordered by (time, sequence number), so ties resolve the same way on every run; every random
// draw comes from a stream derived from (Seed, purpose): the initial graph, the link changes,
// each node's request times and the message delays never share a stream, so changing one model
// leaves the others' draws alone.
//
// # Storage
//
// Per-node and per-port state lives in flat slices (struct of arrays) sized at the first trial
// and reused by the next trial of the same size; port sets (neighbour sets and the like) are
// bitsets. Steady-state event processing allocates nothing.
//
// # The models, and what the paper left open
//
//   - Network: a random connected graph with a given number of links: a uniformly random
//     spanning tree plus uniformly random further links (topology.RandomConnected says why).
//     Connectivity c gives ⌊c·n(n−1)/2⌋ links, as the paper's 10% of 435 is 43.
//   - Mobility: a Poisson process of link changes; each change deletes a uniformly random
//     link among those whose loss keeps the graph connected AND that carry no message, then
//     forms a link. Excluding links with traffic in flight is how the paper's rule "a LinkDown
//     cannot occur if messages are in transit" is enforced. Both ends of a link learn of its
//     failure or formation at the same instant, one after the other.
//   - Readings (walter.go): section 6 leaves three choices open, and each is a Params field
//     whose zero value is the default: MobilityRate (network: λ_mob is the graph's rate, from
//     the definition "the time delay between each change to the graph is an exponential
//     random variable with mean 1/λ_mob"; per-node: n·λ_mob, from "nodes remain stationary for
//     a few tens of seconds after moving"), LinkFormation (absent: a random absent link, so the
//     link count stays, the literal "formation of a link chosen at random"; any-pair: a random
//     node pair, nothing forms if it is linked, so the count drifts down toward a spanning
//     tree, from "Connectivity values presented in this section represent initial graph
//     connectivity"), and NoDeletion (skip: a change with nothing to delete is skipped whole;
//     form: it still forms a link). The defaults are the readings of the sentences that define
//     the model; the text does not decide between them. The readings never touch the topology
//     or request streams: on one seed every reading starts from the same graph and sees the
//     same requests, and per-node sees the network rate's change epochs divided by n.
//   - Link diagnostics (linkstats.go), for every network model: links at the start and end of
//     the measurement window, their time average over it, links that went down and up in it,
//     and changes that took effect or were skipped in it (a mobile trial with LinkChanges = 0
//     and LinkChangesSkipped > 0 had a graph that could not change, e.g. a spanning tree under
//     the default readings). Sim.SetLinkTrace gives the link count against time.
//   - Ports: a node has at most PortCap ports (n−1 for n ≤ 128, so the cap never binds
//     there; a generous multiple of the mean degree for large sparse graphs). Link formation
//     skips nodes whose ports are all in use.
//   - Workload: each node alternates REMAINDER → WAITING → CRITICAL; the gap from leaving the
//     CS to the next request is exponential with rate λ_req (first request at an exponential
//     time after 0); the CS lasts CSTime (1). Each node's gaps come from its own counter-based
//     stream, so two algorithms on one seed get the same request stream.
//   - Delays: constant (1 by default), exponential or uniform; links are FIFO whatever the
//     model (a message never arrives before one sent earlier on the same link).
//   - Departures from section 6, both explicit: the paper starts counting at once, we discard a
//     warm-up (set Warmup 0 for the paper's exact protocol; at n = 30 it changes no mean
//     measurably); and a link with a message in flight is not a deletion candidate (the paper
//     only states that such a link cannot go down), which may slightly favour an algorithm that
//     keeps more links busy.
//   - Measurement: the first Warmup CS entries (200) are discarded, the next Measure (2,000)
//     measured: waits (request to entry), messages sent and link changes inside that window.
//     For large networks the window can also be sized per node and by simulated time, and
//     the warm-up ended by the MSER-5 rule; every trial records where its warm-up was cut,
//     MSER-5's truncation point, a batch-means confidence interval of its mean wait and
//     whether the window's two halves agree (window.go, package stats).
//     docs/model.md says what each reading does to the paper's findings, and explains two
//     anomalies of the reproduction (RL's long waits at very low load under mobility, RR's
//     message count at low load).
//     Percentiles are nearest-rank.
//   - Liveness: when the measurement ends, link changes and new requests stop and every
//     pending request must be served (Theorem 2's setting). A watchdog reports starvation when
//     any request waits longer than StarveAfter (default 1000·n·(CSTime + mean delay)), or when
//     nothing is left to happen while a node waits. Starvation is an error, never a hang.
//     Params.Drain and DrainMaxEvents skip or bound this phase for performance runs; the
//     result then says liveness was not checked (window.go), and the crash measures that
//     rest on it (blocked nodes, failure locality) are not taken. Events and time are split
//     among warm-up, window and drain in every result.
//   - Crash failures (Params.Crashes, Params.CrashRate; crash.go): a crashed node stops for
//     good — its handlers are never called again, its pending request leaves the liveness and
//     starvation accounting, messages to it are dropped on arrival (counted), messages it sent
//     before crashing are still delivered (links are reliable), and its links stay up: a
//     crashed node is a silent neighbour, which is what failure locality measures. With
//     crashes, a request older than StarveAfter counts as blocked instead of failing the
//     trial, and the measurement ends early when every live node is blocked (a trial that
//     measured no entry reports NaN waits). The single-token check stops at the first crash.
//   - Safety: at every CS entry, the algorithm's Checker (mutual exclusion by default); for
//     token algorithms, after every event, holders + token messages in flight = 1.
//   - Instruments (instrument.go): durations an algorithm's paper speaks of (a wait per
//     request class, a doorway passage, how long a condition held) are measured by objects
//     the algorithm keeps in its own package; the kernel, which owns the clock, reaches them
//     through two generic hooks, Probe (time and node motion, read-only, and a way to stop
//     the trial on a violation) and EntryObserver (every measured CS entry with its request
//     and entry times). Handlers still get no clock.
//   - Speed at large n, none of it changing a result (docs/scaling.md), behind one switch
//     (Params.Large: on from n = 32,768, LargeN; large.go): the queue keeps its next events
//     out of the heap and each step prefetches their state, the algorithm's through the
//     optional Prefetcher (lookahead.go, eventq/ahead.go), every node's first request is
//     sorted once at setup and popped from a plain array (eventq/start.go), setup faults in
//     its fresh arrays on a second core, the algorithm's through the optional Preallocator
//     (large_setup.go, mem.Prefaulter), and when the window closes the requests that the
//     drain will only drop leave the heap at once, sorted beside it (drain_aside.go). Arrays
//     that scale with n ask for huge pages whatever the switch (mem.MakeLarge, from 2 MiB).
package kernel
