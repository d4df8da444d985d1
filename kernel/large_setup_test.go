package kernel

// DrainPrefault makes s's setup helper populate every array queued before setup ends, so
// that what it reaches does not depend on the scheduler.
func DrainPrefault(s *Sim) { s.large.pre.WaitAll() }

// PrefaultedBytes is how much s's setup helper has populated, every trial.
func PrefaultedBytes(s *Sim) int64 { return s.large.pre.Bytes() }
