package routing

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/mutexlab/mutexlab/internal/abtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkRoutingSearch times the bidirectional search of the routing oracle (oracle.go)
// alone, memo bypassed, between random pairs of the scaling workload's network (mean degree
// 8): the search is where rr spends its time beyond n = 10^4 (90% of a trial at 10^5). The
// pairs are searched once before the timing, so that the neighbour rows (rows.go)
// are built as in a trial, where each node's is built once (a pair's search always
// labels the same nodes); time at least 2000 searches
// (-benchtime 2000x), or cpu-ns/op, of a clock of 1 to 10 ms, reads 0.
// labelled/op is the nodes both sides label per search; cpu-ns/op the search's CPU time
// (ThreadCPU), the number to compare on a shared machine.
//
//	go test -run '^$' -bench 'RoutingSearch' -count 5 ./kernel/
func BenchmarkRoutingSearch(b *testing.B) { benchRouting(b, 0) }

// BenchmarkRoutingRoutes times Oracle.Routes as BenchmarkRoutingSearch times the search:
// the search and both routes walked and packed, what rr pays per tree edge when links
// change; and RoutesToward for groups of three sources, the mean number of children of a
// node of rr's tree that has children (at n = 10^5), per route: what a static trial pays.
//
//	go test -run '^$' -bench 'RoutingRoutes' -benchtime 3000x -count 5 ./kernel/
func BenchmarkRoutingRoutes(b *testing.B) {
	for _, group := range []int{1, 3} {
		b.Run(fmt.Sprintf("group=%d", group), func(b *testing.B) { benchRouting(b, group) })
	}
}

// benchRouting times search (group 0) or RoutesToward for groups of sources (Routes alone
// for a group of one), per route.
func benchRouting(b *testing.B, group int) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var topo kernel.Topology
			var rng kernel.Stream
			rng.Seed(1)
			topo.Reset(n, kernel.PortCapFor(n, 4*n))
			if err := kernel.RandomConnected(&topo, 4*n, &rng); err != nil {
				b.Fatal(err)
			}
			var r Oracle
			r.resetAs(&topo, false)
			pairs := make([][2]int32, 1024)
			for k := range pairs {
				pairs[k] = [2]int32{int32(rng.IntN(n)), int32(rng.IntN(n))}
			}
			from, out := make([]int32, max(group, 1)), make([]Pair, max(group, 1))
			labelled := 0
			run := func(routes int) {
				for k := 0; k < routes; k += max(group, 1) {
					pr := pairs[k%len(pairs)]
					switch group {
					case 0:
						r.search(pr[0], pr[1])
					case 1:
						r.Routes(pr[0], pr[1])
					default:
						for j := range from {
							from[j] = pairs[(k+j)%len(pairs)][0]
						}
						r.RoutesToward(pr[1], from, out)
					}
					labelled += len(r.fwd.queue) + len(r.bwd.queue)
				}
			}
			run(len(pairs)) // the rows of the nodes met built, as in a trial
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			labelled = 0
			b.ResetTimer()
			cpu := abtest.ThreadCPU()
			run(b.N)
			b.ReportMetric(float64(abtest.ThreadCPU()-cpu)/float64(b.N), "cpu-ns/op")
			if group <= 1 { // a group's forward sides are not counted
				b.ReportMetric(float64(labelled)/float64(b.N), "labelled/op")
			}
		})
	}
}
