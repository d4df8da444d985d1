package analysis

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

// model gives synthetic means that follow the paper's findings; tweak may change them.
type model func(metric, alg string, load, mob, conn float64) float64

func paperModel(metric, alg string, load, mob, conn float64) float64 {
	if metric == "wait_mean" {
		rl := 3 + 80*math.Sqrt(load) + 2*(1-conn)*(1-load)
		if alg == "rl" {
			return rl
		}
		return rl * (1.2 + 0.5*(1-conn))
	}
	if alg == "rr" {
		return 3 + 8*(1-conn)
	}
	return 10 + 20*conn + mob*30000*(1-math.Sqrt(load))
}

func syntheticTable(m model) *Table {
	t := NewSampledTable(walter2001By, walter2001Metrics)
	for _, alg := range []string{"rl", "rr"} {
		for _, load := range []float64{1e-4, 1e-3, 1e-2, 1} {
			for _, mob := range []float64{0, 1e-2, 1e-1} {
				for _, conn := range []float64{0.1, 0.2, 0.5, 0.8, 1} {
					for rep := range 3 { // ±1% spread around the model
						f := 1 + 0.01*float64(rep-1)
						t.Add([]string{alg, fmt.Sprint(load), fmt.Sprint(mob), fmt.Sprint(conn)},
							[]float64{m("wait_mean", alg, load, mob, conn) * f, m("msgs_per_cs", alg, load, mob, conn) * f})
					}
				}
			}
		}
	}
	return t
}

func verdicts(t *Table) map[string]Assertion {
	out := map[string]Assertion{}
	for _, a := range CheckWalter2001(t) {
		out[a.Name] = a
	}
	return out
}

func TestWalter2001AssertionsFlip(t *testing.T) {
	cases := []struct {
		name  string
		tweak model
	}{
		{"rl-waits-less-than-rr", func(metric, alg string, load, mob, conn float64) float64 {
			if metric == "wait_mean" && alg == "rr" && load == 1e-2 && mob == 0 && conn == 1 {
				return 1 // RR beats RL at one point
			}
			return paperModel(metric, alg, load, mob, conn)
		}},
		{"rl-high-load-wait-flat-in-connectivity", func(metric, alg string, load, mob, conn float64) float64 {
			v := paperModel(metric, alg, load, mob, conn)
			if metric == "wait_mean" && load == 1 {
				v *= 1 + (1 - conn) // RL and RR twice as slow at 10% as at 100%
			}
			return v
		}},
		{"rr-wait-falls-with-connectivity", func(metric, alg string, load, mob, conn float64) float64 {
			if metric == "wait_mean" && alg == "rr" {
				return 1000 // flat
			}
			return paperModel(metric, alg, load, mob, conn)
		}},
		{"rl-low-load-msgs-grow-with-mobility", func(metric, alg string, load, mob, conn float64) float64 {
			if metric == "msgs_per_cs" && alg == "rl" {
				return 10 + 20*conn + mob*50 // grows, but by far less than 100×
			}
			return paperModel(metric, alg, load, mob, conn)
		}},
		{"rr-fewer-msgs-with-mobility", func(metric, alg string, load, mob, conn float64) float64 {
			if metric == "msgs_per_cs" && alg == "rr" && mob > 0 {
				return 1e4
			}
			return paperModel(metric, alg, load, mob, conn)
		}},
	}
	base := verdicts(syntheticTable(paperModel))
	for _, c := range cases {
		if a := base[c.name]; a.Verdict != Pass {
			t.Errorf("%s on data that follow the paper: %s\n%s", c.name, a.Verdict, strings.Join(a.Evidence, "\n"))
		}
		if a := verdicts(syntheticTable(c.tweak))[c.name]; a.Verdict != Fail {
			t.Errorf("%s on data that contradict it: %s\n%s", c.name, a.Verdict, strings.Join(a.Evidence, "\n"))
		} else if !strings.Contains(strings.Join(a.Evidence, "\n"), "FAIL") {
			t.Errorf("%s: FAIL without the failing numbers: %v", c.name, a.Evidence)
		}
	}
}

func TestWalter2001MissingData(t *testing.T) {
	tab := NewSampledTable(walter2001By, walter2001Metrics)
	tab.Add([]string{"rl", "1", "0", "0.2"}, []float64{5, 6})
	tab.Add([]string{"rr", "1", "0", "0.2"}, []float64{7, 8})
	var buf bytes.Buffer
	err := WriteWalter2001Cells(&buf, tab)
	if err == nil || !strings.Contains(err.Error(), "rr load=0.001 mobility=0 connectivity=0.2") {
		t.Fatalf("missing cells: %v", err)
	}
	if !strings.Contains(buf.String(), "5 (n=1)") {
		t.Fatalf("present cell not printed:\n%s", buf.String())
	}
	v := verdicts(tab)
	if a := v["rl-low-load-msgs-grow-with-mobility"]; a.Verdict != Skip {
		t.Fatalf("finding without its data: %s, want SKIP", a.Verdict)
	}
	// One trial a point gives no spread: the comparison cannot be decided, and says why.
	if a := v["rl-waits-less-than-rr"]; a.Verdict != Inconclusive || !strings.Contains(strings.Join(a.Evidence, "\n"), "run 2 or more") {
		t.Fatalf("rl-waits-less-than-rr on one trial per point: %s %v, want INCONCLUSIVE asking for replicates", a.Verdict, a.Evidence)
	}
}
