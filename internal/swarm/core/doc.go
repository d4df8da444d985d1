// Package core is the swarm's engine, apart from the algorithm registry: one seed draws every
// knob of a trial at random (Params), the trial runs under every online check the kernel has
// and then its liveness phase (Run, RunTrial), and the outcome is classified like the command
// line's exit codes (Classify). A Target says how to build the algorithm and draw its own
// knobs, so an algorithm that is not registered can be swarm tested too.
//
// Package swarm binds the engine to the registry (swarm.Lookup, the built-ins' knobs) and
// adds replay; the public test kit (algotest), which the algorithm packages' own tests
// import, uses the engine directly: through the registry it would import every algorithm,
// the one under test included.
package core
