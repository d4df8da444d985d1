package gme_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/kernel"
)

// Group mutual exclusion: nodes that want the same resource may share the CS in a session;
// with one resource every request joins the same group, with four they compete. The mean
// number of nodes in the CS just after an entry, and of entries per session, show it (30
// nodes, heavy load, CS time 5; parameters checked by Validate).
func ExampleValidate() {
	for _, m := range []float64{1, 4} {
		p := kernel.DefaultParams()
		p.Load, p.CSTime, p.Seed = 1, 5, 1
		p.Algo = map[string]float64{gme.ParamM: m}
		if err := gme.Validate(&p); err != nil {
			fmt.Println(err)
			return
		}
		res, err := kernel.NewSim().Run(p, gme.New())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("m=%g:", m)
		for _, x := range res.Extra {
			if x.Name == gme.MetricConcMean || x.Name == gme.MetricSession {
				fmt.Printf(" %s %.2f", x.Name, x.Value)
			}
		}
		fmt.Println()
	}
	// Output:
	// m=1: gme_concurrency_mean 14.88 gme_session_entries_mean 64.52
	// m=4: gme_concurrency_mean 6.52 gme_session_entries_mean 11.70
}
