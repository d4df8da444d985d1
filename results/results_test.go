package results

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

var testLayout = Layout{
	MsgTypes: []string{"request", "token", "link_info"},
	Extra:    []string{"height_max", "queue_len_mean"},
}

// testTrial returns a trial whose every field depends on i, so that a row written to or
// read from the wrong place shows up.
func testTrial(i int) Trial {
	f := float64(i)
	return Trial{
		Algorithm:    []string{"rl", "rr", "lm"}[i%3],
		N:            int64(10 + i),
		Links:        int64(20 + i),
		Connectivity: 0.5 + f/1000,
		Degree:       4 + f/100,
		Load:         0.1 * f,
		Mobility:     0.01 * f,
		Delay:        []string{"1", "exp:1"}[i%2],
		Warmup:       int64(1000 + i),
		Measure:      int64(5000 + i),
		Seed:         math.MaxUint64 - uint64(i)*0x9e3779b97f4a7c15, // row 0 has every bit set
		Trial:        int64(i % 7),
		Point:        int64(i / 7),
		SimTime:      1e4 + f,
		Events:       int64(1_000_000 + i),
		CSEntries:    int64(300 + i),
		WaitMean:     1.5 + f,
		WaitP50:      1.25 + f,
		WaitP99:      9.5 + f,
		WaitMax:      12 + f,
		MsgsTotal:    int64(900 + 3*i),
		MsgsPerCS:    3 + f/10,
		LinkChanges:  int64(i * 2),
		Msgs:         []int64{int64(100 + i), int64(200 + i), int64(-i)},
		Extra:        []float64{f * 0.25, -f},
	}
}

// writeFile writes trials [from, to) with the given layout and metadata to path.
func writeFile(t testing.TB, path string, layout Layout, meta map[string]string, from, to int) {
	t.Helper()
	w, err := Create(path, layout, meta)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for i := from; i < to; i++ {
		tr := testTrial(i)
		tr.Msgs = tr.Msgs[:len(layout.MsgTypes)]
		tr.Extra = tr.Extra[:len(layout.Extra)]
		if err := w.Write(&tr); err != nil {
			t.Fatal(err)
		}
	}
	if got := w.Rows(); got != int64(to-from) {
		t.Fatalf("Rows() = %d, want %d", got, to-from)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func openFile(t testing.TB, path string) *File {
	t.Helper()
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestCoreColumnNames(t *testing.T) {
	want := []string{"algorithm", "n", "links", "connectivity", "degree", "load", "mobility",
		"delay", "warmup", "measure", "seed", "trial", "point", "sim_time", "events",
		"cs_entries", "wait_mean", "wait_p50", "wait_p99", "wait_max", "msgs_total",
		"msgs_per_cs", "link_changes"}
	if got := CoreColumns(); !slices.Equal(got, want) {
		t.Fatalf("CoreColumns() = %v\nwant %v", got, want)
	}
	// A file with an empty layout has exactly the core columns, in that order.
	path := filepath.Join(t.TempDir(), "core.parquet")
	writeFile(t, path, Layout{}, nil, 0, 3)
	if got := openFile(t, path).ColumnNames(); !slices.Equal(got, want) {
		t.Fatalf("ColumnNames() = %v\nwant %v", got, want)
	}
}

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rt.parquet")
	const rows = 1000
	writeFile(t, path, testLayout, nil, 0, rows)

	f := openFile(t, path)
	if f.NumRows() != rows {
		t.Fatalf("NumRows() = %d, want %d", f.NumRows(), rows)
	}
	if !f.Layout().Equal(testLayout) {
		t.Fatalf("Layout() = %v, want %v", f.Layout(), testLayout)
	}
	wantCols := append(CoreColumns(), "msgs_request", "msgs_token", "msgs_link_info", "height_max", "queue_len_mean")
	if got := f.ColumnNames(); !slices.Equal(got, wantCols) {
		t.Fatalf("ColumnNames() = %v\nwant %v", got, wantCols)
	}
	trials, err := f.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != rows {
		t.Fatalf("ReadAll returned %d rows, want %d", len(trials), rows)
	}
	for i, got := range trials {
		if want := testTrial(i); !reflect.DeepEqual(got, want) {
			t.Fatalf("row %d:\n got %+v\nwant %+v", i, got, want)
		}
	}
}

func TestRoundTripManyRowGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("writes more than one row group")
	}
	path := filepath.Join(t.TempDir(), "big.parquet")
	rows := rowGroupRows + 1000
	writeFile(t, path, testLayout, nil, 0, rows)
	f := openFile(t, path)
	if n := len(f.pf.RowGroups()); n < 2 {
		t.Fatalf("file has %d row groups, want at least 2", n)
	}
	trials, err := f.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, rowGroupRows - 1, rowGroupRows, rows - 1} {
		if want := testTrial(i); !reflect.DeepEqual(trials[i], want) {
			t.Fatalf("row %d:\n got %+v\nwant %+v", i, trials[i], want)
		}
	}
}

func TestWriteWrongLength(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "x.parquet"), testLayout, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	tr := testTrial(0)
	tr.Msgs = tr.Msgs[:2]
	if err := w.Write(&tr); err == nil || !strings.Contains(err.Error(), "2 message counts") {
		t.Fatalf("Write with 2 of 3 message counts: err = %v", err)
	}
	tr = testTrial(0)
	tr.Extra = append(tr.Extra, 1)
	if err := w.Write(&tr); err == nil || !strings.Contains(err.Error(), "3 extras") {
		t.Fatalf("Write with 3 of 2 extras: err = %v", err)
	}
	if w.Rows() != 0 {
		t.Fatalf("Rows() = %d after rejected writes, want 0", w.Rows())
	}
}

func TestLayoutValidate(t *testing.T) {
	for _, tc := range []struct {
		layout Layout
		want   string // substring of the error, "" for valid
	}{
		{Layout{}, ""},
		{testLayout, ""},
		{Layout{MsgTypes: []string{"Token"}}, `message type "Token" is not a valid name`},
		{Layout{MsgTypes: []string{"9lives"}}, "not a valid name"},
		{Layout{MsgTypes: []string{""}}, "not a valid name"},
		{Layout{Extra: []string{"h-max"}}, `extra "h-max" is not a valid name`},
		{Layout{MsgTypes: []string{"a", "a"}}, `gives column "msgs_a", which is already message type "a"`},
		{Layout{MsgTypes: []string{"total"}}, `"msgs_total", which is already a core column`},
		{Layout{Extra: []string{"load"}}, `"load", which is already a core column`},
		{Layout{MsgTypes: []string{"x"}, Extra: []string{"msgs_x"}}, `extra "msgs_x" gives column "msgs_x"`},
	} {
		err := tc.layout.Validate()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%v.Validate() = %v, want error containing %q", tc.layout, err, tc.want)
		}
		if tc.want != "" {
			if _, err := Create(filepath.Join(t.TempDir(), "x.parquet"), tc.layout, nil); err == nil {
				t.Errorf("Create accepted invalid layout %v", tc.layout)
			}
		}
	}
}

func TestMetadataRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meta.parquet")
	meta := map[string]string{
		"mutexlab.program_version": "v0.1.0",
		"mutexlab.sweep_spec":      "[sweep]\nname = \"fig3\"\nload = [0.1, 0.2]\n",
		"mutexlab.root_seed":       "18446744073709551615",
		"empty":                    "",
	}
	writeFile(t, path, testLayout, meta, 0, 1)
	got := openFile(t, path).Metadata()
	for k, v := range meta {
		if got[k] != v {
			t.Errorf("metadata %q = %q, want %q", k, got[k], v)
		}
	}
	if got[KeySchemaVersion] != "1" {
		t.Errorf("metadata %q = %q, want %q", KeySchemaVersion, got[KeySchemaVersion], "1")
	}
	if len(got) != len(meta)+2 {
		t.Errorf("metadata has %d keys, want %d: %v", len(got), len(meta)+2, got)
	}
	if _, err := Create(path, testLayout, map[string]string{KeySchemaVersion: "2"}); err == nil ||
		!strings.Contains(err.Error(), "reserved") {
		t.Errorf("Create with reserved metadata key: err = %v", err)
	}
}

// writeRawParquet writes a one-column Parquet file with the given key-value metadata.
func writeRawParquet(t *testing.T, path string, meta map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opts := []parquet.WriterOption{parquet.NewSchema("x", parquet.Group{"a": parquet.Int(64)})}
	for k, v := range meta {
		opts = append(opts, parquet.KeyValueMetadata(k, v))
	}
	w := parquet.NewWriter(f, opts...)
	if _, err := w.WriteRows([]parquet.Row{{parquet.Int64Value(1).Level(0, 0, 0)}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	notParquet := filepath.Join(dir, "notes.parquet")
	if err := os.WriteFile(notParquet, []byte("algorithm,n\nrl,10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.parquet")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	noKey := filepath.Join(dir, "nokey.parquet")
	writeRawParquet(t, noKey, map[string]string{"other": "x"})
	future := filepath.Join(dir, "future.parquet")
	writeRawParquet(t, future, map[string]string{KeySchemaVersion: "7", KeyLayout: Layout{}.marshal()})
	badVersion := filepath.Join(dir, "badversion.parquet")
	writeRawParquet(t, badVersion, map[string]string{KeySchemaVersion: "one"})
	missingCols := filepath.Join(dir, "missingcols.parquet")
	writeRawParquet(t, missingCols, map[string]string{KeySchemaVersion: "1", KeyLayout: Layout{}.marshal()})
	truncated := filepath.Join(dir, "truncated.parquet")
	writeFile(t, truncated, testLayout, nil, 0, 10)
	data, err := os.ReadFile(truncated)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(truncated, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		path, want string
	}{
		{notParquet, "results: " + notParquet + ": not a Parquet file"},
		{empty, "results: " + empty + ": not a Parquet file"},
		{truncated, "results: " + truncated + ": not a Parquet file"},
		{noKey, "results: " + noKey + ": not a mutexlab results file (no mutexlab.schema_version)"},
		{future, "results: " + future + ": schema version 7 is newer than this program understands (1)"},
		{badVersion, "results: " + badVersion + `: invalid schema version "one" (want a positive integer)`},
		{missingCols, "results: " + missingCols + `: missing column "algorithm"`},
		{filepath.Join(dir, "absent.parquet"), "results: " + filepath.Join(dir, "absent.parquet") + ": no such file or directory"},
		{dir, "results: " + dir + ": is a directory"},
	} {
		f, err := Open(tc.path)
		if err == nil {
			f.Close()
			t.Errorf("Open(%s) succeeded, want error %q", tc.path, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("Open(%s):\n got %q\nwant %q", tc.path, err, tc.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("Open(%s): error is more than one line: %q", tc.path, err)
		}
	}
}

func TestOpenWrongColumnType(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wrongtype.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// Every core column present, but "seed" signed.
	cols := Layout{}.columns()
	cols[colSeed].kind = kindInt64
	w := parquet.NewWriter(f, newSchema(cols),
		parquet.KeyValueMetadata(KeySchemaVersion, "1"),
		parquet.KeyValueMetadata(KeyLayout, Layout{}.marshal()))
	tr := testTrial(0)
	tr.Msgs, tr.Extra = nil, nil
	if _, err := w.WriteRows([]parquet.Row{appendTrial(nil, &tr)}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Open(path)
	want := `column "seed" has type int64, want uint64`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Open: err = %v, want it to contain %q", err, want)
	}
}

// tempFiles lists the temporary files Create leaves in dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var tmp []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.HasSuffix(e.Name(), ".tmp") {
			tmp = append(tmp, e.Name())
		}
	}
	return tmp
}

// writeWithoutClose writes rows to a Writer for path, flushes them and returns without
// calling Close or Abort, as a process killed mid-sweep would.
func writeWithoutClose(t *testing.T, path string, rows int) {
	t.Helper()
	w, err := Create(path, testLayout, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		tr := testTrial(i)
		if err := w.Write(&tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

func TestCrashBeforeClose(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.parquet")
	writeWithoutClose(t, path, 1000)
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("after a crash before Close, Stat(%s) = %v, want not exist", path, err)
	}
	tmp := tempFiles(t, dir)
	if len(tmp) != 1 || !strings.HasPrefix(tmp[0], ".x.parquet.") {
		t.Fatalf("temporary files in %s: %v, want one named .x.parquet.*.tmp", dir, tmp)
	}
	// Flush put the rows in the temporary file: more than the 4-byte header is there.
	st, err := os.Stat(filepath.Join(dir, tmp[0]))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() < 1000 {
		t.Errorf("temporary file has %d bytes after Flush of 1000 rows, want the row group in it", st.Size())
	}
	// A crash before Close over an existing file leaves that file as it was.
	writeFile(t, path, testLayout, nil, 0, 5)
	writeWithoutClose(t, path, 1000)
	if n := openFile(t, path).NumRows(); n != 5 {
		t.Fatalf("after a crashed rewrite the file has %d rows, want the old 5", n)
	}
}

func TestAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.parquet")
	w, err := Create(path, testLayout, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		tr := testTrial(i)
		if err := w.Write(&tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Fatalf("after Abort, %s holds %v, want nothing", dir, entries)
	}
	if err := w.Close(); err == nil {
		t.Fatal("Close after Abort succeeded")
	}
	if err := w.Abort(); err != nil {
		t.Fatalf("second Abort: %v", err)
	}
}

func TestCloseReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.parquet")
	writeFile(t, path, testLayout, map[string]string{"run": "old"}, 0, 5)
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	w, err := Create(path, testLayout, map[string]string{"run": "new"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 100; i < 103; i++ {
		tr := testTrial(i)
		if err := w.Write(&tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	// Until Close, the old file is intact and still opens.
	oldStat, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if cur, err := os.ReadFile(path); err != nil || string(cur) != string(old) {
		t.Fatalf("before Close the old file changed (err %v)", err)
	}
	openFile(t, path)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// The new file is a different inode renamed into place, not the old one rewritten.
	newStat, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(oldStat, newStat) {
		t.Fatal("Close rewrote the existing file in place instead of renaming a new one over it")
	}
	if newStat.Mode().Perm() != 0o644 {
		t.Errorf("new file has mode %v, want 0644", newStat.Mode().Perm())
	}
	if tmp := tempFiles(t, dir); len(tmp) != 0 {
		t.Fatalf("temporary files left after Close: %v", tmp)
	}
	f := openFile(t, path)
	if f.Metadata()["run"] != "new" || f.NumRows() != 3 {
		t.Fatalf("after Close: run=%q rows=%d, want new file with 3 rows", f.Metadata()["run"], f.NumRows())
	}
	trials, err := f.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(trials[0], testTrial(100)) {
		t.Fatalf("row 0 = %+v, want %+v", trials[0], testTrial(100))
	}

	// An aborted rewrite leaves the new file as it was.
	w, err = Create(path, Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Abort()
	if f := openFile(t, path); f.NumRows() != 3 {
		t.Fatalf("after an aborted rewrite the file has %d rows, want 3", f.NumRows())
	}
}

func TestCreateUnwritableDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no", "such", "dir")
	path := filepath.Join(dir, "x.parquet")
	_, err := Create(path, testLayout, nil)
	want := "results: cannot write " + path + ": no such file or directory"
	if err == nil || err.Error() != want {
		t.Fatalf("Create in a missing directory:\n got %v\nwant %q", err, want)
	}
}

func TestCreateUnderAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(file, "x.parquet")
	_, err := Create(path, testLayout, nil)
	want := "results: cannot write " + path + ": not a directory"
	if err == nil || err.Error() != want {
		t.Fatalf("Create under a regular file:\n got %v\nwant %q", err, want)
	}
}

func TestCreatePermissionDenied(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory permissions")
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	path := filepath.Join(dir, "x.parquet")
	_, err := Create(path, testLayout, nil)
	want := "results: cannot write " + path + ": permission denied"
	if err == nil || err.Error() != want {
		t.Fatalf("Create in a read-only directory:\n got %v\nwant %q", err, want)
	}
}

func TestFloat64Column(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cols.parquet")
	const rows = 50
	writeFile(t, path, testLayout, nil, 0, rows)
	f := openFile(t, path)
	for _, tc := range []struct {
		name string
		want func(Trial) float64
	}{
		{"n", func(t Trial) float64 { return float64(t.N) }},                    // int64
		{"seed", func(t Trial) float64 { return float64(t.Seed) }},              // uint64, top bit set
		{"load", func(t Trial) float64 { return t.Load }},                       // float64
		{"msgs_link_info", func(t Trial) float64 { return float64(t.Msgs[2]) }}, // layout int64, negative
		{"queue_len_mean", func(t Trial) float64 { return t.Extra[1] }},         // layout float64
	} {
		got, err := f.Float64Column(tc.name)
		if err != nil {
			t.Fatalf("Float64Column(%q): %v", tc.name, err)
		}
		if len(got) != rows {
			t.Fatalf("Float64Column(%q) has %d values, want %d", tc.name, len(got), rows)
		}
		for i, v := range got {
			if want := tc.want(testTrial(i)); v != want {
				t.Fatalf("Float64Column(%q)[%d] = %v, want %v", tc.name, i, v, want)
			}
		}
	}
	if got, _ := f.Float64Column("seed"); got[0] != math.MaxUint64 {
		t.Fatalf("seed of row 0 = %v, want %v (read as unsigned)", got[0], float64(math.MaxUint64))
	}

	algs, err := f.StringColumn("algorithm")
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range algs {
		if a != testTrial(i).Algorithm {
			t.Fatalf("StringColumn(algorithm)[%d] = %q, want %q", i, a, testTrial(i).Algorithm)
		}
	}

	_, err = f.Float64Column("latency")
	if err == nil || !strings.Contains(err.Error(), `no column "latency"`) ||
		!strings.Contains(err.Error(), strings.Join(f.ColumnNames(), ", ")) ||
		!strings.Contains(err.Error(), path) {
		t.Fatalf("Float64Column(unknown): err = %v, want it to name the column, the file and list the columns", err)
	}
	if _, err := f.Float64Column("delay"); err == nil || !strings.Contains(err.Error(), "not numbers") {
		t.Fatalf("Float64Column(string column): err = %v", err)
	}
	if _, err := f.StringColumn("load"); err == nil || !strings.Contains(err.Error(), "not strings") {
		t.Fatalf("StringColumn(float column): err = %v", err)
	}
	if _, err := f.StringColumn("nope"); err == nil || !strings.Contains(err.Error(), "available: algorithm, n,") {
		t.Fatalf("StringColumn(unknown): err = %v", err)
	}
}

// TestFloat64ColumnForeignTypes reads int32, float32, unsigned and nullable columns, which
// this package does not write but DuckDB or pandas might if a file is rewritten.
func TestFloat64ColumnForeignTypes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "foreign.parquet")
	cols := Layout{}.columns()
	schema := newSchema(cols)
	// Build a schema with the core columns plus foreign ones.
	g := parquet.Group{}
	for _, c := range cols {
		g[c.name] = c.kind.node()
	}
	g["i32"] = parquet.Int(32)
	g["u32"] = parquet.Uint(32)
	g["f32"] = parquet.Leaf(parquet.FloatType)
	g["opt"] = parquet.Optional(parquet.Leaf(parquet.DoubleType))
	g["dict"] = parquet.Encoded(parquet.Leaf(parquet.DoubleType), &parquet.RLEDictionary)
	schema = parquet.NewSchema("foreign", g)
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewWriter(out, schema,
		parquet.KeyValueMetadata(KeySchemaVersion, "1"),
		parquet.KeyValueMetadata(KeyLayout, Layout{}.marshal()))
	const rows = 20
	for i := range rows {
		row := map[string]any{}
		tr := testTrial(i)
		tr.Msgs, tr.Extra = nil, nil
		for j, v := range appendTrial(nil, &tr) {
			row[cols[j].name] = v
		}
		row["i32"] = parquet.Int32Value(int32(-i))
		row["u32"] = parquet.Int32Value(int32(uint32(math.MaxUint32 - i)))
		row["f32"] = parquet.FloatValue(float32(i) + 0.5)
		row["opt"] = parquet.DoubleValue(float64(i))
		if i%2 == 1 {
			row["opt"] = parquet.NullValue()
		}
		row["dict"] = parquet.DoubleValue(float64(i % 3))
		var r parquet.Row
		for j, name := range schema.Columns() {
			v := row[name[0]].(parquet.Value)
			def := 0
			if name[0] == "opt" && !v.IsNull() {
				def = 1
			}
			r = append(r, v.Level(0, def, j))
		}
		if _, err := w.WriteRows([]parquet.Row{r}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out.Close()

	f := openFile(t, path)
	for _, tc := range []struct {
		name string
		want func(i int) float64
	}{
		{"i32", func(i int) float64 { return float64(-i) }},
		{"u32", func(i int) float64 { return float64(math.MaxUint32 - i) }},
		{"f32", func(i int) float64 { return float64(i) + 0.5 }},
		{"opt", func(i int) float64 {
			if i%2 == 1 {
				return math.NaN()
			}
			return float64(i)
		}},
		{"dict", func(i int) float64 { return float64(i % 3) }},
	} {
		got, err := f.Float64Column(tc.name)
		if err != nil {
			t.Fatalf("Float64Column(%q): %v", tc.name, err)
		}
		if len(got) != rows {
			t.Fatalf("Float64Column(%q) has %d values, want %d", tc.name, len(got), rows)
		}
		for i, v := range got {
			want := tc.want(i)
			if v != want && !(math.IsNaN(v) && math.IsNaN(want)) {
				t.Fatalf("Float64Column(%q)[%d] = %v, want %v", tc.name, i, v, want)
			}
		}
	}
	trials, err := f.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := testTrial(7); trials[7].Seed != want.Seed || trials[7].Delay != want.Delay || trials[7].Load != want.Load {
		t.Fatalf("ReadAll row 7 = %+v, want core fields of %+v", trials[7], want)
	}
}

func TestMerge(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.parquet")
	b := filepath.Join(dir, "b.parquet")
	out := filepath.Join(dir, "merged.parquet")
	writeFile(t, a, testLayout, map[string]string{"shard": "0/2", "sweep": "fig3"}, 0, 700)
	writeFile(t, b, testLayout, map[string]string{"shard": "1/2", "sweep": "fig3"}, 700, 1000)
	if err := Merge(out, []string{a, b}, map[string]string{"shard": "all", "merged_from": "2"}); err != nil {
		t.Fatal(err)
	}
	f := openFile(t, out)
	if !f.Layout().Equal(testLayout) {
		t.Fatalf("merged layout %v, want %v", f.Layout(), testLayout)
	}
	meta := f.Metadata()
	if meta["shard"] != "all" || meta["sweep"] != "fig3" || meta["merged_from"] != "2" || meta[KeySchemaVersion] != "1" {
		t.Fatalf("merged metadata = %v", meta)
	}
	trials, err := f.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != 1000 {
		t.Fatalf("merged file has %d rows, want 1000", len(trials))
	}
	for i, got := range trials {
		if want := testTrial(i); !reflect.DeepEqual(got, want) {
			t.Fatalf("merged row %d:\n got %+v\nwant %+v", i, got, want)
		}
	}
	if tmp := tempFiles(t, dir); len(tmp) != 0 {
		t.Fatalf("temporary files left after Merge: %v", tmp)
	}
	assertZstd(t, out)
}

func TestMergeIntoInput(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.parquet")
	b := filepath.Join(dir, "b.parquet")
	writeFile(t, a, testLayout, nil, 0, 10)
	writeFile(t, b, testLayout, nil, 10, 25)
	if err := Merge(a, []string{a, b}, nil); err != nil {
		t.Fatal(err)
	}
	trials, err := openFile(t, a).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != 25 || !reflect.DeepEqual(trials[24], testTrial(24)) {
		t.Fatalf("merged into input: %d rows, last %+v", len(trials), trials[len(trials)-1])
	}
}

func TestMergeDifferentLayouts(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.parquet")
	b := filepath.Join(dir, "b.parquet")
	c := filepath.Join(dir, "c.parquet")
	out := filepath.Join(dir, "merged.parquet")
	writeFile(t, a, testLayout, nil, 0, 5)
	writeFile(t, b, testLayout, nil, 5, 10)
	other := Layout{MsgTypes: testLayout.MsgTypes[:2], Extra: testLayout.Extra}
	writeFile(t, c, other, nil, 10, 15)
	err := Merge(out, []string{a, b, c}, nil)
	if err == nil || !strings.Contains(err.Error(), c+" has layout") || strings.Contains(err.Error(), b+" has") {
		t.Fatalf("Merge of different layouts: err = %v, want it to name %s", err, c)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("failed Merge left %s: %v", out, err)
	}
	if err := Merge(out, nil, nil); err == nil {
		t.Fatal("Merge of no inputs succeeded")
	}
	if err := Merge(out, []string{a, filepath.Join(dir, "absent.parquet")}, nil); err == nil ||
		!strings.Contains(err.Error(), "absent.parquet") {
		t.Fatalf("Merge with a missing input: err = %v", err)
	}
	if tmp := tempFiles(t, dir); len(tmp) != 0 {
		t.Fatalf("temporary files left after failed Merge: %v", tmp)
	}
}

func assertZstd(t *testing.T, path string) {
	t.Helper()
	f := openFile(t, path)
	md := f.pf.Metadata()
	if len(md.RowGroups) == 0 {
		t.Fatalf("%s has no row groups", path)
	}
	for _, rg := range md.RowGroups {
		for _, c := range rg.Columns {
			if c.MetaData.Codec != format.Zstd {
				t.Fatalf("%s: column %v uses codec %v, want ZSTD", path, c.MetaData.PathInSchema, c.MetaData.Codec)
			}
		}
	}
}

func TestCompressionIsZstd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.parquet")
	writeFile(t, path, testLayout, nil, 0, 100)
	assertZstd(t, path)
}

func TestSeedIsUnsignedInt64(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seed.parquet")
	writeFile(t, path, Layout{}, nil, 0, 1)
	f := openFile(t, path)
	for _, el := range f.pf.Metadata().Schema {
		if el.Name != "seed" {
			continue
		}
		typ, ok := el.Type.Get()
		it, isInt := el.LogicalType.Value.(*format.IntType)
		if !ok || typ != format.Int64 || !isInt || it.IsSigned || it.BitWidth != 64 {
			t.Fatalf("seed schema element = %+v, want INT64 with INT(64, unsigned)", el)
		}
		return
	}
	t.Fatal("no seed column in schema")
}

func ExampleCreate() {
	dir, _ := os.MkdirTemp("", "results-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "sweep.parquet")

	layout := Layout{MsgTypes: []string{"request", "token"}, Extra: []string{"height_max"}}
	w, err := Create(path, layout, map[string]string{"mutexlab.program_version": "dev"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer w.Abort() // no-op after Close
	for i := range 3 {
		t := Trial{Algorithm: "rl", N: 10, Load: 0.1 * float64(i+1), Seed: uint64(i),
			Msgs: []int64{int64(i), 1}, Extra: []float64{2}}
		if err := w.Write(&t); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}

	f, err := Open(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	load, _ := f.Float64Column("load")
	fmt.Println(f.NumRows(), f.Layout().MsgTypes, load)
	// Output: 3 [request token] [0.1 0.2 0.30000000000000004]
}

func TestConcurrentColumnReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.parquet")
	writeFile(t, path, testLayout, nil, 0, 2000)
	f := openFile(t, path)
	cols := []string{"load", "seed", "events", "msgs_token", "height_max"}
	errs := make(chan error, len(cols)*4)
	for range 4 {
		for _, c := range cols {
			go func() {
				vals, err := f.Float64Column(c)
				if err == nil && len(vals) != 2000 {
					err = fmt.Errorf("column %s: %d values, want 2000", c, len(vals))
				}
				errs <- err
			}()
		}
	}
	for range len(cols) * 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
