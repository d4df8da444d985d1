package nt_test

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
)

// TestViewer: the trace viewer's page of testdata/pathreversal.txt shows, after every
// command, each node's state line, section and token as the trial has them (algotest.
// PlayView), and after the path reversal (node 2's request over the broken ring) the token
// at node 2, the new root.
func TestViewer(t *testing.T) {
	t.Parallel()
	tr, steps := algotest.PlayView(t, "testdata/pathreversal.txt", func() algotest.Subject { return subject(nt.New()) })
	k := slices.IndexFunc(steps, func(s algotest.ViewStep) bool { return s.Command == "link-down 3 4" })
	if k < 0 || k+2 >= len(steps) || steps[k+2].Command != "stabilize" {
		t.Fatalf("pathreversal.txt: no link-down 3 4, request 2, stabilize (the script changed: update this test): %v", steps)
	}
	if _, states := tr.At(steps[k+2].Pos); !states[2].Token {
		t.Error("after the path reversal the page does not show the token at node 2")
	}
}
