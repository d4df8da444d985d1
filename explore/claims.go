package explore

// Claims an algorithm may declare for the search to check, beyond what the kernel's online
// checks already hold it to. Both are optional interfaces of the algorithm's kernel.Algorithm
// value, so an algorithm registered from another module declares them the same way.

// MessageBounder is implemented by an algorithm whose paper bounds the messages one request
// costs in the worst case, on n nodes. At every terminal state where every request was served
// and no node crashed, the search checks that the messages sent on the path are at most the
// bound times the requests served; more is a violation, "messages per request above the
// bound". A bound that holds only on average (Raymond's O(log n)) is not a worst-case bound
// and must not be declared.
type MessageBounder interface {
	MessagesPerRequestBound(n int) int
}

// FailureLocalityClaimer is implemented by an algorithm whose paper claims a failure locality
// m on a static network of n nodes: a crash may leave a waiting node waiting for good only
// within m hops of it. The search then reports a deadlock of a node more than m hops from
// every crashed node, on paths of scenarios without link changes (the claim's premise: nodes
// that stay static). Otherwise, and for an algorithm that claims none, a waiting node is
// excused by any crashed node it can reach: the kernel's rule for crash trials
// (kernel/crash.go, measureBlocked).
type FailureLocalityClaimer interface {
	FailureLocality(n int) int
}
