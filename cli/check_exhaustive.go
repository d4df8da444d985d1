package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/explore"
	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/kernel"
	"golang.org/x/term"
)

func init() {
	checkSubcommands["exhaustive"] = checkExhaustiveCmd
}

var checkExhaustiveHelp = help{
	usage: "bench check exhaustive --algo A [--n N] [--requests R] [--link-changes L] [--crashes K] [--graph ring|line|complete|random] [--seed S]\n" +
		"    [--set NAME=VALUE ...] [--draws seed|every] [--max-states M] [--max-depth D] [--timeout T] [--no-reduction | --compare] [--html FILE.html]",
	about: `Explores every interleaving of a small scenario with the algorithm's real handlers: which
node's request arrives next (and, where a request carries a value the algorithm would draw,
gme's resource or hk's h and class, which value: every one a draw can give), which message
arrives next (the head of any directed link: links are FIFO), when a node leaves the CS,
and up to L link changes (a link carrying no message goes down if the network stays
connected, or two nodes form a link), and for the
local mutual exclusion algorithms up to K crashes of any live node. The kernel's online
checks run at every step; every quiescent state (nothing in transit, nobody in the CS) with
a waiting node is a deadlock, unless a crashed node can reach it (the kernel's rule for
crash trials; within the failure locality an algorithm claims, on a static network); a
path that comes back to a state it passed, with a node waiting all along and every delivery
and release enabled all along taken on the way, is a livelock. Other draws are the
seed's, unless --draws every makes each value a draw can give a choice (drs's priorities):
then a livelock is a set of states in which a node waits, that every value of every draw
keeps it in under a fair schedule (it starves with a probability above zero), and sleep
sets are off. States seen before are
recognised (a fingerprint of
the nodes' states and memory, the messages per link and the network) and sleep sets skip
orders of steps at different nodes that commute. It prints states, transitions, depth and
speed, the "sometimes" properties (every node enters the CS; with link changes, a link
changes while a message is in transit; with crashes, a node crashes while its request is
pending, and for akw1 while in a doorway), each violation with the shortest path found as a
scenario script (copy it into an algorithm's testdata: algotest plays it), and
the verdict: VERIFIED only when everything was explored, nothing failed and every
"sometimes" property was reached; a bound hit, or SIGINT, reports what was explored. A
search past 10 s says on stderr what it has explored so far, every 10 s.
Exit status 0 whatever the verdict (the rule of every bench check); 1 when stopped by SIGINT
or SIGTERM (what was explored is printed); 2 on bad input.`,
	examples: []string{
		"bench check exhaustive --algo rl --n 4 --requests 1 --link-changes 1",
		"bench check exhaustive --algo cm --n 3 --requests 2 --compare",
		"bench check exhaustive --algo drs --n 3 --requests 1 --set k_priorities=2 --draws every",
	},
	more: "docs/exhaustive.md (what is explored, the table per algorithm)",
}

// exhaustiveFlags are bench check exhaustive's flags.
type exhaustiveFlags struct {
	algo, graph, html, draws      string
	n, requests, links, crashes   int
	maxStates, maxDepth           int
	seed                          uint64
	timeout                       time.Duration
	noReduction, compare, replace bool
	set                           setFlags // the algorithm's parameters, NAME=VALUE
}

func checkExhaustiveCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench check exhaustive", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f exhaustiveFlags
	fs.StringVar(&f.algo, "algo", "", "the algorithm (`name`): "+strings.Join(algorithms.Names(), ", "))
	fs.IntVar(&f.n, "n", 4, "nodes, 2..8")
	fs.IntVar(&f.requests, "requests", 2, "requests per node, 1..10")
	fs.IntVar(&f.links, "link-changes", 0, "most link changes on a path, 0..10")
	fs.IntVar(&f.crashes, "crashes", 0, "most crashes on a path, 0..n-1 (local mutual exclusion algorithms only: "+strings.Join(crashTolerant(), ", ")+")")
	fs.StringVar(&f.graph, "graph", "ring", "the initial network: "+strings.Join(explore.Graphs, ", "))
	fs.StringVar(&f.draws, "draws", "seed", "the algorithm's random draws: seed (the values the seed's stream gives) or every (every value a draw can give, each a choice; liveness then holds with probability 1 or fails; drs)")
	fs.Uint64Var(&f.seed, "seed", 1, "the trial's seed (the algorithm's random draws) and the random graph's")
	fs.IntVar(&f.maxStates, "max-states", 1_000_000, "stop after this many distinct states (about 70 bytes of memory each; 450 with --draws every), >= 1")
	fs.IntVar(&f.maxDepth, "max-depth", 0, "do not explore paths longer than this many steps (0: no bound; a randomized algorithm may need one)")
	fs.DurationVar(&f.timeout, "timeout", 10*time.Minute, "stop after this long (0: no bound)")
	fs.BoolVar(&f.noReduction, "no-reduction", false, "explore every order of commuting steps (no sleep sets)")
	fs.BoolVar(&f.compare, "compare", false, "run the search with and without sleep sets and print the reduction")
	fs.StringVar(&f.html, "html", "", "write the shortest violation as a trace viewer `page` (.html)")
	fs.Var(&f.set, "set", "one of the algorithm's parameters, `NAME=VALUE` (repeatable): hk's k=2, gme's m=2, ...; defaults otherwise")
	replaceFlagVar(fs, &f.replace)
	pos, err := parseArgs(fs, args, checkExhaustiveHelp)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q (bench check exhaustive -h)", pos[0])
	}
	sc, err := f.scenario()
	if err != nil {
		return err
	}
	stamp := outfile.NewStamp("bench check exhaustive", args...)
	if f.html != "" {
		if err := checkPagePath("--html", f.html); err != nil {
			return err
		}
		if err := outfile.CheckStamped("--html", f.html, stamp, f.replace); err != nil {
			return err
		}
	}
	return f.run(ctx, sc, stamp)
}

// scenario checks the flags and builds the scenario they describe.
func (f *exhaustiveFlags) scenario() (*explore.Scenario, error) {
	info, ok := algorithms.Lookup(f.algo)
	switch {
	case f.algo == "":
		return nil, usagef("--algo: give the algorithm to explore: %s", strings.Join(algorithms.Names(), ", "))
	case !ok:
		return nil, usagef("--algo: unknown algorithm %q; known: %s", f.algo, strings.Join(algorithms.Names(), ", "))
	case f.n < 2 || f.n > 8:
		return nil, usagef("--n: must be in 2..8 (the search is exhaustive), got %d", f.n)
	case f.requests < 1 || f.requests > 10:
		return nil, usagef("--requests: must be in 1..10, got %d", f.requests)
	case f.links < 0 || f.links > 10:
		return nil, usagef("--link-changes: must be in 0..10, got %d", f.links)
	case f.crashes < 0 || f.crashes >= f.n:
		return nil, usagef("--crashes: must be in 0..%d (one node stays live), got %d", f.n-1, f.crashes)
	case f.crashes > 0 && info.Safety != crashSafety:
		return nil, usagef("--crashes: %s does not tolerate crashes; accepted for %s", f.algo, strings.Join(crashTolerant(), ", "))
	case f.maxStates < 1:
		return nil, usagef("--max-states: must be at least 1, got %d", f.maxStates)
	case f.maxDepth < 0:
		return nil, usagef("--max-depth: must be 0 (no bound) or more, got %d", f.maxDepth)
	case f.timeout < 0:
		return nil, usagef("--timeout: must be 0 (no bound) or more, got %v", f.timeout)
	case f.noReduction && f.compare:
		return nil, usagef("--no-reduction, --compare: --compare runs both searches; give one of them")
	case f.draws != "seed" && f.draws != "every":
		return nil, usagef("--draws: want seed or every, got %q", f.draws)
	case f.draws == "every" && (f.noReduction || f.compare):
		return nil, usagef("--draws every: a search with every draw a choice has no sleep sets (liveness reads every step), so --no-reduction and --compare have no effect; leave them out")
	}
	edges, err := explore.Graph(f.graph, f.n, f.seed)
	if err != nil {
		return nil, usagef("--graph: %v", err)
	}
	params, err := exhaustiveParams(info, f.set, f.n)
	if err != nil {
		return nil, err
	}
	sc := &explore.Scenario{Algorithm: f.algo, New: info.New, Params: params, N: f.n, Edges: edges, Requests: f.requests, LinkChanges: f.links, Crashes: f.crashes, Seed: f.seed, EveryDraw: f.draws == "every"}
	if info.Validate != nil {
		p := kernel.DefaultParams()
		p.N, p.Algo = f.n, params
		if err := info.Validate(&p); err != nil {
			return nil, usagef("--algo %s: %v", f.algo, err)
		}
	}
	if err := sc.Validate(); err != nil {
		return nil, usagef("--algo %s%s: %v", f.algo, paramWords(f.set), err)
	}
	return sc, nil
}

// paramWords renders the --set parameters for the search's first line: ", k=2 h=1".
func paramWords(sets []string) string {
	if len(sets) == 0 {
		return ""
	}
	return ", " + strings.Join(sets, " ")
}

// run searches, prints the result and writes the page of the shortest violation.
func (f *exhaustiveFlags) run(ctx context.Context, sc *explore.Scenario, stamp outfile.Stamp) error {
	opt := explore.Options{NoReduction: f.noReduction, MaxStates: f.maxStates, MaxDepth: f.maxDepth, Timeout: f.timeout}
	fmt.Printf("exhaustive search: %s, n = %d (%s: %s), %d requests per node, %d link changes, %d crashes, seed %d%s\n",
		sc.Algorithm, sc.N, f.graph, explore.EdgeList(sc.Edges), sc.Requests, sc.LinkChanges, sc.Crashes, sc.Seed, paramWords(f.set))
	progress := newSearchProgress(os.Stderr)
	opt.Progress = progress.tell
	res, err := explore.Run(ctx, sc, opt)
	progress.done()
	if err != nil {
		return err
	}
	printSearch(map[bool]string{true: "plain search (no sleep sets)", false: "with sleep sets"}[f.noReduction || sc.EveryDraw], res)
	if f.compare && res.Limit == "" {
		opt.NoReduction = true
		plain, err := explore.Run(ctx, sc, opt)
		if err != nil {
			return err
		}
		printSearch("plain search (no sleep sets)", plain)
		if plain.Limit == "" {
			fmt.Printf("reduction: transitions x%.2f, states x%.2f, time x%.2f\n", ratio(plain.Transitions, res.Transitions),
				ratio(plain.States, res.States), plain.Elapsed.Seconds()/max(res.Elapsed.Seconds(), 1e-9))
		}
	}
	printSometimes(res)
	if len(res.Violations) > 0 {
		v := explore.Shorten(sc, res.Violations[0])
		printViolations(sc, res, v, f)
		if f.html != "" {
			return f.writeHTML(sc, v, stamp)
		}
	}
	fmt.Println("verdict:", explore.Verdict(res))
	if ctx.Err() != nil { // the exit code of every command stopped by SIGINT or SIGTERM
		return fmt.Errorf("interrupted: the search above is what was explored; rerun the command to explore it all")
	}
	return nil
}

func ratio(a, b int64) float64 { return float64(a) / float64(max(b, 1)) }

func printSearch(what string, r *explore.Result) {
	fmt.Printf("%s: %d states, %d transitions, max depth %d, %d replays, %.2f s (%.0f states/s)\n",
		what, r.States, r.Transitions, r.MaxDepth, r.Replays, r.Elapsed.Seconds(), r.StatesPerSecond())
	if r.Limit != "" {
		fmt.Printf("  stopped at %s: explored up to there\n", r.Limit)
	}
}

func printSometimes(r *explore.Result) {
	for _, s := range r.Sometimes {
		fmt.Printf("sometimes: %s: %s\n", s.Name, map[bool]string{true: "reached", false: "NOT reached"}[s.Reached])
	}
}

// printViolations lists every violation and prints the script of the shortest, v.
func printViolations(sc *explore.Scenario, r *explore.Result, v explore.Violation, f *exhaustiveFlags) {
	for _, w := range r.Violations {
		fmt.Printf("violation: %s after %d steps (first found at state %d): %v\n", w.Key, len(w.Path), w.FirstAt, w.Err)
	}
	cmd := f.command(sc)
	fmt.Printf("\nthe shortest, %s, shortened to %d steps, as a scenario script:\n\n", v.Key, len(v.Path))
	fmt.Print(explore.Script(sc, v, []string{sc.Algorithm + ": " + v.Key + ", found by", cmd}))
	fmt.Println()
}

// command is the command that explores sc again: every flag that shapes the scenario.
func (f *exhaustiveFlags) command(sc *explore.Scenario) string {
	cmd := fmt.Sprintf("bench check exhaustive --algo %s --n %d --requests %d --link-changes %d --crashes %d --graph %s --seed %d",
		sc.Algorithm, sc.N, sc.Requests, sc.LinkChanges, sc.Crashes, f.graph, sc.Seed)
	for _, s := range f.set {
		cmd += " --set " + s
	}
	if sc.EveryDraw {
		cmd += " --draws every"
	}
	return cmd
}

func (f *exhaustiveFlags) writeHTML(sc *explore.Scenario, v explore.Violation, stamp outfile.Stamp) error {
	t, err := explore.Page(sc, v, fmt.Sprintf("%s, exhaustive search counterexample: %s", sc.Algorithm, v.Key))
	if err != nil {
		return err
	}
	if err := writePage("check exhaustive", f.html, t, stamp, f.replace); err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr)
	return nil
}

// crashSafety is the safety property of the algorithms that tolerate crashes: the local
// mutual exclusion family, whose papers bound how far a crash reaches (failure locality) and
// whose crash trials the kernel judges (kernel/crash.go). Mutual exclusion with a token or a
// single coordinator cannot serve anyone once its holder crashes.
const crashSafety = "local mutual exclusion"

// crashTolerant lists the registered algorithms that accept --crashes.
func crashTolerant() []string {
	var names []string
	for _, name := range algorithms.Names() {
		if info, _ := algorithms.Lookup(name); info.Safety == crashSafety {
			names = append(names, name)
		}
	}
	return names
}

// searchProgress prints what a long search has explored so far to w every 10 s: one line
// rewritten in place on a terminal, else a line each time (CI and Slurm logs).
type searchProgress struct {
	w       *os.File
	tty     bool
	printed time.Duration
}

func newSearchProgress(w *os.File) *searchProgress {
	return &searchProgress{w: w, tty: term.IsTerminal(int(w.Fd()))}
}

// tell is explore.Options.Progress.
func (p *searchProgress) tell(r explore.Result) {
	if r.Elapsed-p.printed < 10*time.Second {
		return
	}
	p.printed = r.Elapsed
	line := fmt.Sprintf("explored %d states, %d transitions, depth %d, %.0f states/s, %v", r.States, r.Transitions, r.MaxDepth, r.StatesPerSecond(), r.Elapsed.Round(time.Second))
	if p.tty {
		fmt.Fprintf(p.w, "\r%s\033[K", line)
		return
	}
	fmt.Fprintln(p.w, line)
}

// done ends the line rewritten in place, if one was printed.
func (p *searchProgress) done() {
	if p.tty && p.printed > 0 {
		fmt.Fprintln(p.w)
	}
}
