package explore

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/akw1"
	"github.com/mutexlab/mutexlab/algorithms/akw2"
	"github.com/mutexlab/mutexlab/kernel"
)

// neverInDoorway is akw1 reporting no node in a doorway, ever: the property must then go
// unreached.
type neverInDoorway struct{ *akw1.AKW1 }

func (neverInDoorway) InDoorway(int32) bool { return false }

// doorwayProperty returns the doorway crash property of r, if it lists one.
func doorwayProperty(r *Result) (Sometimes, bool) {
	for _, s := range r.Sometimes {
		if s.Name == doorwayCrashName {
			return s, true
		}
	}
	return Sometimes{}, false
}

// TestDoorwayCrash: with a crash, akw1 (which reports its doorways) reaches "a node crashes
// while in a doorway" on two nodes with one request each, and is verified; the property is
// listed only with crashes and only for an algorithm that reports doorways (akw2 has none);
// an akw1 that never reports a node in a doorway leaves it unreached, which is no pass.
func TestDoorwayCrash(t *testing.T) {
	newAKW1 := func() kernel.Algorithm { return akw1.New() }
	r := run(t, crashScenario("akw1", newAKW1, "line", 2, 1, 1), Options{})
	if s, ok := doorwayProperty(r); !ok || !s.Reached {
		t.Errorf("akw1 with a crash: the doorway property is %+v (listed: %v), want reached", s, ok)
	}
	if !r.Verified() {
		t.Errorf("akw1 with a crash: %s", Verdict(r))
	}
	t.Logf("akw1, 2 nodes, 1 request each, 1 crash: %d states, %v", r.States, r.Sometimes)

	without := []struct {
		name string
		sc   *Scenario
	}{
		{"akw1 without crashes", crashScenario("akw1", newAKW1, "line", 2, 1, 0)},
		{"akw2 with a crash", crashScenario("akw2", func() kernel.Algorithm { return akw2.New() }, "line", 2, 1, 1)},
	}
	for _, c := range without {
		if s, ok := doorwayProperty(run(t, c.sc, Options{})); ok {
			t.Errorf("%s: lists %+v, want no doorway property", c.name, s)
		}
	}

	blind := crashScenario("akw1", func() kernel.Algorithm { return neverInDoorway{akw1.New()} }, "line", 2, 1, 1)
	r = run(t, blind, Options{})
	if s, ok := doorwayProperty(r); !ok || s.Reached {
		t.Errorf("akw1 never in a doorway: the property is %+v (listed: %v), want listed and unreached", s, ok)
	}
	if v := Verdict(r); !strings.HasPrefix(v, "NOT VERIFIED") || !strings.Contains(v, doorwayCrashName) {
		t.Errorf("akw1 never in a doorway: %s, want NOT VERIFIED naming the doorway property", v)
	}
}
