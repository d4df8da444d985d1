package akw2

// FailureLocality is the paper's failure locality on a static network (Theorem 8: 2, and
// claim C3 in doc.go): a crash leaves waiting for good only nodes within two hops of it. The
// exhaustive search (package explore, FailureLocalityClaimer) reports a deadlock of a node
// farther from every crash.
func (a *AKW2) FailureLocality(n int) int { return 2 }
