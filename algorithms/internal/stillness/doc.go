// Package stillness splits the measured waits of the local mutual exclusion algorithms (cm,
// drs, akw1, akw2) between requests of nodes that stay still and those of nodes that move.
//
// Attiya, Kogan and Welch bound the response time of nodes that do not move (section 2,
// Definition 1: "any node p_i that starts executing the module and remains static for T time
// units, finishes its execution within T time units"); every response-time theorem of their
// paper is about such nodes. A measured request is static when its node did not move at any
// moment from the request to its CS entry, and moving otherwise. Only the geometric models
// (waypoint, ns2) move nodes, so only there are the waits split: on walter and tvg links
// change without any node moving, and the split does not apply (the metrics are absent, hence
// null). On a geometric model with speed 0 every request is static and the moving metrics are
// NaN (null): no moving request was measured.
//
// A node's motion is the kernel's to know (kernel.Probe.Still): a segment that begins with
// speed 0 drawn by chance counts as a new segment, so the node is taken to have moved at
// its start, which can only move a request from static to moving.
//
// Use: an algorithm keeps a Split, calls Reset from its Reset, forwards the kernel's
// measured entries to it (MeasuredEntry: the algorithm implements kernel.EntryObserver),
// appends its Metrics to its own, and lists MetricNames among its metrics.
package stillness
