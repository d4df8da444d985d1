package mem

import (
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestPrefaultPopulates: populate faults in every page of an array from its end to its
// start, including a last partial chunk and a first page shared with what precedes it, and
// nothing beyond it. residentPages (Linux) says which pages are present.
func TestPrefaultPopulates(t *testing.T) {
	if !prefaultSupported() {
		t.Skip("the system does not populate memory on request")
	}
	region := freshRegion(t, 8*hugePage)
	// From the middle of a page to the middle of a page: five chunks, partial at both ends.
	b := region[hugePage+100 : 4*hugePage+3*smallPage+7]
	var f Prefaulter
	f.populate(b)
	// Pages from the first whole one of b to the one holding its last byte; no other.
	first, last := hugePage+smallPage, 4*hugePage+3*smallPage+6
	for pg, in := range residentPages(t, region) {
		start := pg * smallPage
		if want := start >= first && start <= last; in != want {
			t.Fatalf("page %d (bytes %d..%d): present %v, want %v", pg, start, start+smallPage, in, want)
		}
	}
	if got := f.bytes.Load(); got != int64(len(b)-(smallPage-100)) {
		t.Fatalf("counted %d bytes populated, want %d", got, len(b)-(smallPage-100))
	}
}

// TestPrefaulterLifecycle: the helper starts only for large trials, populates what is
// added (the last added first), stops at finish, and ignores arrays added after it.
func TestPrefaulterLifecycle(t *testing.T) {
	if !prefaultSupported() {
		t.Skip("the system does not populate memory on request")
	}
	var f Prefaulter
	if f.Start(false) {
		t.Fatal("a helper for a trial that is not large")
	}
	for trial := range 2 {
		if !f.Start(true) {
			t.Skip("one processor")
		}
		a, b := freshRegion(t, 2*hugePage), freshRegion(t, 2*hugePage)
		f.add(a)
		f.add(b)
		deadline := time.Now().Add(10 * time.Second)
		for !allResident(residentPages(t, a)) || !allResident(residentPages(t, b)) {
			if time.Now().After(deadline) {
				t.Fatalf("trial %d: the helper did not populate the arrays within 10 s", trial)
			}
			time.Sleep(time.Millisecond)
		}
		f.Finish()
		if f.running || len(f.pending) != 0 {
			t.Fatalf("trial %d: running %v, %d arrays pending after finish", trial, f.running, len(f.pending))
		}
		c := freshRegion(t, hugePage)
		f.add(c) // after finish: nothing
		if len(f.pending) != 0 {
			t.Fatalf("trial %d: an array queued after finish", trial)
		}
	}
}

// freshRegion maps size bytes the process has never touched, unmapped when the test ends.
func freshRegion(t *testing.T, size int) []byte {
	t.Helper()
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	_ = syscall.Madvise(mem, unix.MADV_NOHUGEPAGE) // page by page, so that residency is exact
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	return mem
}

// residentPages reports, per page of mem, whether it is present (mincore).
func residentPages(t *testing.T, mem []byte) []bool {
	t.Helper()
	vec := make([]byte, (len(mem)+smallPage-1)/smallPage)
	if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(unsafe.SliceData(mem))), uintptr(len(mem)), uintptr(unsafe.Pointer(unsafe.SliceData(vec)))); e != 0 {
		t.Fatal(e)
	}
	in := make([]bool, len(vec))
	for k, v := range vec {
		in[k] = v&1 != 0
	}
	return in
}

func allResident(p []bool) bool {
	for _, in := range p {
		if !in {
			return false
		}
	}
	return true
}

// TestJoinPopulates: the trial's thread joining the helper on a queued array populates it
// with the helper, from its start, a chunk at a time, until every page is present; an
// array the helper was populating when it was joined is finished after it; joining an
// array never queued populates nothing.
func TestJoinPopulates(t *testing.T) {
	if !prefaultSupported() {
		t.Skip("the system does not populate memory on request")
	}
	var f Prefaulter
	if !f.Start(true) {
		t.Skip("one processor")
	}
	defer f.Finish()
	other, b, never := freshRegion(t, 8*hugePage), freshRegion(t, 8*hugePage), freshRegion(t, hugePage)
	f.held = true // both queued before the helper looks
	f.add(b)
	f.add(other) // the last added first: the helper starts with other
	f.held = false
	f.signal()
	for f.bytes.Load() == 0 { // the helper has started on other, which join puts back
		time.Sleep(10 * time.Microsecond)
	}
	f.join(b)
	f.join(never)
	deadline := time.Now().Add(10 * time.Second)
	for f.working() {
		if time.Now().After(deadline) {
			t.Fatal("the helper did not finish within 10 s")
		}
		time.Sleep(time.Millisecond)
	}
	if !allResident(residentPages(t, b)) || !allResident(residentPages(t, other)) {
		t.Fatal("a joined array or the one the helper put back for it is not wholly present")
	}
	for _, in := range residentPages(t, never) {
		if in {
			t.Fatal("joining an array never queued populated it")
		}
	}
	if got, want := f.bytes.Load(), int64(len(b)+len(other)); got != want {
		t.Fatalf("counted %d bytes populated, want %d", got, want)
	}
}

// TestJoinAlone: with the helper not taking arrays (a running Prefaulter without its
// goroutine), join populates the joined array whole on the calling thread, from its start,
// and leaves the other queued arrays queued and untouched.
func TestJoinAlone(t *testing.T) {
	if !prefaultSupported() {
		t.Skip("the system does not populate memory on request")
	}
	f := Prefaulter{running: true, wake: make(chan struct{}, 1), pending: make([][]byte, 0, prefaultSlots)}
	a, b := freshRegion(t, 3*hugePage), freshRegion(t, 3*hugePage)
	f.add(a)
	f.add(b)
	f.join(a)
	if !allResident(residentPages(t, a)) {
		t.Fatal("join left pages of the joined array absent")
	}
	for _, in := range residentPages(t, b) {
		if in {
			t.Fatal("join populated an array it was not given")
		}
	}
	if len(f.pending) != 1 || unsafe.SliceData(f.pending[0]) != unsafe.SliceData(b) {
		t.Fatalf("%d arrays pending after the join, want the other one", len(f.pending))
	}
}
