package eventq

// SortPairs sorts (times[j], keys[j]) by time, then key, in place, as the queue sorts the
// start stream and the entries set aside (sortPairs).
func SortPairs(times, keys []uint64) { sortPairs(times, keys) }

// InsertionMaxN is the length up to which SortPairs sorts by insertion (insertionMaxN).
const InsertionMaxN = insertionMaxN
