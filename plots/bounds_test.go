package plots

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/analysis"
)

// TestBoundFigure: the bound figure renders every format from a set of checks (one claimed,
// one measured only, one with a value a log axis cannot show), matches its golden image,
// names the left-out point in a note, and refuses an empty set.
func TestBoundFigure(t *testing.T) {
	if _, err := BoundFigure(nil); err == nil {
		t.Fatal("no checks accepted")
	}
	n := []float64{16, 32, 64}
	var checks []analysis.BoundCheck
	for _, c := range []analysis.BoundClaim{
		{Algorithm: "akw2", Setting: "static", Var: "n", Bound: "O(n)", Exponent: 1},
		{Algorithm: "cm", Setting: "mobile", Var: "δ", Bound: "measured only", Exponent: math.NaN()},
		{Algorithm: "akw1", Setting: "static", Var: "δ", Bound: "O((n+δ²)δ)", Exponent: 3},
	} {
		b, err := analysis.CheckBound(c, n, []float64{5, 6, 8}, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		checks = append(checks, b)
	}
	checks[2].N = []float64{0, 6, 12} // δ = 0 cannot go on a log axis
	f, err := BoundFigure(checks)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Notes) != 1 || !strings.Contains(f.Notes[0], "left out 1 of 3 points of akw1, static, vs δ") {
		t.Errorf("notes %q", f.Notes)
	}
	checkGolden(t, "bounds", f)
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
