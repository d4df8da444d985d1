package results

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// File is an open results file. Its methods read whole columns at a time, page by page,
// without building generic rows. Reads may run concurrently (each reads the file with
// ReadAt); Close must not run concurrently with them.
type File struct {
	path   string
	osf    *os.File
	pf     *parquet.File
	meta   map[string]string
	layout Layout

	cols   []fileColumn   // every leaf column, in file order
	byName map[string]int // column name -> index in cols
	want   []int          // for each column of layout.columns(), its index in cols
}

// fileColumn describes one leaf column as found in the file.
type fileColumn struct {
	name     string // dotted path; a plain name in files written by this package
	index    int    // Parquet column index
	kind     parquet.Kind
	unsigned bool // integer column with an unsigned logical type
	repeated bool
}

func (c *fileColumn) numeric() bool {
	switch c.kind {
	case parquet.Int32, parquet.Int64, parquet.Float, parquet.Double:
		return !c.repeated
	}
	return false
}

// typeName describes the column's type for error messages.
func (c *fileColumn) typeName() string {
	s := strings.ToLower(c.kind.String())
	if c.unsigned {
		s += " (unsigned)"
	}
	if c.repeated {
		s = "repeated " + s
	}
	return s
}

// matches reports whether the column can hold values of kind k as this package writes them.
func (c *fileColumn) matches(k colKind) bool {
	if c.repeated {
		return false
	}
	switch k {
	case kindString:
		return c.kind == parquet.ByteArray
	case kindInt64:
		return c.kind == parquet.Int64 && !c.unsigned
	case kindUint64:
		return c.kind == parquet.Int64 && c.unsigned
	case kindFloat64:
		return c.kind == parquet.Double
	}
	return false
}

// Open opens a results file written by this package (or by a later version with the same
// SchemaVersion) and checks its schema. Errors are one line and name the file.
func Open(path string) (*File, error) {
	osf, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("results: %s: %v", path, pathErrorCause(err))
	}
	f, err := open(path, osf)
	if err != nil {
		osf.Close()
		return nil, err
	}
	return f, nil
}

func open(path string, osf *os.File) (*File, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("results: %s: %s", path, oneLine(fmt.Sprintf(format, args...)))
	}
	st, err := osf.Stat()
	if err != nil {
		return nil, fail("%v", pathErrorCause(err))
	}
	if st.IsDir() {
		return nil, fail("is a directory")
	}
	size := st.Size()
	if !hasParquetMagic(osf, size) {
		return nil, fail("not a Parquet file")
	}
	pf, err := parquet.OpenFile(osf, size,
		parquet.SkipPageIndex(true),
		parquet.SkipBloomFilters(true),
		parquet.ReadBufferSize(64<<10),
	)
	if err != nil {
		return nil, fail("corrupt Parquet file: %v", err)
	}
	f := &File{path: path, osf: osf, pf: pf, meta: make(map[string]string)}
	for _, kv := range pf.Metadata().KeyValueMetadata {
		f.meta[kv.Key] = kv.Value
	}

	v, ok := f.meta[KeySchemaVersion]
	if !ok {
		return nil, fail("not a mutexlab results file (no %s)", KeySchemaVersion)
	}
	version, err := strconv.Atoi(v)
	switch {
	case err != nil || version < 1:
		return nil, fail("invalid schema version %q (want a positive integer)", v)
	case version > SchemaVersion:
		return nil, fail("schema version %d is newer than this program understands (%d)", version, SchemaVersion)
	}
	ls, ok := f.meta[KeyLayout]
	if !ok {
		return nil, fail("no %s metadata", KeyLayout)
	}
	if f.layout, err = parseLayout(ls); err != nil {
		return nil, fail("invalid %s %q: %v", KeyLayout, ls, err)
	}

	f.byName = make(map[string]int)
	collectLeaves(pf.Root(), &f.cols)
	for i, c := range f.cols {
		f.byName[c.name] = i
	}
	for _, want := range f.layout.columns() {
		i, ok := f.byName[want.name]
		if !ok {
			return nil, fail("missing column %q", want.name)
		}
		if c := &f.cols[i]; !c.matches(want.kind) {
			return nil, fail("column %q has type %s, want %s", want.name, c.typeName(), want.kind)
		}
		f.want = append(f.want, i)
	}
	return f, nil
}

// hasParquetMagic reports whether r starts and ends with the Parquet magic "PAR1".
func hasParquetMagic(r io.ReaderAt, size int64) bool {
	const magic = "PAR1"
	if size < 12 { // header magic, footer length, footer magic
		return false
	}
	var head, tail [4]byte
	if _, err := r.ReadAt(head[:], 0); err != nil {
		return false
	}
	if _, err := r.ReadAt(tail[:], size-4); err != nil {
		return false
	}
	return string(head[:]) == magic && string(tail[:]) == magic
}

func collectLeaves(c *parquet.Column, out *[]fileColumn) {
	if !c.Leaf() {
		for _, child := range c.Columns() {
			collectLeaves(child, out)
		}
		return
	}
	fc := fileColumn{
		name:     strings.Join(c.Path(), "."),
		index:    c.Index(),
		kind:     c.Type().Kind(),
		repeated: c.MaxRepetitionLevel() > 0,
	}
	if lt := c.Type().LogicalType(); lt != nil {
		if it, ok := lt.Value.(*format.IntType); ok && !it.IsSigned {
			fc.unsigned = true
		}
	}
	*out = append(*out, fc)
}

// Close closes the underlying file.
func (f *File) Close() error {
	if f.osf == nil {
		return nil
	}
	err := f.osf.Close()
	f.osf = nil
	return err
}

// Path returns the path given to Open.
func (f *File) Path() string { return f.path }

// Metadata returns a copy of the file's key-value metadata, including KeySchemaVersion
// and KeyLayout.
func (f *File) Metadata() map[string]string { return maps.Clone(f.meta) }

// Layout returns the file's layout, as recorded under KeyLayout.
func (f *File) Layout() Layout { return f.layout.clone() }

// NumRows returns the number of rows in the file.
func (f *File) NumRows() int64 { return f.pf.NumRows() }

// ColumnNames returns the name of every column, in file order.
func (f *File) ColumnNames() []string {
	names := make([]string, len(f.cols))
	for i, c := range f.cols {
		names[i] = c.name
	}
	return names
}

// column looks a column up by name; the error names the file and lists the columns.
func (f *File) column(name string) (*fileColumn, error) {
	i, ok := f.byName[name]
	if !ok {
		return nil, fmt.Errorf("results: %s: no column %q (available: %s)", f.path, name, strings.Join(f.ColumnNames(), ", "))
	}
	return &f.cols[i], nil
}

// Float64Column returns every value of a numeric column (int32, int64, uint64, float or
// double) converted to float64, in row order. Null values, which files written by this
// package never hold, read as NaN.
func (f *File) Float64Column(name string) ([]float64, error) {
	c, err := f.column(name)
	if err != nil {
		return nil, err
	}
	if !c.numeric() {
		return nil, fmt.Errorf("results: %s: column %q holds %s values, not numbers (use StringColumn for strings)", f.path, name, c.typeName())
	}
	return f.readFloat64s(c)
}

// StringColumn returns every value of a string column, in row order. Null values, which
// files written by this package never hold, read as "".
func (f *File) StringColumn(name string) ([]string, error) {
	c, err := f.column(name)
	if err != nil {
		return nil, err
	}
	if c.kind != parquet.ByteArray || c.repeated {
		return nil, fmt.Errorf("results: %s: column %q holds %s values, not strings (use Float64Column for numbers)", f.path, name, c.typeName())
	}
	return f.readStrings(c)
}

// ReadAll returns every row of the file. It reads column by column; the Msgs and Extra
// slices of all trials share two backing arrays.
func (f *File) ReadAll() ([]Trial, error) {
	n := int(f.NumRows())
	trials := make([]Trial, n)
	col := func(i int) *fileColumn { return &f.cols[f.want[i]] }

	for _, i := range []int{colAlgorithm, colDelay} {
		vals, err := f.readStrings(col(i))
		if err = f.checkLen(col(i), len(vals), err); err != nil {
			return nil, err
		}
		for r := range trials {
			*stringField(&trials[r], i) = vals[r]
		}
	}
	ints := make([]int64, 0, n)
	floats := make([]float64, 0, n)
	var err error
	for i := range numCoreColumns {
		switch coreColumns[i].kind {
		case kindUint64: // the seed
			ints, err = f.readInt64s(col(i), ints[:0])
			if err = f.checkLen(col(i), len(ints), err); err != nil {
				return nil, err
			}
			for r := range trials {
				trials[r].Seed = uint64(ints[r])
			}
		case kindInt64:
			ints, err = f.readInt64s(col(i), ints[:0])
			if err = f.checkLen(col(i), len(ints), err); err != nil {
				return nil, err
			}
			for r := range trials {
				*int64Field(&trials[r], i) = ints[r]
			}
		case kindFloat64:
			floats, err = f.readFloat64sInto(col(i), floats[:0])
			if err = f.checkLen(col(i), len(floats), err); err != nil {
				return nil, err
			}
			for r := range trials {
				*float64Field(&trials[r], i) = floats[r]
			}
		}
	}

	nm, ne := len(f.layout.MsgTypes), len(f.layout.Extra)
	msgs := make([]int64, n*nm)
	extra := make([]float64, n*ne)
	for r := range trials {
		trials[r].Msgs = msgs[r*nm : (r+1)*nm : (r+1)*nm]
		trials[r].Extra = extra[r*ne : (r+1)*ne : (r+1)*ne]
	}
	for j := range nm {
		c := col(int(numCoreColumns) + j)
		ints, err = f.readInt64s(c, ints[:0])
		if err = f.checkLen(c, len(ints), err); err != nil {
			return nil, err
		}
		for r := range trials {
			msgs[r*nm+j] = ints[r]
		}
	}
	for j := range ne {
		c := col(int(numCoreColumns) + nm + j)
		floats, err = f.readFloat64sInto(c, floats[:0])
		if err = f.checkLen(c, len(floats), err); err != nil {
			return nil, err
		}
		for r := range trials {
			extra[r*ne+j] = floats[r]
		}
	}
	return trials, nil
}

// checkLen passes on err, or reports a column whose length differs from the row count.
func (f *File) checkLen(c *fileColumn, got int, err error) error {
	if err == nil && int64(got) != f.NumRows() {
		err = fmt.Errorf("results: %s: column %q has %d values for %d rows", f.path, c.name, got, f.NumRows())
	}
	return err
}

func stringField(t *Trial, col int) *string {
	switch col {
	case colAlgorithm:
		return &t.Algorithm
	case colDelay:
		return &t.Delay
	}
	panic("results: column " + coreColumns[col].name + " is not a string column")
}

func int64Field(t *Trial, col int) *int64 {
	switch col {
	case colN:
		return &t.N
	case colLinks:
		return &t.Links
	case colWarmup:
		return &t.Warmup
	case colMeasure:
		return &t.Measure
	case colTrial:
		return &t.Trial
	case colPoint:
		return &t.Point
	case colEvents:
		return &t.Events
	case colCSEntries:
		return &t.CSEntries
	case colMsgsTotal:
		return &t.MsgsTotal
	case colLinkChanges:
		return &t.LinkChanges
	}
	panic("results: column " + coreColumns[col].name + " is not an integer column")
}

func float64Field(t *Trial, col int) *float64 {
	switch col {
	case colConnectivity:
		return &t.Connectivity
	case colDegree:
		return &t.Degree
	case colLoad:
		return &t.Load
	case colMobility:
		return &t.Mobility
	case colSimTime:
		return &t.SimTime
	case colWaitMean:
		return &t.WaitMean
	case colWaitP50:
		return &t.WaitP50
	case colWaitP99:
		return &t.WaitP99
	case colWaitMax:
		return &t.WaitMax
	case colMsgsPerCS:
		return &t.MsgsPerCS
	}
	panic("results: column " + coreColumns[col].name + " is not a float column")
}

// eachPage calls fn with every page of column c, row group by row group. The page is only
// valid during the call.
func (f *File) eachPage(c *fileColumn, fn func(parquet.Page) error) error {
	wrap := func(err error) error {
		return fmt.Errorf("results: %s: column %q: %s", f.path, c.name, oneLine(err.Error()))
	}
	for _, rg := range f.pf.RowGroups() {
		pages := rg.ColumnChunks()[c.index].Pages()
		for {
			p, err := pages.ReadPage()
			if err == io.EOF {
				break
			}
			if err == nil {
				err = fn(p)
				parquet.Release(p)
			}
			if err != nil {
				pages.Close()
				return wrap(err)
			}
		}
		if err := pages.Close(); err != nil {
			return wrap(err)
		}
	}
	return nil
}

func (f *File) readFloat64s(c *fileColumn) ([]float64, error) {
	return f.readFloat64sInto(c, make([]float64, 0, f.NumRows()))
}

func (f *File) readFloat64sInto(c *fileColumn, dst []float64) ([]float64, error) {
	var dict dictCache[float64]
	err := f.eachPage(c, func(p parquet.Page) (err error) {
		dst, err = appendNumbers(dst, p, c, math.NaN(), &dict)
		return err
	})
	return dst, err
}

// readInt64s reads an integer column into dst; unsigned values keep their bits.
func (f *File) readInt64s(c *fileColumn, dst []int64) ([]int64, error) {
	if c.kind != parquet.Int32 && c.kind != parquet.Int64 {
		return nil, fmt.Errorf("results: %s: column %q holds %s values, not integers", f.path, c.name, c.typeName())
	}
	if dst == nil {
		dst = make([]int64, 0, f.NumRows())
	}
	var dict dictCache[int64]
	err := f.eachPage(c, func(p parquet.Page) (err error) {
		dst, err = appendNumbers(dst, p, c, 0, &dict)
		return err
	})
	return dst, err
}

func (f *File) readStrings(c *fileColumn) ([]string, error) {
	dst := make([]string, 0, f.NumRows())
	var dict dictCache[string]
	err := f.eachPage(c, func(p parquet.Page) (err error) {
		dst, err = appendStrings(dst, p, &dict)
		return err
	})
	return dst, err
}

// dictCache holds the decoded values of the dictionary last seen in a column chunk.
type dictCache[T any] struct {
	dict parquet.Dictionary
	vals []T
}

// appendIndexed appends the values a dictionary-encoded page refers to.
func appendIndexed[T any](dst []T, p parquet.Page, dc *dictCache[T], decode func([]T, parquet.Page) ([]T, error)) ([]T, error) {
	if d := p.Dictionary(); dc.dict != d {
		vals, err := decode(dc.vals[:0], d.Page())
		if err != nil {
			return dst, err
		}
		dc.dict, dc.vals = d, vals
	}
	data := p.Data()
	for _, i := range data.Int32() {
		if uint(i) >= uint(len(dc.vals)) {
			return dst, fmt.Errorf("dictionary index %d out of range [0, %d)", i, len(dc.vals))
		}
		dst = append(dst, dc.vals[i])
	}
	return dst, nil
}

type number interface {
	~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}

func convert[D, S number](dst []D, src []S) []D {
	for _, v := range src {
		dst = append(dst, D(v))
	}
	return dst
}

// appendNumbers appends the values of a page of numeric column c to dst, converted to T.
// Nulls become null.
func appendNumbers[T int64 | float64](dst []T, p parquet.Page, c *fileColumn, null T, dc *dictCache[T]) ([]T, error) {
	if p.NumNulls() > 0 {
		return appendValues(dst, p, func(v parquet.Value) T {
			if v.IsNull() {
				return null
			}
			return numberOf[T](v, c)
		})
	}
	if p.Dictionary() != nil && dc != nil {
		return appendIndexed(dst, p, dc, func(dst []T, dp parquet.Page) ([]T, error) {
			return appendNumbers(dst, dp, c, null, nil)
		})
	}
	data := p.Data()
	switch {
	case c.kind == parquet.Int32 && c.unsigned:
		return convert(dst, data.Uint32()), nil
	case c.kind == parquet.Int32:
		return convert(dst, data.Int32()), nil
	case c.kind == parquet.Int64 && c.unsigned:
		return convert(dst, data.Uint64()), nil
	case c.kind == parquet.Int64:
		return convert(dst, data.Int64()), nil
	case c.kind == parquet.Float:
		return convert(dst, data.Float()), nil
	case c.kind == parquet.Double:
		return convert(dst, data.Double()), nil
	}
	return dst, fmt.Errorf("holds %s values, not numbers", c.typeName())
}

func numberOf[T int64 | float64](v parquet.Value, c *fileColumn) T {
	switch c.kind {
	case parquet.Int32:
		if c.unsigned {
			return T(v.Uint32())
		}
		return T(v.Int32())
	case parquet.Int64:
		if c.unsigned {
			return T(v.Uint64())
		}
		return T(v.Int64())
	case parquet.Float:
		return T(v.Float())
	default:
		return T(v.Double())
	}
}

// appendStrings appends the values of a BYTE_ARRAY page to dst. Nulls become "".
func appendStrings(dst []string, p parquet.Page, dc *dictCache[string]) ([]string, error) {
	if p.NumNulls() > 0 {
		return appendValues(dst, p, func(v parquet.Value) string {
			if v.IsNull() {
				return ""
			}
			return string(v.ByteArray())
		})
	}
	if p.Dictionary() != nil && dc != nil {
		return appendIndexed(dst, p, dc, func(dst []string, dp parquet.Page) ([]string, error) {
			return appendStrings(dst, dp, nil)
		})
	}
	values := p.Data()
	data, offsets := values.ByteArray()
	if len(offsets) == 0 {
		return dst, nil
	}
	all := string(data) // one copy per page; the values share it
	for i := 0; i+1 < len(offsets); i++ {
		dst = append(dst, all[offsets[i]:offsets[i+1]])
	}
	return dst, nil
}

// appendValues is the slow path, for pages with nulls: it reads generic values.
func appendValues[T any](dst []T, p parquet.Page, conv func(parquet.Value) T) ([]T, error) {
	var buf [256]parquet.Value
	r := p.Values()
	for {
		n, err := r.ReadValues(buf[:])
		for _, v := range buf[:n] {
			dst = append(dst, conv(v))
		}
		if errors.Is(err, io.EOF) {
			return dst, nil
		}
		if err != nil {
			return dst, err
		}
		if n == 0 {
			return dst, io.ErrNoProgress
		}
	}
}
