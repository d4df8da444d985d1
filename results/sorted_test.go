package results

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// byN orders testRow rows by their n column (10 + i).
var byN = SortKey{Columns: []string{"n"}, Pos: func(v []Value) (int64, error) { return v[0].Int() - 10, nil }}

// writeRows writes testRow(i) for each i, in that order.
func writeRows(t *testing.T, path string, rows []int) {
	t.Helper()
	w, err := Create(path, testCols, map[string]string{"mutexlab.spec": "x"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for _, i := range rows {
		if err := w.Write(testRow(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestMergeSortedIsIndependentOfTheSplit: the same rows split among inputs in any way (in
// runs, as a resumed sweep's parts; dealt round robin, as shards; one file) merge into the
// same file byte for byte, with the rows in key order.
func TestMergeSortedIsIndependentOfTheSplit(t *testing.T) {
	const n = 3000
	dir := t.TempDir()
	splits := map[string][][]int{"one": {nil}, "runs": {nil, nil, nil}, "dealt": {nil, nil, nil, nil}, "ragged": {nil, nil}}
	for i := range n {
		splits["one"][0] = append(splits["one"][0], i)
		splits["runs"][min(i/1024, 2)] = append(splits["runs"][min(i/1024, 2)], i)
		splits["dealt"][i%4] = append(splits["dealt"][i%4], i)
		k := 0
		if i%7 == 0 || i > 2500 {
			k = 1 // stragglers: a later input fills holes of an earlier one
		}
		splits["ragged"][k] = append(splits["ragged"][k], i)
	}
	var want []byte
	for name, parts := range splits {
		var inputs []string
		for k, rows := range parts {
			p := filepath.Join(dir, fmt.Sprintf("%s-%d.parquet", name, k))
			writeRows(t, p, rows)
			inputs = append(inputs, p)
		}
		out := filepath.Join(dir, name+".parquet")
		if err := MergeSorted(out, inputs, nil, byN); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, _ := os.ReadFile(out)
		if want == nil {
			want = got
			f := openFile(t, out)
			ns, _ := f.Float64Column("n")
			for i, x := range ns {
				if x != float64(10+i) {
					t.Fatalf("%s: row %d has n %g", name, i, x)
				}
			}
		} else if !bytes.Equal(got, want) {
			t.Errorf("split %s: %d bytes, differs from another split's %d", name, len(got), len(want))
		}
	}
}

// TestMergeSortedRefusesDisorderAndDuplicates: an input out of key order, or a position in
// two inputs, is an error naming the file, and nothing is written.
func TestMergeSortedRefusesDisorderAndDuplicates(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet"), filepath.Join(dir, "c.parquet")
	writeRows(t, a, []int{0, 1, 2})
	writeRows(t, b, []int{3, 2, 4})
	writeRows(t, c, []int{2, 5})
	out := filepath.Join(dir, "out.parquet")
	for _, tc := range []struct {
		inputs []string
		want   string
	}{{[]string{a, b}, "b.parquet: rows out of order"}, {[]string{a, c}, "position 2 appears twice"}} {
		err := MergeSorted(out, tc.inputs, nil, byN)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.inputs, err, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatal("a refused merge wrote its output")
		}
	}
}
