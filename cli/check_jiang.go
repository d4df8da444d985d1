package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/jiangload"
	"github.com/mutexlab/mutexlab/kernel"
)

var checkJiangHelp = help{
	usage: "bench check jiang [--paper hk|gme] [--entries N]",
	about: `Runs the small adversarial workloads behind Jiang's theorems (internal/jiangload) under
every reading of the papers (the literal text, then each named option changed alone) and
prints, per paper, theorem x reading PASS/FAIL with the numbers behind every cell and the
messages each workload sent under each reading:
  hk:  relay-chain aging=1 and aging=10 (edges 0-1, 1-2, 1-3; 0 and 3 request at class 1
       again and again, 2 once at class 2, relay 1 never; --entries CS entries, no
       liveness drain): Theorem 3, bounded delay;
       priority-chain [classes] (node 0 holds the token while every other node's request
       reaches it): Theorem 2, highest priority first;
       random-sustained seed=1..20 (random networks of 4..9 nodes: class-1 nodes request
       again and again, others once at class 2..4, the rest relay): Theorem 3;
  gme: session-held-open (the holder leaves while node 3 is still in the session; node 2
       asks for the same resource): Theorem 2, concurrent entering;
       session-kept-open (two nodes keep resource 0's session going for --entries CS
       entries; node 2 asks for resource 1): Theorem 3, bounded delay;
       random-sessions seed=1..20 (the networks and roles of random-sustained: resource 0
       again and again, resource 1 or 2 once): Theorems 2 and 3.
Every workload runs under the online checks (Theorem 1 of either paper). The workloads are
deterministic: the output is the same on every run.
Exit status 0 when every workload ran, whatever the verdicts: a FAIL against a paper is a
result, printed, not a failure of the tool (the rule of every bench check; docs/claims.md).
Exit status 1 when interrupted (SIGINT, SIGTERM; it stops within a second): a paper's table
is printed only once its check has run to the end, never in part.`,
	examples: []string{
		"bench check jiang",
		"bench check jiang --paper hk --entries 10000",
	},
	more: "docs/reproducing-jiang.md (the readings, the theorems each keeps, a full run's output)",
}

// maxJiangEntries bounds --entries: the whole check takes about 10 s of CPU per 10^5 entries
// (measured: --entries 100000, 9.9 s user), so about 100 s at the bound.
const maxJiangEntries = 1_000_000

func checkJiangCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench check jiang", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	paper := fs.String("paper", "", "only this paper: hk (prioritized h-out-of-k) or gme (group mutual exclusion); empty: both")
	entries := fs.Int("entries", 2000, fmt.Sprintf("CS entries of the sustained-load workloads, 100..%d", maxJiangEntries))
	pos, err := parseArgs(fs, args, checkJiangHelp)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q after jiang (bench check jiang -h)", pos[0])
	case *paper != "" && *paper != "hk" && *paper != "gme":
		return usagef("--paper: want hk or gme, got %q", *paper)
	case *entries < 100 || *entries > maxJiangEntries:
		return usagef("--entries: want 100..%d CS entries, got %d", maxJiangEntries, *entries)
	}
	var done, todo []string // the papers checked to the end (printed), those not
	for _, c := range jiangChecks(*entries) {
		if *paper != "" && c.algo != *paper {
			continue
		}
		if len(todo) > 0 {
			todo = append(todo, c.algo)
			continue
		}
		err := ctx.Err()
		if err == nil {
			err = c.runContext(ctx, os.Stdout)
		}
		switch {
		case err != nil && (ctx.Err() != nil || errors.Is(err, kernel.ErrInterrupted)):
			todo = append(todo, c.algo)
		case err != nil:
			return err
		default:
			done = append(done, c.algo)
		}
	}
	if len(todo) > 0 {
		return jiangInterrupted(done, todo)
	}
	return nil
}

// jiangInterrupted is the one line of an interrupted check jiang: which papers' tables were
// printed in full (none, or those above), and that the others were not checked to the end,
// so nothing of them is printed (a partial verdict table is not a result).
func jiangInterrupted(done, todo []string) error {
	if len(done) == 0 {
		return fmt.Errorf("interrupted: nothing was checked to the end, so no verdict is printed; rerun the command for the tables")
	}
	return fmt.Errorf("interrupted: %s was not checked to the end, so none of its verdicts is printed (%s above is complete); rerun the command for it",
		strings.Join(todo, " and "), strings.Join(done, " and "))
}

// jiangCheck is one paper's check: its findings, readings and workloads.
type jiangCheck struct {
	algo, title string
	paper       *analysis.Paper[[]string]
	readings    []jiangload.Reading
	workloads   func(r jiangload.Reading) []jiangload.Workload
}

// jiangRandom is how many random sustained-load workloads (seeds 1..jiangRandom) each
// paper's check adds to its named ones.
const jiangRandom = 20

// jiangChecks are the checks of both papers, the sustained workloads running entries CS entries.
func jiangChecks(entries int) []jiangCheck {
	return []jiangCheck{
		{algo: "hk", title: "Jiang, prioritized h-out-of-k mutual exclusion (algorithms/hk)", paper: &analysis.JiangHK,
			readings: jiangload.HKReadings, workloads: func(r jiangload.Reading) []jiangload.Workload {
				ws := []jiangload.Workload{jiangload.RelayChain(1, entries, r), jiangload.RelayChain(10, entries, r)}
				for _, cl := range jiangload.PriorityChains {
					ws = append(ws, jiangload.PriorityChain(cl, r))
				}
				for seed := range uint64(jiangRandom) {
					ws = append(ws, jiangload.RandomSustained(seed+1, 1, entries, r))
				}
				return ws
			}},
		{algo: "gme", title: "Jiang, group mutual exclusion (algorithms/gme)", paper: &analysis.JiangGME,
			readings: jiangload.GMEReadings, workloads: func(r jiangload.Reading) []jiangload.Workload {
				ws := []jiangload.Workload{jiangload.SessionHeldOpen(r), jiangload.SessionKeptOpen(entries, r)}
				for seed := range uint64(jiangRandom) {
					ws = append(ws, jiangload.RandomSessions(seed+1, entries, r))
				}
				return ws
			}},
	}
}

// run plays every workload under every reading and prints the matrix.
func (c jiangCheck) run(w io.Writer) error { return c.runContext(context.Background(), w) }

// runContext is run, stopped within a second or so when ctx is cancelled, having printed
// nothing: the matrix is written only once every workload has run.
func (c jiangCheck) runContext(ctx context.Context, w io.Writer) error {
	t, err := c.table(ctx)
	if err != nil {
		return err
	}
	var names []string
	for _, r := range c.readings {
		names = append(names, r.Name)
	}
	m, err := analysis.JiangMatrix(c.paper, t, names)
	if err != nil {
		return err
	}
	if err := analysis.WriteJiang(w, c.title, m, t); err != nil {
		return err
	}
	_, err = fmt.Fprintln(w)
	return err
}

// table plays the workloads: one row per (reading, workload), the columns analysis.JiangMetrics.
func (c jiangCheck) table(ctx context.Context) (*analysis.Table, error) {
	t := analysis.NewTable(analysis.JiangBy, analysis.JiangMetrics)
	for _, r := range c.readings {
		for _, wl := range c.workloads(r) {
			o, err := jiangload.RunContext(ctx, wl)
			if err != nil {
				return nil, fmt.Errorf("check jiang: %s under %s: %w", wl.Name, r.Name, err)
			}
			t.Add([]string{r.Name, wl.Name}, jiangRow(wl, o))
		}
	}
	return t, nil
}

// jiangRow is a workload's values of analysis.JiangMetrics; a metric that does not apply to
// the algorithm (inversions for gme, concurrent-entering misses for hk) is NaN, printed as such.
func jiangRow(wl jiangload.Workload, o jiangload.Outcome) []float64 {
	violations := 0.0
	if o.Err != nil {
		violations = 1
	}
	inv, misses, missTime := math.NaN(), math.NaN(), math.NaN()
	if wl.Algo == "hk" {
		inv = float64(o.Inversions(wl))
	} else {
		misses, missTime = o.Extra[gme.MetricCEMisses], o.Extra[gme.MetricCETime]
	}
	return []float64{violations, float64(o.Total), float64(o.Starved(wl)), o.FirstWaitMax(wl), inv, misses, missTime, float64(o.MsgsTotal)}
}
