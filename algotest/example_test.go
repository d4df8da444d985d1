package algotest_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
)

// Twenty random trials of Walter, Welch and Vaidya's Reverse Link under every check: each
// measures the 150 CS entries RandomParams asks for, or RunTrials says which seed failed.
func ExampleRunTrials() {
	sum, err := algotest.RunTrials(rl.New(), 20, algotest.RandomParams, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d trials, %d CS entries measured\n", sum.Trials, sum.CSEntries)
	// Output: 20 trials, 3000 CS entries measured
}
