package nt

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// Metrics: the two lengths that make up nt's message count, each a mean over the whole trial
// (warm-up, measurement and liveness phase: the algorithm has no clock to tell them apart),
// NaN when there is nothing to average.
//
//   - nt_request_path_mean: REQUEST messages from node to node (the paper's messages, one per
//     node a request visits on its way to the tail of the queue, however many hops each
//     takes) per CS request; a request at the root, which holds the token, counts 0. This is
//     the quantity the paper's title bounds: O(log n) on average.
//   - nt_route_hops_mean: physical hops per message from node to node (a REQUEST or the
//     TOKEN), the length of the routes the routing layer gives them; rr's route_hops_mean is
//     the same measure for Raymond's messages between tree neighbours.
//
// Messages per CS entry (the kernel's column) is then about (nt_request_path_mean + 1) ×
// nt_route_hops_mean: each request's REQUEST messages and its TOKEN, each as many hops long.
const (
	MetricRequestPath = "nt_request_path_mean"
	MetricRouteHops   = "nt_route_hops_mean"
)

// MetricNames lists the metrics NT reports (kernel.MetricsReporter), in report order.
func MetricNames() []string { return []string{MetricRequestPath, MetricRouteHops} }

// pathStats accumulates the metrics of one trial.
type pathStats struct {
	requests    int64 // CS requests (RequestCS calls)
	requestMsgs int64 // REQUEST messages from node to node: sent by the requester or forwarded
	sent        int64 // messages from node to node, REQUEST and TOKEN
	hops        int64 // physical hops they took, the first included
}

// Metrics reports nt_request_path_mean and nt_route_hops_mean.
func (a *NT) Metrics(dst []kernel.Metric) []kernel.Metric {
	return append(dst,
		kernel.Metric{Name: MetricRequestPath, Value: ratio(a.stats.requestMsgs, a.stats.requests)},
		kernel.Metric{Name: MetricRouteHops, Value: ratio(a.stats.hops, a.stats.sent)})
}

func ratio(x, y int64) float64 {
	if y == 0 {
		return math.NaN()
	}
	return float64(x) / float64(y)
}
