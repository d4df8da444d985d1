package gme

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// Parameter names (kernel.Params.Algo keys, sweep spec keys and results columns).
const (
	ParamM    = "m"             // shared resources, >= 1
	ParamDist = "resource_dist" // distribution of the requested resource: 0 uniform, 1 Zipf
	ParamS    = "zipf_s"        // Zipf exponent s > 0: P(resource r) ∝ 1/(r+1)^s

	// The readings and the check (package doc): named options, held in Params.Algo as the
	// index of their value in the names below; 0 is the default, the paper's literal text.
	ParamSubtokens = "subtokens"         // SubtokensNames: when the leader hands out weight
	ParamLinkTo    = linkrev.ParamLinkTo // LinkToNames: whom the new token holder tells its height
	ParamCECheck   = "ce_check"          // CECheckNames: fail the trial at a concurrent-entering miss
)

// The named options' values, indexed by their code.
var (
	SubtokensNames = []string{"in-cs", "session"}
	LinkToNames    = linkrev.LinkToNames
	CECheckNames   = []string{"off", "fail"}
)

// Codes of the named options' values.
const (
	SubtokensInCS    = 0 // the paper: the leader answers requests with SUBTOKENs "while it is in the CS"
	SubtokensSession = 1 // also while its session runs, for its resource, if no other resource is queued
	CECheckOff       = 0 // concurrent-entering misses are measured (metrics) only
	CECheckFail      = 1 // ... and the first one stops the trial
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

	subtokens, linkTo, ceCheck int // the named options' codes
}

// Validate checks gme's parameters in p.Algo; the error is a one-line *kernel.ParamError
// naming the parameter and what is accepted.
func Validate(p *kernel.Params) error {
	_, err := readParams(p)
	return err
}

func readParams(p *kernel.Params) (r params, err error) {
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
	if r.subtokens, err = linkrev.Option(p, ParamSubtokens, SubtokensNames); err != nil {
		return r, err
	}
	if r.linkTo, err = linkrev.Option(p, ParamLinkTo, LinkToNames); err != nil {
		return r, err
	}
	r.ceCheck, err = linkrev.Option(p, ParamCECheck, CECheckNames)
	return r, err
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
