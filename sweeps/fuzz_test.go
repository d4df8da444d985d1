package sweeps_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/sweeps"
)

// FuzzParse feeds arbitrary bytes to the sweep-spec parser: it must never panic, and every
// error must be one line (the command line prints it as is). A spec it accepts must
// validate again and expand to at least one grid point.
//
//	go test ./sweeps -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	for _, name := range sweeps.PresetNames() {
		src, err := sweeps.PresetSource(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"",
		"name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[params]\nn = 10\n",
		"algorithms = [\"rl\", \"rr\"]\ntrials = 2\n[grid]\nload = {log = [1e-3, 1], points = 4}\n",
		"algorithms = [\"hk\"]\ntrials = 1\n[params]\nk = 3\nh = 0\n",
		"[grid]\nconnectivity = {linear = [0.1, 1.0], points = 0}\n",
		"trials = -1\n",
		"algorithms = [\"nope\"]\n",
		"[params]\nn = \"thirty\"\n",
		"[params\n",
		"seed = 18446744073709551615\n",
		"[grid]\nn = []\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		s, err := sweeps.Parse(data, "fuzz.toml")
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error is not one line: %q", msg)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("Parse accepted a spec that Validate rejects: %v", err)
		}
		if s.NumPoints() == 0 || s.NumTrials() > sweeps.MaxTrials {
			t.Fatalf("accepted spec has no grid points")
		}
	})
}
