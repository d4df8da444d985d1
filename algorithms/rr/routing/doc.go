// Package routing is the ideal routing layer that Walter, Welch and Vaidya put under
// Raymond's algorithm (rr): an oracle that always knows a current shortest path in the
// physical network and costs nothing to maintain. It is the one place where a paper grants
// an algorithm global knowledge, so it lives with the algorithm that stands on such a layer,
// not in the kernel: rr builds an Oracle over env.Topo at Reset and asks it, from its
// handlers, for next hops (NextHop) and for whole routes packed in a word a message carries
// (Routes, RoutesToward; Route).
//
// Files: oracle.go answers questions (a table of distances for n ≤ 1,024, bidirectional
// breadth-first searches beyond, with the same answers); memo.go remembers each hop of the
// searched routes for the topology version they were found at; rows.go keeps every node's
// neighbours in one cache line for the search; side.go is one side of a search; route.go
// packs a route's ports. The oracle reads the topology only through its public API
// (Neighbors, Up, Version, and ChangedSince once TrackChanges asks).
package routing
