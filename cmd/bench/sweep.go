package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mutexlab/mutexlab/sweeps"
)

func init() {
	register(command{name: "sweep", summary: "run a preset (bench sweep walter2001) or a spec file (bench sweep FILE.toml)", run: sweepCmd})
}

func sweepCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench sweep", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	workers := fs.Int("workers", 0, "worker goroutines (0: one per core)")
	out := fs.String("out", "", "results file (default: the spec's output)")
	quiet := fs.Bool("quiet", false, "no progress lines")
	// Accept flags before or after the preset name.
	var name string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Println("usage: bench sweep PRESET|FILE.toml [--workers N] [--out FILE] [--quiet]")
			fmt.Println("presets:", strings.Join(sweeps.PresetNames(), ", "))
			return errHelp
		}
		return usagef("%v", err)
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if name == "" {
		return usagef("name a preset (%s) or a spec file", strings.Join(sweeps.PresetNames(), ", "))
	}
	if *workers < 0 {
		return usagef("--workers: must be >= 0 (0: one per core), got %d", *workers)
	}
	spec, err := loadSpec(name)
	if err != nil {
		return usagef("%v", err)
	}
	return execute(ctx, spec, *out, *workers, *quiet)
}

// loadSpec reads a spec file if name looks like a path to one, else an embedded preset.
func loadSpec(name string) (*sweeps.Spec, error) {
	if strings.HasSuffix(name, ".toml") || strings.ContainsRune(name, os.PathSeparator) {
		return sweeps.LoadFile(name)
	}
	return sweeps.Preset(name)
}
