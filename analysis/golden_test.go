package analysis

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
)

// update rewrites the golden files of this package: go test ./analysis -run Golden -update
var update = flag.Bool("update", false, "rewrite analysis/testdata/*.golden from the current output")

// checkGolden compares got with testdata/name, or rewrites the file under -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./analysis -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (rerun with -update only if the change is meant):\n--- got\n%s", path, got)
	}
}

// walterSmallTrials reads testdata/walter2001-small.csv: one row per trial of a reduced
// walter2001 grid (rl and rr, n = 30, 2 trials per point, 50 warm-up and 300 measured
// entries), run with the bench of commit 66a55ff.
func walterSmallTrials(t *testing.T) (keys [][]string, values [][]float64) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "walter2001-small.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows[1:] {
		w, err1 := strconv.ParseFloat(r[4], 64)
		m, err2 := strconv.ParseFloat(r[5], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad row %v", r)
		}
		keys, values = append(keys, r[:4]), append(values, []float64{w, m})
	}
	return keys, values
}

// TestGoldenWalter2001 pins the paper comparison's text (Tables 1 and 2 and every finding's
// verdict and evidence) on real trials and on the synthetic tables of walter2001_test.go.
func TestGoldenWalter2001(t *testing.T) {
	keys, values := walterSmallTrials(t)
	tab := NewSampledTable(walter2001By, walter2001Metrics)
	for k := range keys {
		tab.Add(keys[k], values[k])
	}
	tab.Sort()
	var b bytes.Buffer
	if err := WriteWalter2001Cells(&b, tab); err != nil {
		t.Fatal(err)
	}
	if err := WriteAssertions(&b, CheckWalter2001(tab)); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "walter2001-small.golden", b.Bytes())

	b.Reset()
	for _, m := range []struct {
		name string
		m    model
	}{{"paper model", paperModel}, {"rr flat", flatRRModel}} {
		fmt.Fprintf(&b, "== %s\n", m.name)
		if err := WriteAssertions(&b, CheckWalter2001(syntheticTable(m.m))); err != nil {
			t.Fatal(err)
		}
	}
	missing := NewSampledTable(walter2001By, walter2001Metrics)
	missing.Add([]string{"rl", "1", "0", "0.2"}, []float64{5, 6})
	missing.Add([]string{"rr", "1", "0", "0.2"}, []float64{7, 8})
	fmt.Fprintf(&b, "== two points\n")
	err := WriteWalter2001Cells(&b, missing)
	fmt.Fprintf(&b, "error: %v\n", err)
	if err := WriteAssertions(&b, CheckWalter2001(missing)); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "walter2001-synthetic.golden", b.Bytes())
}

// TestGoldenTables pins the text, CSV, Markdown and LaTeX renderings of a table and of a
// paired comparison on the same real trials.
func TestGoldenTables(t *testing.T) {
	keys, values := walterSmallTrials(t)
	var rows []columns.Trial
	rep := map[string]uint64{}
	for k, key := range keys {
		load, _ := strconv.ParseFloat(key[1], 64)
		mob, _ := strconv.ParseFloat(key[2], 64)
		conn, _ := strconv.ParseFloat(key[3], 64)
		id := fmt.Sprint(key)
		rep[id]++
		rows = append(rows, trial(key[0], conn, load, mob, rep[id], values[k][0], values[k][1]))
	}
	d, err := Load([]string{writeTrials(t, rows)}, append(append([]string{}, coreParameters...), "seed", "wait_mean", "msgs_per_cs"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	tab, err := Aggregate(d, []string{"algorithm", "load", "connectivity"}, []string{"wait_mean", "msgs_per_cs"})
	if err != nil {
		t.Fatal(err)
	}
	pt, err := Pair(d, "rl", "rr", coreParameters, []string{"load", "mobility"}, []string{"wait_mean", "msgs_per_cs"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Formats {
		fmt.Fprintf(&b, "== table, %s\n", f)
		if err := tab.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "== pairs, %s\n", f)
		if err := pt.Write(&b, f); err != nil {
			t.Fatal(err)
		}
	}
	checkGolden(t, "tables.golden", b.Bytes())
}
