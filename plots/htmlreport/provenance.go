package htmlreport

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/sweeps"
)

// Metadata keys a sweep writes (sweeps: metadata) besides those with named constants.
const (
	keyProgram  = "mutexlab.program_version"
	keySpec     = "mutexlab.spec"
	keySpecName = "mutexlab.spec_name"
	keyRootSeed = "mutexlab.root_seed"
)

// Provenance is what the file says about how it was made.
type Provenance struct {
	Facts []Fact
	// Spec is the sweep spec the file records, as a spec file (TOML, Spec.Describe); "" when
	// the file lacks it.
	Spec string
	// Rerun is the command that runs the sweep again, when it is a preset of this program
	// (same spec hash); "" otherwise.
	Rerun string
	// RerunFrom is the command that reruns the sweep the file records (bench sweep --from)
	// into a new file beside it, when the file records a spec that reads back; "" otherwise.
	RerunFrom string
	// Missing names the metadata keys the file lacks (an older file, or one not written by
	// a sweep).
	Missing []string
	// Notes explain what the facts cannot say.
	Notes []string
	// Warnings are what a reader must know before trusting the numbers (a shard, a file
	// with fewer trials than its sweep).
	Warnings []string
}

// Fact is one line of the provenance: a label and its value, or why there is none.
type Fact struct {
	Label, Value string
	Absent       bool // Value says why there is no value
}

// noClock says why a file cannot say when or how long.
const noClock = "Results files hold no wall-clock times, so that a sweep's file is identical byte for byte however it was run (any worker count, shards, resumed or not): when and how long are not recorded."

// provenance reads f's metadata. events and simTime are the sums over the file's trials
// (NaN when the file lacks the columns).
func provenance(f *results.File, events, simTime float64) Provenance {
	meta := f.Metadata()
	var p Provenance
	get := func(key string) string {
		v, ok := meta[key]
		if !ok {
			p.Missing = append(p.Missing, key)
		}
		return v
	}
	add := func(label, value, absent string) {
		if value == "" {
			p.Facts = append(p.Facts, Fact{Label: label, Value: absent, Absent: true})
			return
		}
		p.Facts = append(p.Facts, Fact{Label: label, Value: value})
	}
	name, hash := get(keySpecName), get(sweeps.KeySpecHash)
	if name != "" && hash != "" {
		name += " (spec hash " + hash + ")"
	}
	add("results file", fmt.Sprintf("%s (schema version %d)", f.Path(), f.Version()), "")
	add("sweep", name, "not recorded in this file")
	add("trials", p.trials(f.NumRows(), get(sweeps.KeyTrialsTotal), get(sweeps.KeyGrid), get(sweeps.KeyShard)), "")
	add("root seed", get(keyRootSeed), "not recorded in this file")
	add("program", programVersion(get(keyProgram)), "")
	add("source revisions", get(sweeps.KeyRevisions), "not recorded in this file")
	add("when", "", "not recorded; "+modified(f.Path()))
	add("how long", "", "not recorded")
	p.Notes = append(p.Notes, noClock)
	add("simulated work", work(events, simTime), "not recorded in this file")
	spec := get(keySpec)
	p.Spec = specFile(spec, f.Path())
	p.Rerun = rerun(meta[keySpecName], hash)
	p.RerunFrom = rerunFrom(spec, f.Path())
	return p
}

// trials says how many trials the file holds against its sweep's, and warns when the file
// is a shard or holds fewer.
func (p *Provenance) trials(rows int64, total, grid, shard string) string {
	s := fmt.Sprintf("%d in this file", rows)
	if total != "" {
		s += "; the sweep has " + total
	}
	if grid != "" {
		s += " (" + gridText(grid) + ")"
	}
	if shard != "" && shard != "0/1" {
		p.Warnings = append(p.Warnings, fmt.Sprintf("This file is shard %s of its sweep: its numbers are a part of the sweep's. Merge the shards (bench merge) and report the merged file.", shard))
	} else if n, err := strconv.ParseInt(total, 10, 64); err == nil && n != rows {
		p.Warnings = append(p.Warnings, fmt.Sprintf("This file holds %d of its sweep's %d trials.", rows, n))
	}
	return s
}

// gridText renders the mutexlab.grid key ("points=27 replicates=3 algorithms=rl,rr") for
// a reader: "27 points × 3 replicates × 2 algorithms: rl, rr".
func gridText(grid string) string {
	var points, reps int
	var algos string
	if _, err := fmt.Sscanf(grid, "points=%d replicates=%d algorithms=%s", &points, &reps, &algos); err != nil {
		return grid
	}
	a := strings.Split(algos, ",")
	return fmt.Sprintf("%d points × %d replicates × %d algorithms: %s", points, reps, len(a), strings.Join(a, ", "))
}

// specFile renders the recorded spec as a spec file (what bench sweep --from reads), also
// when the file records it in the older line form; text that does not read back is shown as
// recorded.
func specFile(text, path string) string {
	spec, err := sweeps.Described(text, path)
	if err != nil {
		return text
	}
	return spec.Describe()
}

// rerun returns "bench sweep NAME" when NAME is a preset whose spec hash is the file's.
func rerun(name, hash string) string {
	spec, err := sweeps.Preset(name)
	if err != nil || hash == "" || sweeps.SpecHash(spec) != hash {
		return ""
	}
	return "bench sweep " + name
}

// rerunFrom returns the bench sweep --from command that reruns the spec text recorded in the
// results file at path, writing NAME-again.parquet so that the file itself stays as it is;
// "" when the file records no spec that reads back.
func rerunFrom(text, path string) string {
	if text == "" {
		return ""
	}
	if _, err := sweeps.Described(text, path); err != nil {
		return ""
	}
	again := strings.TrimSuffix(path, filepath.Ext(path)) + "-again.parquet"
	return "bench sweep --from " + shellArg(path) + " --out " + shellArg(again)
}

// shellArg quotes a path for a POSIX shell when it holds anything but letters, digits and
// the punctuation of ordinary paths, so that the command can be pasted as shown.
func shellArg(s string) string {
	plain := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./+:,@", r))
	}) < 0
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func programVersion(v string) string {
	if v == "" {
		return "not recorded in this file; this page was made by mutexlab " + sweeps.ProgramVersion
	}
	s := "mutexlab " + v
	if v != sweeps.ProgramVersion {
		s += " (this page was made by mutexlab " + sweeps.ProgramVersion + ")"
	}
	return s
}

// modified names the file's modification time: when it was last written, which for a
// finished sweep is when its last trial was merged in.
func modified(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "the file's modification time is unknown"
	}
	return "the file was last written " + st.ModTime().UTC().Format(time.DateTime) + " UTC (its modification time)"
}

func work(events, simTime float64) string {
	if math.IsNaN(events) || math.IsNaN(simTime) {
		return ""
	}
	return fmt.Sprintf("%.4g events and %.4g simulated time units over all trials", events, simTime)
}
