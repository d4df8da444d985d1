package cli

import (
	"flag"
	"strings"
)

// repeatable marks a flag value that collects every occurrence (--set KEY=... --set KEY=...).
type repeatable interface{ Repeatable() }

// refuseRepeats refuses a flag given more than once (repeatable values aside): the flag
// package keeps the last value silently, so `--n 10 --n 20` would run n = 20 only. args are
// the command's arguments, already parsed by fs (so every flag in them is known). parseArgs
// calls it for every command.
func refuseRepeats(fs *flag.FlagSet, args []string) error {
	seen := map[string]string{} // flag name -> its first value
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			continue // a positional argument
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		fl := fs.Lookup(name)
		if fl == nil {
			continue
		}
		switch {
		case hasValue:
		case isBoolFlag(fl):
			value = "true"
		case i+1 < len(args):
			i++
			value = args[i]
		}
		if _, ok := fl.Value.(repeatable); ok {
			continue
		}
		if first, ok := seen[name]; ok {
			return usagef("--%s is given twice (%q and %q); give it once", name, first, value)
		}
		seen[name] = value
	}
	return nil
}

func isBoolFlag(fl *flag.Flag) bool {
	b, ok := fl.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
