//go:build cliapi

// Command naimitrehel is mutexlab's bench with one more algorithm: Naimi and Trehel's
// path-reversal token algorithm (package nt, registry name nt). It registers the algorithm,
// then hands its arguments to the command line unchanged, so every bench command (run, sweep,
// report, plot, html, swarm, replay, check) knows --algo nt beside the built-in algorithms:
//
//	go run . run --algo nt,rl,rr --load 0.1
//
// A registration the registry refuses (a name or a column already taken) is a one-line error
// and exit status 2, as for any bad input.
package main

import (
	"fmt"
	"os"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/cli"
	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
)

func main() {
	if err := algorithms.Register(nt.Info()); err != nil {
		fmt.Fprintln(os.Stderr, "naimitrehel:", err)
		os.Exit(2)
	}
	os.Exit(cli.Main(os.Args[1:]))
}
