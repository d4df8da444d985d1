package cli

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The commands the documentation shows must work. TestDocCommands collects every command
// in README.md and docs/*.md (each line of a ```sh block, and any line that starts with
// "bench " or "go run ./cmd/bench") and every example of every bench -h, and checks each
// one without running an experiment:
//
//   - bench run and bench sweep run with --dry-run: every flag, key and value is checked,
//     nothing is simulated;
//   - bench report, plot and html run for real, in a scratch directory where
//     results/NAME.parquet is the small fixture of the same preset (plots/testdata), and a
//     spec file a page shows (a ```toml block) is written under its name;
//   - the other bench commands (they run trials, or read files no fixture stands for) are
//     parsed up to -h: every flag must exist and take its value;
//   - go test/build/doc/run name packages that exist, and a -run, -bench or -fuzz pattern
//     must match a test, benchmark or fuzz target in them;
//   - a script (scripts/..., sh FILE) must exist.
//
// TestDocLinks checks every relative link and its #anchor.

// repoRoot is the repository, from cli.
var repoRoot, _ = filepath.Abs("..")

// pendingPages are linked from the docs but arrive with other branches; until then a link to
// them is logged, not failed.
var pendingPages = map[string]string{}

// docCommand is a command shown in the docs, and where.
type docCommand struct {
	where string // file:line
	line  string
}

func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join(repoRoot, "README.md")}, files...)
}

// docCommands extracts the commands of one Markdown file: the lines of ```sh blocks (with
// continuation lines joined and comments removed) and lines that start with a bench command.
// It also returns the ```toml blocks, by the name they declare.
func docCommands(path string) (cmds []docCommand, specs map[string]string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	rel, _ := filepath.Rel(repoRoot, path)
	specs = map[string]string{}
	lines := strings.Split(string(data), "\n")
	inFence, lang, pending, start := false, "", "", 0
	var block []string
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "```") {
			if !inFence {
				inFence, lang, block = true, strings.TrimPrefix(line, "```"), nil
			} else {
				if lang == "toml" {
					if m := regexp.MustCompile(`(?m)^name = "([^"]+)"`).FindStringSubmatch(strings.Join(block, "\n")); m != nil {
						specs[m[1]] = strings.Join(block, "\n") + "\n"
					}
				}
				inFence = false
			}
			continue
		}
		if inFence {
			block = append(block, raw)
		}
		if inFence && lang == "sh" || !inFence && isBenchLine(line) {
			if pending == "" {
				start = i + 1
			}
			if cont, ok := strings.CutSuffix(line, `\`); ok {
				pending += cont + " "
				continue
			}
			if cmd := strings.TrimSpace(stripComment(pending + line)); cmd != "" {
				cmds = append(cmds, docCommand{fmt.Sprintf("%s:%d", rel, start), cmd})
			}
			pending = ""
		}
	}
	return cmds, specs, nil
}

// isBenchLine reports whether a line outside code blocks is a bench command (and not a
// message bench printed, such as "bench report: note: ...").
func isBenchLine(line string) bool {
	return strings.HasPrefix(line, "go run ./cmd/bench") ||
		strings.HasPrefix(line, "bench ") && !regexp.MustCompile(`^bench [a-z]+:`).MatchString(line)
}

// stripComment removes a shell comment: a # that starts a word outside quotes.
func stripComment(s string) string {
	var quote rune
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || s[i-1] == ' '):
			return s[:i]
		}
	}
	return s
}

// shellWords splits a command line as a shell would, for what the docs use: single and double
// quotes, $VAR and globs left as they are.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	var quote rune
	inWord := false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// simpleCommands splits a line into the commands it runs (at && and ;), each without its
// environment assignments, a leading time, or what it pipes into.
func simpleCommands(line string) [][]string {
	var out [][]string
	for _, part := range regexp.MustCompile(`&&|;`).Split(line, -1) {
		part, _, _ = strings.Cut(part, " | ")
		words := shellWords(part)
		for len(words) > 0 && (words[0] == "time" || regexp.MustCompile(`^[A-Z_]+=`).MatchString(words[0])) {
			words = words[1:]
		}
		if len(words) > 0 {
			out = append(out, words)
		}
	}
	return out
}

// fixtureFor maps results/NAME.parquet to the fixture of the preset NAME is (or is a shard of).
func fixtureFor(arg string) (string, bool) {
	name, ok := strings.CutPrefix(arg, "results/")
	if !ok || !strings.HasSuffix(name, ".parquet") || strings.ContainsAny(name, "*?") {
		return "", false
	}
	name = strings.TrimSuffix(name, ".parquet")
	path := filepath.Join(repoRoot, "plots", "testdata", name+".parquet")
	_, err := os.Stat(path)
	return path, err == nil
}

// checkBench checks one bench command (args after "bench") in the scratch directory.
func checkBench(t *testing.T, args []string) error {
	if len(args) == 0 {
		args = []string{"-h"} // bench alone runs the default experiment
	}
	var real bool
	switch args[0] {
	case "run", "sweep":
		if !slices.Contains(args, "--dry-run") {
			args = append(args, "--dry-run")
		}
		for i := 1; i < len(args); i++ {
			if path, ok := fixtureFor(args[i]); ok && args[i-1] == "--from" {
				args[i] = path // the results file a rerun reads
			}
		}
		real = true
	case "report", "plot", "html":
		real = true
		for i, a := range args {
			if path, ok := fixtureFor(a); ok {
				args[i] = path
			} else if strings.HasPrefix(a, "results/") || strings.HasSuffix(a, ".parquet") {
				real = false // a file of the user's own (or one a run on the page writes): parse the flags only
			}
		}
		if args[0] == "report" && slices.Contains(args, "--paper") && !slices.ContainsFunc(args[1:], func(a string) bool { return strings.HasSuffix(a, ".parquet") }) {
			path, _ := fixtureFor("results/walter2001.parquet") // its default file
			args = append(args, path)
		}
	}
	if !real && !slices.Contains(args, "-h") {
		args = append(args, "-h")
	}
	var code int
	stderr := captureStderr(t, func() {
		captureStdout(t, func() { code = run(context.Background(), args) })
	})
	if code != exitOK {
		return fmt.Errorf("exit %d: %s", code, strings.TrimSpace(stderr))
	}
	return nil
}

// checkGo checks a go command: its packages exist and its patterns match something in them.
func checkGo(words []string) error {
	if len(words) < 2 {
		return nil
	}
	var pkgs, patterns []string
	for i := 2; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "./"):
			pkgs = append(pkgs, w)
		case (w == "-run" || w == "-bench" || w == "-fuzz") && i+1 < len(words):
			patterns = append(patterns, words[i+1])
			i++
		}
	}
	var dirs []string
	for _, p := range pkgs {
		root, recursive := strings.CutSuffix(p, "/...")
		dir := filepath.Join(repoRoot, root)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return fmt.Errorf("no package %s", p)
		}
		dirs = append(dirs, dir)
		if recursive {
			filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err == nil && d.IsDir() {
					dirs = append(dirs, path)
				}
				return nil
			})
		}
	}
	if words[1] != "test" {
		return nil
	}
	funcs := testFuncs(dirs)
	for _, p := range patterns {
		if p == "^$" || p == "XXX" {
			continue
		}
		first, _, _ := strings.Cut(p, "/")
		re, err := regexp.Compile(first)
		if err != nil {
			return fmt.Errorf("pattern %q: %v", p, err)
		}
		if !slices.ContainsFunc(funcs, re.MatchString) {
			return fmt.Errorf("pattern %q matches no test, benchmark or fuzz target in %s", p, strings.Join(pkgs, " "))
		}
	}
	return nil
}

// testFuncs lists the Test, Benchmark, Fuzz and Example functions of the packages in dirs.
func testFuncs(dirs []string) []string {
	re := regexp.MustCompile(`(?m)^func ((?:Test|Benchmark|Fuzz|Example)\w*)\(`)
	var out []string
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(d, "*_test.go"))
		for _, f := range files {
			data, _ := os.ReadFile(f)
			for _, m := range re.FindAllStringSubmatch(string(data), -1) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// checkCommand checks one command line of the docs; it returns "" when the line names a
// program this test does not check (duckdb, benchstat, git, ...).
func checkCommand(t *testing.T, line string) (checked bool, err error) {
	for _, words := range simpleCommands(line) {
		switch {
		case words[0] == "bench":
			err = checkBench(t, slices.Clone(words[1:]))
		case words[0] == "go" && len(words) >= 3 && words[1] == "run" && words[2] == "./cmd/bench":
			err = checkBench(t, slices.Clone(words[3:]))
		case words[0] == "go":
			err = checkGo(words)
		case strings.HasPrefix(words[0], "scripts/") || words[0] == "sh" && len(words) > 1:
			script := words[0]
			if script == "sh" {
				script = words[1]
			}
			if _, e := os.Stat(filepath.Join(repoRoot, script)); e != nil {
				err = fmt.Errorf("no script %s", script)
			}
		default:
			continue
		}
		checked = true
		if err != nil {
			return true, err
		}
	}
	return checked, nil
}

func TestDocCommands(t *testing.T) {
	var cmds []docCommand
	specs := map[string]string{}
	for _, f := range docFiles(t) {
		c, s, err := docCommands(f)
		if err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c...)
		for k, v := range s {
			specs[k] = v
		}
	}
	for _, name := range commandNames() {
		for _, e := range helpExamples(t, name) {
			cmds = append(cmds, docCommand{"bench " + name + " -h", e})
		}
	}
	scratch := t.TempDir()
	for name, spec := range specs {
		if err := os.WriteFile(filepath.Join(scratch, name+".toml"), []byte(spec), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(scratch)
	checked, bench := 0, 0
	for _, c := range cmds {
		ok, err := checkCommand(t, c.line)
		if err != nil {
			t.Errorf("%s: %s\n    %v", c.where, c.line, err)
		}
		if ok {
			checked++
		}
		if isBenchLine(c.line) {
			bench++
		}
	}
	t.Logf("%d command lines, %d checked (%d bench commands)", len(cmds), checked, bench)
	if bench < 40 {
		t.Errorf("only %d bench commands found in the docs: the extraction is broken", bench)
	}
}

// helpExamples returns the examples bench NAME -h prints.
func helpExamples(t *testing.T, name string) []string {
	t.Helper()
	out := captureStdout(t, func() { run(context.Background(), []string{name, "-h"}) })
	_, ex, ok := strings.Cut(out, "\nexamples:\n")
	if !ok {
		return nil
	}
	var lines []string
	for _, l := range strings.Split(ex, "\n") {
		if !strings.HasPrefix(l, "  ") {
			break
		}
		lines = append(lines, strings.TrimSpace(l))
	}
	return lines
}

// TestHelpTeaches: every subcommand's -h lists each of its flags (one line each), shows an
// example or two of the command and names a docs page that exists; an unknown argument is
// one line, not the help.
func TestHelpTeaches(t *testing.T) {
	t.Chdir(t.TempDir()) // a bad command must write nothing, but if it did, not here
	for _, name := range commandNames() {
		var fset *flag.FlagSet
		helpPrinted = func(fs *flag.FlagSet) { fset = fs }
		var code int
		out := captureStdout(t, func() { code = run(context.Background(), []string{name, "-h"}) })
		helpPrinted = nil
		if code != exitOK || fset == nil {
			t.Errorf("bench %s -h: exit %d, printed by printHelp: %v", name, code, fset != nil)
			continue
		}
		fset.VisitAll(func(f *flag.Flag) {
			if !regexp.MustCompile(`(?m)^  --` + f.Name + `( |$)`).MatchString(out) {
				t.Errorf("bench %s -h does not list --%s", name, f.Name)
			}
		})
		if ex := helpExamples(t, name); len(ex) == 0 || !strings.HasPrefix(ex[0], "bench "+name) {
			t.Errorf("bench %s -h shows no example of itself: %q", name, ex)
		}
		m := regexp.MustCompile(`(?m)^more: (docs/[a-z0-9-]+\.md)`).FindStringSubmatch(out)
		if m == nil {
			t.Errorf("bench %s -h names no docs page to read more", name)
		} else if _, err := os.Stat(filepath.Join(repoRoot, m[1])); err != nil && pendingPages[m[1]] == "" {
			t.Errorf("bench %s -h names %s, which does not exist", name, m[1])
		}
		for _, bad := range [][]string{{"--no-such-flag"}, {"no-such-argument"}, {"no-such-argument", "--out", "x.parquet"}} {
			stderr := captureStderr(t, func() { code = run(context.Background(), append([]string{name}, bad...)) })
			if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || strings.Contains(stderr, "usage:") {
				t.Errorf("bench %s %s: exit %d, stderr %q; want one line and exit 2", name, strings.Join(bad, " "), code, stderr)
			}
		}
	}
	if out := captureStdout(t, func() { run(context.Background(), []string{"help", "sweep"}) }); !strings.Contains(out, "usage: bench sweep") {
		t.Errorf("bench help sweep printed %q", out)
	}
}

// TestDocLinks: every relative link of README.md and docs/*.md names a file that exists, and
// its #anchor a heading of that file (GitHub's rule: lower case, punctuation dropped, spaces
// to hyphens).
func TestDocLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range docFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(repoRoot, f)
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := f
			if file != "" {
				path = filepath.Join(filepath.Dir(f), file)
			}
			key, _ := filepath.Rel(repoRoot, path)
			if _, err := os.Stat(path); err != nil {
				if why := pendingPages[key]; why != "" {
					t.Logf("%s: link to %s, which arrives with %s", rel, key, why)
				} else {
					t.Errorf("%s: link to %s: no such file", rel, target)
				}
				continue
			}
			if anchor != "" && !slices.Contains(anchors(t, path), anchor) {
				t.Errorf("%s: link to %s: %s has no heading #%s", rel, target, key, anchor)
			}
		}
	}
}

// anchors returns the GitHub anchors of a Markdown file's headings.
func anchors(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	inFence := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
		}
		h, ok := strings.CutPrefix(line, "#")
		if inFence || !ok {
			continue
		}
		h = strings.ToLower(strings.TrimSpace(strings.TrimLeft(h, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127 && !strings.ContainsRune("—–×·’“”…", r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}
