package drs_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/algotest"
)

// TestViewerScripts: every scenario script, in the trace viewer, shows after every command
// the states the script shows (algotest.PlayView). In compete.txt's lock competition the
// page shows node 1 in the CS and node 0 still waiting after the eighth round of deliveries
// (RECEIVEACKLOCK and CHECKDONE). With -shots DIR it writes docs/viewer.md's pictures:
//
//	go test ./algorithms/drs -run TestViewer -shots /tmp/pages (then copy the PNGs to docs/img)
func TestViewerScripts(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in testdata (%v)", err)
	}
	subject := func() algotest.Subject { return subject(drs.New()) }
	for _, f := range files {
		if filepath.Base(f) == "compete.txt" {
			continue
		}
		algotest.PlayView(t, f, subject)
	}
	tr, steps := algotest.PlayView(t, "testdata/compete.txt", subject)
	var rounds []int // the positions after each deliver-all
	for _, s := range steps {
		if s.Command == "deliver-all" {
			rounds = append(rounds, s.Pos)
		}
	}
	if len(rounds) != 8 {
		t.Fatalf("compete.txt has %d rounds of deliveries, want 8 (the script changed: update this test)", len(rounds))
	}
	if status, _ := tr.At(rounds[7]); status[1] != 2 || status[0] != 1 {
		t.Errorf("after the eighth round the page shows nodes 0 and 1 in sections %d and %d, want 1 (waiting) and 2 (CS)", status[0], status[1])
	}
	algotest.Shots(t, tr, "drs-compete", map[string]string{"lock": fmt.Sprintf("e=%d&sel=0", rounds[7])})
}
