package nt_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/kernel"
)

// Naimi and Trehel's requests follow a tree that reshapes itself toward each new requester;
// Raymond's follow a fixed spanning tree. Both run over the same ideal routing layer: here
// one trial of each on the paper's default network of Walter, Welch and Vaidya's section 6
// (30 nodes, 20% of the links, static), at λ_req = 0.01 and 1, on the same seed.
func ExampleNT_Metrics() {
	for _, load := range []float64{0.01, 1} {
		p := kernel.DefaultParams()
		p.Load, p.Seed = load, 1
		for _, algo := range []kernel.Algorithm{nt.New(), rr.New()} {
			res, err := kernel.NewSim().Run(p, algo)
			if err != nil {
				fmt.Println(err)
				return
			}
			fmt.Printf("λ_req=%g %s: wait %.2f, %.2f messages per entry", load, algo.Name(), res.WaitMean, res.MsgsPerCS)
			for _, m := range res.Extra {
				if m.Name == nt.MetricRequestPath {
					fmt.Printf(", %.2f REQUEST messages per request", m.Value)
				}
			}
			fmt.Println()
		}
	}
	// Output:
	// λ_req=0.01 nt: wait 14.03, 8.50 messages per entry, 3.03 REQUEST messages per request
	// λ_req=0.01 rr: wait 67.29, 9.06 messages per entry
	// λ_req=1 nt: wait 91.29, 7.94 messages per entry, 2.78 REQUEST messages per request
	// λ_req=1 rr: wait 144.01, 7.73 messages per entry
}
