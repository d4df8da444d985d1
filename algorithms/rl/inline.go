package rl

// The kernel names the physical network by alias (kernel.Topology, kernel.PortSets). Go
// inlines another package's method here only when that package is imported, or when an inlined
// kernel function already carries its body; so it is imported, for the compiler to inline the
// small accessors the handlers call (Topology.Peer, PortSets.Row, Has, Add...) instead of
// calling them.
import _ "github.com/mutexlab/mutexlab/kernel/topology"
