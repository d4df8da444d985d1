// Package mutation is the one pattern every algorithm package follows for its mutation tests:
// deliberately broken variants that the swarm's checks must catch (internal/swarm/swarmtest
// runs the suites; docs/testing.md says how to add a mutant).
//
// A package (an algorithm, or a module several algorithms share: linkrev, forks) numbers its
// mutants 1, 2, ... in a small unsigned type of its own, lists them in a table indexed by
// that number, each with its name and the change it makes in the paper's terms (entry 0, the
// real algorithm, is empty), and keeps the mutant in force in a field of the instance, 0 in
// every real trial. A mutation point is one comparison with that field,
// so the real hot path neither allocates nor branches on anything else, and two instances in
// two parallel tests never see each other's mutant. Only the package's export_test.go turns a
// mutant on, through Turn and Apply:
//
//	// hk/export_test.go
//	var Mutants = mutation.List(mutants[:], linkrev.Mutants[:])
//
//	func NewMutant(name string) (*HK, error) {
//		a := New()
//		own := func(n string) bool { return mutation.Turn(&a.mut, mutants[:], n) }
//		return a, mutation.Apply("hk", name, own, a.l.Mutate)
//	}
package mutation

import (
	"fmt"
	"slices"
)

// Turn sets *field to the number of the mutant called name in table (indexed by number,
// {name, change} each) and reports whether the table has it. "" is never a mutant.
func Turn[M ~uint8](field *M, table [][2]string, name string) bool {
	k := slices.IndexFunc(table, func(m [2]string) bool { return m[0] == name })
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

// List concatenates the mutants of tables ({name, change} each), in order, without the empty
// entries: every mutant an algorithm has, its own and its shared modules'.
func List(tables ...[][2]string) [][2]string {
	var all [][2]string
	for _, t := range tables {
		for _, m := range t {
			if m[0] != "" {
				all = append(all, m)
			}
		}
	}
	return all
}
