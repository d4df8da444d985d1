package hk

// The kernel names the physical network and the random streams by alias (kernel.Topology,
// kernel.PortSets, kernel.Stream). Go inlines another package's method here only when that
// package is imported, or when an inlined kernel function already carries its body; so both
// are imported, for the compiler to inline the small accessors the handlers call
// (Topology.Peer, PortSets.Row, Stream.Float64...) instead of calling them.
import (
	_ "github.com/mutexlab/mutexlab/kernel/rng"
	_ "github.com/mutexlab/mutexlab/kernel/topology"
)
