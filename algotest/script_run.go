package algotest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/traceview"
)

// network starts the scripted trial: "network [n=N] [delay=D] [seed=S] [key=value ...] a-b c-d
// ...", links a-b, c-d, ...; n defaults to the largest node in a link plus one, delays are
// constant (1 by default), and every other key=value is an algorithm parameter
// (kernel.Params.Algo). It prints every node's state.
func (sc *scenario) network(args []string) (string, error) {
	if sc.sim != nil {
		return "", fmt.Errorf("the network is already set up")
	}
	p := kernel.DefaultParams()
	p.N, p.Seed, p.Delay = 0, 1, kernel.Delay{Kind: kernel.DelayConstant, A: 1}
	var edges [][2]int32
	for _, a := range args {
		if key, val, ok := strings.Cut(a, "="); ok {
			if err := setKey(&p, key, val, sc.sub.Option); err != nil {
				return "", err
			}
			continue
		}
		u, v, ok := strings.Cut(a, "-")
		x, err1 := strconv.Atoi(u)
		y, err2 := strconv.Atoi(v)
		if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 || x == y {
			return "", fmt.Errorf("%q is neither a link a-b between two nodes nor a key=value", a)
		}
		edges = append(edges, [2]int32{int32(x), int32(y)})
		p.N = max(p.N, x+1, y+1)
	}
	if _, ok := sc.sub.Algo.(kernel.NodeStater); !ok {
		return "", fmt.Errorf("%s does not implement kernel.NodeStater", sc.sub.Algo.Name())
	}
	sc.sim, sc.n = kernel.NewSim(), p.N
	sc.sim.SetTrace(func(e kernel.TraceEvent) {
		sc.trace = append(sc.trace, e)
		if sc.sub.Trace != nil {
			sc.sub.Trace(sc.sim, e)
		}
	})
	sc.shown = make([]string, p.N)
	if err := sc.sim.Script(p, sc.sub.Algo, edges); err != nil {
		return "error: " + err.Error(), nil
	}
	return sc.after(nil), nil
}

// setKey applies a network key: n, delay (constant), seed, or an algorithm parameter (a
// number, or a named option's value read by option).
func setKey(p *kernel.Params, key, val string, option func(key, val string) (float64, error)) error {
	x, err := strconv.ParseFloat(val, 64)
	if err != nil && option != nil {
		if x, err = option(key, val); err != nil {
			return fmt.Errorf("%s=%s: %v", key, val, err)
		}
	} else if err != nil {
		return fmt.Errorf("%s=%s: want a number", key, val)
	}
	switch key {
	case "n":
		p.N = max(p.N, int(x))
	case "delay":
		p.Delay = kernel.Delay{Kind: kernel.DelayConstant, A: x}
	case "seed":
		p.Seed = uint64(x)
	default:
		if p.Algo == nil {
			p.Algo = map[string]float64{}
		}
		p.Algo[key] = x
	}
	return nil
}

// stabilizeLimit bounds the events one "stabilize" processes: a trial that never quiets
// (competitors that keep losing while a lock is held) must not hang the test.
const stabilizeLimit = 2000

// stabilize processes events in time order until none is pending, or stabilizeLimit of them,
// and then says so.
func (sc *scenario) stabilize() error {
	for k := 0; sc.sim.Step(); k++ {
		if k+1 == stabilizeLimit {
			sc.trace = append(sc.trace, kernel.TraceEvent{Kind: "note", Msg: fmt.Sprintf("(still busy after %d events)", stabilizeLimit)})
			break
		}
	}
	return sc.sim.Err()
}

// after renders what the last action did: its events (messages sent and received, CS
// entries), the state of every node whose state line changed, and the error that stopped
// the trial, if any.
func (sc *scenario) after(err error) string {
	var b strings.Builder
	for _, e := range sc.trace {
		switch e.Kind {
		case "send":
			fmt.Fprintf(&b, "%d -> %d %s\n", e.Node, e.Peer, sc.message(e.Msg, e.Message))
		case "recv":
			fmt.Fprintf(&b, "%d <- %d %s\n", e.Node, e.Peer, sc.message(e.Msg, e.Message))
		case "enter":
			fmt.Fprintf(&b, "%d enters the CS\n", e.Node)
		case "note":
			b.WriteString(e.Msg + "\n")
		}
	}
	sc.trace = sc.trace[:0]
	st := sc.sub.Algo.(kernel.NodeStater)
	for i := int32(0); int(i) < sc.n; i++ {
		if s := st.NodeState(i); s != sc.shown[i] {
			sc.shown[i] = s
			fmt.Fprintf(&b, "node %d: %s\n", i, s)
		}
	}
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	return b.String()
}

// message renders a message with the subject's renderer or the default one.
func (sc *scenario) message(typ string, m kernel.Message) string {
	if sc.sub.Message != nil {
		return sc.sub.Message(typ, m)
	}
	return traceview.MessageText(typ, m)
}

// state prints every node's state and the messages in transit, in delivery order.
func (sc *scenario) state() string {
	var b strings.Builder
	st := sc.sub.Algo.(kernel.NodeStater)
	for i := int32(0); int(i) < sc.n; i++ {
		sc.shown[i] = st.NodeState(i)
		fmt.Fprintf(&b, "node %d: %s\n", i, sc.shown[i])
	}
	for _, m := range sc.sim.Pending(nil) {
		fmt.Fprintf(&b, "in transit: %d -> %d %s\n", m.From, m.To, sc.message(m.Type, m.Msg))
	}
	return b.String()
}

// check prints that every online check has held so far (the kernel runs them at every
// step), with who is in the CS, who waits, and how many messages are in transit.
func (sc *scenario) check() string {
	var in, waiting []string
	for i := int32(0); int(i) < sc.n; i++ {
		if sc.sim.InCS(i) {
			in = append(in, strconv.Itoa(int(i)))
		}
		if sc.sim.Waiting(i) {
			waiting = append(waiting, strconv.Itoa(int(i)))
		}
	}
	return fmt.Sprintf("ok: in the CS [%s], waiting [%s], %d messages in transit",
		strings.Join(in, " "), strings.Join(waiting, " "), len(sc.sim.Pending(nil)))
}
