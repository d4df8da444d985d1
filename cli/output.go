package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/plots"
)

// Every command that writes a file follows one policy (package internal/outfile): it
// replaces only its own earlier output for the same inputs, unless --replace is given, and
// writes under a temporary name renamed into place.

// replaceFlag adds --replace to a command's flags.
func replaceFlag(fs *flag.FlagSet) *bool {
	p := new(bool)
	replaceFlagVar(fs, p)
	return p
}

func replaceFlagVar(fs *flag.FlagSet, p *bool) {
	fs.BoolVar(p, "replace", false, "replace an existing output file even if it is not this command's earlier output for the same inputs")
}

// absPaths returns paths made absolute and clean, so that the same input named two ways
// stamps its outputs alike.
func absPaths(paths []string) []string {
	out := make([]string, len(paths))
	for k, p := range paths {
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		out[k] = filepath.Clean(p)
	}
	return out
}

// makeParent creates the directories of an output file (bench html and plot do; a trace or
// viewer page goes only into a directory that exists).
func makeParent(flagName, path string) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return usagef("%s %s: %v", flagName, path, err)
		}
	}
	return nil
}

// writeOutput writes one output file under the policy (checked again here, in case the
// caller did not), as flag names it.
func writeOutput(flagName, path string, s outfile.Stamp, replace bool, write func(w io.Writer) error) error {
	if err := outfile.CheckStamped(flagName, path, s, replace); err != nil {
		return err
	}
	if err := outfile.Write(path, s, write); err != nil {
		return usagef("%s %s: %v", flagName, path, err)
	}
	return nil
}

// checkFigureOuts refuses, before any work, a figure file that is a directory, has no
// figure format, or may not be replaced.
func checkFigureOuts(flagName string, outs []string, s outfile.Stamp, replace bool) error {
	for _, o := range outs {
		if err := checkFigureName(flagName, o, "the figure's file (.png, .svg or .pdf)"); err != nil {
			return err
		}
		if err := outfile.CheckStamped(flagName, o, s, replace); err != nil {
			return err
		}
	}
	return nil
}

// checkFigureName refuses a figure's path that is a directory (what says what to name
// instead) or whose extension is no figure format: the directory first, since a directory
// has no extension to blame.
func checkFigureName(flagName, path, what string) error {
	if err := outfile.CheckDir(flagName, path, what); err != nil {
		return err
	}
	if _, err := plots.FormatOf(path); err != nil {
		return usagef("%s %v", flagName, err)
	}
	return nil
}

// saveFigure writes fig to every file of outs (checked by checkFigureOuts), stamped s.
func saveFigure(ctx context.Context, flagName string, fig *plots.Figure, outs []string, s outfile.Stamp, replace bool) error {
	for _, o := range outs {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("interrupted before writing %s", o)
		}
		format, _ := plots.FormatOf(o)
		if err := makeParent(flagName, o); err != nil {
			return err
		}
		if err := writeOutput(flagName, o, s, replace, func(w io.Writer) error { return fig.Encode(w, format) }); err != nil {
			return err
		}
		fmt.Println(o)
	}
	return nil
}
