package mem

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// TestMakeLargeAdvisesHugePages reads the memory map of this process: the mapping holding a
// large array from MakeLarge carries the "hg" flag (MADV_HUGEPAGE), which is what lets Linux
// back it with 2 MiB pages when transparent huge pages are in "madvise" mode.
func TestMakeLargeAdvisesHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("this kernel has no transparent huge pages")
	}
	s := MakeLarge[uint64](3, 4<<20) // 32 MiB
	if len(s) != 3 || cap(s) != 4<<20 {
		t.Fatalf("len %d cap %d, want 3 and %d", len(s), cap(s), 4<<20)
	}
	mid := uintptr(unsafe.Pointer(&s[:cap(s)][cap(s)/2]))
	if flags := vmFlags(t, mid); !strings.Contains(" "+flags+" ", " hg ") {
		t.Fatalf("the mapping holding a 32 MiB array has VmFlags %q, want hg among them", flags)
	}
	runtime.KeepAlive(s)
}

// vmFlags returns the VmFlags line of the mapping of /proc/self/smaps that contains addr.
func vmFlags(t *testing.T, addr uintptr) string {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	in := false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 {
			in = lo <= addr && addr < hi
		} else if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:"))
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return ""
}
