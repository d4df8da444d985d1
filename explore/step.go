package explore

import "fmt"

// StepKind is one kind of nondeterministic choice.
type StepKind uint8

const (
	Request  StepKind = iota + 1 // node A's next request arrives (A is idle and has requests left), carrying value B-1 (B > 0, kernel.RequestChooser)
	Release                      // node A leaves the CS
	Deliver                      // the first message in transit from node B arrives at node A
	LinkDown                     // the link A-B goes down (it carries no message)
	LinkUp                       // a link A-B forms
	Crash                        // node A crashes: its handlers never run again
)

// Step is one choice of a path.
type Step struct {
	Kind StepKind
	A, B int32
	// Draw is, when draws are choices (Scenario.EveryDraw), the values the step's draws
	// give, plus one: in base the values a draw takes (its DrawChoices), the first draw's
	// value the lowest digit; 0 when it draws nothing (or has not run yet). It is not part
	// of a sleep set's step: a search with draws as choices has no sleep sets.
	Draw int32
}

// String renders the step as a scenario script's command (algotest), "deliver A
// from B" for a delivery.
func (s Step) String() string {
	if s.Draw > 0 {
		t := s
		t.Draw = 0
		return fmt.Sprintf("%v draw %d", t, s.Draw-1)
	}
	switch s.Kind {
	case Request:
		if s.B > 0 {
			return fmt.Sprintf("request %d choice %d", s.A, s.B-1)
		}
		return fmt.Sprintf("request %d", s.A)
	case Release:
		return fmt.Sprintf("release %d", s.A)
	case Deliver:
		return fmt.Sprintf("deliver %d from %d", s.A, s.B)
	case LinkDown:
		return fmt.Sprintf("link-down %d %d", s.A, s.B)
	case LinkUp:
		return fmt.Sprintf("link-up %d %d", s.A, s.B)
	case Crash:
		return fmt.Sprintf("crash %d", s.A)
	}
	return "?"
}

// footprint is what a step touched when it ran: the node whose handlers ran, whether it drew
// from the algorithm's random stream (shared by every node), and whether its node entered or
// left the CS (the online checks read every node's section: 1 entering before 2 leaves
// fails, after it passes, and a path cut short by a failure explores nothing after it). Two
// steps whose footprints do not overlap commute: each leaves the other's node state, links
// and draws as they were. A delivery to A from B does not touch B: a step at B only appends
// behind the message delivered (b names B only where the link's load is checked at B's
// sends, kernel.LinkLoadBounder). A crash and a link change are dependent with every step.
// A crash changes what its neighbours' handlers see (their messages to it are dropped, its
// forks or token are gone) and which waiting nodes a deadlock excuses; a link change is seen
// by handlers at other nodes wherever the algorithm reads the whole network (rr's routing
// oracle routes over it), and spends the budget other link changes need.
// TestReductionShowsEveryState checks that no narrower rule is claimed by mistake.
type footprint struct {
	a, b int32 // b = -1: one node
	drew bool
	cs   bool
	all  bool // a crash or a link change: dependent with every step
}

// independent reports whether two steps with these footprints commute.
func independent(x, y footprint) bool {
	if x.all || y.all || x.drew && y.drew || x.cs && y.cs {
		return false
	}
	return x.a != y.a && x.a != y.b && (x.b < 0 || x.b != y.a && x.b != y.b)
}

// sleeper is a step of a sleep set with the footprint it had when it was explored.
type sleeper struct {
	step Step
	fp   footprint
}

// asleepPacked reports whether the packed step p is in the sleep set z.
func asleepPacked(z []sleeper, p packedStep) bool {
	for _, x := range z {
		if pack(x.step) == p {
			return true
		}
	}
	return false
}

// asleep reports whether step s is in the sleep set z.
func asleep(z []sleeper, s Step) bool {
	for _, x := range z {
		if x.step == s {
			return true
		}
	}
	return false
}
