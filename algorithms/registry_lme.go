package algorithms

import (
	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/kernel"
)

// The local mutual exclusion family (issue 6): registered here, apart from registry.go.
func init() {
	registry = append(registry,
		Info{Name: "drs", Title: "Anonymous local mutual exclusion with port bitsets (Daymude, Richa, Scheideler)",
			New: func() kernel.Algorithm { return drs.New() },
			Params: []ParamInfo{
				{Name: drs.ParamK, Default: drs.DefaultK, Doc: "drs: K, the number of priorities (drawn uniformly from 0..K-1), a whole number in 2..256"},
			},
			Metrics:  drs.MetricNames(),
			Validate: drs.Validate},
		Info{Name: "cm", Title: "Hygienic dining philosophers (Chandy, Misra), forks created and destroyed with links",
			New:     func() kernel.Algorithm { return cm.New() },
			Metrics: cm.MetricNames()},
	)
}
