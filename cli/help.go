package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"
)

// help is what a command's -h prints around its flags: how to call it, what it does,
// examples to paste and where to read more. Every command prints its -h with printHelp,
// which lists each flag of the command's FlagSet on one line, so no flag goes unlisted.
type help struct {
	usage    string            // the synopsis, one line per form, without "usage: "
	about    string            // what the command does, a few lines
	examples []string          // commands a user can paste
	more     string            // the docs page that says more
	extra    func(w io.Writer) // lists printed after the flags (presets, figures); may be nil
}

// helpPrinted, when set (by a test), receives the FlagSet of every help printed, so that
// the test can check that the help lists each flag.
var helpPrinted func(fs *flag.FlagSet)

// printHelp prints h and every flag of fs to standard output.
func printHelp(fs *flag.FlagSet, h help) {
	if helpPrinted != nil {
		helpPrinted(fs)
	}
	w := os.Stdout
	for i, line := range strings.Split(h.usage, "\n") {
		prefix := "usage: "
		if i > 0 {
			prefix = "       "
		}
		fmt.Fprintln(w, prefix+line)
	}
	if h.about != "" {
		fmt.Fprintf(w, "\n%s\n", h.about)
	}
	var lines [][2]string
	width := 0
	fs.VisitAll(func(f *flag.Flag) {
		lines = append(lines, [2]string{flagSynopsis(f), flagLine(f)})
		width = max(width, len(lines[len(lines)-1][0]))
	})
	if len(lines) > 0 {
		fmt.Fprintln(w, "\nflags:")
		for _, l := range lines {
			fmt.Fprintf(w, "  %-*s  %s\n", width, l[0], l[1])
		}
	}
	if h.extra != nil {
		fmt.Fprintln(w)
		h.extra(w)
	}
	if len(h.examples) > 0 {
		fmt.Fprintln(w, "\nexamples:")
		for _, e := range h.examples {
			fmt.Fprintln(w, "  "+e)
		}
	}
	if h.more != "" {
		fmt.Fprintf(w, "\nmore: %s\n", h.more)
	}
}

// flagSynopsis is "--name VALUE" ("--name" for a switch); VALUE is the back-quoted word
// of the usage, or the flag's type.
func flagSynopsis(f *flag.Flag) string {
	name, _ := flag.UnquoteUsage(f)
	if name == "" {
		return "--" + f.Name
	}
	return "--" + f.Name + " " + strings.ToUpper(name)
}

// flagLine is the flag's usage on one line, with its default when it is not the type's
// zero value (as flag.PrintDefaults decides: --mobility's "0" is a default, --workers' 0 is
// not).
func flagLine(f *flag.Flag) string {
	_, usage := flag.UnquoteUsage(f)
	usage = strings.Join(strings.Fields(usage), " ")
	zero := reflect.New(reflect.TypeOf(f.Value).Elem()).Interface().(flag.Value).String()
	if f.DefValue != zero {
		usage += " (default " + f.DefValue + ")"
	}
	return usage
}

// parseArgs parses flags and positional arguments in any order (parseInterleaved). -h
// prints h with the flags; a bad flag, or one given twice, is a one-line usage error.
func parseArgs(fs *flag.FlagSet, args []string, h help) ([]string, error) {
	pos, err := parseInterleaved(fs, args)
	if err == flag.ErrHelp {
		printHelp(fs, h)
		return nil, errHelp
	}
	if err != nil {
		return nil, usagef("%v (bench %s -h lists the flags)", flagError(fs, err), strings.TrimPrefix(fs.Name(), "bench "))
	}
	if err := refuseRepeats(fs, args); err != nil {
		return nil, err
	}
	return pos, nil
}

// reInvalidValue is the flag package's error for a value its type cannot parse.
var reInvalidValue = regexp.MustCompile(`^invalid value "(.*)" for flag -([\w-]+): `)

// flagError rewrites the flag package's "invalid value" error into one that names the flag
// as the help does and says what it accepts; other errors pass unchanged.
func flagError(fs *flag.FlagSet, err error) error {
	m := reInvalidValue.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	f := fs.Lookup(m[2])
	if f == nil {
		return err
	}
	kind, usage := flag.UnquoteUsage(f)
	accepted := map[string]string{"int": "an integer", "uint": "a non-negative integer", "float": "a number", "duration": "a duration such as 30s or 5m"}[kind]
	if accepted == "" {
		accepted = "a " + kind
	}
	return fmt.Errorf("--%s (%s): %q is not %s", f.Name, usage, m[1], accepted)
}

// noArgs refuses positional arguments of a command that takes none, in one line.
func noArgs(cmd string, pos []string) error {
	if len(pos) > 0 {
		return usagef("unexpected argument %q (bench %s takes flags only; bench %s -h lists them)", pos[0], cmd, cmd)
	}
	return nil
}
