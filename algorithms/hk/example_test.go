package hk_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/hk"
	"github.com/mutexlab/mutexlab/kernel"
)

// h-out-of-k mutual exclusion: k = 4 copies of a resource, each request for h of them. With
// h = 1 several nodes hold copies at once; with h = k every request takes them all, as in
// mutual exclusion. hk_resources_in_use_mean is the mean number of copies in use after an
// entry (30 nodes, heavy load, CS time 5; parameters checked by Validate).
func ExampleValidate() {
	for _, h := range []float64{1, 4} {
		p := kernel.DefaultParams()
		p.Load, p.CSTime, p.Seed = 1, 5, 1
		p.Algo = map[string]float64{hk.ParamK: 4, hk.ParamH: h}
		if err := hk.Validate(&p); err != nil {
			fmt.Println(err)
			return
		}
		res, err := kernel.NewSim().Run(p, hk.New())
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, m := range res.Extra {
			if m.Name == hk.MetricConcMean {
				fmt.Printf("k=4 h=%g: %.2f copies in use\n", h, m.Value)
			}
		}
	}
	// Output:
	// k=4 h=1: 2.16 copies in use
	// k=4 h=4: 4.00 copies in use
}
