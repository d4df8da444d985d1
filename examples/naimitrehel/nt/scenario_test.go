package nt_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/examples/naimitrehel/nt"
	"github.com/mutexlab/mutexlab/kernel"
)

// TestPathReversal drives the scenario of testdata/pathreversal.txt through the kernel's
// scripted trials (Sim.Script) and checks its milestones: concurrent requests queue through
// next in the order the root saw them, the token follows that queue, and a request reverses
// the path it travels, one REQUEST message per node on it, whatever the hops between them.
func TestPathReversal(t *testing.T) {
	t.Parallel()
	if err := pathReversal(nt.New()); err != nil {
		t.Fatal(err)
	}
}

// TestPathReversalCatchesMutants: the scenario fails under every mutant.
func TestPathReversalCatchesMutants(t *testing.T) {
	t.Parallel()
	for _, m := range nt.Mutants {
		a, err := nt.NewMutant(m[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := pathReversal(a); err == nil {
			t.Errorf("mutant %s plays the scenario as the real algorithm", m[0])
		} else {
			t.Logf("mutant %s: %v", m[0], err)
		}
	}
}

// scripted is a scripted trial of five nodes on the ring 0-1-2-3-4-0 that stops at the first
// step that fails, and counts REQUEST messages from node to node (their first hops).
type scripted struct {
	a        *nt.NT
	sim      *kernel.Sim
	err      error
	requests int
}

func (s *scripted) do(err error) {
	if s.err == nil && err != nil {
		s.err = err
	}
}

// settle runs the trial until nothing is pending, then checks that node i alone is in the CS
// (-1: nobody).
func (s *scripted) settle(i int32) {
	s.do(s.sim.Settle())
	for j := range int32(5) {
		if s.err == nil && s.sim.InCS(j) != (j == i) {
			s.err = fmt.Errorf("node %d in the CS: %v; want node %d alone in it (-1: nobody)", j, s.sim.InCS(j), i)
		}
	}
}

// want checks node state lines.
func (s *scripted) want(step string, lines map[int32]string) {
	for i := range int32(5) {
		if line, ok := lines[i]; ok && s.err == nil && s.a.NodeState(i) != line {
			s.err = fmt.Errorf("%s: node %d: %q, want %q", step, i, s.a.NodeState(i), line)
		}
	}
}

func pathReversal(a *nt.NT) error {
	s := &scripted{a: a, sim: kernel.NewSim()}
	s.sim.SetTrace(func(e kernel.TraceEvent) {
		if e.Kind == "send" && e.Msg == "request" && int32(e.Message.C) == e.Node {
			s.requests++
		}
	})
	p := kernel.DefaultParams()
	p.N, p.Seed = 5, 1
	s.do(s.sim.Script(p, a, [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}))
	s.want("start", map[int32]string{0: "last=nil next=nil token", 3: "last=0 next=nil"})

	s.do(s.sim.RequestCS(2))
	s.settle(2)
	s.want("node 0 grants node 2", map[int32]string{0: "last=2 next=nil", 2: "last=nil next=nil requesting token"})

	s.do(s.sim.RequestCS(3))
	s.do(s.sim.RequestCS(4))
	s.settle(2)
	s.do(s.sim.RequestCS(1))
	s.settle(2)
	s.want("the queue 2, 4, 3, 1", map[int32]string{
		0: "last=1 next=nil", 2: "last=4 next=4 requesting token",
		4: "last=3 next=3 requesting", 3: "last=1 next=1 requesting", 1: "last=nil next=nil requesting"})
	for _, k := range [][2]int32{{2, 4}, {4, 3}, {3, 1}, {1, -1}} {
		s.do(s.sim.ReleaseCS(k[0]))
		s.settle(k[1])
	}

	s.do(s.sim.LinkDown(3, 4))
	s.requests = 0
	s.do(s.sim.RequestCS(2))
	s.settle(2)
	if s.err == nil && s.requests != 3 {
		s.err = fmt.Errorf("node 2's request took %d REQUEST messages along the path 2, 4, 3, 1, want 3", s.requests)
	}
	s.want("the path 2, 4, 3, 1 reversed", map[int32]string{
		1: "last=2 next=nil", 3: "last=2 next=nil", 4: "last=2 next=nil", 2: "last=nil next=nil requesting token"})

	s.do(s.sim.RequestCS(0))
	s.settle(2)
	s.do(s.sim.ReleaseCS(2))
	s.settle(0)
	s.do(s.sim.ReleaseCS(0))
	s.settle(-1)
	s.want("end", map[int32]string{0: "last=nil next=nil token", 1: "last=0 next=nil", 2: "last=0 next=nil"})
	return s.err
}

// TestMessageText: messages render as the scenario script writes them.
func TestMessageText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		typ  string
		m    kernel.Message
		want string
	}{
		{"request", kernel.Message{Type: nt.MsgRequest, A: 2, B: 3, C: 4}, "request(2: 4=>3)"},
		{"token", kernel.Message{Type: nt.MsgToken, A: 1, B: 2}, "token(1=>2)"},
	} {
		if got := nt.MessageText(c.typ, c.m); got != c.want {
			t.Errorf("MessageText(%s, %+v) = %q, want %q", c.typ, c.m, got, c.want)
		}
	}
}
