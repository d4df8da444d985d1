package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/sweeps"
)

// smallReadingsSpec is the cells of Tables 1 and 2 under readings A and F, with short
// trials on 12 nodes: a walter2001-readings file in miniature.
const smallReadingsSpec = `name = "readings-small"
algorithms = ["rl", "rr"]
trials = 2
seed = 7
[params]
n = 12
warmup = 10
measure = 60
starve_after = 1e6
[grid]
connectivity = [0.2, 0.8]
load = [1e-3, 1]
mobility = [0, 0.01, 0.1]
mobility_rate = ["network", "per-node"]
link_formation = ["absent", "any-pair"]
no_deletion = ["skip", "form"]
`

// readingsFile runs the small readings sweep and returns its file.
func readingsFile(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	spec := filepath.Join(dir, "readings.toml")
	out := filepath.Join(dir, "readings.parquet")
	if err := os.WriteFile(spec, []byte(smallReadingsSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	var code int
	stderr := captureStderr(t, func() {
		captureStdout(t, func() { code = run(context.Background(), []string{"sweep", spec, "--out", out, "--quiet"}) })
	})
	if code != exitOK {
		t.Fatalf("sweep: exit %d", code)
	}
	// any-pair with skip freezes a tree: bench warns, and tells a frozen graph from a quiet window
	if !strings.Contains(stderr, "trials with mobility > 0 had no link change take effect") || strings.Contains(stderr, "(0 frozen") {
		t.Errorf("no warning of frozen graphs: %q", stderr)
	}
	return out
}

// bench report --paper walter2001 on a file of several readings prints the findings ×
// readings matrix, says which readings repeat another, and gives Tables 1 and 2 and the
// findings per reading.
func TestReportReadingsMatrix(t *testing.T) {
	path := readingsFile(t)
	var code int
	out := captureStdout(t, func() { code = run(context.Background(), []string{"report", path, "--paper", "walter2001"}) })
	if code != exitOK {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{
		"8 readings of the network model",
		"finding \\ reading", "rr-route-length-doubles-from-80-to-20",
		"the static trials (mobility 0) agree under every reading",
		"reading G repeats A in all 32 mobile trials",
		"The network under each reading at λ_mob = 0.1",
		"== Reading F (per-node/any-pair/form)", "Table 2: average number of messages per CS entry",
		"Findings of section 6 under reading E:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// On 12 nodes at 20% connectivity (13 links) B skips changes, so H does not repeat it.
	if strings.Contains(out, "DIFFER") || strings.Contains(out, "reading D repeats") || strings.Contains(out, "reading H repeats") {
		t.Errorf("readings that differ reported as repeats, or static trials that differ:\n%s", out)
	}
}

// Figures 5 to 8 draw one reading of such a file with --keep; without it their caption
// says the readings were pooled.
func TestPlotOneReading(t *testing.T) {
	path := readingsFile(t)
	dir := t.TempDir()
	for _, c := range []struct {
		keep string
		want string
	}{
		{"mobility_rate=per-node,link_formation=any-pair,no_deletion=form", "link_formation = any-pair"},
		{"", "Pooled over mobility_rate (network, per-node); link_formation (absent, any-pair); no_deletion (form, skip)"},
	} {
		args := []string{"plot", path, "--figure", "walter2001-fig5", "--out", filepath.Join(dir, "f.png")}
		if c.keep != "" {
			args = append(args, "--keep", c.keep)
		}
		var code int
		stderr := captureStderr(t, func() { captureStdout(t, func() { code = run(context.Background(), args) }) })
		if code != exitOK || !strings.Contains(stderr, c.want) {
			t.Errorf("--keep %q: exit %d, stderr %q; want a caption with %q", c.keep, code, stderr, c.want)
		}
	}
}

// The link figure's trials are the preset's: the same seeds, 48 of them, in panel order.
func TestLinkTrialsArePresetTrials(t *testing.T) {
	trials, err := linkTrials()
	if err != nil {
		t.Fatal(err)
	}
	spec, err := sweeps.Preset(linksPresetName)
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != 48 || trials[0].Params.MobilityRate != kernel.RateNetwork || trials[len(trials)-1].Params.NoDeletion != kernel.NoDeletionForm {
		t.Fatalf("%d trials, first %v, last %v", len(trials), trials[0].Point, trials[len(trials)-1].Point)
	}
	for _, tr := range trials {
		if got := spec.Trial(tr.Index); got.Params.Seed != tr.Params.Seed || got.Params.Seed == 0 {
			t.Fatalf("trial %d: seed %d, preset's %d", tr.Index, tr.Params.Seed, got.Params.Seed)
		}
	}
}

// The traces: under absent formation the count never moves; under any-pair with skip it
// never rises and ends at a spanning tree; the window's ends are marked with the counts the
// trial reported.
func TestLinkTraces(t *testing.T) {
	trials, err := linkTrials()
	if err != nil {
		t.Fatal(err)
	}
	var pick []sweeps.Trial
	for _, tr := range trials { // A and C, 80% connectivity, shortened
		p := tr.Params
		if p.MobilityRate == kernel.RateNetwork && p.NoDeletion == kernel.NoDeletionSkip && p.Connectivity == 0.8 && tr.Replicate == 0 {
			tr.Params.Warmup, tr.Params.Measure = 20, 300
			pick = append(pick, tr)
		}
	}
	traces, err := linkTraces(context.Background(), pick)
	if err != nil || len(traces) != 2 {
		t.Fatalf("%d traces, %v", len(traces), err)
	}
	a, c := traces[0], traces[1]
	for _, l := range a.Links {
		if l != 348 {
			t.Fatalf("A: count %d, want 348 throughout", l)
		}
	}
	for i := 1; i < len(c.Links); i++ {
		if c.Links[i] > c.Links[i-1] {
			t.Fatalf("C: count rose from %d to %d", c.Links[i-1], c.Links[i])
		}
	}
	if c.Links[len(c.Links)-1] != 29 || c.LinksEnd != 29 || c.LinksStart < c.LinksEnd || c.WindowEnd <= c.WindowStart {
		t.Errorf("C: ends at %d, window %g..%g with %d -> %d links", c.Links[len(c.Links)-1], c.WindowStart, c.WindowEnd, c.LinksStart, c.LinksEnd)
	}
	if !strings.HasPrefix(a.Panel, "A (") || c.Series != "80% connectivity" {
		t.Errorf("labels %q %q", a.Panel, c.Series)
	}
}

// The reduced grid of docs/reproducing-walter2001.md, run with bench run, has the preset's
// seeds: a row of it is the preset's row at that point and reading (one point here, a mobile
// one: at mobility 0 no reading is read, and giving one is refused).
func TestReducedGridHasPresetSeeds(t *testing.T) {
	out := filepath.Join(t.TempDir(), "reduced.parquet")
	args := []string{"run", "--algo", "rl", "--connectivity", "0.2", "--load", "1", "--mobility", "0.01",
		"--mobility-rate", "per-node", "--link-formation", "any-pair", "--no-deletion", "form",
		"--trials", "2", "--seed", "2001", "--starve-after", "1e6", "--out", out, "--quiet"}
	var code int
	captureStderr(t, func() { captureStdout(t, func() { code = run(context.Background(), args) }) })
	if code != exitOK {
		t.Fatalf("bench run: exit %d", code)
	}
	rows := readRows(t, out)
	spec, err := sweeps.Preset(linksPresetName)
	if err != nil {
		t.Fatal(err)
	}
	var want []uint64
	for i := range spec.NumTrials() {
		tr := spec.Trial(i)
		p := tr.Params
		if tr.Algorithm == "rl" && p.Connectivity == 0.2 && p.Load == 1 && p.Mobility == 0.01 && p.MobilityRate == kernel.RatePerNode &&
			p.LinkFormation == kernel.FormAnyPair && p.NoDeletion == kernel.NoDeletionForm && tr.Replicate < 2 {
			want = append(want, p.Seed)
		}
	}
	if len(rows) != 2 || len(want) != 2 {
		t.Fatalf("%d rows, %d preset trials", len(rows), len(want))
	}
	for k, r := range rows {
		if !strings.Contains(r, fmt.Sprintf(" seed=%d ", want[k])) {
			t.Errorf("bench run row %d: %s; want the preset's seed %d", k, r, want[k])
		}
	}
}
