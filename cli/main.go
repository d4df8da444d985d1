// Package cli is mutexlab's command line as a library: Main runs the bench command with the
// given arguments. cmd/bench is one call to it; a researcher's own program registers an
// algorithm (algorithms.Register) and calls Main, and behaves exactly like bench with one more
// algorithm.
//
// Commands: single runs over parameter lists (bench run), named or file-based sweeps (bench
// sweep), and with no arguments a small default experiment (Reverse Link against Raymond's
// algorithm on 30 nodes) that ends with a summary table; bench help lists the rest.
//
// Exit codes, the same for every command: 0 success; 1 a failure that is not one of the
// others (interrupted by SIGINT or SIGTERM, a trial over its event budget, a panic, a full
// disk); 2 bad input (a flag, a spec key, a file); 3 a safety violation (or a broken kernel
// invariant); 4 starvation.
//
// SIGINT and SIGTERM stop every trial in flight within about a second, and exit 1. run and
// sweep (and the default experiment) keep their finished trials on disk, say how many, and
// the same command resumes; the other commands keep nothing (check jiang prints no partial
// table, run --html writes no page). The first signal's own message says only that bench is
// stopping, true of every command. A second SIGINT or SIGTERM exits at once.
package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results/columns"
	"github.com/mutexlab/mutexlab/sweeps"
	"github.com/mutexlab/mutexlab/traceview"
)

// command is one subcommand. Each lives in its own file and registers itself in init, so
// adding a command never edits this file.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string) error
}

var commands = map[string]command{}

func register(c command) { commands[c.name] = c }

// Exit codes.
const (
	exitOK         = 0
	exitFailure    = 1
	exitUsage      = 2
	exitSafety     = 3
	exitStarvation = 4
)

// usageError is bad input: one line, exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// Main runs bench with args (the command line without the program name) and returns the exit
// code. It installs the SIGINT/SIGTERM handling and the collector setting of a bench process,
// so call it once, from main: os.Exit(cli.Main(os.Args[1:])).
func Main(args []string) int {
	if err := columns.Check(); err != nil { // an algorithm registered with a column name taken
		fmt.Fprintln(os.Stderr, "bench:", err)
		return exitUsage
	}
	tuneGC()
	return runProfiled(signalContext(), args)
}

// gcPercent is bench's GOGC unless the environment sets one. A trial's state is a few large
// arrays without pointers, allocated once, so a collection costs little, while Go's default
// of 100 lets garbage (the arrays a growing queue leaves behind) reach the size of the live
// state before it is collected. Measured on one trial of drs at n = 10^6, mean degree 8,
// load 0.01 (docs/scaling.md): peak RSS 1.28 KB per node at GOGC = 100, 1.07 at 25, 1.02 at
// 10, with no more CPU time; rl's peak is its live state (2.29 KB per node at 100 and 25).
const gcPercent = 10

// tuneGC sets the collector for big single trials, unless GOGC says otherwise.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
}

// signalContext returns a context cancelled by the first SIGINT or SIGTERM. The first signal
// is announced and the default action restored, so a second one ends the process at once.
// The announcement says only "stopping": what is kept differs by command (a sweep keeps its
// finished trials, check and swarm keep nothing), so the commands say it when they stop.
func signalContext() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sigs
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		fmt.Fprintf(os.Stderr, "bench: %s: stopping (send it again to quit at once)\n", signalName(s))
		cancel()
	}()
	return ctx
}

func signalName(s os.Signal) string {
	if s == os.Interrupt {
		return "interrupt"
	}
	return s.String()
}

func run(ctx context.Context, args []string) int {
	name := "default"
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		if len(args) == 0 {
			mainHelp()
			return exitOK
		}
		name, args = args[0], []string{"-h"} // bench help CMD: CMD's own help
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "bench: unknown command %q; commands: %s\n", name, strings.Join(commandNames(), ", "))
		return exitUsage
	}
	err := c.run(ctx, args)
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errHelp) {
		return exitOK
	}
	fmt.Fprintf(os.Stderr, "bench %s: %s\n", name, oneLine(err.Error()))
	return exitCode(err)
}

var errHelp = errors.New("help requested")

func exitCode(err error) int {
	var ue *usageError
	var pe *kernel.ParamError
	var te *kernel.TrialError
	var we *traceview.WindowError
	var re *outfile.RefusedError
	switch {
	case errors.As(err, &ue), errors.As(err, &pe), errors.As(err, &we), errors.As(err, &re):
		return exitUsage
	case errors.As(err, &te):
		switch te.Kind {
		case kernel.ErrStarvation:
			return exitStarvation
		case kernel.ErrSafety, kernel.ErrInvariant:
			return exitSafety
		}
	}
	return exitFailure
}

func oneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", "; ") }

func commandNames() []string {
	var names []string
	for n := range commands {
		if n != "default" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

func mainHelp() {
	fmt.Println("usage: bench [command] [flags]")
	fmt.Println()
	fmt.Println("With no command, bench runs the default experiment (preset \"default\": RL against RR on 30")
	fmt.Println("nodes, a few seconds), writes results/default.parquet and prints a summary table.")
	fmt.Println()
	fmt.Println("commands:")
	for _, n := range commandNames() {
		fmt.Printf("  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Println()
	fmt.Println("algorithms:")
	for _, a := range algorithms.All() {
		fmt.Printf("  %-8s %s; %s\n", a.Name, a.Title, a.Safety)
	}
	fmt.Println()
	fmt.Println("sweep presets:", strings.Join(sweeps.PresetNames(), ", "))
	fmt.Println()
	fmt.Println("examples:")
	fmt.Println("  bench sweep walter2001                          # the paper's experiment -> results/walter2001.parquet")
	fmt.Println("  bench html results/walter2001.parquet           # its report as one HTML page -> walter2001.html")
	fmt.Println("  bench run --algo rl,rr --n 30 --load 0.01,1     # any parameters, as lists")
	fmt.Println()
	fmt.Println("Run 'bench COMMAND -h' (or 'bench help COMMAND') for a command's flags and examples.")
	fmt.Println("Exit codes: 0 success, 1 failure or interrupted, 2 bad input, 3 safety violation, 4 starvation.")
	fmt.Println("Outputs: a command replaces a file only if it wrote it for the same inputs; --replace replaces any.")
	fmt.Println("Environment: BENCH_CPUPROFILE=FILE writes a CPU profile of the command (go tool pprof -top FILE);")
	fmt.Println("GOGC is 10 unless set (large trials: docs/scaling.md).")
	fmt.Println("more: README.md, docs/running.md")
}
