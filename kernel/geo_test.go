package kernel

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// idleAlgo never asks for anything: the network runs on its own.
type idleAlgo struct{}

func (idleAlgo) Name() string                           { return "idle" }
func (idleAlgo) MessageTypes() []MsgTypeInfo            { return nil }
func (idleAlgo) Reset(*Env) error                       { return nil }
func (idleAlgo) RequestCS(int32, *Outbox)               {}
func (idleAlgo) ReleaseCS(int32, *Outbox)               {}
func (idleAlgo) Receive(int32, Port, *Message, *Outbox) {}
func (idleAlgo) LinkUp(int32, Port, *Outbox)            {}
func (idleAlgo) LinkDown(int32, Port, *Outbox)          {}
func (idleAlgo) Checker() Checker                       { return NewLocalMutexChecker() }

// checkUnitDisk compares the topology with the unit-disk graph of the model's positions by
// brute force: every link within r (1e-9 relative), every pair within r linked unless an end
// is full.
func checkUnitDisk(t *testing.T, s *Sim, m *GeoModel, seed uint64) {
	t.Helper()
	topo := &s.topo
	r := m.Radius()
	for i := int32(0); int(i) < topo.N(); i++ {
		for j := i + 1; int(j) < topo.N(); j++ {
			d := math.Sqrt(m.dist2(i, j, s.now))
			adj := topo.Adjacent(i, j)
			if adj && d > r*(1+1e-9) {
				t.Fatalf("seed %d time %g: %d-%d linked at distance %g > r = %g", seed, s.now, i, j, d, r)
			}
			if !adj && d < r*(1-1e-9) && !topo.Full(i) && !topo.Full(j) {
				t.Fatalf("seed %d time %g: %d-%d unlinked at distance %g < r = %g with free ports", seed, s.now, i, j, d, r)
			}
		}
	}
}

// TestWaypointIsUnitDisk runs random-waypoint networks (random radius, speeds, pauses and
// port caps) and checks after every link-change event that the graph is the unit-disk graph
// of the current positions within the documented tolerance, and that the moving flag agrees
// with the velocity.
func TestWaypointIsUnitDisk(t *testing.T) {
	var rng Stream
	for seed := uint64(1); seed <= 12; seed++ {
		rng.Seed(seed)
		p := DefaultParams()
		p.Seed, p.N, p.Load = seed, 20+rng.IntN(120), 1e-9
		p.Network = "waypoint"
		p.Net = map[string]float64{NetSide: 100, NetRadius: 5 + 25*rng.Float64(), NetSpeedMin: rng.Float64(),
			NetSpeedMax: 1 + 4*rng.Float64(), NetPause: []float64{0, 3}[rng.IntN(2)], NetDelta: []float64{0, 3}[rng.IntN(2)]}
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		s := NewSim()
		if err := s.setup(p, idleAlgo{}, nil); err != nil {
			t.Fatal(err)
		}
		m := s.net.(*GeoModel)
		checkUnitDisk(t, s, m, seed)
		changes := 0
		for s.q.Len() > 0 && s.now < 200 && s.err == nil {
			v := s.topo.Version()
			s.step()
			if s.topo.Version() != v {
				changes++
				checkUnitDisk(t, s, m, seed)
				for i := int32(0); int(i) < p.N; i++ {
					if s.topo.Moving(i) != (m.vx[i] != 0 || m.vy[i] != 0) {
						t.Fatalf("seed %d: node %d moving flag %v, velocity (%g, %g)", seed, i, s.topo.Moving(i), m.vx[i], m.vy[i])
					}
				}
			}
		}
		if s.err != nil {
			t.Fatal(s.err)
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
		{map[string]float64{NetRadius: 0}, NetRadius},
		{map[string]float64{NetRadius: -1}, NetRadius},
		{map[string]float64{NetRadius: 2000}, NetRadius},
		{map[string]float64{NetSpeedMin: 6, NetSpeedMax: 5}, NetSpeedMin},
		{map[string]float64{NetDelta: 0.5}, NetDelta},
		{map[string]float64{"birth": 0.1}, "birth"},
	}
	for _, c := range cases {
		p := DefaultParams()
		p.Network, p.Net = "waypoint", c.net
		var pe *ParamError
		if err := p.Validate(); !errors.As(err, &pe) || pe.Name != c.name || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: got %v, want an error naming %s", c.net, err, c.name)
		}
	}
	p := DefaultParams()
	p.Network, p.Net = "tvg", map[string]float64{NetDelta: 0}
	var pe *ParamError
	if err := p.Validate(); !errors.As(err, &pe) || pe.Name != NetDelta {
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
	p := DefaultParams()
	p.N, p.Load, p.Seed = 2, 1e-9, 1
	p.Network, p.MovementFile = "ns2", path
	p.Net = map[string]float64{NetRadius: 30}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	s := NewSim()
	if err := s.setup(p, idleAlgo{}, nil); err != nil {
		t.Fatal(err)
	}
	var ups, downs []float64
	s.SetTrace(func(e TraceEvent) {
		switch e.Kind {
		case "link-up":
			ups = append(ups, e.Time)
		case "link-down":
			downs = append(downs, e.Time)
		}
	})
	for s.q.Len() > 0 && s.now < 100 {
		s.step()
	}
	// Node 1 starts at x = 100 at t = 10, speed 10: within 30 of node 0 at t = 17; back at
	// t = 20 from x = 0, out of range at t = 23.
	if len(ups) != 1 || len(downs) != 1 || math.Abs(ups[0]-17) > 1e-9 || math.Abs(downs[0]-23) > 1e-9 {
		t.Fatalf("link-ups %v, link-downs %v; want [17] and [23]", ups, downs)
	}
	if err := s.setup(p, idleAlgo{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"$node_(0) set X_ abc\n", "$node_(0) set X_ 1\n$node_(0) set Y_ 1\n$node_(1) set X_ 1\n$node_(1) set Y_ 1\n$ns_ at 1 \"$node_(7) setdest 1 1 1\"\n", "hello world\n"} {
		p.MovementFile = writeFile(t, bad)
		err := p.Validate()
		var pe *ParamError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), p.MovementFile+":") {
			t.Errorf("%q: got %v, want an error naming the file and line", bad, err)
		}
	}
}
