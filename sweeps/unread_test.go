package sweeps

import (
	"strings"
	"testing"
)

// TestUnreadParamRefused: a parameter read only under another parameter's value (akw_n and
// akw_delta under akw_coloring = 2, zipf_s under resource_dist = 1, priority_pC with at least
// C priority classes; the walter readings mobility_rate, link_formation and no_deletion under
// mobility > 0; drain_max_events under drain = full) is refused, naming both keys, when no point of the sweep reads it; where some
// points read it, it is accepted with a note (the others record null, or, for a reading, run
// the same trial under each value: readings are out of the seed).
func TestUnreadParamRefused(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"algorithms = [\"akw1\"]\ntrials = 1\n[params]\nakw_n = 100\n", "params.akw_n: has no effect: akw1 reads it only with akw_coloring = 2, and this sweep has akw_coloring = 1"},
		{"algorithms = [\"akw1\"]\ntrials = 1\n[params]\nakw_coloring = 1\nakw_delta = 8\n", "params.akw_delta: has no effect: akw1 reads it only with akw_coloring = 2"},
		{"algorithms = [\"gme\"]\ntrials = 1\n[grid]\nzipf_s = [1, 2]\n", "grid.zipf_s: has no effect: gme reads it only with resource_dist = 1, and this sweep has resource_dist = 0"},
		{"algorithms = [\"hk\"]\ntrials = 1\n[params]\npriority_levels = 2\npriority_p3 = 0\n", "params.priority_p3: has no effect: hk reads it only with priority_levels >= 3, and this sweep has priority_levels = 2"},
		{"algorithms = [\"rl\"]\ntrials = 1\n[grid]\nmobility_rate = [\"network\", \"per-node\"]\n",
			"grid.mobility_rate: has no effect: network model walter reads it only with mobility > 0, and this sweep has mobility = 0; leave it out or set mobility"},
		{"algorithms = [\"rl\"]\ntrials = 1\n[params]\nmobility = 0\nno_deletion = \"form\"\n[grid]\nlink_formation = [\"absent\", \"any-pair\"]\n",
			"grid.link_formation, params.no_deletion: have no effect: network model walter reads it only with mobility > 0"},
		{"algorithms = [\"rl\"]\ntrials = 1\n[params]\ndrain = \"none\"\ndrain_max_events = 1000\n",
			"params.drain_max_events: has no effect: the simulator reads it only with drain = full, and this sweep has drain = none"},
	} {
		_, err := Parse([]byte(c.text), "t.toml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.text, err, c.want)
		}
	}
	// Read at some points: accepted, with a note.
	s := mustParse(t, "algorithms = [\"akw1\"]\ntrials = 1\n[params]\nakw_n = 100\nakw_delta = 29\n[grid]\nakw_coloring = [1, 2]\n")
	if len(s.Warnings) != 2 || !strings.Contains(s.Warnings[0], "akw_n has no effect with akw_coloring = 1: those rows record null for it") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	s = mustParse(t, "algorithms = [\"rl\"]\ntrials = 1\n[grid]\nmobility = [0, 0.1]\nmobility_rate = [\"network\", \"per-node\"]\n")
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "mobility_rate has no effect with mobility = 0") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	s = mustParse(t, "algorithms = [\"rl\"]\ntrials = 1\n[params]\ndrain_max_events = 1000\n[grid]\ndrain = [\"full\", \"none\"]\n")
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "drain_max_events has no effect with drain = none: those rows record null for it") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	for _, text := range []string{
		"algorithms = [\"gme\"]\ntrials = 1\n[params]\nzipf_s = 1\nresource_dist = 1\n",
		"algorithms = [\"rl\"]\ntrials = 1\n[params]\nmobility = 0.1\nmobility_rate = \"per-node\"\n",
	} {
		if s = mustParse(t, text); len(s.Warnings) != 0 {
			t.Fatalf("%q: warnings %q", text, s.Warnings)
		}
	}
}
