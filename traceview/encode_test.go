package traceview

import (
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// decoded is the page's form read back: what page.js's unpack starts from.
type decoded struct {
	Events struct {
		T    []int64
		K    []int
		N, P []int32
	}
	Msgs struct {
		S, R  []int
		F, To []int32
		Ty, X []int
		At    []int64
	}
	States  [][]json.RawMessage
	Changes []int
	Q       float64
	N       int
	Open    int
}

// TestEncodeRoundTrip: the page's packed form (encode.go) undone step by step, as page.js's
// unpack does, gives the trace back: times within half a quantum, every message's send,
// receipt and due time, every state and change. Windows that start mid-trial (messages sent
// before them) and a geometric model are among the traces.
func TestEncodeRoundTrip(t *testing.T) {
	t.Parallel()
	base := kernel.DefaultParams()
	base.N, base.Connectivity, base.Load, base.Mobility, base.Seed, base.Warmup, base.Measure = 8, 0.4, 0.5, 0.2, 3, 10, 150
	geo := base
	geo.Network, geo.Mobility = "waypoint", 0
	for _, c := range []struct {
		algo string
		p    kernel.Params
		opt  Options
	}{{"rl", base, Options{}}, {"rl", base, Options{From: 1000, MaxEvents: 300}}, {"gme", base, Options{From: 77}}, {"drs", geo, Options{MaxEvents: 2000}}} {
		a, err := algorithms.New(c.algo)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := Run(c.p, a, c.opt, true)
		if err != nil {
			t.Fatal(err)
		}
		data, err := encode(tr)
		if err != nil {
			t.Fatal(err)
		}
		var d decoded
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		checkDecoded(t, c.algo, tr, &d)
		t.Logf("%s: %d events, %d messages, %d states: %d bytes of trace, %.1f per event", c.algo, len(tr.Events.Kind), len(tr.Msgs.Send), len(tr.States), len(data), float64(len(data))/float64(len(tr.Events.Kind)))
	}
}

func checkDecoded(t *testing.T, name string, tr *Trace, d *decoded) {
	t.Helper()
	ev := &tr.Events
	acc := int64(0)
	for e, dt := range d.Events.T {
		acc += dt
		if got := float64(acc) * d.Q; math.Abs(got-ev.Time[e]) > d.Q/2+1e-12*math.Abs(ev.Time[e]) {
			t.Fatalf("%s: event %d at %g, decoded %g (quantum %g)", name, e, ev.Time[e], got, d.Q)
		}
	}
	if !slices.Equal(d.Events.K, ev.Kind) || !slices.Equal(d.Events.N, ev.Node) || !slices.Equal(d.Events.P, ev.Peer) || d.N != tr.N || d.Open != tr.OpenAt {
		t.Fatalf("%s: event kinds, nodes, peers or the header differ", name)
	}
	ms := &tr.Msgs
	s := -1
	for m := range d.Msgs.S {
		s += d.Msgs.S[m]
		r := -1
		switch x := d.Msgs.R[m]; {
		case x < 0:
			r = -x - 1
		case x > 0:
			r = s + x
		}
		if s != ms.Send[m] || r != ms.Recv[m] {
			t.Fatalf("%s: message %d sent %d received %d, decoded %d and %d", name, m, ms.Send[m], ms.Recv[m], s, r)
		}
		if at := d.Msgs.At[m]; at >= 0 && math.Abs(ev.Time[s]+float64(at)*d.Q-ms.Due[m]) > d.Q+1e-12*ms.Due[m] {
			t.Fatalf("%s: message %d due %g, decoded %d quanta after %g", name, m, ms.Due[m], at, ev.Time[s])
		}
	}
	if !slices.Equal(d.Msgs.F, ms.From) || !slices.Equal(d.Msgs.To, ms.To) || !slices.Equal(d.Msgs.Ty, ms.Type) || !slices.Equal(d.Msgs.X, ms.Text) {
		t.Fatalf("%s: message ends, types or texts differ", name)
	}
	e := -1
	for k := 0; k < len(d.Changes); k += 3 {
		e += d.Changes[k]
		if c := tr.Changes[k/3]; c != [3]int{e, d.Changes[k+1], d.Changes[k+2]} {
			t.Fatalf("%s: change %v decoded as (%d, %d, %d)", name, c, e, d.Changes[k+1], d.Changes[k+2])
		}
	}
	if len(d.Changes) != 3*len(tr.Changes) || len(d.States) != len(tr.States) {
		t.Fatalf("%s: %d changes and %d states, decoded %d and %d", name, len(tr.Changes), len(tr.States), len(d.Changes)/3, len(d.States))
	}
	for k, st := range tr.States {
		var line, tok, phase int
		var next int32
		var h []int64
		var q []int32
		json.Unmarshal(d.States[k][0], &line)
		json.Unmarshal(d.States[k][1], &tok)
		json.Unmarshal(d.States[k][2], &next)
		json.Unmarshal(d.States[k][3], &phase)
		if string(d.States[k][4]) != "0" {
			json.Unmarshal(d.States[k][4], &h)
		}
		if string(d.States[k][5]) != "0" {
			json.Unmarshal(d.States[k][5], &q)
		}
		ph := ""
		if phase >= 0 {
			ph = tr.Strings[phase]
		}
		if line != st.Line || (tok == 1) != st.Token || next != st.Next || ph != st.Phase || !slices.Equal(h, st.Height) || (q == nil) != (st.Queue == nil) || !slices.Equal(q, st.Queue) {
			t.Fatalf("%s: state %d %+v decoded as %s", name, k, st, d.States[k])
		}
	}
}
