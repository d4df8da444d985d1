package checks_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/checks"
	"github.com/mutexlab/mutexlab/kernel"
)

// greedy grants every request at once, so the check alone decides who may be in the CS.
type greedy struct {
	check kernel.Checker
}

func (a *greedy) Name() string                                                { return "greedy" }
func (a *greedy) MessageTypes() []kernel.MsgTypeInfo                          { return []kernel.MsgTypeInfo{{Name: "nop"}} }
func (a *greedy) Reset(*kernel.Env) error                                     { return nil }
func (a *greedy) RequestCS(_ int32, out *kernel.Outbox)                       { out.EnterCS() }
func (a *greedy) ReleaseCS(int32, *kernel.Outbox)                             {}
func (a *greedy) Receive(int32, kernel.Port, *kernel.Message, *kernel.Outbox) {}
func (a *greedy) LinkUp(int32, kernel.Port, *kernel.Outbox)                   {}
func (a *greedy) LinkDown(int32, kernel.Port, *kernel.Outbox)                 {}
func (a *greedy) Checker() kernel.Checker                                     { return a.check }

// step is one scripted action: node i requests (and so enters) or releases.
type step struct {
	node    int32
	release bool
}

// play runs steps on the path 0-1-2-3 under check and returns the index of the step the
// check refused (-1: none) and its error.
func play(t *testing.T, check kernel.Checker, steps []step) (int, error) {
	t.Helper()
	sim := kernel.NewSim()
	p := kernel.DefaultParams()
	p.N = 4
	if err := sim.Script(p, &greedy{check: check}, [][2]int32{{0, 1}, {1, 2}, {2, 3}}); err != nil {
		t.Fatal(err)
	}
	for k, s := range steps {
		var err error
		if s.release {
			err = sim.ReleaseCS(s.node)
		} else {
			err = sim.RequestCS(s.node)
		}
		if err != nil {
			return k, err
		}
	}
	return -1, nil
}

func enter(i int32) step   { return step{node: i} }
func release(i int32) step { return step{node: i, release: true} }

func TestChecks(t *testing.T) {
	units := []int64{1, 2, 1, 3}   // h of each node's request, k = 3
	session := []int64{5, 5, 7, 5} // each node's session
	kmutex := func() kernel.Checker {
		return checks.KMutex(func() int64 { return 3 }, func(i int32) int64 { return units[i] })
	}
	group := func() kernel.Checker { return checks.Group(func(i int32) int64 { return session[i] }) }
	for _, c := range []struct {
		name    string
		check   func() kernel.Checker
		steps   []step
		refused int // the step the check refuses, -1 for none
	}{
		{"mutex: one at a time", checks.Mutex, []step{enter(0), release(0), enter(3)}, -1},
		{"mutex: two at once", checks.Mutex, []step{enter(0), enter(3)}, 1},
		{"local: apart", func() kernel.Checker { return checks.Local() }, []step{enter(0), enter(2)}, -1},
		{"local: neighbours", func() kernel.Checker { return checks.Local() }, []step{enter(0), enter(1)}, 1},
		{"kmutex: 1+2 of 3", kmutex, []step{enter(0), enter(1)}, -1},
		{"kmutex: 1+2+1 of 3", kmutex, []step{enter(0), enter(1), enter(2)}, 2},
		{"kmutex: units come back at exit", kmutex, []step{enter(1), release(1), enter(3)}, -1},
		{"kmutex: 3 with 1 held", kmutex, []step{enter(0), enter(3)}, 1},
		{"group: one session", group, []step{enter(0), enter(1), enter(3)}, -1},
		{"group: two sessions", group, []step{enter(0), enter(2)}, 1},
		{"group: the next session after the last exit", group, []step{enter(0), release(0), enter(2)}, -1},
	} {
		k, err := play(t, c.check(), c.steps)
		if k != c.refused {
			t.Errorf("%s: step %d refused (%v), want %d", c.name, k, err, c.refused)
		}
		if k >= 0 && !strings.HasPrefix(err.Error(), "safety violation") {
			t.Errorf("%s: %v, want a safety violation", c.name, err)
		}
	}
}
