package kernel

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"unsafe"
)

// BenchmarkPrefetchWalk measures what one request for a cache line costs the core when its
// address is new to the TLB (BenchmarkPrefetchUse measures whether the line then arrives).
// On this virtual machine a dependent random read of 1 GiB waits 340-540 ns with or without
// the guest's 2 MiB pages (BenchmarkPointerChase), of 4-128 MiB 100-240 ns: the host, it
// seems, backs the guest with 4 KiB pages, so every new 4 KiB page costs a two-dimensional
// page walk, and at 1 GiB the walk's own page-table reads miss too. rl's loop at 10^6 has a
// third or more of its samples on the look-ahead's PREFETCHT0s, as if a prefetch that misses
// the TLB held up the core until its walk was done.
//
// Each op is one request for a pseudo-random line of a region: how is nothing, t0 (PREFETCHT0,
// as Prefetch issues it), nta (PREFETCHNTA), w (PREFETCHW) or load (a plain load whose value
// is dropped); region is 16 KiB (four pages, always in the TLB and the caches), 4 MiB to
// 256 MiB, or 1 GiB; perpage requests go to distinct lines of one 4 KiB page before a random
// new one (1: every request a new page, as the look-ahead's mostly are; 8: one walk per eight
// lines). The requests come in bursts of burst back to back, each burst followed by work
// dependent multiplies (about 1.2 ns each): the handler's own work the requests overlap
// with. cpu-ns/op is the thread's CPU time per request, cpu-ns/burst per burst; how=none's
// is the loop's own cost, to subtract. Measured 2026-11-24 (docs/scaling.md): at 1 GiB a lone
// prefetch to a new page cost the core from a few ns to 280 ns depending on the machine's
// state, at 4-256 MiB or with eight lines per page next to nothing, and 2-16 of them back to
// back a few ns each (whether they then arrive is BenchmarkPrefetchUse's question):
//
//	go test -run '^$' -bench PrefetchWalk -benchtime 1000000x ./kernel/
func BenchmarkPrefetchWalk(b *testing.B) {
	type shape struct{ region, perPage, burst, work int }
	var shapes []shape
	// Each way of asking, alone and with work after each request.
	for _, sh := range []shape{{16 << 10, 1, 1, 0}, {1 << 30, 1, 1, 0}, {1 << 30, 8, 1, 0}} {
		for _, work := range []int{0, 64, 256} {
			sh.work = work
			shapes = append(shapes, sh)
		}
	}
	// How the cost grows with the region, that is with the page tables a walk reads.
	for _, region := range []int{4 << 20, 32 << 20, 256 << 20} {
		shapes = append(shapes, shape{region, 1, 1, 64}, shape{region, 1, 1, 256})
	}
	// Whether walks overlap: bursts of new pages, the same work after each burst.
	for _, burst := range []int{2, 4, 8, 16} {
		shapes = append(shapes, shape{1 << 30, 1, burst, 256})
	}
	for _, sh := range shapes {
		for _, h := range walkHows {
			if sh.burst > 1 && h.name != "none" && h.name != "t0" {
				continue
			}
			name := fmt.Sprintf("region=%dKiB/perpage=%d/burst=%d/work=%d/how=%s", sh.region>>10, sh.perPage, sh.burst, sh.work, h.name)
			b.Run(name, func(b *testing.B) {
				mem := walkRegion(sh.region)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ResetTimer()
				c0 := ThreadCPU()
				walkSink += walk(mem, sh.perPage, sh.burst, sh.work, b.N, h.f)
				cpu := float64(ThreadCPU() - c0)
				b.ReportMetric(cpu/float64(b.N), "cpu-ns/op")
				b.ReportMetric(cpu/float64(b.N)*float64(sh.burst), "cpu-ns/burst")
			})
		}
	}
}

// walkHows are the ways of asking for a line that BenchmarkPrefetchWalk and
// BenchmarkPrefetchUse compare (prefetch_amd64.s).
var walkHows = []struct {
	name string
	f    func(uintptr)
}{
	{"none", touchNone}, {"t0", prefetch}, {"nta", prefetchNTA}, {"w", prefetchW}, {"load", loadLine},
}

// walkSink keeps walk's result alive, so that its work is not optimised away.
var walkSink uint64

// walk makes n requests for lines of mem through touch, perPage distinct lines of a random
// 4 KiB page before moving on to another, in bursts of burst requests back to back, each
// burst followed by work dependent multiplies.
func walk(mem []byte, perPage, burst, work, n int, touch func(uintptr)) uint64 {
	base := uintptr(unsafe.Pointer(unsafe.SliceData(mem)))
	pages := uint64(len(mem) >> 12) // a power of two
	x, acc := uint64(0x9E3779B97F4A7C15), uint64(1)
	var page uintptr
	left := 0
	for i := range n {
		if left == 0 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			page = base + uintptr(x&(pages-1))<<12
			left = perPage
		}
		left--
		// 37 is odd, so 64 consecutive i give 64 distinct lines of the page.
		touch(page + uintptr((uint64(i)*37+x>>40)&63)<<6)
		if (i+1)%burst == 0 {
			for range work {
				acc = acc*x + 1
			}
		}
	}
	return acc
}

// walkRegions holds the regions walk reads, allocated and written once per process: a
// fresh 1 GiB costs seconds to fault in on this machine (BenchmarkFirstTouch).
var walkRegions sync.Map

// walkRegion returns the region of size bytes, written once (walkRegions).
func walkRegion(size int) []byte {
	if m, ok := walkRegions.Load(size); ok {
		return m.([]byte)
	}
	m := MakeLarge[byte](size, size) // advised for huge pages, as the trial's arrays are
	for i := 0; i < size; i += 4096 {
		m[i] = 1
	}
	walkRegions.Store(size, m)
	return m
}

// BenchmarkPrefetchUse measures whether requests for lines that miss the TLB bring them in
// time (BenchmarkPrefetchWalk says what they cost the core themselves). Each op reads pseudo-random lines of 1 GiB (each on a new 4 KiB page, its value
// used; a handler reading several nodes' state), then does work dependent multiplies; how
// asks for each line dist ops before it is read (none: nothing, so the reads wait on memory,
// though the reads of one op overlap). open=page also asks, 2·dist ops ahead, for another
// line of each line's page (its translation then comes first); open=line asks for the line
// itself at 2·dist and dist ops ahead; open=other reads, instead of the line asked for, the
// line 2 KiB from it on the same page, never asked for: what the translation alone saves;
// open=burst asks for an op's lines back to back before its reads instead of one before each
// read, as the look-ahead asks for an event's lines.
// cpu-ns/op is the thread's CPU time per op:
//
//	go test -run '^$' -bench PrefetchUse -benchtime 300000x ./kernel/
func BenchmarkPrefetchUse(b *testing.B) {
	type shape struct {
		work, reads, dist int
		open              string
		all               bool // every how, not only none and t0
	}
	shapes := []shape{
		{64, 1, 4, "no", true}, {256, 1, 4, "no", true},
		{64, 1, 4, "page", false}, {64, 1, 4, "line", false}, {64, 1, 4, "other", false},
		{256, 1, 4, "page", false}, {256, 1, 4, "other", false},
		{256, 2, 4, "no", false}, {256, 4, 4, "no", false}, {256, 8, 4, "no", false},
		{256, 4, 1, "no", false}, {256, 4, 2, "no", false}, {256, 4, 8, "no", false},
		{64, 4, 4, "no", false}, {64, 4, 4, "burst", false}, {256, 4, 4, "burst", false}, {256, 8, 4, "burst", false},
	}
	for _, sh := range shapes {
		for _, h := range walkHows {
			if !sh.all && h.name != "t0" && h.name != "none" {
				continue
			}
			name := fmt.Sprintf("work=%d/reads=%d/dist=%d/open=%s/how=%s", sh.work, sh.reads, sh.dist, sh.open, h.name)
			b.Run(name, func(b *testing.B) {
				mem := walkRegion(1 << 30)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ResetTimer()
				c0 := ThreadCPU()
				walkSink += walkUse(mem, sh.reads, sh.dist, sh.work, sh.open, b.N, h.f)
				b.ReportMetric(float64(ThreadCPU()-c0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// walkUse does n ops of reads reads of pseudo-random lines of mem and work dependent
// multiplies; touch asks for each line dist ops before it is read and, by open
// (BenchmarkPrefetchUse), for its page or itself 2·dist ops before, or for an op's lines
// back to back.
func walkUse(mem []byte, reads, dist, work int, open string, n int, touch func(uintptr)) uint64 {
	base := uintptr(unsafe.Pointer(unsafe.SliceData(mem)))
	lines := uint64(len(mem) >> 6) // a power of two
	const size = 256               // > 2·dist·reads: the offsets of the reads ahead
	var ring [size]uintptr
	x, acc := uint64(0x9E3779B97F4A7C15), uint64(1)
	next := func() uintptr {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return uintptr(x&(lines-1)) << 6
	}
	near, far := dist*reads, 2*dist*reads
	for k := range far {
		ring[k] = next()
	}
	k := 0 // the read
	for range n {
		if open == "burst" {
			for r := range reads {
				ring[(k+r+far)%size] = next()
				touch(base + ring[(k+r+near)%size])
			}
			for range reads {
				acc += uint64(mem[ring[k%size]])
				k++
			}
			for range work {
				acc = acc*x + 1
			}
			continue
		}
		for range reads {
			f := next()
			ring[(k+far)%size] = f
			switch open {
			case "page":
				touch(base + f&^4095 | (f+64)&4095)
			case "line":
				touch(base + f)
			}
			touch(base + ring[(k+near)%size])
			at := ring[k%size]
			if open == "other" {
				at ^= 2048
			}
			acc += uint64(mem[at])
			k++
		}
		for range work {
			acc = acc*x + 1
		}
	}
	return acc
}

// TestWalkPatterns checks the addresses the two benchmarks ask for: walk's perpage requests
// go to distinct lines of one page, inside the region; walkUse asks for the same line at
// 2·dist and at dist reads ahead (open=line), so its distances are what they say, and for
// the same lines in bursts as one by one.
func TestWalkPatterns(t *testing.T) {
	mem := make([]byte, 1<<20)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(mem)))
	var got []uintptr
	record := func(a uintptr) { got = append(got, a) }
	walk(mem, 8, 1, 0, 800, record)
	for g := 0; g < len(got); g += 8 {
		seen := map[uintptr]bool{}
		for _, a := range got[g : g+8] {
			if a < base || a >= base+uintptr(len(mem)) || a&63 != 0 {
				t.Fatalf("address %#x outside the region or not a line's", a)
			}
			if a>>12 != got[g]>>12 || seen[a] {
				t.Fatalf("group %d: %#x not a new line of page %#x", g/8, a, got[g]>>12)
			}
			seen[a] = true
		}
	}
	for _, reads := range []int{1, 4} {
		const dist = 3
		got = got[:0]
		walkUse(mem, reads, dist, 0, "line", 100, record)
		// Each read asks twice: its line 2·dist ops ahead, then the line dist ops ahead.
		var far, near []uintptr
		for k := 0; k+1 < len(got); k += 2 {
			far, near = append(far, got[k]), append(near, got[k+1])
		}
		for k := dist * reads; k < len(near); k++ {
			if near[k] != far[k-dist*reads] {
				t.Fatalf("reads=%d: request %d for %#x is not the one asked for dist ops before (%#x)", reads, k, near[k], far[k-dist*reads])
			}
		}
		// Bursts ask for the same lines in the same order, only grouped by op.
		got = got[:0]
		walkUse(mem, reads, dist, 0, "no", 100, record)
		lined := append([]uintptr(nil), got...)
		got = got[:0]
		walkUse(mem, reads, dist, 0, "burst", 100, record)
		if !slices.Equal(got, lined) {
			t.Fatalf("reads=%d: bursts ask for other lines than one request per read", reads)
		}
	}
}

// BenchmarkPointerChase measures how long this machine's memory takes to answer a random
// read, the figure the event loop at 10^6 is bound by: chains independent cycles through
// the 64-byte lines of a region in a random order, each read's address the value of the
// read before it in its chain (so one chain's reads wait for each other, and chains overlap).
// The region is advised for huge pages as the trial's arrays are (MakeLarge). Measured
// 2026-11-24 (docs/scaling-history.md, "Sixth session"; with a stand-alone copy as well): one chain
// 340-540 ns per read over 1 GiB with or without the guest's huge pages, 140-240 ns over
// 8-64 MiB, about 20 ns over 2 MiB; 8 chains 31-45 ns and 32 chains 12-25 ns per read over
// 1 GiB.
//
//	go test -run '^$' -bench PointerChase -benchtime 4000000x ./kernel/
func BenchmarkPointerChase(b *testing.B) {
	for _, mib := range []int{2, 64, 1024} {
		next := chaseCycle(mib << 20)
		for _, chains := range []int{1, 8, 32} {
			b.Run(fmt.Sprintf("region=%dMiB/chains=%d", mib, chains), func(b *testing.B) {
				at := make([]uint32, chains)
				for c := range at {
					at[c] = uint32(c * len(next) / chains)
				}
				for i := 0; i < b.N; i += chains {
					for c := range at {
						at[c] = next[at[c]]
					}
				}
				walkSink += uint64(at[0])
			})
		}
	}
}

// chaseCycle returns the successor of every 64-byte line of a fresh region of size bytes
// (one uint32 per line, stored in the line itself, the rest of the line unused), all lines
// on one cycle in a random order with a fixed seed.
func chaseCycle(size int) []uint32 {
	const perLine = 16 // uint32s per 64-byte line
	lines := size / 64
	mem := MakeLarge[uint32](size/4, size/4)
	order := make([]uint32, lines)
	for i := range order {
		order[i] = uint32(i)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(lines, func(i, j int) { order[i], order[j] = order[j], order[i] })
	for k, line := range order {
		mem[int(line)*perLine] = order[(k+1)%lines] * perLine
	}
	return mem
}
