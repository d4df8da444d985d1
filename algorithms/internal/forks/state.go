package forks

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

var stateNames = [...]string{Thinking: "thinking", Hungry: "hungry", Eating: "eating"}

// Describe renders node i's fork collection state on one line for scenario scripts and replay
// traces: its key, the neighbours whose forks it holds (forks), those it has asked (asked),
// suspended requests (S), and the neighbours not yet known (no hello) or still eating since
// their link formed. Empty sets are left out. It allocates; never call it in a trial.
func (t *Table) Describe(i int32, key string) string {
	s := fmt.Sprintf("%s %s=%d forks=%s", stateNames[t.State[i]], key, t.Key[i], t.Topo.NodeList(&t.At, i))
	for _, x := range []struct {
		name string
		set  *kernel.PortSets
	}{{"asked", &t.Asked}, {"S", &t.Susp}, {"eats", &t.Eats}} {
		if !x.set.Empty(i) {
			s += " " + x.name + "=" + t.Topo.NodeList(x.set, i)
		}
	}
	return s
}
