package linkrev

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/mutation"
	"github.com/mutexlab/mutexlab/kernel"
)

// Mutant numbers the deliberately broken variants of the shared Reverse Link code: every
// algorithm built on it (rl, hk, gme) has them (the mutation package says how mutants work).
// Links.mut holds the one in force, MutNone in every real trial.
type Mutant uint8

const (
	MutNone                Mutant = iota
	MutSkipRaiseHeight            // RaiseHeight: lines 1-5 skipped, the sink keeps its height
	MutIgnoreReceivedLI           // Request handler: line 1 (ignore until receivedLI) skipped
	MutNoRequestAfterToken        // GiveTokenToNext: line 7 (Request after the Token) skipped
	MutHighestNeighbour           // ForwardRequest: line 1 picks the highest neighbour
	MutKeepQOnLinkDown            // LinkDown: line 2, Delete(Q, j), skipped
)

// Mutants names the mutants, indexed by Mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var Mutants = [...][2]string{
	MutSkipRaiseHeight:     {"skip-raise-height", "RaiseHeight lines 1-5 skipped (the sink keeps its height)"},
	MutIgnoreReceivedLI:    {"ignore-received-li", "Request handler line 1 skipped (requests on a link not yet confirmed by LinkInfo are used)"},
	MutNoRequestAfterToken: {"no-request-after-token", "GiveTokenToNext line 7 skipped (no Request after the Token when Q is not empty)"},
	MutHighestNeighbour:    {"highest-neighbour", "ForwardRequest line 1 picks the highest neighbour"},
	MutKeepQOnLinkDown:     {"keep-q-on-link-down", "LinkDown line 2, Delete(Q, j), skipped"},
}

// Mutate turns on the shared code's mutant called name and reports whether it has one.
func (l *Links) Mutate(name string) bool { return mutation.Turn(&l.mut, Mutants[:], name) }

// highestNeighbour is MutHighestNeighbour's choice: the highest neighbour in N. (It mirrors
// LowestNeighbour rather than sharing a loop with it: the real choice stays on its own, tight
// loop.)
func (l *Links) highestNeighbour(i int32) kernel.Port {
	best := kernel.NoPort
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) {
		if best == kernel.NoPort || l.HeightAt(i, best).Less(l.HeightAt(i, k)) {
			best = k
		}
	}
	return best
}
