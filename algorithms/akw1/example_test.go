package akw1_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/kernel"
)

// The two colouring procedures of section 4.4 on one static network, every node hungry
// often (30 nodes, 20% of the links, λ_req = 1): the greedy one (1a, the default) and
// Linial's reduction (1b), which needs n and δ as the nodes know them. Every node recolours
// once, at its first request. color_range is the largest |colour| the recolouring module
// picked (Δ of Lemma 4) and recolor_time_max the longest recolouring (T_c): 1a keeps the
// range small but a node may wait for a chain of smaller-id competitors, 1b takes a fixed
// number of rounds and a larger range (δ here is n − 1; the package doc gives 1b's range).
func ExampleValidate() {
	for _, coloring := range []float64{akw1.ColoringGreedy, akw1.ColoringLinial} {
		p := kernel.DefaultParams()
		p.Load, p.Seed = 1, 1
		p.Algo = map[string]float64{akw1.ParamColoring: coloring, akw1.ParamKnownN: 30, akw1.ParamKnownD: 29}
		if err := akw1.Validate(&p); err != nil { // the algorithm's own parameters
			fmt.Println(err)
			return
		}
		res, err := kernel.NewSim().Run(p, akw1.New())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("coloring %g:", coloring)
		for _, m := range res.Extra {
			if m.Name == akw1.MetricColorRange || m.Name == akw1.MetricRecolorTime {
				fmt.Printf(" %s %.3g", m.Name, m.Value)
			}
		}
		fmt.Println()
	}
	// Output:
	// coloring 1: color_range 5 recolor_time_max 9.81
	// coloring 2: color_range 871 recolor_time_max 2
}
