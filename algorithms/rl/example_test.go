package rl_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// Reverse Link pays for mobility in LinkInfo messages (Walter, Welch and Vaidya, section
// 6.2): every link that forms, and every loss of a node's last outgoing link, sends some.
// One trial each on a static network and under high mobility (λ_mob = 0.1), 30 nodes, 20%
// of the links, λ_req = 0.001, the same seed.
func ExampleNew() {
	for _, mob := range []float64{0, 0.1} {
		p := kernel.DefaultParams()
		p.Load, p.Mobility, p.Seed = 0.001, mob, 1
		res, err := kernel.NewSim().Run(p, rl.New())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("λ_mob %g: %.1f messages per CS entry, %.1f of them LinkInfo\n", mob, res.MsgsPerCS, float64(res.Msgs[rl.MsgLinkInfo])/float64(res.CSEntries))
	}
	// Output:
	// λ_mob 0: 13.7 messages per CS entry, 6.5 of them LinkInfo
	// λ_mob 0.1: 24.0 messages per CS entry, 17.1 of them LinkInfo
}
