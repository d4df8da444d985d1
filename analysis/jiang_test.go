package analysis

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestJiangFindingsCanFail: on a hand-made table, each Jiang finding PASSes on the values the
// paper claims and FAILs on the values that contradict it, the matrix's columns follow the
// readings' order (not Split's alphabetical one), a random workload is listed only when it
// fails and summed up in a note and in one line of messages, and a reading without rows is
// an error.
func TestJiangFindingsCanFail(t *testing.T) {
	tab := NewTable(JiangBy, JiangMetrics)
	nan := math.NaN()
	// violations, entries, starved, first_wait_max, inversions, ce_misses, ce_miss_time, msgs
	tab.Add([]string{"literal", "relay-chain"}, []float64{0, 100, 1, 4, 0, nan, nan, 900})
	tab.Add([]string{"literal", "priority-chain"}, []float64{0, 5, 0, 9, 2, nan, nan, 30})
	tab.Add([]string{"b-fixed", "relay-chain"}, []float64{0, 100, 0, 6, 0, nan, nan, 800})
	tab.Add([]string{"b-fixed", "priority-chain"}, []float64{1, 5, 0, 9, 0, nan, nan, 30})
	tab.Add([]string{"literal", "random-sustained seed=1"}, []float64{0, 100, 2, 3, 0, nan, nan, 500})
	tab.Add([]string{"b-fixed", "random-sustained seed=1"}, []float64{0, 100, 0, 3, 0, nan, nan, 400})
	m, err := JiangMatrix(&JiangHK, tab, []string{"literal", "b-fixed"})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]Verdict{{Pass, Fail}, {Fail, Pass}, {Fail, Pass}} // Theorems 1, 2, 3 × literal, b-fixed
	for f, row := range m.Rows {
		for v, a := range row {
			if a.Verdict != want[f][v] {
				t.Errorf("%s under %s: %s, want %s (%v)", a.Name, m.Values[v], a.Verdict, want[f][v], a.Evidence)
			}
		}
	}
	var b bytes.Buffer
	if err := WriteJiang(&b, "hk", m, tab); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"finding \\ reading               literal   b-fixed\n",
		"FAIL         random-sustained seed=1: 2 requesting nodes never served in 100 CS entries (longest first wait of those served 3)\n",
		"             random workloads: every requester served in 0 of 1\n",
		"             random workloads: every requester served in 1 of 1\n",
		"relay-chain                  900      800\n",
		"random workloads (1, total)  500      400\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}
	if _, err := JiangMatrix(&JiangHK, tab, []string{"literal", "absent"}); err == nil || !strings.Contains(err.Error(), `"absent"`) {
		t.Errorf("a reading without rows: %v, want an error naming it", err)
	}
}
