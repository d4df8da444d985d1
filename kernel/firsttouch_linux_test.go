package kernel_test

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/kernel"
)

// BenchmarkFirstTouch measures what memory new to a process costs on this machine: b.N
// anonymous mappings of 128 MiB (at most 16, 2 GiB), advised for huge pages as
// kernel.MakeLarge advises its arrays, each written one word per 4 KiB page twice, and all
// unmapped only at the end, so that every mapping takes memory the process has never had.
// The first pass pays for the pages: the kernel's fault and zeroing and, on a virtual
// machine, the host backing guest memory it had taken back, which the guest does not see as
// its own CPU time (first-s/GiB against first-cpu-s/GiB); the second writes memory already
// there. A fresh bench process pays the first-pass price once for every byte of its peak
// RSS, before its first event (docs/scaling.md, Speed):
//
//	go test -run '^$' -bench FirstTouch -benchtime 8x ./kernel/
func BenchmarkFirstTouch(b *testing.B) {
	const size, most = 128 << 20, 16
	if b.N > most {
		b.Skipf("at most %d mappings of %d MiB; use -benchtime %dx or less", most, size>>20, most)
	}
	runtime.LockOSThread() // so that ThreadCPU is this loop's
	defer runtime.UnlockOSThread()
	var first, again, firstCPU time.Duration
	maps := make([][]byte, 0, b.N)
	defer func() {
		for _, m := range maps {
			_ = syscall.Munmap(m)
		}
	}()
	for range b.N {
		mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			b.Fatal(err)
		}
		maps = append(maps, mem)
		_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE, as MakeLarge asks
		c0, w0 := kernel.ThreadCPU(), time.Now()
		touch(mem)
		first += time.Since(w0)
		firstCPU += kernel.ThreadCPU() - c0
		w1 := time.Now()
		touch(mem)
		again += time.Since(w1)
	}
	perGiB := func(d time.Duration) float64 { return d.Seconds() / float64(b.N) * (1 << 30) / size }
	b.ReportMetric(perGiB(first), "first-s/GiB")
	b.ReportMetric(perGiB(firstCPU), "first-cpu-s/GiB")
	b.ReportMetric(perGiB(again), "again-s/GiB")
}

// touch writes one byte of every 4 KiB page of mem.
func touch(mem []byte) {
	for i := 0; i < len(mem); i += 4096 {
		mem[i] = 1
	}
}
