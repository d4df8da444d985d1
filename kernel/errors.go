package kernel

import (
	"fmt"
	"strings"
)

// ErrKind classifies why a trial stopped.
type ErrKind uint8

const (
	// ErrSafety: a safety property was violated (two nodes in the CS, a token duplicated or lost).
	ErrSafety ErrKind = iota + 1
	// ErrStarvation: a request was not served (the watchdog fired, or nothing was left to happen).
	ErrStarvation
	// ErrInvariant: the algorithm broke the kernel's rules (sent on a dead port, entered without
	// asking, sent a message toward a port that already has 65,535 in flight).
	ErrInvariant
	// ErrBudget: the trial processed more events than its budget (Params.EventBudget).
	ErrBudget
)

func (k ErrKind) String() string {
	switch k {
	case ErrSafety:
		return "safety violation"
	case ErrStarvation:
		return "starvation"
	case ErrInvariant:
		return "invariant violation"
	case ErrBudget:
		return "event budget exceeded"
	}
	return "error"
}

// TrialError stops a trial: it names the algorithm, seed, simulated time and nodes, so the
// trial can be replayed exactly.
type TrialError struct {
	Kind      ErrKind
	Algorithm string
	Seed      uint64
	Time      float64
	Nodes     []int32
	Msg       string
}

func (e *TrialError) Error() string {
	nodes := ""
	if len(e.Nodes) > 0 {
		var b strings.Builder
		for k, n := range e.Nodes {
			if k == 8 {
				fmt.Fprintf(&b, ",... (%d in all)", len(e.Nodes))
				break
			}
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, n)
		}
		nodes = " nodes=" + b.String()
	}
	return fmt.Sprintf("%s: algorithm=%s seed=%d time=%.6g%s: %s", e.Kind, e.Algorithm, e.Seed, e.Time, nodes, e.Msg)
}

// fail records the trial's first error and returns it.
func (s *Sim) fail(kind ErrKind, nodes []int32, format string, a ...any) error {
	if s.err == nil {
		s.err = &TrialError{Kind: kind, Algorithm: s.algo.Name(), Seed: s.p.Seed, Time: s.now, Nodes: nodes, Msg: fmt.Sprintf(format, a...)}
	}
	return s.err
}
