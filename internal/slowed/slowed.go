package slowed

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// The variables a slowdown can grow with.
const (
	VarN      = "n" // the number of nodes
	VarDegree = "δ" // the largest degree seen so far in the trial
)

// MaxRounds bounds the extra round trips per request: a slowdown is an instrument, and a
// typo in Coef must not turn a trial into billions of events.
const MaxRounds = 1 << 20

// Slowdown says how many extra round trips a request plays: ceil(Coef·x^Power), x chosen
// by Var. The zero value slows nothing.
type Slowdown struct {
	Var   string
	Power float64
	Coef  float64
}

// String names the slowdown, e.g. "+0.25·n^2 round trips".
func (s Slowdown) String() string {
	if s.Coef == 0 {
		return "no slowdown"
	}
	return fmt.Sprintf("+%.3g·%s^%g round trips", s.Coef, s.Var, s.Power)
}

// Validate checks the slowdown and names what is wrong.
func (s Slowdown) Validate() error {
	if s.Coef == 0 {
		return nil
	}
	if s.Var != VarN && s.Var != VarDegree {
		return fmt.Errorf("slowed: Var %q: want %q or %q", s.Var, VarN, VarDegree)
	}
	if !(s.Coef > 0) || math.IsInf(s.Coef, 0) || !(s.Power >= 0) || math.IsInf(s.Power, 0) {
		return fmt.Errorf("slowed: Coef %g and Power %g: want a finite Coef > 0 and Power >= 0", s.Coef, s.Power)
	}
	return nil
}

// Rounds returns the extra round trips at x, capped at MaxRounds.
func (s Slowdown) Rounds(x float64) int {
	if s.Coef == 0 {
		return 0
	}
	return int(math.Min(math.Ceil(s.Coef*math.Pow(x, s.Power)), MaxRounds))
}

// Algorithm is the slowed wrapper around an inner algorithm. Use Wrap to make one.
type Algorithm struct {
	inner  kernel.Algorithm
	slow   Slowdown
	types  []kernel.MsgTypeInfo
	ping   kernel.MsgType // the wrapper's two message types follow the inner ones
	topo   *kernel.Topology
	n      int
	maxDeg int

	left []int32       // per node: round trips still to play before the request goes in
	port []kernel.Port // per node: the port of the round trip in flight (NoPort: none)
	seq  []int64       // per node: sequence number of the round trip in flight

	replays int64 // round trips replayed after their link failed
}

type tokenAlgorithm struct {
	*Algorithm
	th kernel.TokenHolder
}

// HoldsToken is the inner algorithm's: the wrapper's messages never carry a token.
func (t tokenAlgorithm) HoldsToken(i int32) bool { return t.th.HoldsToken(i) }

// Wrap returns inner slowed by s, as the kernel.Algorithm to run (a kernel.TokenHolder
// exactly when inner is one) and as the wrapper itself, for its measurements.
func Wrap(inner kernel.Algorithm, s Slowdown) (kernel.Algorithm, *Algorithm, error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	types := inner.MessageTypes()
	if len(types)+2 > 256 {
		return nil, nil, fmt.Errorf("slowed: %s has %d message types; no room for two more", inner.Name(), len(types))
	}
	a := &Algorithm{inner: inner, slow: s, ping: kernel.MsgType(len(types))}
	a.types = append(append(a.types, types...), kernel.MsgTypeInfo{Name: "slow_ping"}, kernel.MsgTypeInfo{Name: "slow_pong"})
	if th, ok := inner.(kernel.TokenHolder); ok {
		return tokenAlgorithm{a, th}, a, nil
	}
	return a, a, nil
}

// Name is the inner algorithm's name: results of a slowed run are labelled by the caller.
func (a *Algorithm) Name() string { return a.inner.Name() }

// MessageTypes are the inner algorithm's followed by slow_ping and slow_pong.
func (a *Algorithm) MessageTypes() []kernel.MsgTypeInfo { return a.types }

// MaxDegree returns the largest degree any node has had in the trial so far.
func (a *Algorithm) MaxDegree() int { return a.maxDeg }

// Replays returns how many round trips of the trial so far were replayed on another port
// because their link failed.
func (a *Algorithm) Replays() int64 { return a.replays }

// Reset sizes the wrapper's state and resets the inner algorithm.
func (a *Algorithm) Reset(env *kernel.Env) error {
	a.topo, a.n = env.Topo, env.N
	a.left = kernel.Resize(a.left, env.N)
	a.port = kernel.Resize(a.port, env.N)
	a.seq = kernel.Resize(a.seq, env.N)
	clear(a.left)
	clear(a.seq)
	a.maxDeg, a.replays = 0, 0
	for i := range a.port {
		a.port[i] = kernel.NoPort
		a.maxDeg = max(a.maxDeg, env.Topo.Degree(int32(i)))
	}
	return a.inner.Reset(env)
}

// rounds is the slowdown of a request made now.
func (a *Algorithm) rounds() int {
	x := float64(a.n)
	if a.slow.Var == VarDegree {
		x = float64(a.maxDeg)
	}
	return a.slow.Rounds(x)
}

// RequestCS starts the extra round trips, or passes the request on if there are none.
func (a *Algorithm) RequestCS(i int32, out *kernel.Outbox) {
	a.left[i] = int32(a.rounds())
	a.play(i, out)
}

// play sends the next round trip of node i on its lowest port that is up, or, when none is
// left to play or i has no neighbour, hands the request to the inner algorithm.
func (a *Algorithm) play(i int32, out *kernel.Outbox) {
	a.port[i] = kernel.NoPort
	p := a.topo.Up().Next(i, 0)
	if a.left[i] == 0 || p < 0 {
		a.left[i] = 0
		a.inner.RequestCS(i, out)
		return
	}
	a.seq[i]++
	a.port[i] = p
	out.Send(p, kernel.Message{Type: a.ping, A: a.seq[i]})
}

// ReleaseCS is the inner algorithm's.
func (a *Algorithm) ReleaseCS(i int32, out *kernel.Outbox) { a.inner.ReleaseCS(i, out) }

// Receive answers a ping, counts a pong of the round trip in flight, and passes every other
// message to the inner algorithm.
func (a *Algorithm) Receive(i int32, p kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	switch m.Type {
	case a.ping:
		out.Send(p, kernel.Message{Type: a.ping + 1, A: m.A})
	case a.ping + 1:
		if p == a.port[i] && m.A == a.seq[i] {
			a.left[i]--
			a.play(i, out)
		}
	default:
		a.inner.Receive(i, p, m, out)
	}
}

// LinkUp passes the link on and keeps the maximum degree.
func (a *Algorithm) LinkUp(i int32, p kernel.Port, out *kernel.Outbox) {
	a.maxDeg = max(a.maxDeg, a.topo.Degree(i))
	a.inner.LinkUp(i, p, out)
}

// LinkDown passes the failure on; a round trip in flight on the failed link is replayed on
// another port.
func (a *Algorithm) LinkDown(i int32, p kernel.Port, out *kernel.Outbox) {
	a.inner.LinkDown(i, p, out)
	if a.port[i] == p {
		a.replays++
		a.play(i, out)
	}
}

// Checker is the inner algorithm's safety check (plain mutual exclusion if it has none).
func (a *Algorithm) Checker() kernel.Checker {
	if cp, ok := a.inner.(kernel.CheckerProvider); ok {
		return cp.Checker()
	}
	return &kernel.MutexChecker{}
}

// Metrics are the inner algorithm's.
func (a *Algorithm) Metrics(dst []kernel.Metric) []kernel.Metric {
	if mr, ok := a.inner.(kernel.MetricsReporter); ok {
		return mr.Metrics(dst)
	}
	return dst
}

// MeasuredEntry hands the kernel's measured entries to the inner algorithm, if it splits
// the waits itself (kernel.EntryObserver).
func (a *Algorithm) MeasuredEntry(i int32, requested, entered float64) {
	if eo, ok := a.inner.(kernel.EntryObserver); ok {
		eo.MeasuredEntry(i, requested, entered)
	}
}

// MaxInFlightPerLink is the inner algorithm's bound plus one round trip from each end (0:
// the inner algorithm promises no bound).
func (a *Algorithm) MaxInFlightPerLink() int {
	if lb, ok := a.inner.(kernel.LinkLoadBounder); ok && lb.MaxInFlightPerLink() > 0 {
		return lb.MaxInFlightPerLink() + 2
	}
	return 0
}
