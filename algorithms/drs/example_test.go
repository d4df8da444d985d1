package drs_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/kernel"
)

// Daymude, Richa and Scheideler's locks are won in randomised competition trials among
// neighbours; more priorities (K) make ties rarer and a lock cheaper in trials. One trial at
// K = 4 and at the default K = 64 (30 nodes, 20% of the links, heavy load; parameters
// checked by Validate).
func ExampleValidate() {
	for _, k := range []float64{4, 64} {
		p := kernel.DefaultParams()
		p.Load, p.Seed = 1, 1
		p.Algo = map[string]float64{drs.ParamK: k}
		if err := drs.Validate(&p); err != nil {
			fmt.Println(err)
			return
		}
		res, err := kernel.NewSim().Run(p, drs.New())
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, m := range res.Extra {
			if m.Name == drs.MetricTrials {
				fmt.Printf("K=%g: %.2f trials per lock\n", k, m.Value)
			}
		}
	}
	// Output:
	// K=4: 150.32 trials per lock
	// K=64: 22.87 trials per lock
}
