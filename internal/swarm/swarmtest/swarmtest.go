// Package swarmtest runs the mutation suites of the algorithm packages: each deliberately
// broken variant of an algorithm must be caught by the swarm's checks within a bounded number
// of trials, and the real algorithm must pass the same trials.
package swarmtest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/internal/swarm"
)

// Mutant is one deliberately broken variant.
type Mutant struct {
	Name string
	What string // the change, in the paper's terms
	// Equivalent, when not empty, says why the mutant cannot be caught by any check the
	// kernel has (it changes only cost or fairness, not safety or eventual service); the suite
	// then demonstrates that it passes every trial, and it does not count as caught.
	Equivalent string
	// Bound, when not zero, replaces the suite's bound for this mutant: a mutant whose effect
	// is rare (it mostly costs messages and only sometimes loses a request) gets more seeds,
	// stated next to it. The real algorithm must pass the largest bound of the suite.
	Bound int
}

// Row is one line of a catch-rate table.
type Row struct {
	Mutant    Mutant
	Caught    bool
	FirstSeed uint64 // first catching seed
	Failed    [4]int // failing trials by swarm.Kind, of Bound
}

// RatesEnv names the environment variable that makes Run measure catch rates: with
// MUTATION_RATES=1 every mutant runs all bound trials and the table counts how many catch it;
// without it each mutant stops at its first catching seed (fast enough for every go test).
const RatesEnv = "MUTATION_RATES"

// Run runs seeds 1..bound of the swarm for algo under each mutant (set turns a mutant on and
// returns the function that turns it off) and then for the real algorithm. It fails t if a
// mutant not marked Equivalent passes every trial, if an Equivalent one is caught, or if the
// real algorithm fails any trial. It logs the catch-rate table as Markdown and returns it.
func Run(t *testing.T, algo string, mutants []Mutant, set func(name string) func(), bound int) []Row {
	t.Helper()
	target, err := swarm.Lookup(algo)
	if err != nil {
		t.Fatal(err)
	}
	rates := os.Getenv(RatesEnv) == "1"
	realBound := bound
	var rows []Row
	for _, m := range mutants {
		mb := bound
		if m.Bound > 0 {
			mb = m.Bound
		}
		realBound = max(realBound, mb)
		cfg := swarm.Config{Targets: []swarm.Target{target}, Trials: mb, Seed: 1, KeepGoing: rates}
		restore := set(m.Name)
		rep, err := swarm.Run(context.Background(), cfg)
		restore()
		if err != nil {
			t.Fatal(err)
		}
		r := Row{Mutant: m, Failed: rep.Failed, Caught: rep.Failure != nil}
		if r.Caught {
			r.FirstSeed = rep.Failure.Seed
		}
		switch {
		case m.Equivalent == "" && !r.Caught:
			t.Errorf("%s mutant %s passed all %d trials: the checks do not catch it", algo, m.Name, mb)
		case m.Equivalent != "" && r.Caught:
			t.Errorf("%s mutant %s is documented as equivalent but seed %d fails: %v", algo, m.Name, r.FirstSeed, rep.Failure.Err)
		}
		rows = append(rows, r)
	}
	rep, err := swarm.Run(context.Background(), swarm.Config{Targets: []swarm.Target{target}, Trials: realBound, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure != nil {
		t.Errorf("the real %s fails the mutation suite's trials: %v", algo, rep.Failure)
	}
	t.Logf("%s mutation suite, seeds 1..%d (real algorithm: 1..%d):\n%s", algo, bound, realBound, Table(algo, bound, rows, rates))
	return rows
}

// Table renders rows as Markdown: per mutant, whether it was caught, the first catching seed
// and how many of the bound trials caught it, by kind.
func Table(algo string, bound int, rows []Row, rates bool) string {
	var b strings.Builder
	caught, real := 0, 0
	fmt.Fprintf(&b, "| %s mutant | change | caught | first seed | trials caught (of %d): safety / starvation / crash |\n|---|---|---|---|---|\n", algo, bound)
	for _, r := range rows {
		status, first := "no", "-"
		if r.Caught {
			status, first = "yes", fmt.Sprint(r.FirstSeed)
		}
		if r.Mutant.Equivalent != "" {
			status = "equivalent: " + r.Mutant.Equivalent
		} else {
			real++
			if r.Caught {
				caught++
			}
		}
		n := r.Failed[swarm.Safety] + r.Failed[swarm.Starvation] + r.Failed[swarm.Crash]
		if !rates {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | (set %s=1) |\n", r.Mutant.Name, r.Mutant.What, status, first, RatesEnv)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d (%.1f%%): %d / %d / %d |\n", r.Mutant.Name, r.Mutant.What, status, first,
			n, 100*float64(n)/float64(bound), r.Failed[swarm.Safety], r.Failed[swarm.Starvation], r.Failed[swarm.Crash])
	}
	fmt.Fprintf(&b, "\ncatch rate %s: %d of %d non-equivalent mutants\n", algo, caught, real)
	return b.String()
}
