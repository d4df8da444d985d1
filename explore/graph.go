package explore

import (
	"fmt"

	"github.com/mutexlab/mutexlab/kernel"
)

// Graphs names the initial networks Graph builds.
var Graphs = []string{"ring", "line", "complete", "random"}

// Graph builds the initial network of n nodes: a ring, a line, the complete graph, or a
// random connected graph (a random spanning tree plus n/2 random links, from seed).
func Graph(kind string, n int, seed uint64) ([][2]int32, error) {
	var edges [][2]int32
	link := func(u, v int) { edges = append(edges, [2]int32{int32(u), int32(v)}) }
	switch kind {
	case "line", "ring":
		for i := 0; i+1 < n; i++ {
			link(i, i+1)
		}
		if kind == "ring" && n > 2 {
			link(n-1, 0)
		}
	case "complete":
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				link(i, j)
			}
		}
	case "random":
		edges = randomGraph(n, seed)
	default:
		return nil, fmt.Errorf("unknown graph %q; known: ring, line, complete, random", kind)
	}
	return edges, nil
}

// randomGraph links each node k > 0 to a random earlier one, then adds up to n/2 random
// links between nodes not yet linked.
func randomGraph(n int, seed uint64) [][2]int32 {
	var r kernel.Stream
	r.Seed(kernel.DeriveSeed(seed, uint64(kernel.StreamTopology)))
	adj := map[[2]int32]bool{}
	var edges [][2]int32
	add := func(u, v int32) bool {
		if u == v || adj[[2]int32{u, v}] || adj[[2]int32{v, u}] {
			return false
		}
		adj[[2]int32{u, v}] = true
		edges = append(edges, [2]int32{u, v})
		return true
	}
	for k := 1; k < n; k++ {
		add(int32(r.IntN(k)), int32(k))
	}
	for extra, tries := 0, 0; extra < n/2 && tries < 10*n; tries++ {
		if add(int32(r.IntN(n)), int32(r.IntN(n))) {
			extra++
		}
	}
	return edges
}
