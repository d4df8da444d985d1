// Command naimitrehel is mutexlab's bench with one more algorithm: Naimi and Trehel's
// path-reversal token algorithm (package nt, registry name nt), and one more preset,
// naimitrehel-vs-rl-rr (presets/naimitrehel-vs-rl-rr.toml: nt beside rl and rr on the
// walter2001 grid). It registers both, then hands its arguments to the command line
// unchanged, so every bench command (run, sweep, report, plot, html, swarm, replay, check)
// knows --algo nt beside the built-in algorithms:
//
//	go run . run --algo nt,rl,rr --load 0.1
//	go run . sweep naimitrehel-vs-rl-rr
//
// A registration the registry refuses (a name or a column already taken) is a one-line error
// and exit status 2, as for any bad input.
package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/cli"
	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/sweeps"
)

// PresetName is the sweep of nt against rl and rr on the walter2001 grid.
const PresetName = "naimitrehel-vs-rl-rr"

//go:embed presets/naimitrehel-vs-rl-rr.toml
var presetSpec string

func main() {
	if err := register(); err != nil {
		fmt.Fprintln(os.Stderr, "naimitrehel:", err)
		os.Exit(2)
	}
	os.Exit(cli.Main(os.Args[1:]))
}

// register adds nt to the algorithm registry and the preset to the sweeps.
func register() error {
	if err := algorithms.Register(nt.Info()); err != nil {
		return err
	}
	return sweeps.RegisterPreset(PresetName, "Naimi-Trehel (nt) vs Reverse Link (rl) and Raymond over routing (rr), walter2001 grid, n = 30", presetSpec)
}
