package cli

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
)

// profileEnv names the environment variable that makes any bench command write a CPU profile
// of its whole run: how default.pgo (the profile-guided build, docs/scaling.md) is made, and
// how a researcher sees where a slow sweep spends its time (go tool pprof -top FILE).
const profileEnv = "BENCH_CPUPROFILE"

// startProfile starts the CPU profile that BENCH_CPUPROFILE asks for and returns the function
// that ends it. An unwritable file is bad input, reported before any work starts.
func startProfile() (stop func(), err error) {
	path := os.Getenv(profileEnv)
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, usagef("%s=%s: cannot write the profile there: %v", profileEnv, path, err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", profileEnv, err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// runProfiled is run under the CPU profile BENCH_CPUPROFILE asks for, if any.
func runProfiled(ctx context.Context, args []string) int {
	stop, err := startProfile()
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %s\n", oneLine(err.Error()))
		return exitCode(err)
	}
	defer stop()
	return run(ctx, args)
}
