package kernel

import (
	"fmt"
	"runtime"
	"testing"
)

// BenchmarkRoutingSearch times the bidirectional search of the routing oracle (routing.go)
// alone, memo bypassed, between random pairs of the scaling workload's network (mean degree
// 8): the search is where rr spends its time beyond n = 10^4 (90% of a trial at 10^5). The
// pairs are searched once before the timing, so that the neighbour rows (routing_rows.go)
// are built as in a trial, where each node's is built once; time at least 2000 searches
// (-benchtime 2000x), or cpu-ns/op, of a clock of 1 to 10 ms, reads 0.
// labelled/op is the nodes both sides label per search; cpu-ns/op the search's CPU time
// (ThreadCPU), the number to compare on a shared machine.
//
//	go test -run '^$' -bench 'RoutingSearch' -count 5 ./kernel/
func BenchmarkRoutingSearch(b *testing.B) { benchRouting(b, false) }

// BenchmarkRoutingRoutes times Routing.Routes as BenchmarkRoutingSearch times the search:
// the search and both routes walked and packed, what rr pays per tree edge.
//
//	go test -run '^$' -bench 'RoutingRoutes' -benchtime 4000x -count 5 ./kernel/
func BenchmarkRoutingRoutes(b *testing.B) { benchRouting(b, true) }

func benchRouting(b *testing.B, routes bool) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var topo Topology
			var rng Stream
			rng.Seed(1)
			topo.Reset(n, PortCapFor(n, 4*n))
			if err := RandomConnected(&topo, 4*n, &rng); err != nil {
				b.Fatal(err)
			}
			var r Routing
			r.resetAs(&topo, false)
			pairs := make([][2]int32, 1024)
			for k := range pairs {
				pairs[k] = [2]int32{int32(rng.IntN(n)), int32(rng.IntN(n))}
			}
			for _, pr := range pairs { // the rows of the nodes met built, as in a trial
				r.search(pr[0], pr[1])
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			labelled := 0
			b.ResetTimer()
			cpu := ThreadCPU()
			for k := range b.N {
				pr := pairs[k%len(pairs)]
				if routes {
					r.Routes(pr[0], pr[1])
				} else {
					r.search(pr[0], pr[1])
				}
				labelled += len(r.fwd.queue) + len(r.bwd.queue)
			}
			b.ReportMetric(float64(ThreadCPU()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(labelled)/float64(b.N), "labelled/op")
		})
	}
}
