package sweeps

import (
	"slices"
	"strings"
	"testing"
)

// A registered preset is listed and loads like an embedded one, with the title as its
// description; a taken name, a bad name or a spec that names itself otherwise is refused with
// a one-line error naming the preset.
func TestRegisterPreset(t *testing.T) {
	spec := "algorithms = [\"rl\", \"rr\"]\ntrials = 1\nseed = 3\n[params]\nn = 6\nconnectivity = 0.6\n"
	if err := RegisterPreset("registered-test", "rl and rr on six nodes", spec); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(PresetNames(), "registered-test") {
		t.Fatalf("presets %v lack the registered one", PresetNames())
	}
	s, err := Preset("registered-test")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "registered-test" || s.Description != "rl and rr on six nodes" || s.NumTrials() != 2 {
		t.Errorf("loaded %q %q with %d trials", s.Name, s.Description, s.NumTrials())
	}
	for _, c := range []struct{ name, title, spec, want string }{
		{"registered-test", "again", spec, `preset "registered-test" registered twice`},
		{"walter2001", "again", spec, `preset "walter2001" registered twice`},
		{"Bad Name", "t", spec, `preset "Bad Name": the name must be`},
		{"other", "", spec, `preset "other": the title is empty`},
		{"other", "t", "name = \"else\"\n" + spec, `preset "other": the spec's name "else"`},
		{"other", "t", "algorithms = [", `preset "other": `},
	} {
		err := RegisterPreset(c.name, c.title, c.spec)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("RegisterPreset(%q, %q): %v, want %s...", c.name, c.title, err, c.want)
		}
	}
	if slices.Contains(PresetNames(), "other") {
		t.Error("a refused preset was registered")
	}
}
