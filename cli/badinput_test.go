package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/internal/swarm/swarmtest"
	"github.com/mutexlab/mutexlab/results/columns"
)

// captureStderr runs f with os.Stderr redirected and returns what it printed.
func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	f()
	os.Stderr = old
	w.Close()
	return <-done
}

// hashTree returns the SHA-256 of every file under dir by relative path (directories too,
// so a new directory counts as a change).
func hashTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			sums[rel+"/"] = "dir"
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		sums[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

// badInputDir fills a directory with the files the bad-input cases use: a valid results file,
// broken Parquet files, broken sweep specs, an existing output that must survive, a directory.
func badInputDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	good, err := os.ReadFile(writeSmallResults(t))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"good.parquet":      string(good),
		"truncated.parquet": string(good[:len(good)/2]),
		"garbage.parquet":   "this is not a parquet file\n",
		"empty.parquet":     "",
		"noheader.parquet":  "PAR1" + strings.Repeat("\x00", 64),
		"out.parquet":       "precious",
		"trace.txt":         "an earlier trace",
		"syntax.toml":       "name = \"x\"\n[grid\nload = 1\n",
		"unknownkey.toml":   "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\ncolour = \"blue\"\n",
		"badalgo.toml":      "name = \"x\"\nalgorithms = [\"nope\"]\ntrials = 1\n",
		"badrange.toml":     "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = {log = [0, 1], points = 3}\n",
		"zerotrials.toml":   "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 0\n",
		"badh.toml":         "name = \"x\"\nalgorithms = [\"hk\"]\ntrials = 1\n[params]\nk = 2\nh = 5\n",
		"badparam.toml":     "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[params]\nn = \"thirty\"\n",
		"badconn.toml":      "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[params]\nconnectivity = 1.5\n",
		"notutf8.toml":      "name = \"\xff\xfe\"\n",
		"hugerange.toml":    "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = {log = [1e-4, 1], points = 1000000000}\n",
		"hugegrid.toml":     "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1000\n[grid]\nload = {log = [1e-4, 1], points = 1000}\nmobility = {linear = [0, 1], points = 1000}\ncs_time = {linear = [0.5, 2], points = 1000}\n",
		"onlyhk.toml":       "name = \"x\"\nalgorithms = [\"rl\", \"rr\"]\ntrials = 1\n[params]\nk = 4\n",
		"badreading.toml":   "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[grid]\nno_deletion = [\"skip\", \"never\"]\n",
		"tvgreading.toml":   "name = \"x\"\nalgorithms = [\"drs\"]\ntrials = 1\n[params]\nnetwork = \"tvg\"\nmobility_rate = \"per-node\"\n",
		"dupalgo.toml":      "name = \"x\"\nalgorithms = [\"rl\", \"rl\"]\ntrials = 1\n",
		"dupgrid.toml":      "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = [0.1, 1, 0.1]\n",
		"bothlinks.toml":    "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[params]\nn = 100\nlinks = 300\n[grid]\nconnectivity = [0.2, 0.4]\n",
		"zerolinks.toml":    "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[params]\nlinks = 0\n",
		"negseed.toml":      "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\nseed = -1\n",
		"smalln.toml":       "name = \"x\"\nalgorithms = [\"rl\"]\ntrials = 1\n[params]\nn = 8\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestBadInputCorpus: each malformed invocation or file fails with a one-line error on
// standard error, the right exit code, and no change to any file on disk.
func TestBadInputCorpus(t *testing.T) {
	dir := badInputDir(t)
	f := func(name string) string { return filepath.Join(dir, name) }
	cases := []struct {
		args []string
		code int
		want string // in the error line
	}{
		// bench run: flags
		{[]string{"run", "--algo", "nope", "--out", f("out.parquet")}, exitUsage, "unknown algorithm"},
		{[]string{"run", "--n", "1", "--out", f("out.parquet")}, exitUsage, "n"},
		{[]string{"run", "--connectivity", "1.5", "--out", f("out.parquet")}, exitUsage, "connectivity"},
		{[]string{"run", "--load", "-1", "--out", f("out.parquet")}, exitUsage, "load"},
		{[]string{"run", "--delay", "normal:1", "--out", f("out.parquet")}, exitUsage, "delay"},
		{[]string{"run", "--trials", "0", "--out", f("out.parquet")}, exitUsage, "--trials"},
		{[]string{"run", "--workers", "-1", "--out", f("out.parquet")}, exitUsage, "--workers"},
		{[]string{"run", "--mobility", "fast", "--out", f("out.parquet")}, exitUsage, "--mobility"},
		{[]string{"run", "--trials", "100000000000", "--out", f("out.parquet")}, exitUsage, "--trials"},
		{[]string{"run", "--workers", "100000", "--trials", "2", "--out", f("out.parquet")}, exitUsage, "--workers: must be in 0..1024"},
		{[]string{"run", "--algo", "rl", "--set", "k=2", "--out", f("out.parquet")}, exitUsage, "--set k applies to algorithm hk only"},
		{[]string{"run", "--algo", "rl", "--set", "m=4,8", "--out", f("out.parquet")}, exitUsage, "m applies to algorithm gme only"},
		{[]string{"run", "--algo", "drs", "--set", "network=tvg", "--mobility", "0.1", "--out", f("out.parquet")}, exitUsage, "--mobility applies to network model walter only"},
		{[]string{"run", "--set", "colour=3", "--out", f("out.parquet")}, exitUsage, `unknown key "colour"`},
		{[]string{"run", "--set", "k", "--out", f("out.parquet")}, exitUsage, "want KEY=V1,V2"},
		{[]string{"run", "--n", "10", "--set", "n=20", "--out", f("out.parquet")}, exitUsage, "--n and --set n=20 both set n"},
		{[]string{"run", "--algo", "hk", "--set", "k=two", "--out", f("out.parquet")}, exitUsage, `--set k: "two" is not a number`},
		{[]string{"run", "--out", f("results.csv")}, exitUsage, "bench report FILE.parquet --format csv"},
		{[]string{"sweep", "default", "--out", f("results.csv")}, exitUsage, "--format csv"},
		{[]string{"sweep", f("hugerange.toml"), "--dry-run"}, exitUsage, "at most 100000 points"},
		{[]string{"sweep", f("hugegrid.toml"), "--dry-run"}, exitUsage, "a sweep has at most 10000000000"},
		{[]string{"sweep", f("onlyhk.toml")}, exitUsage, "k applies to algorithm hk only"},
		{[]string{"swarm", "--workers", "5000"}, exitUsage, "--workers"},
		{[]string{"run", "--bogus"}, exitUsage, "bogus"},
		{[]string{"run", "stray-argument"}, exitUsage, "stray-argument"},
		{[]string{"run", "--out", filepath.Join(f("garbage.parquet"), "x.parquet"), "--measure", "10", "--warmup", "0", "--quiet"}, exitUsage, "--out"},
		// bench sweep: specs
		{[]string{"sweep", "no-such-preset"}, exitUsage, "no-such-preset"},
		{[]string{"sweep", f("missing.toml")}, exitUsage, "missing.toml"},
		{[]string{"sweep", f("syntax.toml")}, exitUsage, "syntax.toml"},
		{[]string{"sweep", f("unknownkey.toml")}, exitUsage, "colour"},
		{[]string{"sweep", f("badalgo.toml")}, exitUsage, "nope"},
		{[]string{"sweep", f("badrange.toml")}, exitUsage, "load"},
		{[]string{"sweep", f("zerotrials.toml")}, exitUsage, "trials"},
		{[]string{"sweep", f("badh.toml")}, exitUsage, "h"},
		{[]string{"sweep", f("badparam.toml")}, exitUsage, "n"},
		{[]string{"sweep", f("badconn.toml")}, exitUsage, "connectivity"},
		{[]string{"sweep", f("notutf8.toml")}, exitUsage, "notutf8.toml"},
		{[]string{"sweep", "walter2001", "--shard", "5/2"}, exitUsage, "--shard"},
		{[]string{"sweep"}, exitUsage, "preset"},
		{[]string{"sweep", "default", "--workers", "-3"}, exitUsage, "--workers"},
		// bench swarm and replay: flags
		{[]string{"swarm", "--algo", "nope"}, exitUsage, "unknown algorithm"},
		{[]string{"swarm", "--algo", ","}, exitUsage, "--algo"},
		{[]string{"swarm", "--trials", "0"}, exitUsage, "--trials"},
		{[]string{"swarm", "--workers", "-1"}, exitUsage, "--workers"},
		{[]string{"swarm", "--seed", "x"}, exitUsage, "seed"},
		{[]string{"swarm", "--seed", "18446744073709551615", "--trials", "2"}, exitUsage, "overflows"},
		{[]string{"replay", "--seed", "1"}, exitUsage, "--algo"},
		{[]string{"replay", "--algo", "rl"}, exitUsage, "--seed"},
		{[]string{"replay", "--algo", "nope", "--seed", "1"}, exitUsage, "unknown algorithm"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--out", f("adir")}, exitUsage, "directory"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--out", filepath.Join(dir, "nodir", "t.txt")}, exitUsage, "--out"},
		{[]string{"replay", "--algo", "rl", "--seed", "1", "--max-lines", "0"}, exitUsage, "--max-lines"},
		// results files: Parquet inputs of report, plot, merge, compare
		{[]string{"report", f("garbage.parquet")}, exitUsage, "garbage.parquet"},
		{[]string{"report", f("empty.parquet")}, exitUsage, "empty.parquet"},
		{[]string{"report", f("truncated.parquet")}, exitUsage, "truncated.parquet"},
		{[]string{"report", f("noheader.parquet")}, exitUsage, "noheader.parquet"},
		{[]string{"report", f("missing.parquet")}, exitUsage, "missing.parquet"},
		{[]string{"report", f("adir")}, exitUsage, "adir"},
		{[]string{"report", f("good.parquet"), "--by", "no_such_column"}, exitUsage, "no_such_column"},
		{[]string{"report", f("good.parquet"), "--metrics", "no_such_metric"}, exitUsage, "no_such_metric"},
		{[]string{"report", f("good.parquet"), "--format", "yaml"}, exitUsage, "yaml"},
		{[]string{"plot", f("garbage.parquet"), "--metric", "wait_mean", "--x", "load", "--out", f("p.png")}, exitUsage, "garbage.parquet"},
		{[]string{"plot", f("good.parquet"), "--metric", "wait_mean", "--x", "no_such_param", "--out", f("p.png")}, exitUsage, "no_such_param"},
		{[]string{"plot", f("good.parquet"), "--metric", "wait_mean", "--x", "load", "--out", f("p.bmp")}, exitUsage, "bmp"},
		{[]string{"merge", "--out", f("out.parquet"), f("garbage.parquet")}, exitUsage, "garbage.parquet"},
		{[]string{"merge", "--out", f("out.parquet")}, exitUsage, "shard"},
		{[]string{"compare", f("good.parquet"), f("truncated.parquet")}, exitUsage, "truncated.parquet"},
		{[]string{"compare", f("good.parquet")}, exitUsage, "two"},
		// the command itself
		{[]string{"frobnicate"}, exitUsage, "frobnicate"},
		{[]string{"default", "extra"}, exitUsage, "extra"},
		// the walter model's readings: a bad value names the key and the accepted values
		{[]string{"run", "--mobility-rate", "fast", "--out", f("out.parquet")}, exitUsage, `--mobility-rate: "fast" is not a reading; accepted: network, per-node`},
		{[]string{"run", "--set", "link_formation=absent,maybe", "--out", f("out.parquet")}, exitUsage, `--set link_formation: "maybe" is not a reading; accepted: absent, any-pair`},
		{[]string{"run", "--no-deletion", "Skip", "--out", f("out.parquet")}, exitUsage, "accepted: skip, form"},
		{[]string{"run", "--algo", "drs", "--set", "network=tvg", "--no-deletion", "form", "--out", f("out.parquet")}, exitUsage, "--no-deletion applies to network model walter only"},
		{[]string{"sweep", f("badreading.toml")}, exitUsage, `grid.no_deletion: "never" is not a reading; accepted: skip, form`},
		{[]string{"sweep", f("tvgreading.toml")}, exitUsage, "mobility_rate applies to network model walter only"},
		{[]string{"plot", "--figure", "walter2001-links", f("good.parquet")}, exitUsage, "reads no results file"},
		{[]string{"plot", "--figure", "walter2001-links", "--out", f("links.bmp")}, exitUsage, "bmp"},
		{[]string{"plot", f("good.parquet"), "--figure", "walter2001-fig5", "--keep", "mobility_rate"}, exitUsage, "--keep: want COL=V1/V2"},
		{[]string{"plot", f("good.parquet"), "--figure", "walter2001-fig5", "--metric", "wait_mean"}, exitUsage, "--metric does not apply with --figure"},
		{[]string{"run", "--seed", "-1", "--dry-run"}, exitUsage, `--seed (root seed): "-1" is not a non-negative integer`},
		{[]string{"run", "--n", "30,,40", "--dry-run"}, exitUsage, "--n 30,,40: an empty item in the list"},
		{[]string{"replay", "--algo", "rl", "--seed", "5", "--html", f("late.html"), "--from-time", "1e9"}, exitUsage, "--from-time: the window starts after the trial's last event"},
		// explicit values: used as given or refused, naming them
		{[]string{"run", "--algo", "rl,rl", "--dry-run"}, exitUsage, "--algo: rl is listed twice; replicates are set by --trials"},
		{[]string{"run", "--load", "0.1,0.1", "--dry-run"}, exitUsage, "--load: 0.1 is listed twice"},
		{[]string{"run", "--algo", "hk", "--set", "k=2,1,2", "--dry-run"}, exitUsage, "--set k: 2 is listed twice"},
		{[]string{"run", "--algo", "rl,,rr", "--dry-run"}, exitUsage, "--algo rl,,rr: an empty item in the list"},
		{[]string{"run", "--n", "100", "--links", "300", "--connectivity", "0.2", "--dry-run"}, exitUsage, "--links and --connectivity both set the initial number of links"},
		{[]string{"run", "--links", "60", "--set", "degree=4", "--dry-run"}, exitUsage, "--links and --set degree both set"},
		{[]string{"run", "--n", "100", "--links", "1000000", "--dry-run"}, exitUsage, "--links: gives 1000000 links, more than the 4950"},
		{[]string{"run", "--links", "0", "--dry-run"}, exitUsage, "--links: must be a whole number of links >= 1, got 0"},
		{[]string{"run", "--degree", "0", "--dry-run"}, exitUsage, "--degree: must be a mean degree > 0, got 0"},
		{[]string{"run", "--n", "10", "--n", "20", "--dry-run"}, exitUsage, `--n is given twice ("10" and "20")`},
		{[]string{"run", "--set", "n=10", "--set", "n=20", "--dry-run"}, exitUsage, "--set n=10 and --set n=20 both set n"},
		{[]string{"sweep", "default", "--workers", "1", "--workers=2", "--dry-run"}, exitUsage, "--workers is given twice"},
		{[]string{"report", "--by", "algorithm", "--by", "n", f("x.parquet")}, exitUsage, "--by is given twice"},
		{[]string{"plot", "--figure", "walter2001-fig5", "--figure=x", f("x.parquet")}, exitUsage, "--figure is given twice"},
		{[]string{"sweep", f("dupalgo.toml")}, exitUsage, "algorithms: rl is listed twice; replicates are set by trials"},
		{[]string{"sweep", f("dupgrid.toml")}, exitUsage, "grid.load: 0.1 is listed twice"},
		{[]string{"sweep", f("bothlinks.toml")}, exitUsage, "links and connectivity both set the initial number of links"},
		{[]string{"sweep", f("zerolinks.toml")}, exitUsage, "params.links: must be a whole number of links >= 1, got 0"},
		{[]string{"sweep", f("negseed.toml")}, exitUsage, "seed: must be a whole number in 0..18446744073709551615"},
		// report's and plot's lists: an empty item or one listed twice (a column, series, filter
		// value or output file) is refused, naming the flag and its value
		{[]string{"report", f("good.parquet"), "--by", "algorithm,algorithm"}, exitUsage, "--by algorithm,algorithm: algorithm is listed twice"},
		{[]string{"report", f("good.parquet"), "--metrics", "wait_mean,wait_mean"}, exitUsage, "--metrics wait_mean,wait_mean: wait_mean is listed twice"},
		{[]string{"report", f("good.parquet"), "--by", "algorithm,,load"}, exitUsage, "--by algorithm,,load: an empty item in the list"},
		{[]string{"plot", f("good.parquet"), "--metric", "wait_mean", "--x", "load", "--keep", "load=1/1", "--out", f("p.png")}, exitUsage, "--keep load=1/1: 1 is listed twice"},
		{[]string{"plot", f("good.parquet"), "--metric", "wait_mean", "--x", "load", "--keep", "load=1,load=0.001", "--out", f("p.png")}, exitUsage, "--keep load=1,load=0.001: load is given twice"},
		{[]string{"plot", f("good.parquet"), "--figure", "walter2001-fig5", "--keep", "no_deletion=skip//form", "--out", f("p.png")}, exitUsage, "--keep no_deletion=skip//form: an empty item in the list"},
		{[]string{"plot", f("good.parquet"), "--metric", "wait_mean", "--x", "load", "--series", "algorithm,algorithm", "--out", f("p.png")}, exitUsage, "--series algorithm,algorithm: algorithm is listed twice"},
		{[]string{"plot", f("good.parquet"), "--figure", "auto", "--against", "load,load", "--out", f("p.png")}, exitUsage, "--against load,load: load is listed twice"},
		{[]string{"plot", f("good.parquet"), "--metric", "wait_mean", "--x", "load", "--out", f("p.png") + "," + f("p.png")}, exitUsage, "p.png is listed twice"},
		{[]string{"swarm", "--algo", "rl,rl"}, exitUsage, "--algo rl,rl: rl is listed twice"},
		// plot --figure auto refuses a directory as --out, as the other figures do, whether it
		// exists or ends in a slash
		{[]string{"plot", f("good.parquet"), "--figure", "auto", "--out", f("adir")}, exitUsage, "adir: is a directory; name a file such as figs/grid.png"},
		{[]string{"plot", f("good.parquet"), "--figure", "auto", "--out", f("figs") + "/"}, exitUsage, "figs/: is a directory; name a file such as figs/grid.png"},
		// an error names a key as the user gave it, and a key not given with its default value
		{[]string{"run", "--set", "load=0.1,0.1", "--dry-run"}, exitUsage, "bench run: --set load: 0.1 is listed twice"},
		{[]string{"run", "--n", "8", "--dry-run"}, exitUsage, "bench run: --connectivity 0.2 (the default): gives 5 links, but a connected graph on 8 nodes needs at least 7"},
		{[]string{"run", "--n", "8", "--connectivity", "0.2", "--dry-run"}, exitUsage, "bench run: --connectivity: gives 5 links"},
		{[]string{"sweep", f("smalln.toml"), "--dry-run"}, exitUsage, "smalln.toml: connectivity = 0.2 (the default): gives 5 links"},
		{[]string{"run", "--algo", "gme", "--set", "resource_dist=zipf", "--dry-run"}, exitUsage, `--set resource_dist: "zipf" is not a number (resource_dist: group mutex: distribution of the requested resource, drawn per request: 0 uniform on 0..m-1, 1 Zipf)`},
		// a dry run refuses an --out that the run would refuse, saying why
		{[]string{"run", "--dry-run", "--out", f("adir")}, exitUsage, "--out " + f("adir") + ": is a directory"},
		{[]string{"run", "--dry-run", "--out", f("good.parquet")}, exitUsage, "good.parquet: holds results of another sweep"},
		{[]string{"sweep", "default", "--dry-run", "--out", f("good.parquet")}, exitUsage, "good.parquet: holds results of another sweep"},
		// a value read only under another parameter's value, given where none of the run reads it
		{[]string{"run", "--algo", "akw1", "--set", "akw_n=100", "--dry-run"}, exitUsage, "--set akw_n: has no effect: akw1 reads it only with akw_coloring = 2, and this run has akw_coloring = 1"},
		{[]string{"run", "--algo", "akw1", "--set", "akw_coloring=1", "--set", "akw_delta=8", "--dry-run"}, exitUsage, "--set akw_delta: has no effect: akw1 reads it only with akw_coloring = 2"},
		{[]string{"run", "--algo", "gme", "--set", "zipf_s=2", "--dry-run"}, exitUsage, "--set zipf_s: has no effect: gme reads it only with resource_dist = 1"},
		{[]string{"run", "--algo", "rl", "--mobility-rate", "network,per-node", "--mobility", "0", "--dry-run"}, exitUsage, "--mobility-rate: has no effect: network model walter reads it only with mobility > 0, and this run has mobility = 0; leave it out or set --mobility"},
		{[]string{"run", "--link-formation", "any-pair", "--set", "no_deletion=form", "--dry-run"}, exitUsage, "--link-formation, --set no_deletion: have no effect: network model walter reads it only with mobility > 0"},
		// bench check exhaustive: crashes only where the algorithm tolerates them
		{[]string{"check", "exhaustive", "--algo", "rl", "--n", "3", "--crashes", "1"}, exitUsage, "--crashes: rl does not tolerate crashes; accepted for akw1, akw2, drs, cm"},
		{[]string{"check", "exhaustive", "--algo", "cm", "--n", "3", "--crashes", "3"}, exitUsage, "--crashes: must be in 0..2"},
		// bench check exhaustive --set: the algorithm's own parameters, each used, one value
		{[]string{"check", "exhaustive", "--algo", "rl", "--n", "3", "--set", "k=2"}, exitUsage, `--set k=2: rl has no parameter "k"; its parameters: none`},
		{[]string{"check", "exhaustive", "--algo", "hk", "--n", "3", "--set", "k=2.5"}, exitUsage, "--set k=2.5: want a whole number"},
		{[]string{"check", "exhaustive", "--algo", "hk", "--n", "3", "--set", "aging_at=nope"}, exitUsage, "--set aging_at=nope: must be one of cs-exit, token-pass"},
		{[]string{"check", "exhaustive", "--algo", "hk", "--n", "3", "--set", "k=2", "--set", "k=3"}, exitUsage, "--set k=3: k is set twice"},
		{[]string{"check", "exhaustive", "--algo", "hk", "--n", "3", "--set", "k=0"}, exitUsage, "--algo hk: k: must be a whole number"},
		{[]string{"check", "exhaustive", "--algo", "akw1", "--n", "3", "--set", "akw_n=4"}, exitUsage, "--set akw_n: has no effect unless akw_coloring = 2"},
		// bench check exhaustive --draws: seed or every, every only where the algorithm lets draws be chosen
		{[]string{"check", "exhaustive", "--algo", "drs", "--n", "2", "--draws", "all"}, exitUsage, `--draws: want seed or every, got "all"`},
		{[]string{"check", "exhaustive", "--algo", "rl", "--n", "2", "--draws", "every"}, exitUsage, "--algo rl: every draw: rl draws no value a search can choose (kernel.DrawChooser); explore the seed's draws"},
		{[]string{"check", "exhaustive", "--algo", "drs", "--n", "2", "--draws", "every", "--compare"}, exitUsage, "--draws every: a search with every draw a choice has no sleep sets"},
		{[]string{"check", "exhaustive", "--algo", "hk", "--n", "3", "--set", "k=70000", "--set", "h=0"}, exitUsage, "--algo hk, k=70000 h=0: a request may carry 70000 values under these parameters: the search explores at most 65534"},
		// bench sweep --from: a results file without a recorded spec, or not a results file
		{[]string{"sweep", "--from", f("good.parquet")}, exitUsage, "good.parquet: the file records no sweep spec"},
		{[]string{"sweep", "--from", f("garbage.parquet")}, exitUsage, "garbage.parquet"},
		{[]string{"sweep", "--from", f("missing.parquet")}, exitUsage, "missing.parquet"},
		{[]string{"sweep", "default", "--from", f("good.parquet")}, exitUsage, "both name the sweep to run"},
		{[]string{"sweep", f("good.parquet")}, exitUsage, "bench sweep --from"},
	}
	before := hashTree(t, dir)
	for _, c := range cases {
		var code int
		stderr := captureStderr(t, func() {
			captureStdout(t, func() { code = run(context.Background(), c.args) })
		})
		name := strings.ReplaceAll(strings.Join(c.args, " "), dir+string(os.PathSeparator), "")
		if code != c.code {
			t.Errorf("bench %s: exit %d, want %d (stderr %q)", name, code, c.code, stderr)
		}
		if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || !strings.HasPrefix(stderr, "bench") {
			t.Errorf("bench %s: stderr is not one error line: %q", name, stderr)
		} else if !strings.Contains(stderr, c.want) {
			t.Errorf("bench %s: error %q does not mention %q", name, strings.TrimSpace(stderr), c.want)
		}
		after := hashTree(t, dir)
		for path, sum := range after {
			if before[path] != sum {
				t.Errorf("bench %s: changed or created %s", name, path)
			}
		}
		for path := range before {
			if _, ok := after[path]; !ok {
				t.Errorf("bench %s: removed %s", name, path)
			}
		}
		before = after
	}
	if len(cases) < 30 {
		t.Fatalf("only %d cases", len(cases))
	}
}

// TestSwarmExitCodes: bench swarm and bench replay exit 3 for a safety violation, 4 for
// starvation and 1 for a crash of the program (a panic inside a trial), printing the seed and
// the command that reproduces it; a clean swarm exits 0.
func TestSwarmExitCodes(t *testing.T) {
	old := swarmTarget
	defer func() { swarmTarget = old }()
	swarmTarget = func(name string) (swarm.Target, error) {
		if mode, ok := strings.CutPrefix(name, "toy-"); ok {
			return swarmtest.Broken(mode), nil
		}
		return swarm.Lookup(name)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		algo string
		code int
	}{{"toy-enter-at-once", exitSafety}, {"toy-never-enter", exitStarvation}, {"toy-panic", exitFailure}, {"rl,rr,hk", exitOK}} {
		var code int
		stdout := captureStdout(t, func() {
			captureStderr(t, func() {
				code = run(context.Background(), []string{"swarm", "--algo", c.algo, "--trials", "20", "--quiet"})
			})
		})
		if code != c.code {
			t.Errorf("swarm %s: exit %d, want %d\n%s", c.algo, code, c.code, stdout)
		}
		if c.code == exitOK {
			if !strings.Contains(stdout, "60 trials") {
				t.Errorf("swarm %s: %q", c.algo, stdout)
			}
			continue
		}
		cmd := "bench replay --algo " + c.algo + " --seed 1"
		if !strings.Contains(stdout, cmd) {
			t.Errorf("swarm %s: output lacks %q:\n%s", c.algo, cmd, stdout)
		}
		out := filepath.Join(dir, c.algo+".txt")
		captureStderr(t, func() {
			code = run(context.Background(), []string{"replay", "--algo", c.algo, "--seed", "1", "--out", out})
		})
		if code != c.code {
			t.Errorf("replay %s: exit %d, want %d", c.algo, code, c.code)
		}
		if data, err := os.ReadFile(out); err != nil || !strings.Contains(string(data), "shortest failing prefix") {
			t.Errorf("replay %s: trace file %v:\n%.500s", c.algo, err, data)
		}
	}
}

// TestHugeInputsAreBounded: the inputs that once took gigabytes or ran for minutes answer at
// once with little memory: each runs as a real bench process, whose exit code, message,
// time and peak memory are checked (loosely: the machine is shared).
func TestHugeInputsAreBounded(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.toml")
	os.WriteFile(huge, []byte("name = \"huge\"\nalgorithms = [\"rl\"]\ntrials = 1\n[grid]\nload = {log = [1e-4, 1], points = 1000}\nmobility = {linear = [0, 1], points = 1000}\ncs_time = {linear = [0.5, 2], points = 1000}\n"), 0o644)
	out := filepath.Join(dir, "o.parquet")
	for _, c := range []struct {
		args   []string
		code   int
		want   string // in stdout (exit 0) or the one error line
		maxDur time.Duration
	}{
		{[]string{"run", "--trials", "1000000000", "--dry-run", "--out", out}, exitOK, "trials: 2000000000 = 1 point x 1000000000 replicates x 2 algorithms", 20 * time.Second},
		{[]string{"sweep", huge, "--dry-run", "--out", out}, exitOK, "trials: 1000000000 = 1000000000 points", 20 * time.Second},
		{[]string{"sweep", huge, "--dry-run", "--shard", "7/1000", "--out", out}, exitOK, "shard 7/1000: 1000000 trials", 20 * time.Second},
		{[]string{"run", "--workers", "100000", "--trials", "2", "--out", out}, exitUsage, "--workers", 20 * time.Second},
		{[]string{"run", "--algo", "rl", "--mobility", "1e9", "--measure", "10", "--out", out, "--quiet"}, exitFailure, "event budget exceeded", 60 * time.Second},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "BENCH_CHILD="+strings.Join(c.args, "\t"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		el := time.Since(start)
		rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB
		name := strings.Join(c.args, " ")
		t.Logf("bench %s: exit %d in %s, peak RSS %d MiB", name, cmd.ProcessState.ExitCode(), el.Round(time.Millisecond), rss>>10)
		if code := cmd.ProcessState.ExitCode(); code != c.code {
			t.Errorf("bench %s: exit %d, want %d; stderr %q", name, code, c.code, stderr.String())
		}
		text := stdout.String()
		if c.code != exitOK {
			text = stderr.String()
			if lines := strings.Split(strings.TrimSpace(text), "\n"); len(lines) != 1 {
				t.Errorf("bench %s: %d lines on stderr: %q", name, len(lines), text)
			}
		}
		if !strings.Contains(text, c.want) {
			t.Errorf("bench %s: output lacks %q: %q", name, c.want, text)
		}
		if el > c.maxDur || rss > 400<<10 {
			t.Errorf("bench %s: %s and %d MiB, want under %s and 400 MiB", name, el, rss>>10, c.maxDur)
		}
	}
}

// TestParamErrorsNameWhatTheUserGave: a bad value of every parameter the kernel or a network
// model validates is refused with an error that names it as the user gave it: --set KEY, or
// its flag where bench run has one (bench run -h) and the user gave that; in a spec file,
// params.KEY.
func TestParamErrorsNameWhatTheUserGave(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		key, bad string
		with     []string // other keys the case needs, KEY=VALUE
	}{
		{"n", "1", nil},
		{"links", "1000000", []string{"n=100"}},
		{"connectivity", "1.5", nil},
		{"degree", "-1", nil},
		{"load", "0", nil},
		{"mobility", "-1", nil},
		{"delay", "normal:1", nil},
		{"cs_time", "0", nil},
		{"warmup", "-1", nil},
		{"measure", "0", nil},
		{"starve_after", "-1", nil},
		{"max_events_per_entry", "-1", nil},
		{"warmup_per_node", "-1", nil},
		{"measure_time", "-1", nil},
		{"drain_max_events", "-1", nil},
		{"crash_rate", "-1", nil},
		{"crashes", "99@1", nil},
		{"movement_file", filepath.Join(dir, "missing.ns2"), []string{"network=ns2"}},
		{"radius", "0", []string{"network=waypoint"}},
		{"side", "-1", []string{"network=waypoint"}},
		{"pause", "-1", []string{"network=waypoint"}},
		{"still", "2", []string{"network=waypoint"}},
		{"delta", "0", []string{"network=tvg"}},
		{"birth", "2", []string{"network=tvg"}},
		{"round", "0", []string{"network=tvg"}},
	}
	algo := func(with []string) string {
		if len(with) > 0 { // the other network models need FIFO-free algorithms
			return "drs"
		}
		return "rl"
	}
	expect := func(args []string, want string) {
		t.Helper()
		var code int
		stderr := captureStderr(t, func() {
			captureStdout(t, func() { code = run(context.Background(), args) })
		})
		if code != exitUsage || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("bench %s: exit %d, error %q; want exit %d and an error starting %q",
				strings.Join(args, " "), code, strings.TrimSpace(stderr), exitUsage, want)
		}
	}
	for _, c := range cases {
		col, ok := columns.Lookup(c.key)
		if !ok || !col.Key {
			t.Fatalf("%s is not a spec key", c.key)
		}
		args := []string{"run", "--algo", algo(c.with), "--dry-run", "--set", c.key + "=" + c.bad}
		for _, kv := range c.with {
			args = append(args, "--set", kv)
		}
		expect(args, "bench run: --set "+c.key+": ")
		if col.Flag {
			flagArgs := append(args[:4:4], append([]string{"--" + flagName(c.key), c.bad}, args[6:]...)...)
			expect(flagArgs, "bench run: --"+flagName(c.key)+": ")
		}

		spec := fmt.Sprintf("name = \"x\"\nalgorithms = [%q]\ntrials = 1\n[params]\n%s = %s\n", algo(c.with), c.key, tomlValue(c.bad))
		for _, kv := range c.with {
			k, v, _ := strings.Cut(kv, "=")
			spec += fmt.Sprintf("%s = %s\n", k, tomlValue(v))
		}
		file := filepath.Join(dir, c.key+".toml")
		if err := os.WriteFile(file, []byte(spec), 0o644); err != nil {
			t.Fatal(err)
		}
		expect([]string{"sweep", file, "--dry-run"}, "bench sweep: "+file+": params."+c.key+": ")
	}
}

// tomlValue writes v as a TOML number if it is one, else as a string.
func tomlValue(v string) string {
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return v
	}
	return strconv.Quote(v)
}
