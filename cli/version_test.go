package cli

import (
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionNamesModuleAndRevision: bench version prints the module version and the VCS
// revision from the build information, and says when the build recorded none.
func TestVersionNamesModuleAndRevision(t *testing.T) {
	info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/mutexlab/mutexlab", Version: "v0.3.1"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-11-29T05:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	got := strings.Join(versionLines(info), "\n")
	for _, want := range []string{"module: github.com/mutexlab/mutexlab v0.3.1", "revision: 0123abcd (2026-11-29T05:00:00Z), with uncommitted changes", "go: go1."} {
		if !strings.Contains(got, want) {
			t.Errorf("version lacks %q:\n%s", want, got)
		}
	}
	if got := strings.Join(versionLines(&debug.BuildInfo{}), "\n"); !strings.Contains(got, "revision: not recorded") {
		t.Errorf("without VCS information:\n%s", got)
	}
	var code int
	stdout := captureStdout(t, func() { code = run(context.Background(), []string{"version"}) })
	if code != exitOK || !strings.Contains(stdout, "mutexlab ") || !strings.Contains(stdout, "revision: ") {
		t.Errorf("bench version: exit %d\n%s", code, stdout)
	}
}
