package akw1_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// subject plugs an akw1 instance into the scenario driver, with its messages in the paper's
// terms.
func subject(a *akw1.AKW1) algotest.Subject {
	return algotest.Subject{Algo: a, Message: message}
}

// message renders akw1's messages: door(AD^f,SD^f) the doorways the sender is now behind
// (door(outside): none), with "#k" its k-th crossing of SD^r while it is behind SD^r;
// recolor_reply(NACK #k) or recolor_reply(competing #k), the answer to crossing k (line 41);
// update_color(c); req; fork or fork(flag), line 31's ⟨fork, flag⟩ asking for the fork back;
// hello(color=c, position, state), the greeting over a new link (line 46). ⊥ is a colour
// not picked yet.
func message(typ string, m kernel.Message) string {
	switch m.Type {
	case akw1.MsgDoor:
		s := doorways(uint8(m.A))
		if uint8(m.A)&akw1.SDr != 0 {
			s += fmt.Sprintf(" #%d", m.B)
		}
		return "door(" + s + ")"
	case akw1.MsgReply:
		return fmt.Sprintf("recolor_reply(%s #%d)", map[bool]string{false: "NACK", true: "competing"}[m.A != 0], m.B)
	case akw1.MsgColor:
		return "update_color(" + color(m.A) + ")"
	case akw1.MsgFork:
		if m.A != 0 {
			return "fork(flag)"
		}
		return "fork"
	case akw1.MsgHello:
		return fmt.Sprintf("hello(color=%s %s %s)", color(m.A), doorways(uint8(m.B)), [...]string{akw1.Thinking: "thinking", akw1.Hungry: "hungry", akw1.Eating: "eating"}[m.C])
	}
	return typ
}

// doorways names the doorways a position is behind.
func doorways(pos uint8) string {
	var in []string
	for k, name := range [...]string{"AD^r", "SD^r", "AD^f", "SD^f"} {
		if pos&(1<<k) != 0 {
			in = append(in, name)
		}
	}
	if len(in) == 0 {
		return "outside"
	}
	return strings.Join(in, ",")
}

func color(c int64) string {
	if c == math.MaxInt64 {
		return "⊥"
	}
	return fmt.Sprint(c)
}

// TestScenarios plays the scenario scripts in testdata: Figure 3's doorways and recolouring
// on a path of three (doorways.txt), and Figure 4's return path after a crash (figure4.txt).
func TestScenarios(t *testing.T) {
	t.Parallel()
	algotest.RunScripts(t, "testdata/*.txt", func() algotest.Subject { return subject(akw1.New()) })
}

// TestScenariosCatchMutants: each script fails under the mutants that change what it shows.
func TestScenariosCatchMutants(t *testing.T) {
	t.Parallel()
	mutant := func(m string) (algotest.Subject, error) {
		a, err := akw1.NewMutant(m)
		return subject(a), err
	}
	for file, mutants := range map[string][]string{
		"testdata/doorways.txt": {"no-color-wait", "no-recolor", "color-stride", "eat-with-senior-forks"},
		"testdata/figure4.txt":  {"no-return-path", "skip-sdf", "fork-at-both-ends", "no-recolor"},
	} {
		for _, m := range mutants {
			algotest.ScriptsCatch(t, map[string]string{file: m}, mutant)
		}
	}
}
