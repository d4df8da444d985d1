package cm_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/kernel"
)

// Local mutual exclusion lets nodes that are not neighbours eat at once: on a sparse network
// under high load several are in the CS at a time. concurrency_mean is the time-average
// number of nodes in the CS over the measurement window (30 nodes, 20% of the links,
// static, λ_req = 1).
func ExampleNew() {
	p := kernel.DefaultParams()
	p.Load, p.Seed = 1, 1
	res, err := kernel.NewSim().Run(p, cm.New()) // every entry checked against the forks held
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range res.Extra {
		if m.Name == kernel.MetricConcurrency {
			fmt.Printf("%d entries, %.2f nodes in the CS on average\n", res.CSEntries, m.Value)
		}
	}
	// Output:
	// 2000 entries, 1.66 nodes in the CS on average
}
