package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPages: bench run --html and bench replay --html write one self-contained viewer page
// (traceview) for one trial, say what they cut, exit with the trial's code (a
// starving trial's page opens at the starvation, exit 4), and leave no temporary file.
func TestPages(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "tiny.toml")
	if err := os.WriteFile(spec, []byte("name = \"tiny\"\nalgorithms = [\"rr\"]\ntrials = 2\n[params]\nn = 6\nconnectivity = 0.5\nmeasure = 20\nwarmup = 5\n[grid]\nload = [0.1, 1]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	small := []string{"--algo", "rl", "--n", "6", "--connectivity", "0.5", "--warmup", "5", "--measure", "30", "--trials", "1"}
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		stderr []string // what bench says
		page   []string // what the page holds
	}{
		{"run", append([]string{"run"}, small...), exitOK, []string{"run: ", "(the trial passes)"}, []string{`"n":6`, "bench run trial"}},
		{"starve", append([]string{"run", "--starve-after", "0.5", "--load", "1"}, small...), exitStarvation,
			[]string{"opens at the starvation"}, []string{"starvation: "}},
		{"preset", []string{"replay", "--preset", "walter2001", "--algo", "rl", "--point", "0", "--trial", "0", "--max-events", "300"}, exitOK,
			[]string{"replay: 300 events", "events 1–300 of the trial's"}, []string{"walter2001 point 0 trial 0", "events 1–300 of the trial's"}},
		{"spec", []string{"replay", "--spec", spec, "--point", "1", "--trial", "1"}, exitOK,
			[]string{"replay: ", "(the trial passes)"}, []string{"point 1 trial 1", "load=1 ", "n=6 "}},
		{"seed", []string{"replay", "--algo", "gme", "--seed", "3", "--max-events", "200", "--from-time", "20"}, exitOK,
			[]string{"replay: 200 events"}, []string{"gme, swarm seed 3", "bench replay --algo gme --seed 3 --html"}},
	} {
		page := filepath.Join(dir, c.name+".html")
		var code int
		stderr := captureStderr(t, func() {
			code = run(context.Background(), append(c.args, "--html", page))
		})
		if code != c.code {
			t.Errorf("%s: exit %d, want %d\n%s", c.name, code, c.code, stderr)
		}
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, stderr)
		}
		for _, want := range c.stderr {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: bench says %q, lacking %q", c.name, stderr, want)
			}
		}
		for _, want := range append(c.page, "<!DOCTYPE html>", "default-src 'none'") {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s: the page lacks %q", c.name, want)
			}
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestPageBadInput: each bad combination of the page flags exits 2 with a line naming the
// flag, and leaves the page already at the path as it was.
func TestPageBadInput(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "keep.html")
	if err := os.WriteFile(page, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--algo", "rl", "--trials", "2", "--html", page}, "--html: shows one trial"},
		{[]string{"run", "--algo", "rl,rr", "--trials", "1", "--html", page}, "--html: shows one trial"},
		{[]string{"run", "--algo", "rl", "--trials", "1", "--html", filepath.Join(dir, "x.txt")}, "--html"},
		{[]string{"run", "--algo", "rl", "--trials", "1", "--html", page, "--out", filepath.Join(dir, "o.parquet")}, "drop --out"},
		{[]string{"replay", "--preset", "walter2001", "--algo", "rl"}, "--preset"},
		{[]string{"replay", "--preset", "walter2001", "--algo", "rl", "--seed", "3", "--html", page}, "--seed"},
		{[]string{"replay", "--preset", "walter2001", "--html", page}, "--algo"},
		{[]string{"replay", "--preset", "walter2001", "--algo", "nope", "--html", page}, "--algo nope"},
		{[]string{"replay", "--preset", "walter2001", "--algo", "rl", "--point", "999999", "--html", page}, "--point"},
		{[]string{"replay", "--preset", "nope", "--html", page}, "--preset nope"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--html", page, "--max-events", "0"}, "--max-events"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--from-time", "5"}, "--from-time"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--html", page, "--out", filepath.Join(dir, "t.txt")}, "--html"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--point", "2"}, "--point"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--html", dir}, "--html"},
	} {
		var code int
		stderr := captureStderr(t, func() { code = run(context.Background(), c.args) })
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, said %q; want exit 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
	if data, _ := os.ReadFile(page); string(data) != "keep" {
		t.Errorf("a refused command changed %s", page)
	}
}
