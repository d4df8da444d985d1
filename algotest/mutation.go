// The mutation-suite harness: each deliberately broken variant of an algorithm must be caught
// by the swarm's checks within a bounded number of trials, and the real algorithm must pass the
// same trials.
//
// Every built-in algorithm package plugs in the same way (docs/testing.md): its export_test.go
// lists its mutants, each with the change it makes in the paper's terms, and turns one on in an
// instance of its own (Mutants and NewMutant, see algorithms/internal/mutation); its
// mutation_test.go runs them all, giving some a bound of their own or marking them
// equivalent:
//
//	algotest.Suite{Name: "rl", Mutants: rl.Mutants, Bound: 300,
//		New:     func(m string) (kernel.Algorithm, error) { return rl.NewMutant(m) },
//		Special: []algotest.Mutant{{Name: "ignore-received-li", Bound: algotest.RareBound}},
//	}.Run(t)
//
// The mutants and the real algorithm run as parallel subtests: an instance carries its mutant
// in a field, so no two tests can see each other's.

package algotest

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mutexlab/mutexlab/internal/swarm/core"
	"github.com/mutexlab/mutexlab/kernel"
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
	// By, when not Pass, names the check that must catch the mutant: its first catching trial
	// must fail as a safety violation (Safety: the kernel's checks, the algorithm's Checker, a
	// broken kernel rule, the suite's Claim), a starvation (Starvation) or a crash (Crash).
	By Kind
}

// Suite is one algorithm's mutation suite.
type Suite struct {
	Name string // the algorithm's name, in messages and the catch-rate table
	// New returns an instance with the named mutant on ("" for the real algorithm).
	New func(mutant string) (kernel.Algorithm, error)
	// Mutants lists every mutant the package has, {name, the change in the paper's terms}:
	// every one runs, so none goes untested.
	Mutants [][2]string
	// Special gives some of Mutants a bound of their own, names the check that must catch
	// them (By) or marks them equivalent (What, if not empty, replaces the change's text).
	Special []Mutant
	Bound   int // seeds 1..Bound for every mutant without a Bound of its own
	// Knobs, when not nil, draws the algorithm's own parameters of each trial (Target.Knobs);
	// nil runs it with its defaults.
	Knobs func(r *kernel.Stream, p *kernel.Params)
	// Params, when not nil, draws the trials instead of the swarm's knobs (SwarmParams): for
	// algorithms whose paper restricts the network (akw1 needs slow link changes).
	Params func(seed uint64) kernel.Params
	// Claim, when not nil, checks one of the paper's claims on every trial that passed the
	// kernel's checks, reading the finished trial from the simulator (akw2: failure locality
	// 2 on crash trials, from Sim.BlockedDistances); a trial it refuses catches the mutant,
	// and the real algorithm must satisfy it on every seed.
	Claim func(p *kernel.Params, sim *kernel.Sim) error
}

// RareBound is the bound for a mutant whose effect is rare: it mostly only costs messages and
// loses a request in about 0.1% of swarm trials, as the shared Reverse Link code's
// ignore-received-li (a stale Request is enqueued and the token makes a needless round trip;
// when this bound was set the first catching seeds were 403 for rl, 708 for hk and 4800 for
// gme). The first catching seed depends on every random stream, including the swarm's draws
// of the knobs, so the bound leaves a wide margin.
const RareBound = 6000

// Row is one line of a catch-rate table.
type Row struct {
	Mutant    Mutant
	Caught    bool
	FirstSeed uint64 // first catching seed
	Trials    int    // the mutant's bound
	Failed    [4]int // failing trials by core.Kind, of Trials
	Claim     int    // trials that passed the kernel's checks but not Suite.Claim
}

// RatesEnv names the environment variable that makes Run measure catch rates: with
// MUTATION_RATES=1 every mutant runs all bound trials and the table counts how many catch it;
// without it each mutant stops at its first catching seed (fast enough for every go test).
const RatesEnv = "MUTATION_RATES"

// Run runs seeds 1..bound of the swarm under each mutant, each mutant as a parallel subtest
// (under the race detector, which slows trials about tenfold, mutants with a bound of their
// own are skipped: they are rare or slow to catch, and their trials run the same code),
// then the real algorithm on every seed a mutant ran: seeds 1..(the largest first catching
// seed, and the whole bound of any mutant that was not caught or runs with MUTATION_RATES=1).
// It fails t if a mutant not marked Equivalent passes every trial, if an Equivalent one is
// caught, if the real algorithm fails any trial, or if Special names a mutant the package
// does not have. It logs the catch-rate table as Markdown and returns it.
func (s Suite) Run(t *testing.T) []Row {
	t.Helper()
	mutants := s.list(t)
	rates := os.Getenv(RatesEnv) == "1"
	rows := make([]Row, len(mutants))
	var mu sync.Mutex
	t.Run("mutants", func(t *testing.T) {
		for k, m := range mutants {
			t.Run(m.Name, func(t *testing.T) {
				t.Parallel()
				if raceDetector && m.Bound > 0 {
					rows[k] = Row{Mutant: m, Trials: -1}
					t.Skipf("skipped under the race detector: a mutant with a bound of its own is rare or slow to catch (%d seeds), and its trials run the same code as the others'", m.Bound)
				}
				r := s.runMutant(t, m, rates)
				mu.Lock()
				rows[k] = r
				mu.Unlock()
			})
		}
	})
	realBound := s.Bound
	for _, r := range rows {
		if r.Trials < 0 { // skipped
			continue
		}
		if r.Caught && !rates {
			realBound = max(realBound, int(r.FirstSeed))
		} else {
			realBound = max(realBound, r.Trials)
		}
	}
	if rep := s.swarm(t, "", realBound, false); rep.failure != nil {
		t.Errorf("the real %s fails the mutation suite's trials: %v", s.Name, rep.failure)
	}
	t.Logf("%s mutation suite, seeds 1..%d (real algorithm: 1..%d):\n%s", s.Name, s.Bound, realBound, Table(s.Name, rows, rates))
	return rows
}

// list is the suite's mutants in the package's order, with Special's bounds, equivalences
// and texts; it fails t if Special names a mutant the package does not have.
func (s Suite) list(t *testing.T) []Mutant {
	t.Helper()
	var list []Mutant
	for _, nm := range s.Mutants {
		m := Mutant{Name: nm[0], What: nm[1]}
		if k := slices.IndexFunc(s.Special, func(x Mutant) bool { return x.Name == m.Name }); k >= 0 {
			sp := s.Special[k]
			m.Bound, m.Equivalent, m.By = sp.Bound, sp.Equivalent, sp.By
			if sp.What != "" {
				m.What = sp.What
			}
		}
		list = append(list, m)
	}
	for _, sp := range s.Special {
		if !slices.ContainsFunc(s.Mutants, func(nm [2]string) bool { return nm[0] == sp.Name }) {
			t.Errorf("the %s suite has a special case for mutant %s, which the package does not have", s.Name, sp.Name)
		}
	}
	return list
}

func (s Suite) bound(m Mutant) int {
	if m.Bound > 0 {
		return m.Bound
	}
	return s.Bound
}

// runMutant runs one mutant's trials and checks the verdict.
func (s Suite) runMutant(t *testing.T, m Mutant, rates bool) Row {
	rep := s.swarm(t, m.Name, s.bound(m), rates)
	r := Row{Mutant: m, Trials: s.bound(m), Failed: rep.failed, Claim: rep.claim, Caught: rep.failure != nil}
	if r.Caught {
		r.FirstSeed = rep.failure.Seed
	}
	switch {
	case m.Equivalent == "" && !r.Caught:
		t.Errorf("%s mutant %s passed all %d trials: the checks do not catch it", s.Name, m.Name, s.bound(m))
	case r.Caught && m.By != Pass && rep.failure.Kind != m.By:
		t.Errorf("%s mutant %s must be caught by a %s, but seed %d fails with a %s: %v", s.Name, m.Name, m.By, r.FirstSeed, rep.failure.Kind, rep.failure.Err)
	case m.Equivalent != "" && r.Caught:
		t.Errorf("%s mutant %s is documented as equivalent but seed %d fails: %v", s.Name, m.Name, r.FirstSeed, rep.failure.Err)
	}
	return r
}

// report is what one run of a suite's trials found.
type report struct {
	failure *core.Failure // the first failing trial, nil if none
	failed  [4]int        // failing trials by core.Kind
	claim   int           // trials refused by Suite.Claim
}

// swarm runs seeds 1..trials of the algorithm with mutant on ("" for the real one): through
// core.Run, or, with a Claim to check, through claimTrials.
func (s Suite) swarm(t *testing.T, mutant string, trials int, keepGoing bool) report {
	t.Helper()
	target := s.target(t, mutant)
	if s.Claim != nil {
		return s.claimTrials(target, trials, keepGoing)
	}
	rep, err := core.Run(context.Background(), core.Config{Targets: []core.Target{target}, Trials: trials, Seed: 1, KeepGoing: keepGoing})
	if err != nil {
		t.Fatal(err)
	}
	return report{failure: rep.Failure, failed: rep.Failed}
}

// target is the swarm target of the algorithm with mutant on, drawing the suite's trials.
func (s Suite) target(t *testing.T, mutant string) core.Target {
	t.Helper()
	if _, err := s.New(mutant); err != nil {
		t.Fatal(err)
	}
	target := Target{Name: s.Name, Knobs: s.Knobs, New: func() kernel.Algorithm {
		a, _ := s.New(mutant) // checked above
		return a
	}}
	if s.Params != nil {
		target.Knobs = func(_ *kernel.Stream, p *kernel.Params) { *p = s.Params(p.Seed) }
	}
	return target
}

// claimTrials runs seeds 1..trials one after the other (core.Run does not hand out its
// simulators) and checks Suite.Claim on every trial that passes the kernel's checks. A
// trial the claim refuses counts as a safety failure: a broken guarantee of the paper.
func (s Suite) claimTrials(target core.Target, trials int, keepGoing bool) report {
	var rep report
	sim, algo := kernel.NewSim(), target.New()
	for seed := uint64(1); seed <= uint64(trials); seed++ {
		o, ok := core.RunTrial(sim, algo, target, seed)
		if !ok {
			sim, algo = kernel.NewSim(), target.New()
		}
		if o.Kind == core.Pass {
			p := core.Params(target, seed)
			if err := s.Claim(&p, sim); err != nil {
				o.Kind, o.Err = core.Safety, fmt.Errorf("%s seed %d: %w", target.Name, seed, err)
				rep.claim++
			}
		}
		if o.Kind == core.Pass {
			continue
		}
		rep.failed[o.Kind]++
		if rep.failure == nil {
			rep.failure = &core.Failure{Outcome: o}
		}
		if !keepGoing {
			break
		}
	}
	return rep
}

// Table renders rows as Markdown: per mutant, whether it was caught, the first catching seed
// and how many of its bound's trials caught it, by kind.
func Table(algo string, rows []Row, rates bool) string {
	var b strings.Builder
	caught, real := 0, 0
	fmt.Fprintf(&b, "| %s mutant | change | caught | first seed | trials caught (of the bound): safety / starvation / crash |\n|---|---|---|---|---|\n", algo)
	for _, r := range rows {
		if r.Trials < 0 {
			fmt.Fprintf(&b, "| %s | %s | skipped under the race detector | - | - |\n", r.Mutant.Name, r.Mutant.What)
			continue
		}
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
		n := r.Failed[core.Safety] + r.Failed[core.Starvation] + r.Failed[core.Crash]
		if !rates {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | (set %s=1) |\n", r.Mutant.Name, r.Mutant.What, status, first, RatesEnv)
			continue
		}
		claim := ""
		if r.Claim > 0 {
			claim = fmt.Sprintf(" (%d of them the paper's claim)", r.Claim)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d of %d (%.1f%%): %d / %d / %d%s |\n", r.Mutant.Name, r.Mutant.What, status, first,
			n, r.Trials, 100*float64(n)/float64(r.Trials), r.Failed[core.Safety], r.Failed[core.Starvation], r.Failed[core.Crash], claim)
	}
	fmt.Fprintf(&b, "\ncatch rate %s: %d of %d non-equivalent mutants\n", algo, caught, real)
	return b.String()
}
