package netmodel

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzMovementFile feeds arbitrary bytes to the ns-2 movement-file parser: it must never
// panic, its errors must be one line naming the file (and the line, for a bad line), and an
// accepted script must place every node at a finite, non-negative position with commands in
// time order. Run: go test ./kernel/netmodel -run '^$' -fuzz FuzzMovementFile -fuzztime 60s
func FuzzMovementFile(f *testing.F) {
	f.Add([]byte("$node_(0) set X_ 1.0\n$node_(0) set Y_ 2.0\n$node_(1) set X_ 3\n$node_(1) set Y_ 4\n$ns_ at 1.5 \"$node_(0) setdest 10 20 2.5\"\n"), 2)
	f.Add([]byte("# setdest output\n$god_ set-dist 0 1 1\n$node_(0) set X_ 0\n$node_(0) set Y_ 0\n$node_(0) set Z_ 0\n"), 1)
	f.Add([]byte("$node_(0) set X_ -1\n"), 1)
	f.Add([]byte("$ns_ at x \"$node_(0) setdest 1 1 1\"\n"), 1)
	f.Add([]byte("$node_(7) set X_ 1\n"), 2)
	f.Add([]byte("garbage\n"), 3)
	f.Fuzz(func(t *testing.T, data []byte, n int) {
		if n < 1 || n > 64 {
			return
		}
		sc, err := parseMovement(bytes.NewReader(data), "fuzz.ns", n)
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, "fuzz.ns") {
				t.Fatalf("error %q is not one line naming the file", msg)
			}
			return
		}
		for i := range n {
			if !(sc.x[i] >= 0 && sc.y[i] >= 0) {
				t.Fatalf("node %d placed at (%g, %g)", i, sc.x[i], sc.y[i])
			}
			for k := 1; k < len(sc.cmds[i]); k++ {
				if sc.cmds[i][k].t < sc.cmds[i][k-1].t {
					t.Fatalf("node %d: commands out of time order", i)
				}
			}
		}
		if !(sc.side > 0) {
			t.Fatalf("side %g", sc.side)
		}
	})
}
