package linkrev

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// twoProcs lets fillHeights split (Links.splitAlways) on at least two processors until the
// returned func runs.
func twoProcs() func() {
	procs := runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	return func() { runtime.GOMAXPROCS(procs) }
}

// sameState reports whether a and b hold the same Reverse Link state of n nodes.
func sameState(a, b *Links, n int) bool {
	same := slices.Equal(a.my, b.my) && sameHeights(&a.hs, &b.hs) &&
		slices.Equal(a.Next, b.Next) && slices.Equal(a.rows, b.rows) && slices.Equal(a.TokenHolder, b.TokenHolder)
	for i := int32(0); same && int(i) < n; i++ {
		same = slices.Equal(a.InN.Row(i), b.InN.Row(i)) && slices.Equal(a.ReceivedLI.Row(i), b.ReceivedLI.Row(i)) &&
			slices.Equal(a.Lower.Row(i), b.Lower.Row(i)) && slices.Equal(a.Forming.Row(i), b.Forming.Row(i))
	}
	return same
}

// TestSplitFillMatchesInOrder: Reset with fillHeights split over two goroutines leaves the
// same state as filled node by node, for the default heights (as bytes and as 4-byte
// distances) and for heights given (some beyond int32: the store starts wide); run it with
// -race too.
func TestSplitFillMatchesInOrder(t *testing.T) {
	var rng kernel.Stream
	for seed := uint64(1); seed <= 8; seed++ {
		rng.Seed(seed)
		pathN := 0
		if seed > 6 { // a path: the 4-byte distances
			pathN = 600 + int(seed)
		}
		topo, n := testNetwork(t, &rng, 3000, pathN)
		var initial []Height
		if seed%2 == 0 { // heights given: the DAG toward node 0 by distance, ties the other way than the ids
			dist := make([]int32, n)
			topo.BFS(0, dist, nil)
			initial = make([]Height, n)
			h1 := int64(1)
			if seed%4 == 0 {
				h1 = 1 << 40 // beyond int32
			}
			for i := range initial {
				initial[i] = Height{h1, int64(dist[i])*int64(n) + int64(n-i), int32(i)}
			}
			initial[0] = Height{}
		}
		var inOrder, split Links
		err := inOrder.Reset(topo, n, initial, "test", Types{})
		if err != nil {
			t.Fatal(err)
		}
		restore := twoProcs()
		split.splitAlways = true
		err = split.Reset(topo, n, initial, "test", Types{})
		restore()
		if err != nil {
			t.Fatal(err)
		}
		if wide := seed%4 == 0; inOrder.hs.isWide != wide {
			t.Fatalf("seed %d: the store is wide: %v, want %v", seed, inOrder.hs.isWide, wide)
		}
		if !sameState(&inOrder, &split, n) {
			t.Fatalf("seed %d, n = %d: the split fill's state differs from the fill in order", seed, n)
		}
	}
}

// TestSplitFillFirstBad: with nodes lacking a lower neighbour in both halves, or only in the
// second, the split fill names the first of them, as the fill in order does.
func TestSplitFillFirstBad(t *testing.T) {
	const n = 1000
	topo := &kernel.Topology{}
	topo.Reset(n, kernel.PortCapFor(n, n-1))
	for i := int32(1); i < n; i++ { // a path: node i's lower neighbour is i−1
		if _, _, err := topo.Connect(i-1, i); err != nil {
			t.Fatal(err)
		}
	}
	defer twoProcs()()
	for _, bads := range [][]int{{700, 300, 900}, {800, 600}, {499}, {500}} {
		initial := make([]Height, n)
		for i := range initial {
			initial[i] = Height{0, int64(i), int32(i)}
		}
		for _, b := range bads { // lower than both neighbours: none lower than it
			initial[b].H1 = -1
		}
		l := Links{splitAlways: true}
		err := l.Reset(topo, n, initial, "test", Types{})
		want := fmt.Sprintf("node %d has no lower neighbour", slices.Min(bads))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bad nodes %v: error %v, want %q", bads, err, want)
		}
	}
}

// benchTopo is the million-node trial's graph (n = 10^6, mean degree 8), built once per process.
var benchTopo struct {
	sync.Once
	t *kernel.Topology
}

// BenchmarkResetFill is Reset at n = 10^6 on reused arrays, its fill in order and split over
// two goroutines, alternated within one process (-count) so that both see the same machine.
// ns/op is wall time, what the split saves.
//
//	go test -run '^$' -bench 'ResetFill' -benchtime 5x -count 8 ./algorithms/internal/linkrev/
func BenchmarkResetFill(b *testing.B) {
	const n, links = 1_000_000, 4_000_000
	benchTopo.Do(func() {
		var rng kernel.Stream
		rng.Seed(1)
		benchTopo.t = &kernel.Topology{}
		benchTopo.t.Reset(n, kernel.PortCapFor(n, links))
		if err := kernel.RandomConnected(benchTopo.t, links, &rng); err != nil {
			b.Fatal(err)
		}
	})
	for _, fill := range []struct {
		name  string
		split bool
	}{{"order", false}, {"split", true}} {
		b.Run("fill="+fill.name, func(b *testing.B) {
			defer twoProcs()()
			l := Links{splitAlways: fill.split}
			if err := l.Reset(benchTopo.t, n, nil, "bench", Types{}); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				if err := l.Reset(benchTopo.t, n, nil, "bench", Types{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
