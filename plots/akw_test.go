package plots

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
)

// TestBoundFigure: the bound figure renders every format from a set of checks (one claimed,
// one measured only), and refuses an empty set.
func TestBoundFigure(t *testing.T) {
	if _, err := BoundFigure(nil); err == nil {
		t.Fatal("no checks accepted")
	}
	n := []float64{16, 32, 64}
	var checks []analysis.BoundCheck
	for _, c := range []analysis.BoundClaim{
		{Algorithm: "akw2", Setting: "static", Var: "n", Bound: "O(n)", Exponent: 1},
		{Algorithm: "cm", Setting: "mobile", Var: "δ", Bound: "measured only", Exponent: math.NaN()},
	} {
		b, err := analysis.CheckBound(c, n, []float64{5, 6, 8}, 0.3)
		if err != nil {
			t.Fatal(err)
		}
		checks = append(checks, b)
	}
	f, err := BoundFigure(checks)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, ext := range Formats {
		path := filepath.Join(dir, "bounds."+ext)
		if err := f.Save(path); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(path); err != nil || st.Size() < 1000 {
			t.Fatalf("%s: %v (%d bytes)", path, err, st.Size())
		}
	}
}
