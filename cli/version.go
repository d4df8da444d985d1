package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/mutexlab/mutexlab/sweeps"
)

func init() {
	register(command{name: "version", summary: "the program version, the module version and VCS revision it was built from, and the Go toolchain", run: versionCmd})
}

var versionHelp = help{
	usage: "bench version",
	about: `Prints the program version results files record (mutexlab.program_version), the module
version and VCS revision bench was built from (Go's build information: "go build" and
"go install" record the revision; "go run" and "go test" do not, which it says; results
files record it in mutexlab.revisions, "unknown" without it), and the Go toolchain and
platform.`,
	examples: []string{"bench version"},
	more:     "docs/running.md",
}

func versionCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench version", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	pos, err := parseArgs(fs, args, versionHelp)
	if err != nil {
		return err
	}
	if err := noArgs("version", pos); err != nil {
		return err
	}
	info, _ := debug.ReadBuildInfo()
	for _, line := range versionLines(info) {
		fmt.Println(line)
	}
	return nil
}

// versionLines describes the build: what a results file records, and where it came from.
func versionLines(info *debug.BuildInfo) []string {
	lines := []string{"mutexlab " + sweeps.ProgramVersion + " (program_version in results files)"}
	module, revision := "not recorded", "not recorded (built without VCS information, as by go run or go test)"
	if info != nil {
		module = info.Main.Path + " " + info.Main.Version
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		if r := settings["vcs.revision"]; r != "" {
			revision = r
			if t := settings["vcs.time"]; t != "" {
				revision += " (" + t + ")"
			}
			if settings["vcs.modified"] == "true" {
				revision += ", with uncommitted changes"
			}
		}
	}
	return append(lines, "module: "+module, "revision: "+revision, "go: "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH)
}
