package plots

import (
	"slices"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
)

// TestStylesDistinct: no two entries of styles share a colour, a dash pattern or a marker,
// so any two series differ in all three.
func TestStylesDistinct(t *testing.T) {
	for i, a := range styles {
		for j, b := range styles[:i] {
			if a.Color == b.Color || slices.Equal(a.Dashes, b.Dashes) || a.Marker == b.Marker {
				t.Errorf("styles %d and %d share a colour, dash or marker: %+v, %+v", j, i, a, b)
			}
		}
	}
}

// TestEveryAlgorithmHasItsOwnStyle: every registered algorithm has a fixed style of its
// own, the same whatever other series a figure holds and in whatever order they come.
func TestEveryAlgorithmHasItsOwnStyle(t *testing.T) {
	names := algorithms.Names()
	seen := map[int]string{}
	for _, n := range names {
		i, ok := algorithmStyle[n]
		if !ok {
			t.Fatalf("algorithm %s has no fixed style in algorithmStyle", n)
		}
		if other, dup := seen[i]; dup {
			t.Fatalf("%s and %s share style %d", n, other, i)
		}
		seen[i] = n
	}
	alone := (&seriesStyler{column: "algorithm"}).style([]string{"rl"})
	st := &seriesStyler{column: "algorithm"}
	for _, n := range slices.Backward(names) {
		st.style([]string{n})
	}
	if got := st.style([]string{"rl"}); got.Color != alone.Color || got.Marker != alone.Marker || !slices.Equal(got.Dashes, alone.Dashes) {
		t.Errorf("rl's style depends on the other series: %+v alone, %+v among all", alone, got)
	}
}

// TestTwoColumnSeries: with algorithm × connectivity, colour and marker shape follow the
// algorithm and the dash the connectivity, with the marker fill flipped, so RL at 20% and at
// 80% still differ in dash and marker.
func TestTwoColumnSeries(t *testing.T) {
	st := &seriesStyler{column: "algorithm"}
	a, b := st.style([]string{"rl", "0.2"}), st.style([]string{"rl", "0.8"})
	c := st.style([]string{"rr", "0.2"})
	if a.Color != b.Color || a.Marker.shape != b.Marker.shape || a.Marker.filled == b.Marker.filled || slices.Equal(a.Dashes, b.Dashes) {
		t.Errorf("rl at two connectivities: %+v and %+v", a, b)
	}
	if a.Color == c.Color || a.Marker == c.Marker || !slices.Equal(a.Dashes, c.Dashes) {
		t.Errorf("rl and rr at one connectivity: %+v and %+v", a, c)
	}
}

// TestUnknownAlgorithmStyle: an algorithm without a fixed style (registered by another
// program) takes a style none of the figure's algorithms has, even when its series comes
// first (nt sorts before rl and rr), and two such algorithms differ from each other.
func TestUnknownAlgorithmStyle(t *testing.T) {
	st := &seriesStyler{column: "algorithm"}
	keys := [][]string{{"nt", "0.2"}, {"nt", "0.8"}, {"rl", "0.2"}, {"rr", "0.2"}, {"zz", "0.2"}}
	st.reserve(keys)
	got := map[string]Style{}
	for _, k := range keys {
		if k[1] == "0.2" {
			got[k[0]] = st.style(k)
		}
	}
	for a, sa := range got {
		for b, sb := range got {
			if a < b && (sa.Color == sb.Color || sa.Marker.shape == sb.Marker.shape) {
				t.Errorf("%s and %s share a colour or marker shape: %+v, %+v", a, b, sa, sb)
			}
		}
	}
}
