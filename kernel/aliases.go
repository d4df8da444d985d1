package kernel

import (
	"github.com/mutexlab/mutexlab/kernel/mem"
	"github.com/mutexlab/mutexlab/kernel/rng"
	"github.com/mutexlab/mutexlab/kernel/topology"
)

// The physical network and the random streams are packages of their own (kernel/topology,
// kernel/rng), but the algorithm contract names them through kernel: a handler gets a
// kernel.Port, an Env a *kernel.Topology and a *kernel.Stream. These aliases and forwarders
// keep that one vocabulary for algorithms and everything above them; packages below the
// algorithms (network models, sweeps, the internal tools) import topology and rng directly.

// Port numbers a node's link endpoints (topology.Port).
type Port = topology.Port

// NoPort marks "no port" (topology.NoPort).
const NoPort = topology.NoPort

// Topology is the physical network (topology.Topology).
type Topology = topology.Topology

// PortSets is one bitset of ports per node (topology.PortSets).
type PortSets = topology.PortSets

// Stream is a seeded pseudo-random stream (rng.Stream).
type Stream = rng.Stream

// DeriveSeed is rng.DeriveSeed: how every seed in mutexlab is made.
func DeriveSeed(root uint64, parts ...uint64) uint64 { return rng.DeriveSeed(root, parts...) }

// RandomConnected is topology.RandomConnected: a random connected graph of links links.
func RandomConnected(t *Topology, links int, r *Stream) error {
	return topology.RandomConnected(t, links, r)
}

// MinLinks is topology.MinLinks, the links of a spanning tree of n nodes.
func MinLinks(n int) int { return topology.MinLinks(n) }

// MaxLinks is topology.MaxLinks, the links of the clique of n nodes.
func MaxLinks(n int) int { return topology.MaxLinks(n) }

// PortCapFor is topology.PortCapFor, the port cap of n nodes and links links.
func PortCapFor(n, links int) int { return topology.PortCapFor(n, links) }

// InterleavePortSets is topology.InterleavePortSets: sets of one node side by side.
func InterleavePortSets(n, portCap int, sets ...*PortSets) {
	topology.InterleavePortSets(n, portCap, sets...)
}

// NextIn is topology.NextIn, the next port in both of two sets.
func NextIn(a, b *PortSets, i int32, from Port) Port { return topology.NextIn(a, b, i, from) }

// Resize is mem.Resize: a per-trial array sized for n, reallocated only when too small.
func Resize[T any](s []T, n int) []T { return mem.Resize(s, n) }

// Zeroed is mem.Zeroed: Resize with every element cleared.
func Zeroed[T any](s []T, n int) []T { return mem.Zeroed(s, n) }

// PreallocatePortSets is topology.PreallocatePortSets, for an algorithm's Preallocate.
func PreallocatePortSets(pf *mem.Prefaulter, n, portCap int, sets ...*PortSets) {
	topology.PreallocatePortSets(pf, n, portCap, sets...)
}
