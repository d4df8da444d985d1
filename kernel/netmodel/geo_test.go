package netmodel

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// checkUnitDisk compares the topology with the unit-disk graph of the model's positions by
// brute force: every link within r (1e-9 relative), every pair within r linked unless an end
// is full.
func checkUnitDisk(t *testing.T, s *kernel.Sim, m *Geo, seed uint64) {
	t.Helper()
	topo := s.Topology()
	r := m.Radius()
	for i := int32(0); int(i) < topo.N(); i++ {
		for j := i + 1; int(j) < topo.N(); j++ {
			d := math.Sqrt(m.dist2(i, j, s.Now()))
			adj := topo.Adjacent(i, j)
			if adj && d > r*(1+1e-9) {
				t.Fatalf("seed %d time %g: %d-%d linked at distance %g > r = %g", seed, s.Now(), i, j, d, r)
			}
			if !adj && d < r*(1-1e-9) && !topo.Full(i) && !topo.Full(j) {
				t.Fatalf("seed %d time %g: %d-%d unlinked at distance %g < r = %g with free ports", seed, s.Now(), i, j, d, r)
			}
		}
	}
}

// TestWaypointIsUnitDisk runs random-waypoint networks (random radius, speeds, pauses and
// port caps) and checks after every link-change event that the graph is the unit-disk graph
// of the current positions within the documented tolerance, and that the moving flag agrees
// with the velocity.
func TestWaypointIsUnitDisk(t *testing.T) {
	var rng kernel.Stream
	for seed := uint64(1); seed <= 12; seed++ {
		rng.Seed(seed)
		p := kernel.DefaultParams()
		p.Seed, p.N, p.Load = seed, 20+rng.IntN(120), 1e-9
		p.Network = "waypoint"
		p.Net = map[string]float64{Side: 100, Radius: 5 + 25*rng.Float64(), SpeedMin: rng.Float64(),
			SpeedMax: 1 + 4*rng.Float64(), Pause: []float64{0, 3}[rng.IntN(2)], Delta: []float64{0, 3}[rng.IntN(2)]}
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		s := kernel.NewSim()
		if err := s.Begin(p, loner{}); err != nil {
			t.Fatal(err)
		}
		m := s.Network().(*Geo)
		checkUnitDisk(t, s, m, seed)
		changes := 0
		for s.Now() < 200 {
			v := s.Topology().Version()
			if !s.Step() {
				break
			}
			if s.Topology().Version() != v {
				changes++
				checkUnitDisk(t, s, m, seed)
				for i := int32(0); int(i) < p.N; i++ {
					if s.Topology().Moving(i) != (m.vx[i] != 0 || m.vy[i] != 0) {
						t.Fatalf("seed %d: node %d moving flag %v, velocity (%g, %g)", seed, i, s.Topology().Moving(i), m.vx[i], m.vy[i])
					}
				}
			}
		}
		if s.Err() != nil {
			t.Fatal(s.Err())
		}
		if m.LinkEvents == 0 {
			t.Fatalf("seed %d: no link changed in %d events", seed, changes)
		}
	}
}

// TestGeoBadInput: each bad parameter gets a one-line error naming it.
func TestGeoBadInput(t *testing.T) {
	cases := []struct {
		net  map[string]float64
		name string
	}{
		{map[string]float64{Radius: 0}, Radius},
		{map[string]float64{Radius: -1}, Radius},
		{map[string]float64{Radius: 2000}, Radius},
		{map[string]float64{SpeedMin: 6, SpeedMax: 5}, SpeedMin},
		{map[string]float64{Delta: 0.5}, Delta},
		{map[string]float64{"birth": 0.1}, "birth"},
	}
	for _, c := range cases {
		p := kernel.DefaultParams()
		p.Network, p.Net = "waypoint", c.net
		var pe *kernel.ParamError
		if err := p.Validate(); !errors.As(err, &pe) || pe.Name != c.name || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: got %v, want an error naming %s", c.net, err, c.name)
		}
	}
	p := kernel.DefaultParams()
	p.Network, p.Net = "tvg", map[string]float64{Delta: 0}
	var pe *kernel.ParamError
	if err := p.Validate(); !errors.As(err, &pe) || pe.Name != Delta {
		t.Errorf("tvg Δ = 0: got %v", err)
	}
}

func writeFile(t *testing.T, text string) string {
	path := filepath.Join(t.TempDir(), "scen.ns_movements")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNS2 replays a small movement file: two nodes approach, link at the right time, part.
func TestNS2(t *testing.T) {
	path := writeFile(t, `# two nodes
$node_(0) set X_ 0.0
$node_(0) set Y_ 0.0
$node_(0) set Z_ 0.0
$node_(1) set X_ 100.0
$node_(1) set Y_ 0.0
$god_ set-dist 0 1 1
$ns_ at 10.0 "$node_(1) setdest 0.0 0.0 10.0"
$ns_ at 20.0 "$node_(1) setdest 100.0 0.0 10.0"
`)
	p := kernel.DefaultParams()
	p.N, p.Load, p.Seed = 2, 1e-9, 1
	p.Network, p.MovementFile = "ns2", path
	p.Net = map[string]float64{Radius: 30}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	s := kernel.NewSim()
	if err := s.Begin(p, loner{}); err != nil {
		t.Fatal(err)
	}
	var ups, downs []float64
	s.SetTrace(func(e kernel.TraceEvent) {
		switch e.Kind {
		case "link-up":
			ups = append(ups, e.Time)
		case "link-down":
			downs = append(downs, e.Time)
		}
	})
	for s.Now() < 100 && s.Step() {
	}
	// Node 1 starts at x = 100 at t = 10, speed 10: within 30 of node 0 at t = 17; back at
	// t = 20 from x = 0, out of range at t = 23.
	if len(ups) != 1 || len(downs) != 1 || math.Abs(ups[0]-17) > 1e-9 || math.Abs(downs[0]-23) > 1e-9 {
		t.Fatalf("link-ups %v, link-downs %v; want [17] and [23]", ups, downs)
	}
	if err := s.Begin(p, loner{}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"$node_(0) set X_ abc\n", "$node_(0) set X_ 1\n$node_(0) set Y_ 1\n$node_(1) set X_ 1\n$node_(1) set Y_ 1\n$ns_ at 1 \"$node_(7) setdest 1 1 1\"\n", "hello world\n"} {
		p.MovementFile = writeFile(t, bad)
		err := p.Validate()
		var pe *kernel.ParamError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), p.MovementFile+":") {
			t.Errorf("%q: got %v, want an error naming the file and line", bad, err)
		}
	}
}
