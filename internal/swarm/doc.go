// Package swarm is mutexlab's swarm tester, in the style of TigerBeetle's VOPR: one seed draws
// every knob of a trial at random (network size and connectivity, load, mobility, delays, CS
// time, measurement length and the algorithm's own parameters), the trial runs under every
// online check the kernel has (mutual exclusion or the algorithm's own Checker, one token,
// link-load bounds), and then under the kernel's liveness phase (link changes and new requests
// stop; every pending request must be served before the starvation watchdog fires).
//
// One (algorithm, seed) pair reproduces a trial exactly: Params(target, seed) is a pure
// function, and so is the trial. A failing seed is replayed with Replay, which reruns it with
// the kernel's trace on, writes the events as text and searches the shortest prefix of the
// trial (the number of CS entries before the liveness phase starts) that still fails.
//
//	t, _ := swarm.Lookup("rl")
//	rep, err := swarm.Run(ctx, swarm.Config{Targets: []swarm.Target{t}, Trials: 1000, Seed: 1})
//	if rep.Failure != nil { fmt.Println(rep.Failure.Command()) }   // bench replay --algo rl --seed N
//
// Failures are classified like the command line's exit codes: a safety violation (the kernel's
// ErrSafety, and ErrInvariant: the algorithm broke the kernel's rules, e.g. sent on a dead
// port), starvation, and a crash (a panic inside the trial, recovered and reported with the
// seed, or an error that is not a trial error).
//
// New algorithms join the swarm through the registry: every registered algorithm can be swarm
// tested with its default parameters; a line in the knobs table (params.go) adds random draws
// of its own parameters. The engine (the draw, the run, the classification) is package core,
// which does not need the registry: an algorithm that is not registered is swarm tested
// through it (algotest.Swarm).
package swarm
