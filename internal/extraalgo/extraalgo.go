// Package extraalgo is an algorithm registered the way another module registers one
// (algorithms.Register), for the tests that a results file written by such a binary opens in
// a program that does not know the algorithm: Reverse Link under another name, with
// message types, a parameter and a metric no built-in has. Its fixture, File, is written by
// this package's test (go test ./internal/extraalgo -update) and read by the tests of
// results, analysis, plots and plots/htmlreport, which do not register it.
package extraalgo

import (
	"path/filepath"
	"runtime"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// Names of the algorithm and of the columns only it has.
const (
	Name        = "toyrl"
	ParamWeight = "toy_weight"   // a number the metric is scaled by
	MetricTally = "toy_requests" // CS requests counted in the whole trial, times toy_weight
)

// Info is the registry entry Register adds.
func Info() algorithms.Info {
	return algorithms.Info{
		Name: Name, Title: "Reverse Link under another name (a test of registration from outside)",
		New:    func() kernel.Algorithm { return &toy{RL: rl.New()} },
		Safety: "mutual exclusion",
		Params: []algorithms.ParamInfo{{Name: ParamWeight, Default: 1, Doc: "toyrl: the factor toy_requests is scaled by"}},
		Metrics: []algorithms.MetricInfo{{Name: MetricTally, Unit: "requests",
			Doc: "toyrl: CS requests in the whole trial, times toy_weight"}},
	}
}

// Register adds the algorithm to the registry; a second call fails, as any double
// registration does.
func Register() error { return algorithms.Register(Info()) }

// File is the results file of Fixture: rl and toyrl over a grid of toy_weight.
func File() string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "testdata", "extra-algorithm.parquet")
}

// Fixture is the sweep File holds.
const Fixture = `
name = "extra-algorithm"
description = "rl and an algorithm registered from outside the registry's package"
algorithms = ["rl", "toyrl"]
trials = 2
seed = 5
[params]
n = 8
connectivity = 0.5
warmup = 10
measure = 60
[grid]
load = [0.1, 1]
toy_weight = [1, 2.5]
`

// messageTypes are Reverse Link's, renamed: columns msgs_toy_* that only toyrl has.
var messageTypes = []kernel.MsgTypeInfo{
	rl.MsgRequest:  {Name: "toy_request"},
	rl.MsgToken:    {Name: "toy_token", Token: true},
	rl.MsgLinkInfo: {Name: "toy_linkinfo"},
}

type toy struct {
	*rl.RL
	weight   float64
	requests int64
}

func (a *toy) Name() string                       { return Name }
func (a *toy) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

func (a *toy) Reset(env *kernel.Env) error {
	a.weight, a.requests = env.Params.AlgoParam(ParamWeight, 1), 0
	return a.RL.Reset(env)
}

func (a *toy) RequestCS(i int32, out *kernel.Outbox) {
	a.requests++
	a.RL.RequestCS(i, out)
}

func (a *toy) Metrics(dst []kernel.Metric) []kernel.Metric {
	return append(dst, kernel.Metric{Name: MetricTally, Value: a.weight * float64(a.requests)})
}
