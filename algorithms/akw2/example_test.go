package akw2_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/kernel"
)

// Failure locality 2 (Attiya, Kogan and Welch, Theorem 8): a crashed node can block live
// nodes at most two hops away; everyone farther keeps eating. Node 0 crashes at time 100 of
// a heavily loaded static network (30 nodes, 20% of the links); the trial reports how many
// live nodes it left blocked and the farthest of them from the crash, in hops.
func ExampleNew() {
	p := kernel.DefaultParams()
	p.Load, p.Seed = 1, 1
	p.Crashes = []kernel.Crash{{Node: 0, Time: 100}}
	res, err := kernel.NewSim().Run(p, akw2.New())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d crashed, %d blocked, failure locality %d\n", res.Crashed, res.Blocked, res.FailureLocality)
	// Output:
	// 1 crashed, 11 blocked, failure locality 2
}
