package sweeps

import (
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// Row turns an outcome into a results row laid out as columns.All (a fresh slice).
func Row(o Outcome) []results.Value {
	return columns.Row(nil, o.trial(), columns.All())
}

// trial is the outcome as package columns describes a trial.
func (o *Outcome) trial() *columns.Trial {
	return &columns.Trial{Algorithm: o.Trial.Algorithm, Params: &o.Trial.Params, Result: &o.Result,
		Point: int64(o.Trial.Point.Index), Replicate: int64(o.Trial.Replicate)}
}
