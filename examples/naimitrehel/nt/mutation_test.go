package nt_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestMutants: each deliberately broken variant of the pseudocode is caught within 300 swarm
// trials, by the check named here, and the real algorithm passes every seed a mutant ran
// (algotest.Suite; its log has the catch-rate table, and MUTATION_RATES=1 counts how many of
// the 300 trials catch each mutant).
func TestMutants(t *testing.T) {
	t.Parallel()
	algotest.Suite{Name: nt.Name, Mutants: nt.Mutants, Bound: 300,
		New:     func(m string) (kernel.Algorithm, error) { return nt.NewMutant(m) },
		Special: caughtBy,
	}.Run(t)
}

// caughtBy names, for every mutant, the check its first catching trial fails.
var caughtBy = []algotest.Mutant{
	// A request that does not reverse the path leaves two roots: both hand out a token.
	{Name: "no-reversal", By: algotest.Safety}, // the single-token check
	// The requester does not become the root: its own request comes back to it, it points
	// last at itself, and its next send goes to itself, on no port.
	{Name: "keep-last", By: algotest.Safety}, // a broken kernel rule
	// A stale next sends the token to a node that no longer asks for it.
	{Name: "keep-next", By: algotest.Safety}, // an entry without a pending request
	// The request is dropped and the requester waits for ever.
	{Name: "drop-next", By: algotest.Starvation},
	// The root sends the token while it still holds it for itself.
	{Name: "grant-while-requesting", By: algotest.Safety}, // the single-token check
	// The real requester's request is never queued: it waits for ever.
	{Name: "forward-as-self", By: algotest.Starvation},
}

// TestNewMutantRefusesUnknown: an unknown mutant name is an error naming it.
func TestNewMutantRefusesUnknown(t *testing.T) {
	if _, err := nt.NewMutant("no-such"); err == nil {
		t.Fatal("NewMutant(\"no-such\") returned no error")
	}
}
