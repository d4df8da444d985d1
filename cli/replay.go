package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/sweeps"
	"github.com/mutexlab/mutexlab/traceview"
)

func init() {
	register(command{name: "replay", summary: "rerun one trial with tracing: a swarm seed's event trace and shortest failing prefix, or any trial as an interactive HTML viewer (--html)", run: replayCmd})
}

var replayHelp = help{
	usage: "bench replay --algo A --seed S [--out trace.txt] [--full] [--max-lines N]\n" +
		"bench replay --algo A --seed S --html FILE.html [--from-time T] [--max-events N]\n" +
		"bench replay (--preset NAME | --spec FILE) [--algo A] [--point P] [--trial R] --html FILE.html [--from-time T] [--max-events N]",
	about: `Reruns the swarm trial of one algorithm and seed (as bench swarm printed it) with the kernel's
trace on, and searches the shortest failing prefix: the fewest measured CS entries after
which the trial, healed, still fails the same way. It writes a header (the parameters, the
outcome, the prefix), then one line per event and a state: line after each handler that
changed its node's state. The exit code is the trial's: 0 passes, 3 safety violation,
4 starvation, 1 crash.

With --html it writes the trial (the original one, as bench swarm ran it) as one
self-contained page instead: the network with the token, the CS, the waiting and crashed
nodes, link directions and messages in transit, and a time-space diagram, to step through in
a browser. A failing trial opens at its failure, with the --max-events events that led to it;
--from-time starts the window elsewhere. With --preset or --spec it shows one trial of a
sweep instead: the row of a results file with the same point, trial and algorithm.`,
	examples: []string{
		"bench replay --algo rl --seed 1349 --out trace.txt",
		"bench replay --algo gme --seed 77 --full --max-lines 100000",
		"bench replay --algo rl --seed 1349 --html seed1349.html",
		"bench replay --preset walter2001 --algo rl --point 12 --trial 0 --html trial.html --from-time 500",
	},
	more: "docs/viewer.md (the trace viewer); docs/testing.md (the swarm, replay and the mutation suites)",
}

// replayFlags are bench replay's flags.
type replayFlags struct {
	algo, out, html, preset, spec string
	seed                          uint64
	full, replace                 bool
	maxLines, point, trial        int
	view                          traceview.Options
	given                         map[string]bool
	ctx                           context.Context // stops the text replay on SIGINT/SIGTERM
}

// replayCmd reruns one swarm trial, or writes one trial as a viewer page. The exit code is
// the trial's: 0 if it passes, 3 for a safety violation, 4 for starvation, 1 for a crash, so
// a script can tell a fixed seed.
func replayCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := replayFlags{given: map[string]bool{}, ctx: ctx}
	fs.StringVar(&f.algo, "algo", "", "`algorithm` whose seed to replay (required for a swarm seed; with --preset or --spec, one of the sweep's, needed if it has several)")
	fs.Uint64Var(&f.seed, "seed", 0, "the swarm `seed` bench swarm printed")
	fs.StringVar(&f.out, "out", "", "trace `file` (default: standard output); written under a temporary name, then renamed; an existing file only if it is bench replay's trace of the same algorithm and seed (else --replace)")
	fs.BoolVar(&f.full, "full", false, "also trace the original trial, not only the shortest failing prefix")
	replaceFlagVar(fs, &f.replace)
	fs.IntVar(&f.maxLines, "max-lines", 2_000_000, "most lines per trace")
	fs.StringVar(&f.html, "html", "", "write the trial as an interactive viewer `page` (.html) instead of the text trace")
	fs.StringVar(&f.preset, "preset", "", "with --html: a trial of this preset's sweep (`name`) instead of a swarm seed")
	fs.StringVar(&f.spec, "spec", "", "with --html: a trial of the sweep in this spec `file` instead of a swarm seed")
	fs.IntVar(&f.point, "point", 0, "with --preset or --spec: the grid `point` (results column point)")
	fs.IntVar(&f.trial, "trial", 0, "with --preset or --spec: the `replicate` (results column trial)")
	fs.Float64Var(&f.view.FromTime, "from-time", 0, "with --html: start the window at this simulated `time` instead of at the start, or before the failure")
	fs.IntVar(&f.view.MaxEvents, "max-events", traceview.DefaultMaxEvents, fmt.Sprintf("with --html: most `events` in the page (1..%d); the page says what was cut", traceview.HardMaxEvents))
	pos, err := parseArgs(fs, args, replayHelp)
	if err != nil {
		return err
	}
	if err := noArgs("replay", pos); err != nil {
		return err
	}
	fs.Visit(func(fl *flag.Flag) { f.given[fl.Name] = true })
	if err := f.check(); err != nil {
		return err
	}
	if f.preset != "" || f.spec != "" {
		return f.sweepPage()
	}
	t, err := swarmTarget(f.algo)
	if err != nil {
		return usagef("--algo: %v", err)
	}
	if f.html != "" {
		if err := outfile.CheckStamped("--html", f.html, f.swarmStamp(), f.replace); err != nil {
			return err // before the trial runs
		}
		tr, err := swarm.PageContext(f.ctx, t, f.seed, f.view)
		if errors.Is(err, kernel.ErrInterrupted) || f.ctx.Err() != nil {
			return pageInterrupted(f.html)
		}
		if err != nil {
			return err
		}
		if err := writePage("replay", f.html, tr, f.swarmStamp(), f.replace); err != nil {
			return err
		}
		return pageErr(tr)
	}
	return f.textTrace(t)
}

// check refuses flags that do not go together, in one line each.
func (f *replayFlags) check() error {
	sweep := f.preset != "" || f.spec != ""
	switch {
	case f.preset != "" && f.spec != "":
		return usagef("--preset %s --spec %s: name one sweep", f.preset, f.spec)
	case sweep && f.html == "":
		return usagef("--%s: a sweep's trial is shown as a page; add --html FILE.html", map[bool]string{true: "preset", false: "spec"}[f.preset != ""])
	case sweep && f.given["seed"]:
		return usagef("--seed: a sweep's trial has its seed from the sweep; give --point and --trial (results columns point and trial)")
	case !sweep && (f.given["point"] || f.given["trial"]):
		return usagef("--point, --trial: choose a trial of a sweep; add --preset NAME or --spec FILE")
	case !sweep && f.algo == "":
		return usagef("--algo: required (the algorithm bench swarm printed)")
	case !sweep && !f.given["seed"]:
		return usagef("--seed: required (the seed bench swarm printed)")
	case f.maxLines < 1:
		return usagef("--max-lines: must be >= 1, got %d", f.maxLines)
	case f.html != "" && (f.given["out"] || f.full || f.given["max-lines"]):
		return usagef("--html: writes a page, not the text trace; --out, --full and --max-lines are for the text trace (run bench replay twice for both)")
	case f.html == "" && (f.given["from-time"] || f.given["max-events"]):
		return usagef("--from-time, --max-events: choose the window of an --html page; add --html FILE.html")
	case f.view.MaxEvents < 1 || f.view.MaxEvents > traceview.HardMaxEvents:
		return usagef("--max-events: must be in 1..%d, got %d", traceview.HardMaxEvents, f.view.MaxEvents)
	case f.view.FromTime < 0:
		return usagef("--from-time: must be >= 0, got %g", f.view.FromTime)
	case f.point < 0 || f.trial < 0:
		return usagef("--point, --trial: must be >= 0, got %d and %d", f.point, f.trial)
	}
	if f.html != "" {
		return checkPagePath("--html", f.html)
	}
	if f.out == "" {
		return nil
	}
	if err := outfile.CheckDir("--out", f.out, "the trace file"); err != nil {
		return err
	}
	return outfile.CheckStamped("--out", f.out, f.swarmStamp(), f.replace)
}

// textTrace writes the swarm seed's text trace and searches its shortest failing prefix.
func (f *replayFlags) textTrace(t swarm.Target) error {
	var rep swarm.Replay
	reproduce := func(w io.Writer) (err error) {
		rep, err = swarm.Reproduce(w, t, f.seed, swarm.ReplayOptions{Full: f.full, MaxLines: f.maxLines, Ctx: f.ctx})
		return err
	}
	where := "standard output"
	if f.out == "" {
		if err := reproduce(os.Stdout); err != nil {
			return err
		}
	} else {
		where = f.out
		if err := writeOutput("--out", f.out, f.swarmStamp(), f.replace, reproduce); err != nil {
			return err
		}
	}
	if rep.Original.Kind == swarm.Pass {
		fmt.Fprintf(os.Stderr, "replay: %s seed %d passes (%d events); trace (%d lines) -> %s\n", t.Name, f.seed, rep.Original.Events, rep.Lines, where)
		return nil
	}
	fmt.Fprintf(os.Stderr, "replay: shortest failing prefix %d of %d CS entries; trace (%d lines) -> %s\n",
		rep.Prefix, rep.Params.Warmup+rep.Params.Measure, rep.Lines, where)
	return &swarmFailure{&swarm.Failure{Outcome: rep.Original}}
}

// swarmStamp identifies bench replay's trace or page of a swarm trial: its algorithm and
// seed (the page and the text trace differ by format, hence by file).
func (f *replayFlags) swarmStamp() outfile.Stamp {
	return outfile.NewStamp("bench replay", "swarm", f.algo, strconv.FormatUint(f.seed, 10))
}

// sweepPage writes the page of one trial of a preset or spec file.
func (f *replayFlags) sweepPage() error {
	flagName, spec, err := "--preset "+f.preset, (*sweeps.Spec)(nil), error(nil)
	if f.preset != "" {
		spec, err = sweeps.Preset(f.preset)
	} else {
		flagName = "--spec " + f.spec
		spec, err = sweeps.LoadFile(f.spec)
	}
	if err != nil {
		return usagef("%s: %v", flagName, err)
	}
	a := 0
	if f.algo != "" {
		if a = slices.Index(spec.Algorithms, f.algo); a < 0 {
			return usagef("--algo %s: not in the sweep; its algorithms: %s", f.algo, strings.Join(spec.Algorithms, ", "))
		}
	} else if len(spec.Algorithms) > 1 {
		return usagef("--algo: the sweep runs %s; name one", strings.Join(spec.Algorithms, ", "))
	}
	if f.point >= spec.NumPoints() || f.trial >= spec.Trials {
		return usagef("--point %d --trial %d: the sweep has points 0..%d and trials 0..%d", f.point, f.trial, spec.NumPoints()-1, spec.Trials-1)
	}
	tr := spec.Trial((f.point*spec.Trials+f.trial)*len(spec.Algorithms) + a)
	what := fmt.Sprintf("%s point %d trial %d", strings.TrimPrefix(flagName, "--"), f.point, f.trial)
	again := fmt.Sprintf("bench replay %s --algo %s --point %d --trial %d --html FILE", flagName, tr.Algorithm, f.point, f.trial)
	inputs := []string{f.preset}
	if f.spec != "" {
		inputs = absPaths([]string{f.spec})
	}
	stamp := outfile.NewStamp("bench replay", append(inputs, tr.Algorithm, strconv.Itoa(f.point), strconv.Itoa(f.trial))...)
	return trialPageContext(f.ctx, "replay", tr, what, again, f.view, pageOut{f.html, stamp, f.replace})
}

// pageErr is the error of a trial shown in a page: nil if it passed, else its failure, so
// that the exit code is the trial's.
func pageErr(t *traceview.Trace) error {
	if t.Err() == nil {
		return nil
	}
	return fmt.Errorf("the page opens at the failure: %w", t.Err())
}

// pageOut is where a viewer page goes: the file (--html), its stamp, and --replace.
type pageOut struct {
	path    string
	stamp   outfile.Stamp
	replace bool
}

// writePage writes a viewer page under the output policy (written under a temporary name
// and renamed, so a failed write leaves no partial page), and says (as command cmd) where
// it went and how big it is.
func writePage(cmd, path string, t *traceview.Trace, s outfile.Stamp, replace bool) error {
	var n int64
	err := writeOutput("--html", path, s, replace, func(w io.Writer) error {
		cw := &countingWriter{w: w}
		err := traceview.Write(cw, t)
		n = cw.n
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %d events (%s) -> %s (%.1f MB)\n", cmd, len(t.Events.Kind), outcomeWords(t), path, float64(n)/1e6)
	if t.Note != "" {
		fmt.Fprintf(os.Stderr, "%s: note: %s; bench replay's --max-events and --from-time choose the window\n", cmd, t.Note)
	}
	return nil
}

func outcomeWords(t *traceview.Trace) string {
	if t.Failure == nil {
		return "the trial passes"
	}
	return "opens at the " + t.Failure.Kind
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// checkPagePath refuses a page name that is not .html or is a directory.
func checkPagePath(flagName, path string) error {
	if !strings.EqualFold(filepath.Ext(path), ".html") {
		return usagef("%s %s: name the page FILE.html", flagName, path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return usagef("%s %s: is a directory; name the page FILE.html", flagName, path)
	}
	return nil
}
