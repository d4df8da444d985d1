package algorithms

import (
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algorithms/rr"
	"github.com/mutexlab/mutexlab/kernel"
)

// The built-in algorithms register through the same call as anyone's, in this order (the
// order of their columns in a results file and of the listings).
func init() {
	for _, a := range [][]Info{{rlInfo(), hkInfo(), rrInfo()}, akwInfos(), {gmeInfo()}, lmeInfos()} {
		for _, info := range a {
			MustRegister(info)
		}
	}
}

// rlInfo is Reverse Link, the algorithm every cost hint is relative to.
func rlInfo() Info {
	return Info{Name: "rl", Title: "Reverse Link token mutual exclusion (Walter, Welch, Vaidya)",
		New: func() kernel.Algorithm { return rl.New() }, Safety: "mutual exclusion"}
}

// rrInfo is Raymond's tree algorithm over the ideal routing layer. Its cost hints are the
// events fitted to the walter2001 preset: about 8 per CS entry and 1 per link change, against
// Reverse Link's 22 and 10 (sweeps.estimateCost).
func rrInfo() Info {
	return Info{Name: "rr", Title: "Raymond's tree algorithm over an ideal routing layer (baseline of Walter, Welch, Vaidya)",
		New: func() kernel.Algorithm { return rr.New() }, Safety: "mutual exclusion",
		Cost: 8.0 / 22, LinkChangeCost: 1.0 / 10,
		Metrics: []MetricInfo{
			{Name: rr.MetricRouteLen, Unit: "hops", Doc: "rr: mean shortest-path length between the sender and the recipient of a tree message (REQUEST or PRIVILEGE to a virtual-tree neighbour) when sent, whole trial (null: no tree message)"},
			{Name: rr.MetricRouteHops, Unit: "hops", Doc: "rr: mean hops a tree message travelled (one message per hop, as the paper charges), whole trial; above route_len_mean only when routes changed under messages in flight (null: no tree message)"},
		}}
}
