package analysis

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// The Walter, Welch, Vaidya (2001) section 6 set-up: the cells of Tables 1 and 2.
var (
	Walter2001Algorithms   = []string{"rr", "rl"}
	Walter2001Loads        = []float64{1, 1e-3}       // high, low (as in Figures 6 and 8)
	Walter2001Mobilities   = []float64{0, 1e-2, 1e-1} // zero, low, high
	Walter2001Connectivity = []float64{0.2, 0.8}      // 20% and 80% of the 435 links
	walter2001By           = []string{"algorithm", "load", "mobility", "connectivity"}
	walter2001Metrics      = []string{"wait_mean", "msgs_per_cs"}
)

// Walter2001Columns are the columns a results file needs for the paper comparison.
func Walter2001Columns() []string { return slices.Concat(walter2001By, walter2001Metrics) }

func mobName(m float64) string {
	switch m {
	case 0:
		return "zero mobility"
	case 1e-2:
		return "low mobility"
	case 1e-1:
		return "high mobility"
	}
	return fmt.Sprintf("mobility %g", m)
}

func pct(c float64) string { return fmt.Sprintf("%g%%", math.Round(c*100)) }

// Walter2001Table aggregates d (which must hold Walter2001Columns) the way the paper
// comparison needs: by the paper's axes, keeping every trial by replicate, over wait_mean,
// msgs_per_cs and, where d has it, RR's route length.
func Walter2001Table(d *Dataset) (*Table, error) {
	return AggregateReplicates(d, walter2001By, walter2001MetricsOf(d))
}

// walter2001MetricsOf is the metrics of the paper comparison d holds: Tables 1 and 2's, and
// route_len_mean when loaded.
func walter2001MetricsOf(d *Dataset) []string {
	metrics := slices.Clone(walter2001Metrics)
	if d.Column(routeMetric) != nil {
		metrics = append(metrics, routeMetric)
	}
	return metrics
}

// flaggedNote is "; K flagged" for a cell with K trials under a measurement warning.
func flaggedNote(t *Table, key ...any) string {
	g := t.find(key)
	if g == nil || !g.flags.Any() {
		return ""
	}
	return fmt.Sprintf("; %d flagged", g.flags.Flagged)
}

// Walter2001MissingCells is the error WriteWalter2001Cells returns when the data lack some
// cells of Tables 1 and 2 (printed Missing, "-"); the tables are printed all the same, and the
// findings about the missing cells are SKIP.
type Walter2001MissingCells struct {
	Cells []string // "rl load=1 mobility=0.01 connectivity=0.2", one per absent point
	Total int      // the points of the tables (algorithms × loads × mobilities × connectivities)
}

func (e *Walter2001MissingCells) Error() string {
	return fmt.Sprintf("the data lacks Table 1/2 cells (run 'bench sweep walter2001'): %s", strings.Join(e.Cells, "; "))
}

// Walter2001Usable says whether t has a value in some cell of Tables 1 and 2; if not, the
// paper comparison has nothing to compare and the error says what it needs.
func Walter2001Usable(t *Table) error {
	for _, metric := range walter2001Metrics {
		for _, alg := range Walter2001Algorithms {
			for _, load := range Walter2001Loads {
				for _, mob := range Walter2001Mobilities {
					for _, conn := range Walter2001Connectivity {
						if s, ok := t.Lookup(metric, alg, load, mob, conn); ok && s.N > 0 {
							return nil
						}
					}
				}
			}
		}
	}
	return fmt.Errorf("no trial at a point of Tables 1 and 2: the comparison needs trials of algorithm rl and rr at load 1 or 0.001, mobility 0, 0.01 or 0.1 and connectivity 0.2 or 0.8 with wait_mean or msgs_per_cs (run 'bench sweep walter2001')")
}

// WriteWalter2001Cells prints every cell of the paper's Tables 1 (wait per CS entry) and 2
// (messages per CS entry): RR/RL × high/low load × zero/low/high mobility × 20%/80%
// connectivity, each as our mean ± 95% CI half-width over trials (n trials; "K flagged" when
// K of them carry a measurement warning, Flags), Missing ("-")
// where the data have no value. It returns a *Walter2001MissingCells naming the cells absent
// from the data, after printing the tables.
func WriteWalter2001Cells(w io.Writer, t *Table) error {
	var missing []string
	for ti, metric := range walter2001Metrics {
		title := []string{"Table 1: average waiting time per CS entry (time units)", "Table 2: average number of messages per CS entry"}[ti]
		lines := [][]string{{"load", "connectivity", "algorithm", "zero mobility", "low mobility (1e-2)", "high mobility (1e-1)"}}
		for _, load := range Walter2001Loads {
			ln := map[float64]string{1: "high (λ_req=1)", 1e-3: "low (λ_req=1e-3)"}[load]
			for _, conn := range Walter2001Connectivity {
				for _, alg := range Walter2001Algorithms {
					line := []string{ln, pct(conn), strings.ToUpper(alg)}
					for _, mob := range Walter2001Mobilities {
						s, ok := t.Lookup(metric, alg, load, mob, conn)
						if !ok || s.N == 0 {
							missing = append(missing, fmt.Sprintf("%s load=%g mobility=%g connectivity=%g", alg, load, mob, conn))
							line = append(line, "-")
							continue
						}
						line = append(line, fmt.Sprintf("%s (n=%d%s)", FormatStat(s), s.N, flaggedNote(t, alg, load, mob, conn)))
					}
					lines = append(lines, line)
				}
			}
		}
		fmt.Fprintln(w, title)
		if err := writeAligned(w, lines); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	if len(missing) > 0 {
		return &Walter2001MissingCells{Cells: dedupe(missing),
			Total: len(Walter2001Algorithms) * len(Walter2001Loads) * len(Walter2001Mobilities) * len(Walter2001Connectivity)}
	}
	return nil
}
