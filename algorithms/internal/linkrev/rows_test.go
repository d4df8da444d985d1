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
	if l.formHeight(2, 3) != l.MyHeight[2] || !l.Forming.Has(2, 2) {
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

// TestQueueGrowsAgainstReference drives every queue operation at random on nodes whose
// queues start at qFirst entries and must grow to one per port plus Self, and compares each node's
// queue after every step with a plain slice doing the same.
func TestQueueGrowsAgainstReference(t *testing.T) {
	const n, pc = 5, 9
	topo := &kernel.Topology{}
	topo.Reset(n, pc)
	for i := int32(0); int(i) < n; i++ { // a clique: every node uses ports 0..3
		for j := i + 1; int(j) < n; j++ {
			if _, _, err := topo.Connect(i, j); err != nil {
				t.Fatal(err)
			}
		}
	}
	l := &Links{}
	if err := l.Reset(topo, n, nil, "test", Types{}); err != nil {
		t.Fatal(err)
	}
	ref := make([][]Entry, n)
	rng := rand.New(rand.NewPCG(1, 2))
	grew := false
	for step := range 20_000 {
		i := int32(rng.IntN(n))
		e := Entry{P: kernel.Port(rng.IntN(n)) - 1, V: int64(rng.IntN(3))} // ports -1 (Self)..3
		r := ref[i]
		switch rng.IntN(6) {
		case 0, 1:
			l.Enqueue(i, e)
			if !slices.ContainsFunc(r, func(x Entry) bool { return x.P == e.P }) {
				r = append(r, e)
			}
		case 2:
			l.InsertByPriority(i, e)
			r = slices.DeleteFunc(r, func(x Entry) bool { return x.P == e.P })
			pos := slices.IndexFunc(r, func(x Entry) bool { return x.V < e.V })
			if pos < 0 {
				pos = len(r)
			}
			r = slices.Insert(r, pos, e)
		case 3:
			if len(r) > 0 {
				if got := l.Dequeue(i); got != r[0] {
					t.Fatalf("step %d: Dequeue at %d = %v, want %v", step, i, got, r[0])
				}
				r = r[1:]
			}
		case 4:
			l.Delete(i, e.P)
			r = slices.DeleteFunc(r, func(x Entry) bool { return x.P == e.P })
		case 5:
			l.DeleteV(i, e.V)
			r = slices.DeleteFunc(r, func(x Entry) bool { return x.V == e.V })
		}
		ref[i] = slices.Clone(r)
		grew = grew || l.rows[i].qc > qFirst
		for k := int32(0); int(k) < n; k++ {
			if !slices.Equal(l.Queue(k), ref[k]) {
				t.Fatalf("step %d: node %d's queue is %v, want %v", step, k, l.Queue(k), ref[k])
			}
		}
	}
	if !grew {
		t.Error("no queue grew beyond its first row: the test did not test growth")
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
