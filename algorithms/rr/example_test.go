package rr_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

// RR's messages travel a shortest physical path between tree neighbours, so they get longer
// as the network thins (Walter, Welch and Vaidya, section 6.1, compare 80% and 20% of the
// links). route_len_mean is that length in hops per tree message; here one trial at each
// connectivity (30 nodes, static, λ_req = 1, the same seed).
func ExampleRR_Metrics() {
	for _, conn := range []float64{0.8, 0.2} {
		p := kernel.DefaultParams()
		p.Connectivity, p.Load, p.Seed = conn, 1, 1
		res, err := kernel.NewSim().Run(p, rr.New())
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, m := range res.Extra {
			if m.Name == rr.MetricRouteLen {
				fmt.Printf("connectivity %.0f%%: %.2f hops per tree message\n", 100*conn, m.Value)
			}
		}
	}
	// Output:
	// connectivity 80%: 1.27 hops per tree message
	// connectivity 20%: 2.00 hops per tree message
}
