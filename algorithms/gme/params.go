package gme

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// Parameter names (kernel.Params.Algo keys, sweep spec keys and results columns).
const (
	ParamM    = "m"             // shared resources, >= 1
	ParamDist = "resource_dist" // distribution of the requested resource: 0 uniform, 1 Zipf
	ParamS    = "zipf_s"        // Zipf exponent s > 0: P(resource r) ∝ 1/(r+1)^s
)

// Values of resource_dist.
const (
	DistUniform = 0
	DistZipf    = 1
)

// Defaults of the parameters (registered in algorithms/registry_gme.go).
const (
	DefaultM    = 1
	DefaultDist = DistUniform
	DefaultS    = 1
)

// MaxM is the largest number of resources accepted.
const MaxM = 1 << 16

type params struct {
	m    int64
	dist int
	s    float64
}

// Validate checks gme's parameters in p.Algo; the error is a one-line *kernel.ParamError
// naming the parameter and what is accepted.
func Validate(p *kernel.Params) error {
	_, err := readParams(p)
	return err
}

func readParams(p *kernel.Params) (params, error) {
	var r params
	m := p.AlgoParam(ParamM, DefaultM)
	if math.IsNaN(m) || m != math.Trunc(m) || m < 1 || m > MaxM {
		return r, &kernel.ParamError{Name: ParamM, Msg: fmt.Sprintf("must be a whole number of resources in 1..%d (m < 1 is not allowed), got %g", MaxM, m)}
	}
	d := p.AlgoParam(ParamDist, DefaultDist)
	if d != DistUniform && d != DistZipf {
		return r, &kernel.ParamError{Name: ParamDist, Msg: fmt.Sprintf("must be 0 (uniform) or 1 (Zipf), got %g", d)}
	}
	s := p.AlgoParam(ParamS, DefaultS)
	if math.IsNaN(s) || math.IsInf(s, 0) || s <= 0 {
		return r, &kernel.ParamError{Name: ParamS, Msg: fmt.Sprintf("the Zipf exponent must be a finite number > 0, got %g", s)}
	}
	r.m, r.dist, r.s = int64(m), int(d), s
	return r, nil
}

// zipfCDF fills cdf (length m) with the cumulative Zipf distribution P(r) ∝ 1/(r+1)^s.
func zipfCDF(cdf []float64, s float64) {
	sum := 0.0
	for r := range cdf {
		sum += math.Pow(float64(r+1), -s)
		cdf[r] = sum
	}
	for r := range cdf {
		cdf[r] /= sum
	}
	cdf[len(cdf)-1] = 1
}
