package rr

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// Route metrics: how far RR's messages travel between neighbours in the virtual tree. Section
// 6 of Walter, Welch and Vaidya explains RR's waits by them: "The increased waiting time of RR
// with increased load when the network connectivity is low is due to longer average route
// lengths. In the simulation trials, the average route length roughly doubled when the
// connectivity decreased from 80% to 20%."
//
// Both are means per tree message (a REQUEST or PRIVILEGE from one tree node to a tree
// neighbour), over the whole trial (warm-up, measurement and liveness phase: Raymond's
// algorithm has no clock to tell them apart), in hops:
//
//   - route_len_mean: the shortest-path length between sender and recipient, through the
//     routing oracle, when the message is sent;
//   - route_hops_mean: the hops it actually travelled, which is what the paper charges ("one
//     message per link traversed") and what a message's delay is made of. It differs from
//     route_len_mean only when a route changes under a message in flight ("any added time and
//     distance that the application messages traveled due to route changes").
//
// Per message rather than time-averaged over the tree's edges: the mean is weighted by where
// the traffic goes (toward the token), which is what the waits and message counts feel, and
// it costs one addition per hop. Messages per CS entry divided by route_hops_mean is the
// number of tree messages (Raymond's own count) per entry.
const (
	MetricRouteLen  = "route_len_mean"
	MetricRouteHops = "route_hops_mean"
)

// MetricNames lists the metrics RR reports (kernel.MetricsReporter), in report order.
func MetricNames() []string { return []string{MetricRouteLen, MetricRouteHops} }

// routeStats accumulates the route metrics of one trial.
type routeStats struct {
	sent    int64 // tree messages sent
	hops    int64 // physical hops they took, the first included
	lenSent int64 // shortest-path lengths at sending, summed
}

// send records a tree message about to take its first hop, d hops from its recipient.
func (s *routeStats) send(d int64) {
	s.sent++
	s.hops++
	s.lenSent += d
}

// Metrics reports the route metrics (NaN if no tree message was sent).
func (a *RR) Metrics(dst []kernel.Metric) []kernel.Metric {
	mean := func(x int64) float64 {
		if a.route.sent == 0 {
			return math.NaN()
		}
		return float64(x) / float64(a.route.sent)
	}
	return append(dst, kernel.Metric{Name: MetricRouteLen, Value: mean(a.route.lenSent)},
		kernel.Metric{Name: MetricRouteHops, Value: mean(a.route.hops)})
}
