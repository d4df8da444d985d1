package sweeps

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
)

func mustParse(t *testing.T, text string) *Spec {
	t.Helper()
	s, err := Parse([]byte(text), "test.toml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func rowsOf(t *testing.T, path string) []string {
	t.Helper()
	f, err := results.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.ReadRows()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rows))
	for k := range rows {
		out[k] = string(encodeRow(nil, rows[k], f.Columns()))
	}
	return out
}

// stopAfter is a Progress that cancels the sweep after n trials.
type stopAfter struct {
	n      int
	cancel func()
}

func (p *stopAfter) Start(string, int, int) {}
func (p *stopAfter) Add(int) {
	if p.n--; p.n == 0 {
		p.cancel()
	}
}
func (p *stopAfter) Finish() {}

func TestInterruptAndResumeGiveTheSameRows(t *testing.T) {
	defer func(n int) { partRows = n }(partRows)
	partRows = 7
	spec := mustParse(t, smallSpec)
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.parquet")
	if _, err := Execute(context.Background(), spec, Options{Workers: 2, Out: ref}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.parquet")
	total := spec.NumTrials()
	// Two interruptions, then a run to the end. One worker holds at most Window(1) = 12
	// trials in flight, so each interruption leaves work for the next run of the 48.
	for _, stop := range []int{3, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		_, err := Execute(ctx, spec, Options{Workers: 1, Out: out, Progress: &stopAfter{n: stop, cancel: cancel}})
		cancel()
		var ie *StoppedError
		if !errors.As(err, &ie) || !errors.Is(err, runner.ErrInterrupted) || ie.Done < stop || ie.Done >= total ||
			!strings.Contains(err.Error(), "trials on disk") {
			t.Fatalf("interrupted run (stop %d): %v", stop, err)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatal("an interrupted sweep wrote its output file")
		}
	}
	if _, err := Execute(context.Background(), spec, Options{Workers: 1, Out: out}); err != nil {
		t.Fatal(err)
	}
	if got, want := rowsOf(t, out), rowsOf(t, ref); !slices.Equal(got, want) {
		t.Fatalf("resumed file has %d rows, differing from the uninterrupted run's %d", len(got), len(want))
	}
	// Running a finished sweep again changes nothing.
	before, _ := os.ReadFile(out)
	if _, err := Execute(context.Background(), spec, Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Fatal("rerunning a finished sweep rewrote its file")
	}
}

func TestJournalRecoveryIgnoresTornTail(t *testing.T) {
	spec := mustParse(t, smallSpec)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.parquet")
	sched := spec.Schedule(Shard{})
	st, err := openStore(out, spec, sched, Shard{}, false)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for k := range 3 {
		tr := sched.Trial(k)
		res := kernel.Result{CSEntries: 1, WaitMean: float64(tr.Index) + 0.5, Links: 20}
		row := Row(Outcome{Trial: tr, Result: res})
		want = append(want, string(encodeRow(nil, row, st.cols)))
		if err := st.add(k, row); err != nil {
			t.Fatal(err)
		}
	}
	// A process killed in the middle of the next write leaves half a record.
	half := encodeRecord(nil, Row(Outcome{Trial: sched.Trial(3), Result: kernel.Result{Links: 20}}), st.cols)
	st.journal.Write(half[:len(half)/2])
	st.close() // as if killed: no part written
	st, err = openStore(out, spec, sched, Shard{}, false)
	if err != nil {
		t.Fatal(err)
	}
	defer st.close()
	if st.done.count() != 3 || len(st.parts) != 1 {
		t.Fatalf("recovered %d trials into %d parts, want 3 into 1", st.done.count(), len(st.parts))
	}
	if got := rowsOf(t, st.parts[0]); !slices.Equal(got, want) {
		t.Fatal("recovered rows differ from those journalled")
	}
	if data, _ := os.ReadFile(filepath.Join(st.dir, "journal")); string(data) != string(journalHeader()) {
		t.Fatalf("journal not emptied after recovery: %q", data)
	}
}

// A journal without this version's header (an older bench's) is detected, not misread.
func TestOldJournalIsDetected(t *testing.T) {
	spec := mustParse(t, smallSpec)
	out := filepath.Join(t.TempDir(), "out.parquet")
	st, err := openStore(out, spec, spec.Schedule(Shard{}), Shard{}, false)
	if err != nil {
		t.Fatal(err)
	}
	st.close()
	os.WriteFile(filepath.Join(out+".parts", "journal"), []byte("\x10\x00\x00\x00 old binary record"), 0o644)
	_, err = openStore(out, spec, spec.Schedule(Shard{}), Shard{}, false)
	var oe *OutputError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), "another version of bench") {
		t.Fatalf("old journal: %v", err)
	}
	// So is a parts directory of the same sweep written with other columns.
	os.WriteFile(filepath.Join(out+".parts", "journal"), journalHeader(), 0o644)
	spec2 := filepath.Join(out+".parts", "SPEC")
	data, _ := os.ReadFile(spec2)
	os.WriteFile(spec2, []byte(strings.Replace(string(data), "format 2", "format 1", 1)), 0o644)
	if _, err = openStore(out, spec, spec.Schedule(Shard{}), Shard{}, false); !errors.As(err, &oe) || !strings.Contains(err.Error(), "another version of bench") {
		t.Fatalf("parts of another format: %v", err)
	}
}

func TestOtherSweepsFilesAreNotTouched(t *testing.T) {
	spec := mustParse(t, smallSpec)
	other := mustParse(t, smallSpec+"\n")
	other.Seed = 10
	dir := t.TempDir()
	out := filepath.Join(dir, "out.parquet")
	if _, err := Execute(context.Background(), other, Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(out)
	_, err := Execute(context.Background(), spec, Options{Out: out})
	var oe *OutputError
	if !errors.As(err, &oe) {
		t.Fatalf("output of another sweep: got %v, want an OutputError", err)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Fatal("the other sweep's file changed")
	}
	// A parts directory of another sweep (an interrupted run) is refused too.
	out2 := filepath.Join(dir, "out2.parquet")
	ctx, cancel := context.WithCancel(context.Background())
	Execute(ctx, other, Options{Out: out2, Progress: &stopAfter{n: 3, cancel: cancel}})
	cancel()
	entries, _ := os.ReadDir(out2 + ".parts")
	if _, err := Execute(context.Background(), spec, Options{Out: out2}); !errors.As(err, &oe) {
		t.Fatalf("parts of another sweep: got %v, want an OutputError", err)
	}
	if again, _ := os.ReadDir(out2 + ".parts"); len(again) != len(entries) || len(entries) == 0 {
		t.Fatalf("parts directory changed: %v -> %v", entries, again)
	}
	// A file that is not a results file is not overwritten.
	junk := filepath.Join(dir, "junk.parquet")
	os.WriteFile(junk, []byte("precious"), 0o644)
	if _, err := Execute(context.Background(), spec, Options{Out: junk}); !errors.As(err, &oe) {
		t.Fatalf("non-results file: got %v", err)
	}
	if data, _ := os.ReadFile(junk); string(data) != "precious" {
		t.Fatal("a non-results file was overwritten")
	}
	// Each refusal names the flag that replaces the file; with it, the sweep runs and the
	// other sweep's file and parts are gone.
	if _, err := Execute(context.Background(), spec, Options{Out: junk}); err == nil || !strings.Contains(err.Error(), "give --replace to replace it") {
		t.Fatalf("refusal without the flag's name: %v", err)
	}
	for _, path := range []string{out, out2, junk} {
		if _, err := Execute(context.Background(), spec, Options{Out: path, Replace: true}); err != nil {
			t.Fatalf("--replace %s: %v", path, err)
		}
		f, err := results.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if h := f.Metadata()[KeySpecHash]; h != SpecHash(spec) {
			t.Errorf("--replace %s: spec hash %s, want %s", path, h, SpecHash(spec))
		}
		f.Close()
		if _, err := os.Stat(path + ".parts"); err == nil {
			t.Errorf("--replace %s: parts directory left", path)
		}
	}
}

func TestScheduleShardsAreDisjointBalancedAndSlowFirst(t *testing.T) {
	spec, err := Preset("walter2001")
	if err != nil {
		t.Fatal(err)
	}
	all := spec.Schedule(Shard{})
	cost := func(k int) float64 { tr := all.Trial(k); return estimateCost(tr.Algorithm, &tr.Params) }
	var costs []float64
	for k := range all.Len() {
		costs = append(costs, cost(k))
		if i := all.Index(k); func() int { p, _ := all.Position(i); return p }() != k {
			t.Fatalf("Position(Index(%d)) != %d", k, k)
		}
	}
	// Slowest first: the first trial is the costliest, and the first tenth of the schedule
	// carries far more estimated work than the last tenth.
	if costs[0] != slices.Max(costs) {
		t.Fatalf("first trial costs %g, the costliest %g", costs[0], slices.Max(costs))
	}
	tenth := len(costs) / 10
	var head, tail float64
	for k := range tenth {
		head += costs[k]
		tail += costs[len(costs)-1-k]
	}
	if head < 5*tail {
		t.Fatalf("first tenth %g, last tenth %g: not slowest first", head, tail)
	}
	const n = 7
	seen := make([]int, all.Len())
	var work []float64
	for i := range n {
		part := spec.Schedule(Shard{I: i, N: n})
		if d := part.Len() - all.Len()/n; d < 0 || d > 1 {
			t.Errorf("shard %d has %d trials of %d", i, part.Len(), all.Len())
		}
		for k := range part.Len() {
			idx := part.Index(k)
			seen[idx]++
			if p, ok := part.Position(idx); !ok || p != k {
				t.Fatalf("shard %d: Position(%d) = %d, %t, want %d", i, idx, p, ok, k)
			}
		}
		work = append(work, part.EstimateWork().Events)
	}
	for i, c := range seen {
		if c != 1 {
			t.Fatalf("trial %d is in %d shards", i, c)
		}
	}
	if lo, hi := slices.Min(work), slices.Max(work); hi > 1.1*lo {
		t.Errorf("shard work unbalanced: %v", work)
	}
	for _, bad := range []string{"3/2", "2/2", "-1/4", "1/0", "x", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("shard %q accepted", bad)
		}
	}
}

func TestReorderWindowBoundsOutcomesHeld(t *testing.T) {
	spec := mustParse(t, smallSpec)
	sched := spec.Schedule(Shard{})
	var started, emitted, worst atomic.Int64
	startHook = func() {
		n := started.Add(1)
		if held := n - emitted.Load(); held > worst.Load() {
			worst.Store(held)
		}
		if n == 1 {
			// The first trial is held up: the other worker runs ahead until the window is full.
			time.Sleep(300 * time.Millisecond)
		}
	}
	defer func() { startHook = nil }()
	err := Run(context.Background(), sched.Len(), 2, func(j int) (Trial, bool) { return sched.Trial(j), false }, func(o Outcome) error {
		emitted.Add(1)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if w := worst.Load(); w != int64(runner.Window(2)) || emitted.Load() != int64(sched.Len()) {
		t.Fatalf("held at most %d outcomes, want the window %d; emitted %d of %d", w, runner.Window(2), emitted.Load(), sched.Len())
	}
}

func TestDryRunCountsTrials(t *testing.T) {
	spec, _ := Preset("walter2001")
	var b bytes.Buffer
	DryRun(&b, spec, Shard{I: 1, N: 4}, 2)
	for _, want := range []string{"trials: 3240 = 270 points x 6 replicates x 2 algorithms", "shard 1/4: 810 trials", "grid  load (9): 0.0001,", "estimated work:"} {
		if !bytes.Contains(b.Bytes(), []byte(want)) {
			t.Errorf("dry run lacks %q:\n%s", want, b.String())
		}
	}
}

// TestRevisionsOfAResumedSweep: a sweep interrupted under one build and finished under
// another records both builds' revisions; one run once records its own; a merge of shards
// records every shard's.
func TestRevisionsOfAResumedSweep(t *testing.T) {
	defer func(r string) { revision = r }(revision)
	spec := mustParse(t, smallSpec)
	dir := t.TempDir()
	revisions := func(path string) string {
		f, err := results.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return f.Metadata()[KeyRevisions]
	}
	out := filepath.Join(dir, "out.parquet")
	revision = "bbb"
	ctx, cancel := context.WithCancel(context.Background())
	Execute(ctx, spec, Options{Workers: 1, Out: out, Progress: &stopAfter{n: 3, cancel: cancel}})
	cancel()
	revision = "aaa"
	if _, err := Execute(context.Background(), spec, Options{Workers: 1, Out: out}); err != nil {
		t.Fatal(err)
	}
	if got := revisions(out); got != "aaa, bbb" {
		t.Errorf("resumed under another build: revisions %q, want \"aaa, bbb\"", got)
	}
	once := filepath.Join(dir, "once.parquet")
	if _, err := Execute(context.Background(), spec, Options{Workers: 2, Out: once}); err != nil {
		t.Fatal(err)
	}
	if got := revisions(once); got != "aaa" {
		t.Errorf("run once: revisions %q, want \"aaa\"", got)
	}
	var shards []string
	for i, rev := range []string{"ccc", "aaa"} {
		revision = rev
		path := filepath.Join(dir, "shard"+rev+".parquet")
		if _, err := Execute(context.Background(), spec, Options{Workers: 1, Out: path, Shard: Shard{I: i, N: 2}}); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, path)
	}
	merged := filepath.Join(dir, "merged.parquet")
	if err := MergeShards(merged, shards, false); err != nil {
		t.Fatal(err)
	}
	if got := revisions(merged); got != "aaa, ccc" {
		t.Errorf("merged shards: revisions %q, want \"aaa, ccc\"", got)
	}
}
