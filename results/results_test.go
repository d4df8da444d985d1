package results

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// testCols has a column of every kind, required and optional.
var testCols = []Column{
	{Name: "algorithm", Kind: String, Description: "algorithm name"},
	{Name: "seed", Kind: Uint, Description: "the trial's seed"},
	{Name: "n", Kind: Int, Unit: "nodes", Description: "number of nodes"},
	{Name: "load", Kind: Float, Unit: "requests per node per time unit", Description: "request rate"},
	{Name: "events", Kind: Int, Unit: "events", Description: "events processed"},
	{Name: "h", Kind: Int, Unit: "resources", Description: "resources per request (hk only)", Optional: true},
	{Name: "wait_mean", Kind: Float, Unit: "time units", Description: "mean wait", Optional: true},
	{Name: "movement_file", Kind: String, Description: "ns2 only", Optional: true},
	{Name: "frozen", Kind: Bool, Description: "mobile but no link change", Optional: true},
	{Name: "msgs_token", Kind: Int, Unit: "messages", Description: "token messages", Optional: true},
}

// testRow returns a row whose every value depends on i, with nulls in a pattern that
// differs per optional column, so that a value read from the wrong place shows up.
func testRow(i int) []Value {
	f := float64(i)
	opt := func(k int, v Value) Value {
		if (i+k)%(k+2) == 0 {
			return Null
		}
		return v
	}
	return []Value{
		StringValue([]string{"rl", "rr", "hk"}[i%3]),
		UintValue(math.MaxUint64 - uint64(i)*0x9e3779b97f4a7c15), // row 0 has every bit set
		IntValue(int64(10 + i)),
		FloatValue(0.1 * f),
		IntValue(int64(1_000_000 + i)),
		opt(0, IntValue(int64(i%5))),
		opt(1, FloatValue(1.5+f)),
		opt(2, StringValue(fmt.Sprintf("moves-%d.txt", i))),
		opt(3, BoolValue(i%2 == 0)),
		opt(4, IntValue(int64(-i))),
	}
}

// writeFile writes rows [from, to) of testRow with the given columns and metadata to path.
func writeFile(t testing.TB, path string, cols []Column, meta map[string]string, from, to int) {
	t.Helper()
	w, err := Create(path, cols, meta)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for i := from; i < to; i++ {
		if err := w.Write(testRow(i)[:len(cols)]); err != nil {
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

func sameRow(t *testing.T, i int, got, want []Value) {
	t.Helper()
	for j := range want {
		if !got[j].Equal(want[j], testCols[j].Kind) {
			t.Fatalf("row %d column %s: got %s, want %s", i, testCols[j].Name, got[j].Format(testCols[j].Kind), want[j].Format(testCols[j].Kind))
		}
	}
}

func TestRoundTripWithNulls(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rt.parquet")
	const rows = 1000
	writeFile(t, path, testCols, nil, 0, rows)
	f := openFile(t, path)
	if f.NumRows() != rows || f.Version() != SchemaVersion {
		t.Fatalf("NumRows %d version %d", f.NumRows(), f.Version())
	}
	if got := f.Columns(); !slices.Equal(got, testCols) {
		t.Fatalf("Columns() = %+v\nwant %+v", got, testCols)
	}
	all, err := f.ReadRows()
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		sameRow(t, i, all[i], testRow(i))
	}
	// The column readers agree: NaN and "" for null, and Valid tells which rows are null.
	for j, c := range testCols {
		valid, err := f.Valid(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		var nums []float64
		var strs []string
		var bools []bool
		switch c.Kind {
		case String:
			strs, err = f.StringColumn(c.Name)
		case Bool:
			bools, err = f.BoolColumn(c.Name)
		default:
			nums, err = f.Float64Column(c.Name)
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			want := testRow(i)[j]
			if valid[i] == want.IsNull() {
				t.Fatalf("%s row %d: Valid %t for %s", c.Name, i, valid[i], want.Format(c.Kind))
			}
			switch {
			case bools != nil && bools[i] != want.Bool():
				t.Fatalf("%s row %d: %t, want %s", c.Name, i, bools[i], want.Format(c.Kind))
			case strs != nil && strs[i] != want.Str():
				t.Fatalf("%s row %d: %q, want %q", c.Name, i, strs[i], want.Str())
			case nums != nil && want.IsNull() && !math.IsNaN(nums[i]):
				t.Fatalf("%s row %d: %g, want NaN for null", c.Name, i, nums[i])
			case nums != nil && !want.IsNull() && c.Kind == Float && nums[i] != want.Float(),
				nums != nil && !want.IsNull() && c.Kind == Int && nums[i] != float64(want.Int()):
				t.Fatalf("%s row %d: %g, want %s", c.Name, i, nums[i], want.Format(c.Kind))
			}
		}
	}
}

func TestRoundTripManyRowGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("writes more than one row group")
	}
	path := filepath.Join(t.TempDir(), "big.parquet")
	rows := rowGroupRows + 1000
	writeFile(t, path, testCols, nil, 0, rows)
	f := openFile(t, path)
	if n := len(f.pf.RowGroups()); n < 2 {
		t.Fatalf("file has %d row groups, want at least 2", n)
	}
	all, err := f.ReadRows()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, rowGroupRows - 1, rowGroupRows, rows - 1} {
		sameRow(t, i, all[i], testRow(i))
	}
}

func TestWriteRejectsBadRows(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "x.parquet"), testCols, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	short := testRow(1)[:3]
	if err := w.Write(short); err == nil || !strings.Contains(err.Error(), "3 values for 10 columns") {
		t.Fatalf("short row: %v", err)
	}
	row := testRow(1)
	row[2] = Null
	if err := w.Write(row); err == nil || !strings.Contains(err.Error(), `column "n" is required`) {
		t.Fatalf("null in a required column: %v", err)
	}
	row = testRow(1)
	row[6] = FloatValue(math.NaN())
	if err := w.Write(row); err == nil || !strings.Contains(err.Error(), `"wait_mean": NaN`) {
		t.Fatalf("NaN: %v", err)
	}
	if w.Rows() != 0 {
		t.Fatalf("Rows() = %d after rejected writes, want 0", w.Rows())
	}
}

func TestValidateColumns(t *testing.T) {
	for _, tc := range []struct {
		cols []Column
		want string
	}{
		{testCols, ""},
		{nil, "no columns"},
		{[]Column{{Name: "Token", Kind: Int}}, `"Token": not a valid name`},
		{[]Column{{Name: "9lives", Kind: Int}}, "not a valid name"},
		{[]Column{{Name: "a", Kind: Int}, {Name: "a", Kind: Float}}, `"a" appears twice`},
		{[]Column{{Name: "a"}}, "unknown kind"},
	} {
		err := ValidateColumns(tc.cols)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("ValidateColumns(%v) = %v, want %q", tc.cols, err, tc.want)
		}
		if tc.want != "" {
			if _, err := Create(filepath.Join(t.TempDir(), "x.parquet"), tc.cols, nil); err == nil {
				t.Errorf("Create accepted %v", tc.cols)
			}
		}
	}
}

// Units and descriptions are key-value metadata, one key per column, beside the caller's.
func TestMetadataRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meta.parquet")
	meta := map[string]string{
		"mutexlab.program_version": "v0.1.0",
		"mutexlab.sweep_spec":      "[sweep]\nname = \"fig3\"\nload = [0.1, 0.2]\n",
		"empty":                    "",
	}
	writeFile(t, path, testCols, meta, 0, 1)
	got := openFile(t, path).Metadata()
	for k, v := range meta {
		if got[k] != v {
			t.Errorf("metadata %q = %q, want %q", k, got[k], v)
		}
	}
	if got[KeySchemaVersion] != strconv.Itoa(SchemaVersion) || got[KeyUnitPrefix+"wait_mean"] != "time units" || got[KeyDocPrefix+"seed"] != "the trial's seed" {
		t.Errorf("metadata %v", got)
	}
	if _, ok := got[KeyUnitPrefix+"algorithm"]; ok {
		t.Errorf("a column without a unit has a unit key")
	}
	for _, k := range []string{KeySchemaVersion, KeyUnitPrefix + "n", KeyDocPrefix + "x", KeyLayout} {
		if _, err := Create(path, testCols, map[string]string{k: "2"}); err == nil || !strings.Contains(err.Error(), "reserved") {
			t.Errorf("Create with reserved metadata key %s: err = %v", k, err)
		}
	}
}

// A version 1 file, written by mutexlab before schema 2 (rl, rr, hk and gme on 8 nodes),
// still opens and reads: every column required, units unknown.
func TestReadsVersion1(t *testing.T) {
	f := openFile(t, filepath.Join("testdata", "v1.parquet"))
	if f.Version() != 1 || f.NumRows() != 16 {
		t.Fatalf("version %d, %d rows", f.Version(), f.NumRows())
	}
	algo, err := f.StringColumn("algorithm")
	if err != nil {
		t.Fatal(err)
	}
	wait, err := f.Float64Column("wait_mean")
	if err != nil {
		t.Fatal(err)
	}
	seed, err := f.Float64Column("seed")
	if err != nil {
		t.Fatal(err)
	}
	k, err := f.Float64Column("k")
	if err != nil {
		t.Fatal(err)
	}
	for r := range algo {
		if !slices.Contains([]string{"rl", "rr", "hk", "gme"}, algo[r]) || !(wait[r] > 0) || seed[r] == 0 || k[r] != 0 {
			t.Fatalf("row %d: %s wait %g seed %g k %g", r, algo[r], wait[r], seed[r], k[r])
		}
	}
	rows, err := f.ReadRows()
	if err != nil || len(rows) != 16 {
		t.Fatalf("ReadRows: %d rows, %v", len(rows), err)
	}
	for _, c := range f.Columns() {
		if c.Optional || c.Unit != "" {
			t.Fatalf("version 1 column %+v", c)
		}
	}
	// Merging version 1 files gives a version 1 file.
	out := filepath.Join(t.TempDir(), "m.parquet")
	if err := Merge(out, []string{f.Path(), f.Path()}, nil); err != nil {
		t.Fatal(err)
	}
	if m := openFile(t, out); m.Version() != 1 || m.NumRows() != 32 {
		t.Fatalf("merged: version %d, %d rows", m.Version(), m.NumRows())
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
	writeRawParquet(t, future, map[string]string{KeySchemaVersion: "7"})
	badVersion := filepath.Join(dir, "badversion.parquet")
	writeRawParquet(t, badVersion, map[string]string{KeySchemaVersion: "one"})
	v1NoLayout := filepath.Join(dir, "v1nolayout.parquet")
	writeRawParquet(t, v1NoLayout, map[string]string{KeySchemaVersion: "1"})
	truncated := filepath.Join(dir, "truncated.parquet")
	writeFile(t, truncated, testCols, nil, 0, 10)
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
		{future, "results: " + future + ": schema version 7 is newer than this program understands (3)"},
		{badVersion, "results: " + badVersion + `: invalid schema version "one" (want a positive integer)`},
		{v1NoLayout, "results: " + v1NoLayout + ": no mutexlab.layout metadata"},
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
	}
}

func TestColumnReadErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.parquet")
	writeFile(t, path, testCols, nil, 0, 5)
	f := openFile(t, path)
	if _, err := f.Float64Column("algorithm"); err == nil || !strings.Contains(err.Error(), "not numbers") {
		t.Errorf("Float64Column of a string column: %v", err)
	}
	if _, err := f.StringColumn("load"); err == nil || !strings.Contains(err.Error(), "not strings") {
		t.Errorf("StringColumn of a number column: %v", err)
	}
	if _, err := f.Float64Column("nope"); err == nil || !strings.Contains(err.Error(), `no column "nope" (available: algorithm, seed`) {
		t.Errorf("unknown column: %v", err)
	}
}

// Files written by other tools with int32 and float columns read as numbers too.
func TestFloat64ColumnForeignTypes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "foreign.parquet")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	schema := parquet.NewSchema("x", parquet.Group{"a": parquet.Int(32), "b": parquet.Leaf(parquet.FloatType), "c": parquet.Optional(parquet.Uint(32))})
	w := parquet.NewWriter(out, schema, parquet.KeyValueMetadata(KeySchemaVersion, "2"))
	for i := range 10 {
		c := parquet.Int32Value(int32(i)).Level(0, 1, 2)
		if i%3 == 0 {
			c = parquet.NullValue().Level(0, 0, 2)
		}
		if _, err := w.WriteRows([]parquet.Row{{parquet.Int32Value(int32(-i)).Level(0, 0, 0), parquet.FloatValue(float32(i)/2).Level(0, 0, 1), c}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out.Close()
	f := openFile(t, path)
	a, _ := f.Float64Column("a")
	b, _ := f.Float64Column("b")
	c, err := f.Float64Column("c")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		wantC := float64(i)
		if i%3 == 0 {
			wantC = math.NaN()
		}
		if a[i] != float64(-i) || b[i] != float64(i)/2 || !(c[i] == wantC || math.IsNaN(c[i]) && math.IsNaN(wantC)) {
			t.Fatalf("row %d: %g %g %g", i, a[i], b[i], c[i])
		}
	}
}

func TestMerge(t *testing.T) {
	dir := t.TempDir()
	a, b, out := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet"), filepath.Join(dir, "all.parquet")
	writeFile(t, a, testCols, map[string]string{"shard": "0/2", "sweep": "fig3"}, 0, 700)
	writeFile(t, b, testCols, map[string]string{"shard": "1/2", "sweep": "fig3"}, 700, 1000)
	if err := Merge(out, []string{a, b}, map[string]string{"shard": "0/1"}); err != nil {
		t.Fatal(err)
	}
	f := openFile(t, out)
	if m := f.Metadata(); m["shard"] != "0/1" || m["sweep"] != "fig3" || m[KeyUnitPrefix+"load"] == "" {
		t.Fatalf("merged metadata %v", m)
	}
	rows, err := f.ReadRows()
	if err != nil || len(rows) != 1000 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for i := range rows {
		sameRow(t, i, rows[i], testRow(i))
	}
	// Into one of its inputs.
	if err := Merge(a, []string{a, b}, nil); err != nil {
		t.Fatal(err)
	}
	if n := openFile(t, a).NumRows(); n != 1000 {
		t.Fatalf("merged into an input: %d rows", n)
	}
}

func TestMergeDifferentColumns(t *testing.T) {
	dir := t.TempDir()
	a, b, c, out := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet"), filepath.Join(dir, "c.parquet"), filepath.Join(dir, "out.parquet")
	writeFile(t, a, testCols, nil, 0, 5)
	writeFile(t, b, testCols, nil, 5, 10)
	other := slices.Clone(testCols)
	other[5].Optional = false
	w, err := Create(c, other, nil)
	if err != nil {
		t.Fatal(err)
	}
	row := testRow(1) // no nulls in h
	if err := w.Write(row); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	err = Merge(out, []string{a, b, c}, nil)
	if err == nil || !strings.Contains(err.Error(), c+" differs from "+a+`: column "h"`) {
		t.Fatalf("Merge of different columns: %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a refused merge wrote %s", out)
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

func TestSeedIsUnsignedInt64(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seed.parquet")
	writeFile(t, path, testCols, nil, 0, 1)
	f := openFile(t, path)
	c, _ := f.column("seed")
	if c.kind != parquet.Int64 || !c.unsigned {
		t.Fatalf("seed column: %s", c.typeName())
	}
	rows, _ := f.ReadRows()
	if rows[0][1].Uint() != math.MaxUint64 {
		t.Fatalf("seed %d", rows[0][1].Uint())
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
	w, err := Create(path, testCols, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if err := w.Write(testRow(i)); err != nil {
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
	writeFile(t, path, testCols, nil, 0, 5)
	writeWithoutClose(t, path, 1000)
	if n := openFile(t, path).NumRows(); n != 5 {
		t.Fatalf("after a crashed rewrite the file has %d rows, want the old 5", n)
	}
}

func TestAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.parquet")
	w, err := Create(path, testCols, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if err := w.Write(testRow(i)); err != nil {
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
	writeFile(t, path, testCols, map[string]string{"run": "old"}, 0, 5)
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	w, err := Create(path, testCols, map[string]string{"run": "new"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 100; i < 103; i++ {
		if err := w.Write(testRow(i)); err != nil {
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
	rows, err := f.ReadRows()
	if err != nil {
		t.Fatal(err)
	}
	sameRow(t, 0, rows[0], testRow(100))

	// An aborted rewrite leaves the new file as it was.
	w, err = Create(path, testCols[:1], nil)
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
	_, err := Create(path, testCols, nil)
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
	_, err := Create(path, testCols, nil)
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
	_, err := Create(path, testCols, nil)
	want := "results: cannot write " + path + ": permission denied"
	if err == nil || err.Error() != want {
		t.Fatalf("Create in a read-only directory:\n got %v\nwant %q", err, want)
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

func TestCompressionIsZstd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "z.parquet")
	writeFile(t, path, testCols, nil, 0, 100)
	assertZstd(t, path)
}

func TestConcurrentColumnReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.parquet")
	writeFile(t, path, testCols, nil, 0, 2000)
	f := openFile(t, path)
	cols := []string{"load", "seed", "events", "msgs_token", "h"}
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

// The memory-mapped reader (openMapped) reads what Open reads.
func TestMappedReadsTheSame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.parquet")
	writeFile(t, path, testCols, nil, 0, 300)
	m, err := openMapped(path)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for _, c := range []string{"load", "seed", "wait_mean", "h"} {
		a, err1 := openFile(t, path).Float64Column(c)
		b, err2 := m.Float64Column(c)
		if err1 != nil || err2 != nil || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("%s: %v %v", c, err1, err2)
		}
	}
}
