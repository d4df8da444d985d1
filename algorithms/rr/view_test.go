package rr_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/internal/browser"
	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/traceview"
)

// TestViewerOpensAtViolation: a failing mutant's swarm seed (ignore-using, which lets a
// node pass the token on while it is in the CS; seed 2, the first of its catching seeds with
// more than 20 nodes) opens in the trace viewer at the violation, and the page, in the
// browser, shows the two nodes the failure names in the CS at once.
func TestViewerOpensAtViolation(t *testing.T) {
	t.Parallel()
	target, err := swarm.Lookup("rr")
	if err != nil {
		t.Fatal(err)
	}
	target.New = func() kernel.Algorithm {
		a, err := rr.NewMutant("ignore-using")
		if err != nil {
			panic(err)
		}
		return a
	}
	const seed = 2
	tr, err := swarm.Page(target, seed, traceview.Options{MaxEvents: 300})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Failure == nil || tr.Failure.Kind != kernel.ErrSafety.String() || len(tr.Failure.Nodes) != 2 {
		t.Fatalf("seed %d: failure %+v; want a safety violation naming two nodes", seed, tr.Failure)
	}
	nodes := slices.Sorted(slices.Values(tr.Failure.Nodes))
	want := fmt.Sprintf("%d,%d", nodes[0], nodes[1])
	status, _ := tr.At(tr.OpenAt)
	var cs []string
	for i, s := range status {
		if s == 2 {
			cs = append(cs, strconv.Itoa(i))
		}
	}
	if tr.OpenAt != len(tr.Events.Kind) || strings.Join(cs, ",") != want {
		t.Fatalf("seed %d: the page opens at %d of %d events with %v in the CS; want the end, with %s", seed, tr.OpenAt, len(tr.Events.Kind), cs, want)
	}
	t.Logf("seed %d: %s: %s; events %d..%d of %d shown", seed, tr.Failure.Kind, tr.Failure.Message, tr.Skipped+1, tr.Skipped+len(tr.Events.Kind), tr.Total)
	tr.Title = "rr with mutant ignore-using, swarm seed 2"
	tr.About[1] = "again: go test ./algorithms/rr -run TestViewerOpensAtViolation -shots DIR (a mutant exists only in its package's tests)"
	algotest.Shots(t, tr, "rr-mutant", map[string]string{"violation": fmt.Sprintf("e=%d", tr.OpenAt)})

	t.Run("chromium", func(t *testing.T) {
		bin := browser.Chromium(t)
		dom, console := browser.DumpDOM(t, bin, algotest.WritePage(t, t.TempDir(), "mutant", tr), 1300, 1000)
		if len(console) > 0 {
			t.Errorf("the page logged on the console:\n%s", strings.Join(console, "\n"))
		}
		st := browser.Data(dom, `id="state"`)
		if len(st) != 1 || st[0]["cs"] != want || st[0]["violation"] != want || st[0]["pos"] != strconv.Itoa(tr.OpenAt) {
			t.Errorf("the page in the browser: %v; want position %d with %s in the CS and named by the violation", st, tr.OpenAt, want)
		}
	})
}
