package nt

import (
	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// Info is nt's registry entry: a program registers it (algorithms.Register) before it hands
// its arguments to the command line, and every command then knows --algo nt, its message
// columns and its metrics (null in other algorithms' rows). nt reads no parameter of its own.
func Info() algorithms.Info {
	return algorithms.Info{
		Name:  Name,
		Title: "Naimi-Trehel path-reversal token algorithm over an ideal routing layer (Naimi, Trehel, Arnold 1996)",
		New:   func() kernel.Algorithm { return New() },
		Metrics: []algorithms.MetricInfo{
			{Name: MetricRequestPath, Unit: "messages", Doc: "nt: mean REQUEST messages from node to node per CS request (0 for a request at the root, which holds the token), whole trial; the paper's O(log n) (null: no request)"},
			{Name: MetricRouteHops, Unit: "hops", Doc: "nt: mean physical hops per message from node to node (REQUEST or TOKEN) over the ideal routing layer, whole trial (null: no message)"},
		},
	}
}
