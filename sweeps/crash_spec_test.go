package sweeps

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// TestCrashKeys: crashes and crash_rate are spec keys that reach kernel.Params, and bad crash
// input is an error naming the key before any trial runs.
func TestCrashKeys(t *testing.T) {
	s, err := Parse([]byte(`algorithms = ["akw2"]
trials = 1
[params]
n = 10
crashes = "3@50,7@120.5"
[grid]
crash_rate = [0, 0.01]
`), "t.toml")
	if err != nil {
		t.Fatal(err)
	}
	if s.NumPoints() != 2 {
		t.Fatalf("%d points, want 2", s.NumPoints())
	}
	p, err := s.Point(1).Params()
	if err != nil {
		t.Fatal(err)
	}
	want := []kernel.Crash{{Node: 3, Time: 50}, {Node: 7, Time: 120.5}}
	if len(p.Crashes) != 2 || p.Crashes[0] != want[0] || p.Crashes[1] != want[1] || p.CrashRate != 0.01 {
		t.Fatalf("crashes %v rate %g", p.Crashes, p.CrashRate)
	}
	if got := kernel.FormatCrashes(p.Crashes); got != "3@50,7@120.5" {
		t.Fatalf("FormatCrashes: %q", got)
	}
	for _, bad := range []string{`crashes = "12@5"`, `crashes = "3@-1"`, `crashes = "three@5"`, `crash_rate = -1`} {
		_, err := Parse([]byte("algorithms = [\"akw2\"]\ntrials = 1\n[params]\nn = 10\n"+bad+"\n"), "t.toml")
		if err == nil || !strings.Contains(err.Error(), "crash") {
			t.Errorf("%s: got %v, want an error naming the crash key", bad, err)
		}
	}
}

// TestColoringKeys: akw1's colouring parameters are spec keys checked before any trial
// runs: an unknown colouring, and 1b without the n and δ the nodes know, are errors naming
// the key.
func TestColoringKeys(t *testing.T) {
	for bad, key := range map[string]string{"akw_coloring = 7": "akw_coloring", "akw_coloring = 2": "akw_n", "akw_coloring = 2\nakw_n = 40": "akw_delta"} {
		_, err := Parse([]byte("algorithms = [\"akw1\"]\ntrials = 1\n[params]\nn = 10\n"+bad+"\n"), "t.toml")
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("%q: got %v, want an error naming %s", bad, err, key)
		}
	}
	if _, err := Parse([]byte("algorithms = [\"akw1\"]\ntrials = 1\n[params]\nn = 10\nakw_coloring = 2\nakw_n = 10\nakw_delta = 9\n"), "t.toml"); err != nil {
		t.Fatal(err)
	}
}
