// Package mutation is the one pattern every algorithm package follows for its mutation tests:
// deliberately broken variants that the swarm's checks must catch (internal/swarm/swarmtest
// runs the suites; docs/testing.md says how to add a mutant).
//
// A package (an algorithm, or a module several algorithms share: linkrev, forks) numbers its
// mutants 1, 2, ... in a small unsigned type of its own, names them in an array indexed by
// that number (entry 0, the real algorithm, is ""), and keeps the mutant in force in a field
// of the instance, 0 in every real trial. A mutation point is one comparison with that field,
// so the real hot path neither allocates nor branches on anything else, and two instances in
// two parallel tests never see each other's mutant. Only the package's export_test.go turns a
// mutant on, through Turn and Apply:
//
//	// hk/export_test.go
//	var Mutants = mutation.Names(mutantNames[:], linkrev.MutantNames[:])
//
//	func NewMutant(name string) (*HK, error) {
//		a := New()
//		own := func(n string) bool { return mutation.Turn(&a.mut, mutantNames[:], n) }
//		return a, mutation.Apply("hk", name, own, a.l.Mutate)
//	}
package mutation

import (
	"fmt"
	"slices"
)

// Turn sets *field to the number of the mutant called name in names (indexed by number) and
// reports whether names has it. "" is never a mutant.
func Turn[M ~uint8](field *M, names []string, name string) bool {
	k := slices.Index(names, name)
	if name == "" || k <= 0 {
		return false
	}
	*field = M(k)
	return true
}

// Apply turns on the mutant called name with the first of turns that knows it (the
// package's own, then its shared modules'); "" is the real algorithm and turns nothing on. The
// error names the algorithm and the unknown mutant.
func Apply(algo, name string, turns ...func(name string) bool) error {
	if name == "" {
		return nil
	}
	for _, turn := range turns {
		if turn(name) {
			return nil
		}
	}
	return fmt.Errorf("%s has no mutant %q", algo, name)
}

// Names lists the mutant names of tables (each indexed by mutant number, entry 0 unused), in
// order, without the empty ones.
func Names(tables ...[]string) []string {
	var names []string
	for _, t := range tables {
		for _, n := range t {
			if n != "" {
				names = append(names, n)
			}
		}
	}
	return names
}
