package eventq

import "math/bits"

// sort sorts the pending entries by (time key, key), in place (sortPairs).
func (a *sortedBuf) sort() { sortPairs(a.times[a.head:], a.keys[a.head:]) }

// sortPairs sorts (times[j], keys[j]) by time, then key, in place: a most-significant-digit
// radix sort (radixSortPairs), insertion sort for short arrays. In place, because a second
// buffer would be memory the trial writes for nothing: for the start stream of 10^6 entries
// it would be 16 MB more of peak RSS, and a first write to memory costs more than the sort on
// the machines measured (docs/scaling.md). At 10^6 entries it takes as long as a radix sort
// with a second buffer (BenchmarkSortPairs).
func sortPairs(times, keys []uint64) {
	if len(times) <= insertionMaxN {
		insertionSortPairs(times, keys)
		return
	}
	radixSortPairs(times, keys, true)
}

// insertionMaxN is the length up to which sortPairs and radixSortPairs sort by insertion
// instead of splitting by a digit: below it, the digit's 256 counters cost more than
// insertion's moves (at 10^6 entries 64 to 128 sort fastest, 16 about a third slower:
// BenchmarkSortPairs).
const insertionMaxN = 96

// radixSortPairs sorts (a[j], b[j]) by a, then, if thenB, by b, in place (len(a) >
// insertionMaxN), comparing values as unsigned integers (time keys order as their times:
// timeKey). It splits the pairs into 256 buckets by a digit of a, the 8 bits from the
// highest bit in which the a differ down (the bits above are the same in all), moves each
// pair into its bucket (permuteBuckets), and sorts each bucket the same way (its a then share
// the digit too). Where every a is equal (ties of times), the pairs are sorted by b alone,
// the same way with the two arrays' roles swapped.
func radixSortPairs(a, b []uint64, thenB bool) {
	var diff uint64 // the bits in which some a differs from a[0]
	for _, x := range a {
		diff |= x ^ a[0]
	}
	if diff == 0 {
		if thenB {
			radixSortPairs(b, a, false)
		}
		return
	}
	shift := uint(max(bits.Len64(diff)-8, 0))
	var next, end [256]int
	for _, x := range a {
		end[byte(x>>shift)]++
	}
	sum := 0
	for d, c := range end {
		next[d] = sum
		sum += c
		end[d] = sum
	}
	permuteBuckets(a, b, shift, &next, &end)
	start := 0
	for _, e := range end {
		if m := e - start; m > insertionMaxN {
			radixSortPairs(a[start:e], b[start:e], thenB)
		} else if m > 1 {
			insertionSortPairs(a[start:e], b[start:e])
		}
		start = e
	}
}

// permuteBuckets moves each pair (a[j], b[j]) into the bucket of its digit byte(a[j]>>shift),
// bucket d being [next[d], end[d]) on entry (its pairs still unplaced there) and ending at
// end[d]. It sweeps the unplaced part of every bucket, swapping each pair with the next free
// slot of its own bucket, until every pair is placed (as ska_sort does): the swaps of a sweep
// do not wait on one another, so their cache misses overlap, where following a cycle of
// displacements (the American flag sort's) waits for every miss in turn: at 10^6 entries
// the arrays are 16 MB, and the sweep sorted about a fifth faster (BenchmarkSortPairs).
func permuteBuckets(a, b []uint64, shift uint, next, end *[256]int) {
	for placed := false; !placed; {
		placed = true
		for d, e := range end {
			if next[d] < e {
				placed = false
			}
			for j := next[d]; j < e; j++ {
				x := a[j]
				dst := &next[byte(x>>shift)]
				k := *dst
				*dst = k + 1
				a[j], a[k] = a[k], x
				b[j], b[k] = b[k], b[j]
			}
		}
	}
}

// insertionSortPairs sorts (times[j], keys[j]) by time, then key.
func insertionSortPairs(times, keys []uint64) {
	for j := 1; j < len(times); j++ {
		tk, k := times[j], keys[j]
		i := j
		for ; i > 0 && less(tk, k, times[i-1], keys[i-1]); i-- {
			times[i], keys[i] = times[i-1], keys[i-1]
		}
		times[i], keys[i] = tk, k
	}
}
