package linkrev

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// chain returns a path 0-1-...-n-1 on n nodes of portCap ports, and Links reset on it: every
// inner node uses ports 0 and 1, so its height row is 2 wide.
func chain(t *testing.T, n, portCap int) (*kernel.Topology, *Links) {
	t.Helper()
	topo := &kernel.Topology{}
	topo.Reset(n, portCap)
	for i := int32(1); int(i) < n; i++ {
		if _, _, err := topo.Connect(i-1, i); err != nil {
			t.Fatal(err)
		}
	}
	l := &Links{}
	if err := l.Reset(topo, n, nil, "test", Types{}); err != nil {
		t.Fatal(err)
	}
	return topo, l
}

// TestRowsSizedToPortsUsed: at Reset a node's height row is as wide as its highest port up
// plus one, not PortCap; a link formed on a port beyond moves the row, keeping every height
// it held and leaving the other nodes' rows alone.
func TestRowsSizedToPortsUsed(t *testing.T) {
	const n, pc = 6, 5
	topo, l := chain(t, n, pc)
	if got, want := l.hs.len(), 2*(n-2)+2; got != want {
		t.Fatalf("heights stored: %d, want %d (one per port in use)", got, want)
	}
	before := make([]Height, n*pc)
	snapshot := func(dst []Height) {
		up := topo.Up()
		for i := int32(0); int(i) < n; i++ {
			for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
				dst[int(i)*pc+int(p)] = l.HeightAt(i, p)
			}
		}
	}
	snapshot(before)
	var out kernel.Outbox
	for _, j := range []int32{4, 0} { // node 2 gets ports 2 and 3: its row moves once, to 4 wide
		p, q, err := topo.Connect(2, j)
		if err != nil {
			t.Fatal(err)
		}
		l.LinkFormed(2, p, &out)
		l.LinkFormed(j, q, &out)
	}
	after := make([]Height, n*pc)
	snapshot(after)
	for k := range before {
		if before[k] != (Height{}) && after[k] != before[k] {
			t.Errorf("node %d port %d: height %v became %v when a row moved", k/pc, k%pc, before[k], after[k])
		}
	}
	if w := l.rows[2].hw; w != 4 {
		t.Errorf("node 2's row is %d wide after links on ports 2 and 3, want 4 (twice 2)", w)
	}
	if l.formHeight(2, 3) != l.MyHeight(2) || !l.Forming.Has(2, 2) {
		t.Errorf("node 2 forms ports 2 and 3 at its height: formHeight %v, forming[2] %v", l.formHeight(2, 3), l.Forming.Has(2, 2))
	}
}

// TestAtBeyondRowPanics: a port a node never used has no place in its row; reading it stops
// the trial instead of reading the next node's heights.
func TestAtBeyondRowPanics(t *testing.T) {
	_, l := chain(t, 4, 3)
	defer func() {
		if recover() == nil {
			t.Error("At(1, 2) on a row of 2 ports did not panic")
		}
	}()
	l.At(1, 2)
}

// TestQueueGrowsAgainstReference drives every queue operation at random, in both layouts
// (ports alone, rl's; ports and values, hk's and gme's), on nodes whose queues start at
// qFirst entries and move as they fill, while links form and widen the height rows that
// bound them (up to one entry per port plus Self), and compares every node's queue, ports
// and values, after every step with a plain []Entry doing the same.
func TestQueueGrowsAgainstReference(t *testing.T) {
	for _, valued := range []bool{false, true} {
		t.Run(map[bool]string{false: "ports", true: "values"}[valued], func(t *testing.T) {
			queueAgainstReference(t, valued, 1)
		})
	}
}

func queueAgainstReference(t *testing.T, valued bool, seed uint64) {
	const n, pc = 8, 7
	topo := &kernel.Topology{}
	topo.Reset(n, pc)
	for i := int32(0); int(i) < n; i++ { // a ring: every node uses ports 0 and 1
		if _, _, err := topo.Connect(i, (i+1)%n); err != nil {
			t.Fatal(err)
		}
	}
	l := &Links{Valued: valued}
	if err := l.Reset(topo, n, nil, "test", Types{}); err != nil {
		t.Fatal(err)
	}
	ref := make([][]Entry, n)
	rng := rand.New(rand.NewPCG(seed, 2))
	moves, formed := 0, 0
	var out kernel.Outbox
	for step := range 40_000 {
		i := int32(rng.IntN(n))
		hw := int(l.rows[i].hw)
		e := Entry{P: kernel.Port(rng.IntN(hw+1)) - 1} // Self and the ports of i's row
		if valued {
			e.V = int64(rng.IntN(3))
		}
		r := ref[i]
		qc := l.rows[i].qc
		op := rng.IntN(9)
		if !valued && op >= 5 {
			op -= 4 // no InsertByPriority, DeleteV or value writes without values
		}
		switch op {
		case 0, 1:
			l.Enqueue(i, e)
			if !slices.ContainsFunc(r, func(x Entry) bool { return x.P == e.P }) {
				r = append(r, e)
			}
		case 2:
			if len(r) > 0 {
				if got := l.Dequeue(i); got != r[0].P {
					t.Fatalf("step %d: Dequeue at %d = %v, want %v", step, i, got, r[0].P)
				}
				r = r[1:]
			}
		case 3:
			got := l.Delete(i, e.P)
			k := slices.IndexFunc(r, func(x Entry) bool { return x.P == e.P })
			if got != (k >= 0) {
				t.Fatalf("step %d: Delete(%d, %d) = %v, want %v", step, i, e.P, got, k >= 0)
			}
			r = slices.DeleteFunc(r, func(x Entry) bool { return x.P == e.P })
		case 4:
			if len(r) > 0 {
				k := rng.IntN(len(r))
				l.RemoveAt(i, k)
				r = slices.Delete(r, k, k+1)
			}
		case 5, 6:
			pos := l.InsertByPriority(i, e)
			r = slices.DeleteFunc(r, func(x Entry) bool { return x.P == e.P })
			want := slices.IndexFunc(r, func(x Entry) bool { return x.V < e.V })
			if want < 0 {
				want = len(r)
			}
			r = slices.Insert(r, want, e)
			if pos != want {
				t.Fatalf("step %d: InsertByPriority(%d, %v) = %d, want %d", step, i, e, pos, want)
			}
		case 7:
			got := l.DeleteV(i, e.V)
			before := len(r)
			r = slices.DeleteFunc(r, func(x Entry) bool { return x.V == e.V })
			if got != before-len(r) {
				t.Fatalf("step %d: DeleteV(%d, %d) = %d, want %d", step, i, e.V, got, before-len(r))
			}
		case 8: // a value written through Values (hk's aging, gme's new resource)
			if len(r) > 0 {
				k := rng.IntN(len(r))
				l.Values(i)[k] += 5
				r[k].V += 5
			}
		}
		ref[i] = slices.Clone(r)
		if l.rows[i].qc != qc {
			moves++
		}
		if rng.IntN(200) == 0 { // a link forms: both ends' rows may widen
			j := int32(rng.IntN(n))
			if p, q, err := topo.Connect(i, j); err == nil {
				l.LinkFormed(i, p, &out)
				l.LinkFormed(j, q, &out)
				formed++
			}
		}
		for k := int32(0); int(k) < n; k++ {
			checkQueue(t, l, step, k, ref[k], valued)
		}
	}
	if moves < 20 || formed < 5 || int(l.rows[0].qc) <= qFirst+2 {
		t.Errorf("%d queue moves, %d links formed, node 0's queue %d entries: the test did not test growth", moves, formed, l.rows[0].qc)
	}
}

// checkQueue compares node k's queue with its reference: ports, and values when valued, and
// the head, the length and Find.
func checkQueue(t *testing.T, l *Links, step int, k int32, ref []Entry, valued bool) {
	t.Helper()
	var ports []kernel.Port
	var vals []int64
	for _, x := range ref {
		ports, vals = append(ports, x.P), append(vals, x.V)
	}
	if !slices.Equal(l.Queue(k), ports) || l.QLen(k) != len(ref) {
		t.Fatalf("step %d: node %d's queue is %v (|Q| %d), want %v", step, k, l.Queue(k), l.QLen(k), ports)
	}
	if valued && !slices.Equal(l.Values(k), vals) {
		t.Fatalf("step %d: node %d's values are %v, want %v", step, k, l.Values(k), vals)
	}
	if len(ref) > 0 && (l.Head(k) != ref[0].P || l.Find(k, ref[len(ref)-1].P) != len(ref)-1) {
		t.Fatalf("step %d: node %d: Head %d, Find(last) %d; want %d, %d", step, k, l.Head(k), l.Find(k, ref[len(ref)-1].P), ref[0].P, len(ref)-1)
	}
	if valued {
		var got []Entry
		for _, x := range l.Entries(k) {
			got = append(got, x)
		}
		if !slices.Equal(got, ref) || (len(ref) > 0 && l.HeadValue(k) != ref[0].V) {
			t.Fatalf("step %d: node %d: Entries yields %v, want %v", step, k, got, ref)
		}
	}
}

// TestQueueWithoutValuesPanics: in a queue without values (rl's), every read of a value and
// every value other than 0 given to it stops the trial; the Request's word is 0 and reads
// none.
func TestQueueWithoutValuesPanics(t *testing.T) {
	_, l := chain(t, 4, 3)
	l.Enqueue(1, Entry{P: Self})
	if l.requestWord(1) != 0 || l.qValued || len(l.q) != 4*queueWords(qFirst, false) {
		t.Fatalf("a queue without values: requestWord %d, values %v, %d words for 4 nodes", l.requestWord(1), l.qValued, len(l.q))
	}
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"Values", func() { l.Values(1) }},
		{"HeadValue", func() { l.HeadValue(1) }},
		{"Entries", func() {
			for range l.Entries(1) {
			}
		}},
		{"Enqueue with V = 3", func() { l.Enqueue(1, Entry{P: 0, V: 3}) }},
		{"InsertByPriority", func() { l.InsertByPriority(1, Entry{P: 0, V: 3}) }},
		{"DeleteV", func() { l.DeleteV(1, 0) }},
		{"State with values", func() { l.State(1, func(v int64) string { return "" }) }},
	} {
		l.Enqueue(1, Entry{P: 0}) // InsertByPriority would delete it if it went ahead
		func() {
			defer func() {
				if r := recover(); r != errNoValues {
					t.Errorf("%s on a queue without values: recovered %v, want errNoValues", c.name, r)
				}
			}()
			c.f()
		}()
		if !slices.Equal(l.Queue(1), []kernel.Port{Self, 0}) {
			t.Fatalf("the queue after a refused %s is %v, want [Self 0]: it changed before the panic", c.name, l.Queue(1))
		}
	}
}

// TestFormingRecords: formHeight records are kept per link being formed, found by port,
// dropped when the link stops forming, and reused.
func TestFormingRecords(t *testing.T) {
	_, l := chain(t, 3, 4)
	h := func(k int64) Height { return Height{k, k, 1} }
	l.startForming(1, 0, h(1))
	l.startForming(1, 1, h(2))
	l.startForming(1, 0, h(3)) // the same port again: replaced, not added
	if l.formHeight(1, 0) != h(3) || l.formHeight(1, 1) != h(2) {
		t.Fatalf("formHeight = %v, %v; want %v, %v", l.formHeight(1, 0), l.formHeight(1, 1), h(3), h(2))
	}
	l.stopForming(1, 0)
	if l.Forming.Has(1, 0) || !l.Forming.Has(1, 1) || l.formHeight(1, 1) != h(2) {
		t.Fatal("stopForming(1, 0) did not drop exactly port 0's record")
	}
	l.startForming(2, 0, h(4))
	if len(l.forms) != 2 {
		t.Errorf("%d records for 3 links formed and 1 stopped: the freed one was not reused", len(l.forms))
	}
	l.stopForming(1, 1)
	l.stopForming(1, 1) // not forming: nothing happens
	if l.rows[1].form != -1 || l.formHeight(2, 0) != h(4) {
		t.Error("node 1 keeps a record after its links stopped forming, or node 2 lost its own")
	}
}

// TestRowsFit: the largest trial whose rows fit int32 offsets is accepted, one node more is
// refused with an error that names the limit.
func TestRowsFit(t *testing.T) {
	const pc = 715
	n := rowsMax / 3 / (pc + 1)
	if err := rowsFit(n, pc, "rl"); err != nil {
		t.Errorf("n = %d, port cap %d: %v", n, pc, err)
	}
	err := rowsFit(n+1, pc, "rl")
	if err == nil || !strings.Contains(err.Error(), "rl: ") || !strings.Contains(err.Error(), "must be at most") {
		t.Errorf("n = %d, port cap %d: error %v, want one that names rl and the limit", n+1, pc, err)
	}
}

// TestLessBit: the branch-free comparison agrees with Less, signs and ties in h1 and h2
// included.
func TestLessBit(t *testing.T) {
	vals := []int64{math.MinInt64, -5, -1, 0, 1, 7, math.MaxInt64}
	ids := []int32{math.MinInt32, -1, 0, 1, 3, math.MaxInt32}
	var hs []Height
	for _, h1 := range vals {
		for _, h2 := range vals {
			for _, id := range ids {
				hs = append(hs, Height{h1, h2, id})
			}
		}
	}
	for _, a := range hs {
		for _, b := range hs {
			if got, want := lessBit(a, b) == 1, a.Less(b); got != want {
				t.Fatalf("lessBit(%v, %v) = %v, Less says %v", a, b, got, want)
			}
		}
	}
}
