package rl_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
)

// TestViewerFigure3: section 4.4's Figures 3 and 4 (and the mobility script) in the trace
// viewer show, after every command, the states the scripts show (algotest.PlayView), and
// Figure 3's token is where the figure draws it after each of its parts (a)-(e). With
// -shots DIR it writes the pages and docs/viewer.md's screenshots:
//
//	go test ./algorithms/rl -run TestViewer -shots /tmp/pages (then copy the PNGs to docs/img)
func TestViewerFigure3(t *testing.T) {
	t.Parallel()
	subject := func() algotest.Subject { return subject(rl.New()) }
	tr, steps := algotest.PlayView(t, "testdata/figure3.txt", subject)
	// The last command of each part (its line in the script) and the token holder then.
	parts := []struct {
		name   string
		line   int
		holder int
	}{{"a", 37, 0}, {"b", 49, 0}, {"c", 72, 3}, {"d", 86, 1}, {"e", 103, 2}}
	at := map[string]string{}
	for _, pt := range parts {
		k := slices.IndexFunc(steps, func(s algotest.ViewStep) bool { return s.Line == pt.line })
		if k < 0 {
			t.Fatalf("part (%s): no command at figure3.txt:%d (the script changed: update this test)", pt.name, pt.line)
		}
		if _, states := tr.At(steps[k].Pos); !states[pt.holder].Token {
			t.Errorf("Figure 3(%s): the page does not show the token at node %d", pt.name, pt.holder)
		}
		at[pt.name] = fmt.Sprintf("e=%d&sel=%d", steps[k].Pos, pt.holder)
	}
	algotest.Shots(t, tr, "rl-figure3", at)

	// Figure 4 (c): node 3 has lost its links to 2 and 0 and raised its height (partial
	// reversal); the page shows it after that command.
	tr, steps = algotest.PlayView(t, filepath.Join("testdata", "figure4.txt"), subject)
	k := slices.IndexFunc(steps, func(s algotest.ViewStep) bool { return s.Command == "link-down 0 3" })
	if k < 0 {
		t.Fatal("figure4.txt: no command link-down 0 3 (the script changed: update this test)")
	}
	if _, states := tr.At(steps[k].Pos); !slices.Equal(states[3].Height, []int64{1, 1, 3}) {
		t.Errorf("Figure 4(c): the page shows node 3 at height %v, want (1,1,3)", states[3].Height)
	}
	algotest.Shots(t, tr, "rl-figure4", map[string]string{"c": fmt.Sprintf("e=%d&sel=3", steps[k].Pos)})
	algotest.PlayView(t, filepath.Join("testdata", "mobility.txt"), subject)
}
