package netmodel

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// Parameters of the models (keys of kernel.Params.Net; results files get one column per
// name, see kernel.NetParamNames).
const (
	Side     = "side"      // waypoint: side of the square, in distance units
	Radius   = "radius"    // waypoint, ns2: unit-disk radius r
	SpeedMin = "speed_min" // waypoint: speed range, distance units per time unit
	SpeedMax = "speed_max"
	Pause    = "pause" // waypoint: pause at each waypoint, time units
	Still    = "still" // waypoint: probability that a node never moves (drawn per node)
	Birth    = "birth" // tvg: probability per round that an absent pair forms a link
	Death    = "death" // tvg: probability per round that a present link disconnects
	Delta    = "delta" // Δ: ports per node (tvg, waypoint, ns2)
	Round    = "round" // tvg: length of a round in time units
)

// maxDelta bounds Δ so that per-port storage (n·Δ entries) stays reasonable.
const maxDelta = 4096

// Δ is a port cap, so it must fit a port record (kernel.MaxPortCap): this fails to compile if not.
var _ = [kernel.MaxPortCap - maxDelta]struct{}{}

// validateDelta checks Δ, the port cap every model of this package takes from Params.Net.
func validateDelta(p *kernel.Params) error {
	d := p.NetParam(Delta)
	if d < 1 || d != math.Trunc(d) || d > maxDelta {
		return paramError(Delta, fmt.Sprintf("Δ (ports per node) must be a whole number in 1..%d, got %g", maxDelta, d))
	}
	return nil
}

// paramError is the one-line error that names the parameter (or movement_file) at fault.
func paramError(name, msg string) error { return &kernel.ParamError{Name: name, Msg: msg} }
