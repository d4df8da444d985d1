package gme_test

import (
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/kernel"
)

// mutationBound is the number of swarm trials (seeds 1..mutationBound) within which the
// checks must catch every mutant; the real algorithm must pass the same trials.
const mutationBound = 300

// TestMutants: each deliberately broken variant of Jiang's group mutual exclusion (section 3's
// handlers with one statement dropped or changed, or one of the package doc's choices undone)
// is caught by the online checks (Theorem 1's checker, one token) or the liveness phase.
func TestMutants(t *testing.T) {
	t.Parallel()
	swarmtest.Suite{Algo: "gme", Names: gme.Mutants, Bound: mutationBound,
		New: func(m string) (kernel.Algorithm, error) { return gme.NewMutant(m) },
		Mutants: []swarmtest.Mutant{
			{Name: "other-resource-subtoken", What: "the holder in the CS answers REQUEST(j, S) with SUBTOKEN(S, 1) instead of SUBTOKEN(R, 1)"},
			{Name: "drop-last-piece", What: "a relay splits w into w/2, w/4, ..., w/2^q (the last piece not doubled: w/2^q is lost)"},
			{Name: "end-session-early", What: "the holder passes the token on when it leaves the CS, without waiting for weight = 0"},
			{Name: "holder-enters-at-once", What: "the paper's literal RequestCS at the holder: weight = 0 and enter, whatever session runs"},
			{Name: "no-rerequest-after-drop", What: "a SUBTOKEN's \"dropped\" flag is ignored (no new REQUEST for what remains in Q)"},
			{Name: "skip-raise-height", What: "raiseHeight's partial reversal skipped (the sink keeps its height)"},
			{Name: "ignore-received-li", What: "REQUEST handler line 1 skipped (requests on an unconfirmed link are used)", Bound: 6000},
			{Name: "no-request-after-token", What: "transmitToken: no REQUEST after the TOKEN when Q is not empty"},
			{Name: "highest-neighbour", What: "forwardRequest sends to the highest neighbour"},
			{Name: "keep-q-on-link-down", What: "Link failing line 1 (RL's LinkDown line 2), Delete(Q, j), skipped"},
		},
	}.Run(t)
}
