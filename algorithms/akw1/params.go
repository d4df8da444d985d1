package akw1

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/algorithms/internal/forks"
	"github.com/mutexlab/mutexlab/kernel"
)

// Algorithm-specific parameters (kernel.Params.Algo). The package doc says which sentence of
// the paper each reading rests on.
const (
	ParamColoring   = "akw_coloring"    // 1: greedy (1a), 2: Linial (1b)
	ParamKnownN     = "akw_n"           // 1b: n as the nodes know it (>= the number of nodes)
	ParamKnownD     = "akw_delta"       // 1b: δ as the nodes know it (a bound on every degree)
	ParamInitColors = "akw_init_colors" // 1: from the recolouring module (the paper), 2: given (Choy and Singh's initial colouring)
)

// Colouring procedures.
const (
	ColoringGreedy = 1
	ColoringLinial = 2
)

// Initial colours (akw_init_colors).
const (
	InitRecolor = 1 // every node starts with colour ⊥ and recolours at its first request (section 4: "the recoloring module is also executed by each node to obtain an initial color")
	InitGiven   = 2 // a legal colouring in 0..δ is given at the start (greedy in id order): Table 1's "initial valid coloring" of Choy and Singh
)

// Validate checks akw1's parameters and that the network is FIFO (the paper's assumption).
func Validate(p *kernel.Params) error {
	if err := forks.RequireFIFO("akw1", p); err != nil {
		return err
	}
	if v := p.AlgoParam(ParamInitColors, InitRecolor); v != InitRecolor && v != InitGiven {
		return &kernel.ParamError{Name: ParamInitColors, Msg: fmt.Sprintf("%g is not a reading; accepted: 1 (from the recolouring module, the paper) or 2 (given: a greedy colouring in id order)", v)}
	}
	switch c := p.AlgoParam(ParamColoring, ColoringGreedy); c {
	case ColoringGreedy:
		return nil
	case ColoringLinial:
	default:
		return &kernel.ParamError{Name: ParamColoring, Msg: fmt.Sprintf("colouring %g does not exist; accepted: 1 (greedy, 1a) or 2 (Linial, 1b)", c)}
	}
	n, okN := p.Algo[ParamKnownN]
	if !okN || n < float64(p.N) || n != math.Trunc(n) || n > 1<<40 {
		return &kernel.ParamError{Name: ParamKnownN, Msg: fmt.Sprintf("colouring 2 (Linial, 1b) needs the nodes to know n: set %s to a whole number >= n = %d (got %v)", ParamKnownN, p.N, p.Algo[ParamKnownN])}
	}
	d, okD := p.Algo[ParamKnownD]
	if !okD || d < 1 || d != math.Trunc(d) || d > 4096 {
		return &kernel.ParamError{Name: ParamKnownD, Msg: fmt.Sprintf("colouring 2 (Linial, 1b) needs the nodes to know δ: set %s to a whole number in 1..4096 bounding every degree (got %v)", ParamKnownD, p.Algo[ParamKnownD])}
	}
	return nil
}
