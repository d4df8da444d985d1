package mem

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// A large trial's setup spends much of its time faulting in memory its process has never
// had: about 870 MB at n = 10^6, and on the virtual machines mutexlab is measured on the
// first write to a page costs 0.1 to 3.6 s per GiB (docs/scaling.md).
// The trial runs on one core. While setup builds the graph, a helper goroutine on the other
// faults in the arrays setup will write next (madvise MADV_POPULATE_WRITE), so that the
// trial's thread finds their pages present. An array setup needs whole before it can go on
// (the port records, written at random nodes from the graph's first link) the trial's
// thread faults in together with the helper (JoinPrefault): two threads fault pages in
// nearly twice as fast as one here.
//
// Populating a page does not change its contents, so the helper cannot race with the
// trial's writes in any way that changes data: results are the same with it or without it,
// whatever the scheduling (kernel's TestPrefaultUnchanged). It is bounded (one goroutine per simulator,
// prefaultSlots arrays at most, each kept alive until done) and it ends with setup
// (Prefaulter.Finish), stopping at the next chunk.

// prefaultChunk is how much the helper populates per call: one huge page, so that it stops
// within a few milliseconds of Finish.
const prefaultChunk = hugePage

// smallPage is the size of a base page, madvise's alignment.
const smallPage = 4096

// prefaultSlots bounds the arrays waiting for the helper; more are not faulted ahead.
const prefaultSlots = 32

// Prefaulter is a simulator's setup helper. The zero value is idle: Prefault does nothing.
type Prefaulter struct {
	mu      sync.Mutex
	pending [][]byte // arrays to populate, the last added first
	// cur is the array being populated, of which [lo, hi) is not yet claimed: the helper
	// claims chunks from its end, the trial's thread, when it joins (join), from its start.
	cur     []byte
	lo, hi  int
	wake    chan struct{}
	done    chan struct{}
	stop    atomic.Bool
	running bool
	held    bool         // add queues without waking the helper (Batch)
	busy    bool         // the helper is populating a chunk it claimed
	bytes   atomic.Int64 // populated so far by the helper and by join, every trial (tests)
	// drain makes Finish wait until every array queued is populated (tests: without it,
	// what the helper reaches depends on the scheduler).
	drain bool
}

// Start starts the helper for a large trial (large), when a second processor may run it and
// the system can populate memory; it reports whether it did.
func (f *Prefaulter) Start(large bool) bool {
	if !large || runtime.GOMAXPROCS(0) < 2 || !prefaultSupported() {
		return false
	}
	if f.wake == nil {
		f.wake = make(chan struct{}, 1)
		f.pending = make([][]byte, 0, prefaultSlots)
	}
	f.done = make(chan struct{}) // one per trial: a closed channel cannot be reopened
	f.stop.Store(false)
	f.running = true
	go f.work()
	return true
}

// Finish stops the helper and waits for it (at most the chunk it is populating); what it
// did not reach faults in when written, as without it.
func (f *Prefaulter) Finish() {
	if !f.running {
		return
	}
	f.held = false
	f.signal()
	for f.drain && f.working() {
		time.Sleep(100 * time.Microsecond)
	}
	f.stop.Store(true)
	f.signal()
	<-f.done
	f.running = false
	f.mu.Lock()
	clear(f.pending[:cap(f.pending)])
	f.pending = f.pending[:0]
	f.cur, f.lo, f.hi = nil, 0, 0
	f.mu.Unlock()
}

// working reports whether arrays are pending or being populated.
func (f *Prefaulter) working() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.pending) > 0 || f.lo < f.hi || f.busy
}

// add queues b for the helper. The last array added is populated first: setup allocates an
// array shortly before it starts writing it, and earlier ones may already be written.
func (f *Prefaulter) add(b []byte) {
	if !f.running || len(b) == 0 {
		return
	}
	f.mu.Lock()
	if len(f.pending) < cap(f.pending) {
		f.pending = append(f.pending, b)
	}
	f.mu.Unlock()
	if !f.held {
		f.signal()
	}
}

func (f *Prefaulter) signal() {
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// work populates the queued arrays until Finish, the last added first, each from its end.
func (f *Prefaulter) work() {
	defer close(f.done)
	for !f.stop.Load() {
		f.mu.Lock()
		b, start, end, ok := f.claim(false)
		for !ok && len(f.pending) > 0 {
			k := len(f.pending) - 1
			f.setCur(f.pending[k])
			f.pending[k] = nil
			f.pending = f.pending[:k]
			b, start, end, ok = f.claim(false)
		}
		f.busy = ok
		f.mu.Unlock()
		if !ok {
			<-f.wake
			continue
		}
		f.populateChunk(b, start, end)
	}
	f.mu.Lock()
	f.busy = false
	f.mu.Unlock()
}

// setCur makes b the array being populated. A first page that b shares with what is before
// it is left out (madvise starts at a page boundary; large arrays begin at one). Called with
// f.mu held.
func (f *Prefaulter) setCur(b []byte) {
	base := int(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	f.cur, f.lo, f.hi = b, (smallPage-base%smallPage)%smallPage, len(b)
}

// claim takes the next chunk of the array being populated that no one has claimed, from
// its start (front) or its end, and reports false when none is left. Chunks end at
// huge-page boundaries of the address space, so that the helper and the trial's thread
// never fault the same huge page. Called with f.mu held.
func (f *Prefaulter) claim(front bool) (b []byte, start, end int, ok bool) {
	if f.lo >= f.hi {
		return nil, 0, 0, false
	}
	base := int(uintptr(unsafe.Pointer(unsafe.SliceData(f.cur))))
	if front {
		start = f.lo
		end = min(f.hi, (base+start)&^(prefaultChunk-1)+prefaultChunk-base)
		f.lo = end
	} else {
		end = f.hi
		start = max(f.lo, (base+end-1)&^(prefaultChunk-1)-base)
		f.hi = start
	}
	return f.cur, start, end, true
}

// populateChunk faults in b[start:end]; where the system refuses, the rest of b is left to
// fault in when written.
func (f *Prefaulter) populateChunk(b []byte, start, end int) {
	if !populateWrite(b[start:end]) {
		f.mu.Lock()
		if unsafe.SliceData(f.cur) == unsafe.SliceData(b) {
			f.lo = f.hi
		}
		f.mu.Unlock()
		return
	}
	f.bytes.Add(int64(end - start))
}

// populate faults in b a chunk at a time from its end, alone (no helper running: tests).
func (f *Prefaulter) populate(b []byte) {
	f.mu.Lock()
	f.setCur(b)
	f.mu.Unlock()
	for !f.stop.Load() {
		f.mu.Lock()
		b, start, end, ok := f.claim(false)
		f.mu.Unlock()
		if !ok {
			return
		}
		f.populateChunk(b, start, end)
	}
}

// join populates b on the calling thread (the trial's) together with the helper: the helper
// from b's end, this thread from its start, a chunk at a time, until they meet. It is for an
// array the trial needs whole before it goes on (the port records, which the random graph
// writes at random nodes from its first link): two threads fault pages in nearly twice as
// fast as one on the machines measured (docs/scaling.md). b must have been queued (add); if
// the helper has already populated it, or none runs, join returns at once. An array the
// helper is populating when b is joined goes back to the queue, to be continued after b.
func (f *Prefaulter) join(b []byte) {
	if !f.running || len(b) == 0 {
		return
	}
	f.mu.Lock()
	if unsafe.SliceData(f.cur) != unsafe.SliceData(b) {
		k := len(f.pending) - 1
		for k >= 0 && unsafe.SliceData(f.pending[k]) != unsafe.SliceData(b) {
			k--
		}
		if k < 0 {
			f.mu.Unlock()
			return
		}
		f.pending = append(f.pending[:k], f.pending[k+1:]...)
		if f.lo < f.hi {
			f.pending = append(f.pending, f.cur[f.lo:f.hi])
		}
		f.setCur(b)
	}
	f.mu.Unlock()
	f.signal()
	for {
		f.mu.Lock()
		var start, end int
		ok := unsafe.SliceData(f.cur) == unsafe.SliceData(b) // not the helper's next array
		if ok {
			_, start, end, ok = f.claim(true)
		}
		f.mu.Unlock()
		if !ok {
			return
		}
		f.populateChunk(b, start, end)
	}
}

// prefaultSupported reports whether the system populates memory on request, asked once
// with one page (madvise wants it aligned).
var prefaultSupported = sync.OnceValue(func() bool {
	b := make([]byte, 2*smallPage)
	base := int(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	first := (smallPage - base%smallPage) % smallPage
	return populateWrite(b[first : first+smallPage])
})

// Running reports whether the helper runs (between Start and Finish).
func (f *Prefaulter) Running() bool { return f != nil && f.running }

// Batch makes Prefault queue arrays without waking the helper until done is called, so that
// a batch of allocations is not held up by the helper populating (populating holds the
// address space's lock against the huge-page advice each allocation asks for).
func (f *Prefaulter) Batch() (done func()) {
	f.held = true
	return func() { f.held = false; f.signal() }
}

// WaitAll makes Finish wait until every array queued is populated, so that what the helper
// reaches does not depend on the scheduler (tests).
func (f *Prefaulter) WaitAll() { f.drain = true }

// Bytes is how much the helper and JoinPrefault have populated, every trial (tests).
func (f *Prefaulter) Bytes() int64 { return f.bytes.Load() }

// Supported reports whether the system populates memory on request.
func Supported() bool { return prefaultSupported() }

// Prefault asks the setup helper f (nil: none) to fault in the pages of s (its length, not
// the room beyond it: memory reserved but never written must not count in the trial's
// resident size). It is for an array just allocated (MakeLarge) that setup will write soon;
// it does nothing when no helper runs (small trials, one processor, setup over).
func Prefault[T any](f *Prefaulter, s []T) {
	if !f.Running() || len(s) == 0 {
		return
	}
	f.add(bytesOf(s))
}

// JoinPrefault populates s, handed to the helper by Prefault, on the calling thread together
// with the helper (Prefaulter.join): for an array setup needs whole before it goes on. It
// does nothing when no helper runs or the helper has already populated s.
func JoinPrefault[T any](f *Prefaulter, s []T) {
	if !f.Running() || len(s) == 0 {
		return
	}
	f.join(bytesOf(s))
}

// PreallocateSlice is for a large-trial algorithm's preallocation (kernel.Preallocator):
// when *s is too small it allocates it n long (MakeLarge) and hands the new array to the
// helper (Prefault); an array already large enough (a trial on reused arrays) is left as it
// is, for the algorithm's Reset to fill.
func PreallocateSlice[T any](f *Prefaulter, s *[]T, n int) {
	if cap(*s) < n {
		*s = MakeLarge[T](n, n)
		Prefault(f, *s)
	}
}

// PrefaultAll is Prefault for several arrays of any element types at once, each as Bytes
// gives it, added in the order given.
func PrefaultAll(f *Prefaulter, arrays ...[]byte) {
	for _, b := range arrays {
		Prefault(f, b)
	}
}

// Bytes is the memory of s's elements as bytes, for PrefaultAll.
func Bytes[T any](s []T) []byte { return bytesOf(s) }

// bytesOf is the memory of s's elements as bytes.
func bytesOf[T any](s []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}
