package analysis

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// PairAcc accumulates pairs (a, b) of one metric measured on the same seed: Welford's
// algorithm over both coordinates and their co-moment, one pass, O(1) memory.
type PairAcc struct {
	n             int
	ma, mb        float64
	m2a, m2b, cab float64
}

// Add includes the pair (a, b).
func (p *PairAcc) Add(a, b float64) {
	p.n++
	da := a - p.ma
	db := b - p.mb
	p.ma += da / float64(p.n)
	p.mb += db / float64(p.n)
	p.m2a += da * (a - p.ma)
	p.m2b += db * (b - p.mb)
	p.cab += da * (b - p.mb)
}

// PairStat summarises paired observations of one metric under two algorithms A and B.
//
// Diff is the Stat of the per-pair differences d = a − b (its CI95 is t(0.975, n−1)·sd(d)/√n).
// Ratio is the ratio of means R = ā / b̄, with the delta-method half-width
// RatioCI95 = t(0.975, n−1)·sd(a − R·b)/(√n·|b̄|), where var(a − R·b) = var(a) − 2R·cov(a, b) +
// R²·var(b). Common random numbers make cov(a, b) large, so both intervals are much tighter
// than those of two independent means.
type PairStat struct {
	N            int
	MeanA, MeanB float64
	Diff         Stat
	Ratio        float64
	RatioCI95    float64
}

// Stat returns the summary so far; with fewer than two pairs the intervals are NaN. The
// ratio and its interval are NaN when B's mean is 0: the ratio is then undefined (0/0) or
// infinite.
func (p *PairAcc) Stat() PairStat {
	s := PairStat{N: p.n, MeanA: p.ma, MeanB: p.mb, Ratio: p.ma / p.mb, RatioCI95: math.NaN()}
	if p.mb == 0 {
		s.Ratio = math.NaN()
	}
	s.Diff = Stat{N: p.n, Mean: p.ma - p.mb, SD: math.NaN(), CI95: math.NaN()}
	if p.n == 0 {
		s.MeanA, s.MeanB, s.Ratio, s.Diff.Mean = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return s
	}
	if p.n >= 2 {
		n1 := float64(p.n - 1)
		t := TQuantile(0.975, p.n-1)
		vd := (p.m2a + p.m2b - 2*p.cab) / n1
		s.Diff.SD = math.Sqrt(max(vd, 0))
		s.Diff.CI95 = t * s.Diff.SD / math.Sqrt(float64(p.n))
		if p.mb == 0 {
			return s
		}
		r := s.Ratio
		vr := (p.m2a - 2*r*p.cab + r*r*p.m2b) / n1
		s.RatioCI95 = t * math.Sqrt(max(vr, 0)) / (math.Sqrt(float64(p.n)) * math.Abs(p.mb))
	}
	return s
}

// PairTable holds paired comparisons of algorithm A against B, grouped by the By columns.
type PairTable struct {
	A, B    string
	By      []string
	Metrics []string
	keys    [][]string
	pairs   []int // pairs per group, whatever nulls the metrics have
	stats   [][]PairStat
	// Unpaired counts the rows of A or B that found no partner.
	Unpaired int
}

// Pair matches every trial of algorithm a with the trial of algorithm b that has the same
// seed and the same value of every parameter in match (other than "algorithm"), and
// summarises the pairs of each metric per group of the by columns ("algorithm" is dropped
// from by). A pair whose metric is null under A or B is left out of that metric's PairStat
// (its N is then smaller than the group's pairs). d must hold the columns algorithm, seed, match, by and metrics. Two trials of
// the same algorithm with the same match key are an error: pairing would be ambiguous.
func Pair(d *Dataset, a, b string, match, by, metrics []string) (*PairTable, error) {
	by = slices.DeleteFunc(slices.Clone(by), func(s string) bool { return s == "algorithm" })
	match = slices.DeleteFunc(slices.Clone(match), func(s string) bool { return s == "algorithm" })
	if err := checkPairInput(d, a, b, slices.Concat(match, by, metrics)); err != nil {
		return nil, err
	}
	matchIDs, _, _ := groupIDs(d, append(slices.Clone(match), "seed"))
	groupOf, keys, _ := groupIDs(d, by)
	rowA, rowB, err := pairRows(d.cols["algorithm"].Str, a, b, matchIDs)
	if err != nil {
		return nil, err
	}
	t := &PairTable{A: a, B: b, By: by, Metrics: metrics}
	pairs := make([]int, len(keys))
	accs := make([][]PairAcc, len(keys))
	for g := range accs {
		accs[g] = make([]PairAcc, len(metrics))
	}
	for id, ra := range rowA {
		rb, ok := rowB[id]
		if !ok {
			t.Unpaired++
			continue
		}
		if groupOf[ra] != groupOf[rb] {
			return nil, fmt.Errorf("pair: a pair falls in two groups; group by parameters only")
		}
		pairs[groupOf[ra]]++
		for m, name := range metrics {
			v := d.cols[name].Num
			if !math.IsNaN(v[ra]) && !math.IsNaN(v[rb]) { // null: not applicable or not measured
				accs[groupOf[ra]][m].Add(v[ra], v[rb])
			}
		}
	}
	for id := range rowB {
		if _, ok := rowA[id]; !ok {
			t.Unpaired++
		}
	}
	t.keepGroupsWithPairs(keys, pairs, accs)
	if len(t.keys) == 0 {
		return nil, fmt.Errorf("pair: no trial of %q has a partner of %q with the same seed and parameters", a, b)
	}
	return t, nil
}

// checkPairInput checks that the two algorithms differ and have trials, and that every
// column needed was loaded.
func checkPairInput(d *Dataset, a, b string, cols []string) error {
	if a == b {
		return fmt.Errorf("pair: the two algorithms are both %q", a)
	}
	for _, c := range slices.Concat([]string{"algorithm", "seed"}, cols) {
		if d.cols[c] == nil {
			return fmt.Errorf("pair: column %q was not loaded", c)
		}
	}
	alg := d.cols["algorithm"].Str
	var na, nb int
	for _, s := range alg {
		na += b2i(s == a)
		nb += b2i(s == b)
	}
	if na == 0 || nb == 0 {
		missing := a
		if na > 0 {
			missing = b
		}
		return fmt.Errorf("pair: no trials of algorithm %q; available: %s", missing, strings.Join(distinct(alg), ", "))
	}
	return nil
}

// pairRows maps each match id to its row of algorithm a and of algorithm b; two rows of one
// algorithm with the same id make pairing ambiguous.
func pairRows(alg []string, a, b string, matchIDs []int) (rowA, rowB map[int]int, err error) {
	rowA, rowB = map[int]int{}, map[int]int{}
	for r, s := range alg {
		var m map[int]int
		switch s {
		case a:
			m = rowA
		case b:
			m = rowB
		default:
			continue
		}
		if prev, dup := m[matchIDs[r]]; dup {
			return nil, nil, fmt.Errorf("pair: rows %d and %d of algorithm %q have the same seed and parameters; pairing is ambiguous (duplicate files?)", prev, r, s)
		}
		m[matchIDs[r]] = r
	}
	return rowA, rowB, nil
}

// keepGroupsWithPairs fills t with the groups that have pairs, sorted by key.
func (t *PairTable) keepGroupsWithPairs(keys [][]string, pairs []int, accs [][]PairAcc) {
	order := make([]int, 0, len(keys))
	gs := make([]*group, len(keys))
	for g := range keys {
		gs[g] = &group{key: keys[g], nums: parseKey(keys[g])}
		if pairs[g] > 0 {
			order = append(order, g)
		}
	}
	slices.SortStableFunc(order, func(x, y int) int { return compareKeys(gs[x], gs[y]) })
	t.keys, t.stats, t.pairs = make([][]string, len(order)), make([][]PairStat, len(order)), make([]int, len(order))
	for i, g := range order {
		t.keys[i] = keys[g]
		t.pairs[i] = pairs[g]
		t.stats[i] = make([]PairStat, len(t.Metrics))
		for m := range t.Metrics {
			t.stats[i][m] = accs[g][m].Stat()
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func distinct(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

// Rows returns each group's key and the PairStat of every metric, sorted by key.
func (t *PairTable) Rows() (keys [][]string, stats [][]PairStat) { return t.keys, t.stats }

// Pairs returns the number of pairs in group i (sorted by key), counting those whose
// metrics are null.
func (t *PairTable) Pairs(i int) int { return t.pairs[i] }

// Notes explains the cells Write leaves Missing ("-"; empty in CSV) although pairs had
// values: a ratio A/B where B's mean is 0, one line per metric naming the groups.
func (t *PairTable) Notes() []string {
	var notes []string
	for m, name := range t.Metrics {
		var zeroZero, overZero []string
		for i, key := range t.keys {
			s := t.stats[i][m]
			if s.N == 0 || s.MeanB != 0 {
				continue
			}
			g := groupName(t.By, key)
			if s.MeanA == 0 {
				zeroZero = append(zeroZero, g)
			} else {
				overZero = append(overZero, g)
			}
		}
		if len(zeroZero) > 0 {
			notes = append(notes, fmt.Sprintf("%s %s/%s is undefined (%s) where both means are 0 (0/0): %s", name, t.A, t.B, Missing, strings.Join(zeroZero, "; ")))
		}
		if len(overZero) > 0 {
			notes = append(notes, fmt.Sprintf("%s %s/%s is infinite, shown as %s, where %s's mean is 0 and %s's is not: %s", name, t.A, t.B, Missing, t.B, t.A, strings.Join(overZero, "; ")))
		}
	}
	return notes
}

// groupName renders a group's key as "col=value, col=value" ("all" with no columns).
func groupName(by, key []string) string {
	if len(by) == 0 {
		return "all pairs"
	}
	parts := make([]string, len(by))
	for i := range by {
		parts[i] = by[i] + "=" + key[i]
	}
	return strings.Join(parts, ", ")
}

// Write prints the comparison; every format gives the pairs of each group. Text, Markdown
// and LaTeX show, per metric, the mean difference A−B and the ratio A/B, each ± its CI95
// half-width, followed by "(n=K)" when only K of the group's pairs had values under both
// algorithms, and Missing ("-") where no pair had or the ratio is undefined (B's mean 0;
// see Notes); CSV gives every number in its own column, a missing one empty.
func (t *PairTable) Write(w io.Writer, f Format) error {
	header := append(slices.Clone(t.By), "pairs")
	if f == CSV {
		for _, m := range t.Metrics {
			header = append(header, m+"_"+t.A+"_mean", m+"_"+t.B+"_mean", m+"_diff_mean", m+"_diff_ci95", m+"_ratio", m+"_ratio_ci95", m+"_n")
		}
	} else {
		for _, m := range t.Metrics {
			header = append(header, fmt.Sprintf("%s %s−%s (±95%% CI)", m, t.A, t.B), fmt.Sprintf("%s %s/%s (±95%% CI)", m, t.A, t.B))
		}
	}
	lines := [][]string{header}
	for i, key := range t.keys {
		n := t.pairs[i]
		line := append(slices.Clone(key), strconv.Itoa(n))
		for _, s := range t.stats[i] {
			if f == CSV {
				line = append(line, num(s.MeanA), num(s.MeanB), num(s.Diff.Mean), num(s.Diff.CI95), num(s.Ratio), num(s.RatioCI95), strconv.Itoa(s.N))
			} else {
				line = append(line, FormatCell(s.Diff, n), FormatCell(Stat{N: s.N, Mean: s.Ratio, CI95: s.RatioCI95}, n))
			}
		}
		lines = append(lines, line)
	}
	switch f {
	case Text:
		return writeAligned(w, lines)
	case CSV:
		cw := csv.NewWriter(w)
		cw.WriteAll(lines)
		return cw.Error()
	case Markdown:
		return writeMarkdown(w, lines[0], lines[1:])
	case LaTeX:
		return writeLaTeX(w, lines[0], lines[1:], len(t.By))
	}
	return fmt.Errorf("unknown format %q; available: text, csv, markdown, latex", f)
}
