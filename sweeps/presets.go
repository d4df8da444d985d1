package sweeps

import (
	"embed"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
)

// The presets are readable TOML files in sweeps/presets/, embedded in the binary so that
// `bench sweep NAME` works from any directory; a program that registers an algorithm adds
// its own with RegisterPreset.
//
//go:embed presets/*.toml
var presetFiles embed.FS

// registered are the presets added by RegisterPreset, by name: their spec text.
var (
	registeredMu sync.Mutex
	registered   = map[string]string{}
)

// RegisterPreset adds a named sweep, given as the text of a spec file (the format of
// sweeps/presets/*.toml), for `bench sweep NAME` and the listings. title is its one-line
// description; the spec's own name and description, if it gives them, must be name and
// title. Call it from an init function, after registering the algorithms it sweeps: the spec
// is checked in full when it is loaded (Preset), once every registration has run. The error
// names the preset: a name already taken (by an embedded preset too), an empty title, or a
// text that is not TOML.
func RegisterPreset(name, title, spec string) error {
	if !validPresetName(name) {
		return fmt.Errorf("preset %q: the name must be lower-case letters, digits and -, starting with a letter", name)
	}
	if strings.TrimSpace(title) == "" {
		return fmt.Errorf("preset %q: the title is empty", name)
	}
	var head struct {
		Name        string `toml:"name"`
		Description string `toml:"description"`
	}
	if _, err := toml.Decode(spec, &head); err != nil {
		return fmt.Errorf("preset %q: %v", name, err)
	}
	if head.Name != "" && head.Name != name || head.Description != "" && head.Description != title {
		return fmt.Errorf("preset %q: the spec's name %q and description %q must be the preset's name and title %q, or absent", name, head.Name, head.Description, title)
	}
	registeredMu.Lock()
	defer registeredMu.Unlock()
	if slices.Contains(PresetNames(), name) {
		return fmt.Errorf("preset %q registered twice", name)
	}
	registered[name] = presetText(name, title, spec, head.Name == "", head.Description == "")
	return nil
}

// presetText is spec with the name and description lines it lacks put first.
func presetText(name, title, spec string, addName, addDescription bool) string {
	var b strings.Builder
	if addName {
		fmt.Fprintf(&b, "name = %q\n", name)
	}
	if addDescription {
		fmt.Fprintf(&b, "description = %q\n", title)
	}
	return b.String() + spec
}

func validPresetName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// PresetNames lists the embedded and registered presets, sorted.
func PresetNames() []string {
	entries, _ := presetFiles.ReadDir("presets")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	for name := range registered {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Preset loads a preset by name.
func Preset(name string) (*Spec, error) {
	data, err := PresetSource(name)
	if err != nil {
		return nil, fmt.Errorf("unknown preset %q; presets: %s", name, strings.Join(PresetNames(), ", "))
	}
	return Parse(data, "preset "+name)
}

// PresetSource returns the TOML text of a preset.
func PresetSource(name string) ([]byte, error) {
	if text, ok := registered[name]; ok {
		return []byte(text), nil
	}
	return presetFiles.ReadFile(path.Join("presets", name+".toml"))
}
