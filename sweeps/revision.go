package sweeps

import (
	"runtime/debug"
	"slices"
	"strings"
)

// KeyRevisions is the metadata key of the source revisions of the builds that wrote a
// file's rows: one for a sweep run once, more when it was resumed or its shards were run by
// builds of different sources. ProgramVersion says which release; this says which code.
const KeyRevisions = "mutexlab.revisions"

// revision is this build's source revision, as Go records it from the repository it was
// built in (vcs.revision, with "+modified" when the tree had uncommitted changes), or
// "unknown" for a build without that record (go run, go test). A variable so that tests can
// give the parts of one sweep different revisions.
var revision = buildRevision()

func buildRevision() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, modified := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	switch {
	case rev == "":
		return "unknown"
	case modified:
		return rev + "+modified"
	}
	return rev
}

// joinRevisions merges lists of revisions as KeyRevisions holds them ("a, b"): each once,
// sorted.
func joinRevisions(lists ...string) string {
	var all []string
	for _, l := range lists {
		for r := range strings.SplitSeq(l, ",") {
			if r = strings.TrimSpace(r); r != "" {
				all = append(all, r)
			}
		}
	}
	slices.Sort(all)
	return strings.Join(slices.Compact(all), ", ")
}
