package algorithms_test

import (
	"fmt"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// A package of another module registers its algorithm from its init function; from then on
// it is known by name like the built-ins (spec keys, results columns, sweeps). Registering
// a taken name is refused, naming both.
func ExampleRegister() {
	err := algorithms.Register(algorithms.Info{
		Name:   "rl-again",
		Title:  "Reverse Link, registered again under another name",
		New:    func() kernel.Algorithm { return rl.New() },
		Safety: "mutual exclusion",
		Params: []algorithms.ParamInfo{{Name: "again_factor", Default: 1, Doc: "rl-again: a parameter of its own"}},
	})
	fmt.Println(err)
	info, ok := algorithms.Lookup("rl-again")
	fmt.Println(ok, info.Safety, info.CostPerEntry())

	err = algorithms.Register(algorithms.Info{Name: "rl", Title: "my Reverse Link", New: func() kernel.Algorithm { return rl.New() }})
	fmt.Println(err)
	// Output:
	// <nil>
	// true mutual exclusion 1
	// algorithm "rl" registered twice: "Reverse Link token mutual exclusion (Walter, Welch, Vaidya)" and "my Reverse Link"
}
