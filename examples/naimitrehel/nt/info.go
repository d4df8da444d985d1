package nt

import (
	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// Info is nt's registry entry: a program registers it (algorithms.Register) before it hands
// its arguments to the command line, and every command then knows --algo nt, its message
// columns and its metrics (null in other algorithms' rows). nt reads no parameter of its own.
//
// Safety is the kernel's default check, mutual exclusion (nt has no kernel.Checker of its
// own), with the single-token check since NT is a kernel.TokenHolder. The cost hints are
// relative to Reverse Link's 22 events per CS entry and 10 per link change, measured on the
// naimitrehel-vs-rl-rr preset (column events, mean over each mobility's 540 trials): 18,784
// events for 2,200 entries on static networks, about 8.5 per entry, and about 1.1 events per
// link change on mobile ones (the change itself; nt does nothing on LinkUp and LinkDown), as
// rr's 8 and 1.
func Info() algorithms.Info {
	return algorithms.Info{
		Name:           Name,
		Title:          "Naimi-Trehel path-reversal token algorithm over an ideal routing layer (Naimi, Trehel, Arnold 1996)",
		New:            func() kernel.Algorithm { return New() },
		Safety:         "mutual exclusion",
		Cost:           8.5 / 22,
		LinkChangeCost: 1.1 / 10,
		Metrics: []algorithms.MetricInfo{
			{Name: MetricRequestPath, Unit: "messages", Doc: "nt: mean REQUEST messages from node to node per CS request (0 for a request at the root, which holds the token), whole trial; the paper's O(log n) (null: no request)"},
			{Name: MetricRouteHops, Unit: "hops", Doc: "nt: mean physical hops per message from node to node (REQUEST or TOKEN) over the ideal routing layer, whole trial (null: no message)"},
		},
	}
}
