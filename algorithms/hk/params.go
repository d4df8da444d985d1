package hk

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// Parameter names (kernel.Params.Algo keys, sweep spec keys and results columns).
const (
	ParamK      = "k"               // resources, >= 1
	ParamH      = "h"               // resources per request: 1..k fixed, or 0 for uniform on 1..k
	ParamLevels = "priority_levels" // priority classes, 1..MaxLevels
	ParamAging  = "aging"           // aging step added to every queued request's priority, >= 0

	// The readings (package doc): named options, held in Params.Algo as the index of their
	// value in the names below; 0, the default, is the paper's literal text.
	ParamAgingAt     = "aging_at"          // AgingAtNames: when queued requests age
	ParamLinkTo      = linkrev.ParamLinkTo // LinkToNames: whom the new token holder tells its height
	ParamRequestSink = "request_sink"      // RequestSinkNames: what a sink does with a REQUEST
)

// The readings' values, indexed by their code.
var (
	AgingAtNames     = []string{"cs-exit", "token-pass"}
	LinkToNames      = linkrev.LinkToNames
	RequestSinkNames = []string{"forward", "raise"}
)

// Codes of the readings' values.
const (
	AgingCSExit    = 0 // aging only when a node leaves the CS (the RELEASE description)
	AgingTokenPass = 1 // also every time the token leaves a node, relays included
	SinkForward    = 0 // Jiang's request handler: forwardRequest only
	SinkRaise      = 1 // RL's Request handler line 7: a sink raises its height first
)

// ParamP returns the name of the probability of priority class c (1 is the highest):
// priority_p1 .. priority_p4.
func ParamP(c int) string { return fmt.Sprintf("priority_p%d", c) }

// Defaults of the parameters (registered in algorithms/registry.go).
const (
	DefaultK      = 1
	DefaultH      = 1
	DefaultLevels = 1
	DefaultAging  = 0
)

type params struct {
	k, h, aging int64
	levels      int
	dist        [MaxLevels]float64

	agingAt, linkTo, sink int // the readings' codes
}

// Validate checks hk's parameters in p.Algo; the error is a *kernel.ParamError naming the
// parameter and what is accepted.
func Validate(p *kernel.Params) error {
	_, err := readParams(p)
	return err
}

func whole(name string, x, lo, hi float64, what string) error {
	if math.IsNaN(x) || x != math.Trunc(x) || x < lo || x > hi {
		return &kernel.ParamError{Name: name, Msg: fmt.Sprintf("must be %s, got %g", what, x)}
	}
	return nil
}

func readParams(p *kernel.Params) (params, error) {
	var r params
	k := p.AlgoParam(ParamK, DefaultK)
	if err := whole(ParamK, k, 1, 1<<20, "a whole number of resources >= 1 (k < 1 is not allowed)"); err != nil {
		return r, err
	}
	h := p.AlgoParam(ParamH, DefaultH)
	if h > k && h == math.Trunc(h) {
		return r, &kernel.ParamError{Name: ParamH, Msg: fmt.Sprintf("must be at most k = %g, got h = %g (0 draws h uniformly from 1..k)", k, h)}
	}
	if err := whole(ParamH, h, 0, k, "a whole number in 1..k, or 0 for uniform on 1..k"); err != nil {
		return r, err
	}
	lv := p.AlgoParam(ParamLevels, DefaultLevels)
	if err := whole(ParamLevels, lv, 1, MaxLevels, fmt.Sprintf("a whole number in 1..%d", MaxLevels)); err != nil {
		return r, err
	}
	ag := p.AlgoParam(ParamAging, DefaultAging)
	if err := whole(ParamAging, ag, 0, 1<<20, "a whole number >= 0"); err != nil {
		return r, err
	}
	r.k, r.h, r.aging, r.levels = int64(k), int64(h), int64(ag), int(lv)
	if err := readReadings(p, &r); err != nil {
		return r, err
	}
	given, sum := false, 0.0
	for c := 1; c <= MaxLevels; c++ {
		x := p.AlgoParam(ParamP(c), 0)
		if math.IsNaN(x) || x < 0 || x > 1 {
			return r, &kernel.ParamError{Name: ParamP(c), Msg: fmt.Sprintf("must be a probability in [0, 1], got %g", x)}
		}
		if x > 0 && c > r.levels {
			return r, &kernel.ParamError{Name: ParamP(c), Msg: fmt.Sprintf("is %g, but there are only priority_levels = %d classes", x, r.levels)}
		}
		if x > 0 {
			given = true
		}
		sum += x
		if c <= r.levels {
			r.dist[c-1] = x
		}
	}
	if !given { // no distribution given: uniform over the classes
		for c := range r.levels {
			r.dist[c] = 1 / float64(r.levels)
		}
	} else if math.Abs(sum-1) > 1e-9 {
		return r, &kernel.ParamError{Name: "priority_p1", Msg: fmt.Sprintf("the priority distribution priority_p1..priority_p%d must sum to 1, got %g", r.levels, sum)}
	}
	return r, nil
}

// readReadings reads the three readings' codes.
func readReadings(p *kernel.Params, r *params) (err error) {
	if r.agingAt, err = linkrev.Option(p, ParamAgingAt, AgingAtNames); err != nil {
		return err
	}
	if r.linkTo, err = linkrev.Option(p, ParamLinkTo, LinkToNames); err != nil {
		return err
	}
	r.sink, err = linkrev.Option(p, ParamRequestSink, RequestSinkNames)
	return err
}
