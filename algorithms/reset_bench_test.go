package algorithms_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkReset times one algorithm's per-trial Reset alone, on the network of the scaling
// table (mean degree 8, the walter model's port capacity), built once: the part of a trial's
// setup that is the algorithm's own, not the kernel's. At large n the algorithms with few
// events (cm, akw1, akw2, gme) spend a tenth or more of a trial here; a whole trial is
// BenchmarkScale in ./kernel.
//
//	go test -run '^$' -bench 'Reset/.*/n=1000000$' -benchtime 5x -count 5 ./algorithms/
func BenchmarkReset(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		p := kernel.DefaultParams()
		p.N, p.Degree, p.Load, p.Seed = n, 8, 0.01, 1
		topo := &kernel.Topology{}
		var rng kernel.Stream
		rng.Seed(1)
		links := p.LinkCount()
		topo.Reset(n, kernel.PortCapFor(n, links))
		if err := kernel.RandomConnected(topo, links, &rng); err != nil {
			b.Fatal(err)
		}
		for _, name := range []string{"cm", "akw1", "akw2", "gme", "drs"} {
			b.Run(fmt.Sprintf("%s/n=%d", name, n), func(b *testing.B) {
				benchReset(b, name, topo, &p)
			})
		}
	}
}

func benchReset(b *testing.B, name string, topo *kernel.Topology, p *kernel.Params) {
	algo, err := algorithms.New(name)
	if err != nil {
		b.Fatal(err)
	}
	var rng kernel.Stream
	env := &kernel.Env{N: p.N, Params: p, Topo: topo, Rand: &rng, Seed: p.Seed}
	if err := algo.Reset(env); err != nil { // sizes the state: later Resets reuse it
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		rng.Seed(p.Seed)
		if err := algo.Reset(env); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(p.N), "ns/node")
}
