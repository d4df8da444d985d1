package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bigPageArgs is bench run --html of one trial of about 25 s (rl, n = 200, 2·10^6 entries).
func bigPageArgs(page string) []string {
	return []string{"run", "--algo", "rl", "--n", "200", "--measure", "2000000", "--trials", "1", "--html", page}
}

// signalChild starts bench (this test binary, as TestMain runs it) with args, sends it sig
// after wait, and returns its exit code, standard output and error, and how long it took to
// exit after the signal.
func signalChild(t *testing.T, wait time.Duration, sig syscall.Signal, args ...string) (code int, stdout, stderr string, latency time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BENCH_CHILD="+strings.Join(args, "\t"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(wait)
	sent := time.Now()
	cmd.Process.Signal(sig)
	cmd.Wait()
	return cmd.ProcessState.ExitCode(), out.String(), errb.String(), time.Since(sent)
}

// The first signal's message says only that bench is stopping: true of every command,
// whether it keeps finished trials (run, sweep) or nothing (check, swarm, run --html).
const stoppingLine = "bench: interrupt: stopping (send it again to quit at once)\n"

// TestCheckJiangInterrupted: an interrupted bench check jiang stops at once, prints no
// partial verdict table and one line saying nothing was checked to the end, and exits 1;
// with both papers and 10^6 entries it would run for minutes.
func TestCheckJiangInterrupted(t *testing.T) {
	t.Parallel()
	args := []string{"jiang", "--entries", "1000000"}
	want := "interrupted: nothing was checked to the end, so no verdict is printed; rerun the command for the tables"
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
	}{
		{"cancelled before the start", func() (context.Context, context.CancelFunc) { return ctx, cancel }},
		{"cancelled after 300 ms", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 300*time.Millisecond)
		}},
	} {
		ctx, cancel := c.ctx()
		start := time.Now()
		err := checkCmd(ctx, args)
		el := time.Since(start)
		cancel()
		if err == nil || err.Error() != want || exitCode(err) != exitFailure || el > 5*time.Second {
			t.Errorf("%s: returned after %s: %v (exit %d); want %q, exit 1", c.name, el, err, exitCode(err), want)
		}
	}
	// One paper printed in full, the other interrupted: the line says which is which.
	err := jiangInterrupted([]string{"hk"}, []string{"gme"})
	if want := "interrupted: gme was not checked to the end, so none of its verdicts is printed (hk above is complete); rerun the command for it"; err.Error() != want {
		t.Errorf("hk done, gme interrupted: %q, want %q", err, want)
	}
}

// TestCheckJiangSIGINT: the new user's case, end to end: SIGINT half a second into bench
// check jiang (both papers, 10^6 entries: minutes of work) ends it within seconds, exit 1,
// standard output empty, standard error the stopping line and the interrupted line only.
func TestCheckJiangSIGINT(t *testing.T) {
	t.Parallel()
	code, stdout, stderr, latency := signalChild(t, 500*time.Millisecond, syscall.SIGINT, "check", "jiang", "--entries", "1000000")
	t.Logf("SIGINT to exit: %s", latency)
	want := stoppingLine + "bench check: interrupted: nothing was checked to the end, so no verdict is printed; rerun the command for the tables\n"
	if code != exitFailure || stdout != "" || stderr != want || latency > 5*time.Second {
		t.Errorf("after SIGINT: exit %d after %s\nstdout %q\nstderr %q\nwant exit 1 within 5 s, no stdout, stderr %q", code, latency, stdout, stderr, want)
	}
}

// TestRunHTMLInterrupted: an interrupted bench run --html stops its trial at once (it would
// run about 25 s), writes no page (an existing file at the path stays as it was, and no
// temporary file is left), says so in one line and exits 1.
func TestRunHTMLInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fresh, old := filepath.Join(dir, "big.html"), filepath.Join(dir, "old.html")
	const oldPage = "an earlier page\n"
	if err := os.WriteFile(old, []byte(oldPage), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name, page string
		ctx        func() (context.Context, context.CancelFunc)
	}{
		{"cancelled before the start", fresh, func() (context.Context, context.CancelFunc) { return ctx, cancel }},
		{"cancelled after 300 ms", fresh, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 300*time.Millisecond)
		}},
		{"cancelled after 300 ms, a page there", old, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 300*time.Millisecond)
		}},
	} {
		ctx, cancel := c.ctx()
		start := time.Now()
		args := bigPageArgs(c.page)[1:]
		if c.page == old {
			args = append(args, "--replace") // a page bench did not write: refused without it
		}
		err := runCmd(ctx, args)
		el := time.Since(start)
		cancel()
		want := "interrupted before the page was written: nothing written to " + c.page + "; rerun the command for it"
		if err == nil || err.Error() != want || exitCode(err) != exitFailure || el > 5*time.Second {
			t.Errorf("%s: returned after %s: %v (exit %d); want %q, exit 1", c.name, el, err, exitCode(err), want)
		}
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("%s: written by an interrupted run (%v)", fresh, err)
	}
	if b, err := os.ReadFile(old); err != nil || string(b) != oldPage {
		t.Errorf("%s: changed by an interrupted run: %q %v", old, b, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%s holds %d files after interrupted runs, want only old.html: %v", dir, len(ents), ents)
	}
}

// TestRunHTMLSIGINT: the new user's case, end to end: SIGINT half a second into a bench run
// --html of a 25 s trial ends it within seconds, exit 1, no page, and standard error says
// stopping, then that nothing was written.
func TestRunHTMLSIGINT(t *testing.T) {
	t.Parallel()
	page := filepath.Join(t.TempDir(), "big.html")
	code, stdout, stderr, latency := signalChild(t, 500*time.Millisecond, syscall.SIGINT, bigPageArgs(page)...)
	t.Logf("SIGINT to exit: %s", latency)
	want := stoppingLine + "bench run: interrupted before the page was written: nothing written to " + page + "; rerun the command for it\n"
	if code != exitFailure || stdout != "" || stderr != want || latency > 5*time.Second {
		t.Errorf("after SIGINT: exit %d after %s\nstdout %q\nstderr %q\nwant exit 1 within 5 s, no stdout, stderr %q", code, latency, stdout, stderr, want)
	}
	if _, err := os.Stat(page); !os.IsNotExist(err) {
		t.Errorf("%s: written after SIGINT (%v)", page, err)
	}
}

// TestReplayPageInterrupted: bench replay --html, of a swarm seed or of a sweep's trial,
// stops on a cancelled context like bench run --html: exit 1, one line, no page.
func TestReplayPageInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"--algo", "rl", "--seed", "3", "--html", filepath.Join(dir, "seed.html")},
		{"--preset", "walter2001", "--algo", "rl", "--point", "0", "--trial", "0", "--html", filepath.Join(dir, "trial.html")},
	} {
		err := replayCmd(ctx, args)
		if err == nil || !strings.Contains(err.Error(), "interrupted before the page was written") || exitCode(err) != exitFailure {
			t.Errorf("replay %v: %v (exit %d), want interrupted, exit 1", args, err, exitCode(err))
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("interrupted replays left %v", ents)
	}
}

// TestCheckBoundsInterrupted: an interrupted bench check bounds says in one line what it
// finished, exits 1, and returns at once.
func TestCheckBoundsInterrupted(t *testing.T) { // not parallel: it captures standard output
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	var err error
	captureStdout(t, func() { err = checkCmd(ctx, []string{"bounds"}) })
	if el := time.Since(start); err == nil || !strings.HasPrefix(err.Error(), "interrupted: ") || exitCode(err) != exitFailure || el > 5*time.Second {
		t.Errorf("returned after %s: %v (exit %d); want one interrupted line, exit 1", el, err, exitCode(err))
	}
}

// TestCheckExhaustiveSIGTERM: SIGTERM a second into an exhaustive search that would run for
// minutes (rl, n = 4, 2 requests, 1 link change) ends it within seconds with exit 1; what was
// explored is printed as EXPLORED UP TO, never as a pass.
func TestCheckExhaustiveSIGTERM(t *testing.T) {
	t.Parallel()
	code, stdout, stderr, latency := signalChild(t, time.Second, syscall.SIGTERM, "check", "exhaustive", "--algo", "rl", "--n", "4", "--requests", "2", "--link-changes", "1")
	t.Logf("SIGTERM to exit: %s", latency)
	if code != exitFailure || latency > 5*time.Second || !strings.Contains(stdout, "verdict: EXPLORED UP TO") ||
		strings.Contains(stdout, "VERIFIED") || !strings.Contains(stderr, "bench check: interrupted:") {
		t.Errorf("after SIGTERM: exit %d after %s\nstdout %q\nstderr %q\nwant exit 1 within 5 s, EXPLORED UP TO, the interrupted line", code, latency, stdout, stderr)
	}
}
