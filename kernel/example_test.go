package kernel_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// One trial of Reverse Link on the network of Walter, Welch and Vaidya's section 6: 30
// nodes, 20% of the possible links, unit delays and CS time (DefaultParams), here at request
// rate λ_req = 0.01 and low mobility λ_mob = 0.01; 200 CS entries of warm-up, 2,000
// measured, then the liveness drain. A trial is a pure function of its parameters and seed,
// so this one prints the same on every run.
func ExampleSim_Run() {
	p := kernel.DefaultParams()
	p.Load, p.Mobility, p.Seed = 0.01, 0.01, 1
	algo, err := algorithms.New("rl")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := kernel.NewSim().Run(p, algo)
	if err != nil {
		fmt.Println(err) // a *kernel.ParamError, or a *kernel.TrialError naming the seed to replay
		return
	}
	fmt.Printf("%s: %d links, %d CS entries measured, every request served: %v\n", algo.Name(), res.Links, res.CSEntries, res.LivenessChecked)
	fmt.Printf("wait %.2f time units on average, %.2f messages per entry, %d link changes\n", res.WaitMean, res.MsgsPerCS, res.LinkChanges)
	for k, t := range res.MsgTypes {
		fmt.Printf("  %s: %d\n", t.Name, res.Msgs[k])
	}
	// Output:
	// rl: 87 links, 2000 CS entries measured, every request served: true
	// wait 29.01 time units on average, 13.65 messages per entry, 89 link changes
	//   request: 6411
	//   token: 6394
	//   linkinfo: 14492
}
