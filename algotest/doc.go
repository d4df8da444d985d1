// Package algotest is the test kit for mutual-exclusion algorithms, the one the built-in
// algorithms' own tests use: an algorithm in another module is tested exactly as they are,
// registered or not (everything takes a constructor). Every trial runs under the kernel's
// online checks (mutual exclusion or the algorithm's own kernel.Checker — algorithms/checks
// has the common ones —, one token, link-load bounds) and its starvation watchdog.
//
//   - Random trials: RunSeeds and Trials run seeds 1..count with every knob drawn at random
//     (RandomParams; WaypointParams, TVGParams, CrashParams for other networks and crashes);
//     RunTrials is the same without a *testing.T.
//   - Determinism: Deterministic runs each trial twice, fresh and on a reused simulator and
//     instance, and compares every Result field bit for bit.
//   - Scenario scripts: RunScripts plays testdata/*.txt (the format docs/testing.md describes)
//     against a Subject, and go test -rewrite accepts new output; ScriptsCatch requires mutants
//     to change a script's output.
//   - The viewer check: PlayView plays a script into the trace viewer's page and checks the
//     page against the trial after every command.
//   - The mutation suite: Suite declares the mutants, each must be caught within a bound of
//     swarm trials (by a named check, Mutant.By), and the real algorithm must pass them all.
//   - A short swarm: Swarm runs swarm trials (SwarmParams) of a Target, as bench swarm does.
//   - Benchmarks: BenchSeeds, BenchWarm, the shared workloads, and allocation checks.
//
// An author's test is a few lines:
//
//	func TestRandomTrials(t *testing.T) {
//		algotest.RunSeeds(t, mine.New(), algotest.Count(300, 30))
//	}
//
//	func TestScenarios(t *testing.T) {
//		algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject {
//			return algotest.Subject{Algo: mine.New()}
//		})
//	}
//
//	func TestMutants(t *testing.T) {
//		algotest.Suite{Name: "mine", Mutants: mine.Mutants, Bound: 300,
//			New: func(m string) (kernel.Algorithm, error) { return mine.NewMutant(m) },
//		}.Run(t)
//	}
package algotest
