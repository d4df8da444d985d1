package sweeps

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
)

// The presets are readable TOML files in sweeps/presets/, embedded in the binary so that
// `bench sweep NAME` works from any directory.
//
//go:embed presets/*.toml
var presetFiles embed.FS

// PresetNames lists the embedded presets.
func PresetNames() []string {
	entries, _ := presetFiles.ReadDir("presets")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(names)
	return names
}

// Preset loads an embedded preset by name.
func Preset(name string) (*Spec, error) {
	data, err := presetFiles.ReadFile(path.Join("presets", name+".toml"))
	if err != nil {
		return nil, fmt.Errorf("unknown preset %q; presets: %s", name, strings.Join(PresetNames(), ", "))
	}
	return Parse(data, "preset "+name)
}

// PresetSource returns the TOML text of an embedded preset.
func PresetSource(name string) ([]byte, error) {
	return presetFiles.ReadFile(path.Join("presets", name+".toml"))
}
