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
	path    string
	osf     io.Closer // the open file (or its memory mapping)
	pf      *parquet.File
	meta    map[string]string
	version int

	cols   []fileColumn   // every leaf column, in file order
	byName map[string]int // column name -> index in cols
}

// fileColumn describes one leaf column as found in the file.
type fileColumn struct {
	Column
	index    int // Parquet column index
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

// Open opens a results file of schema version 1 to 3 and reads its columns. Errors are one
// line and name the file.
func Open(path string) (*File, error) {
	osf, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("results: %s: %v", path, pathErrorCause(err))
	}
	st, err := osf.Stat()
	if err == nil && st.IsDir() {
		err = errors.New("is a directory")
		if strings.HasSuffix(path, ".parts") {
			err = fmt.Errorf("is the finished trials of a sweep still running or stopped, not a results file: rerun the sweep's command to finish it (it resumes), and %s appears", strings.TrimSuffix(path, ".parts"))
		}
	}
	var f *File
	if err == nil {
		f, err = open(path, osf, st.Size())
	} else {
		err = fmt.Errorf("results: %s: %v", path, pathErrorCause(err))
	}
	if err != nil {
		osf.Close()
		return nil, err
	}
	f.osf = osf
	return f, nil
}

func open(path string, ra io.ReaderAt, size int64) (*File, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("results: %s: %s", path, oneLine(fmt.Sprintf(format, args...)))
	}
	if !hasParquetMagic(ra, size) {
		return nil, fail("not a Parquet file")
	}
	pf, err := parquet.OpenFile(ra, size,
		parquet.SkipPageIndex(true),
		parquet.SkipBloomFilters(true),
		parquet.ReadBufferSize(64<<10),
	)
	if err != nil {
		return nil, fail("corrupt Parquet file: %v", err)
	}
	f := &File{path: path, pf: pf, meta: make(map[string]string), byName: make(map[string]int)}
	for _, kv := range pf.Metadata().KeyValueMetadata {
		f.meta[kv.Key] = kv.Value
	}
	v, ok := f.meta[KeySchemaVersion]
	if !ok {
		return nil, fail("not a mutexlab results file (no %s)", KeySchemaVersion)
	}
	f.version, err = strconv.Atoi(v)
	switch {
	case err != nil || f.version < 1:
		return nil, fail("invalid schema version %q (want a positive integer)", v)
	case f.version > SchemaVersion:
		return nil, fail("schema version %d is newer than this program understands (%d)", f.version, SchemaVersion)
	case f.version == 1:
		if _, ok := f.meta[KeyLayout]; !ok {
			return nil, fail("no %s metadata", KeyLayout)
		}
	}
	collectLeaves(pf.Root(), &f.cols)
	for i := range f.cols {
		c := &f.cols[i]
		if c.Kind == 0 || c.repeated {
			return nil, fail("column %q has type %s, which mutexlab does not write", c.Name, c.typeName())
		}
		c.Unit, c.Description = f.meta[KeyUnitPrefix+c.Name], f.meta[KeyDocPrefix+c.Name]
		f.byName[c.Name] = i
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
		Column:   Column{Name: strings.Join(c.Path(), "."), Optional: c.Optional()},
		index:    c.Index(),
		kind:     c.Type().Kind(),
		repeated: c.MaxRepetitionLevel() > 0,
	}
	if lt := c.Type().LogicalType(); lt != nil {
		if it, ok := lt.Value.(*format.IntType); ok && !it.IsSigned {
			fc.unsigned = true
		}
	}
	switch fc.kind {
	case parquet.ByteArray:
		fc.Kind = String
	case parquet.Int64, parquet.Int32:
		fc.Kind = Int
		if fc.unsigned {
			fc.Kind = Uint
		}
	case parquet.Double, parquet.Float:
		fc.Kind = Float
	case parquet.Boolean:
		fc.Kind = Bool
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

// Version returns the file's schema version (1 to 3).
func (f *File) Version() int { return f.version }

// Metadata returns a copy of the file's key-value metadata, including the keys this
// package sets (KeySchemaVersion, units and descriptions).
func (f *File) Metadata() map[string]string { return maps.Clone(f.meta) }

// NumRows returns the number of rows in the file.
func (f *File) NumRows() int64 { return f.pf.NumRows() }

// Columns describes every column, in file order, with its unit and description (empty in
// version 1 files).
func (f *File) Columns() []Column {
	out := make([]Column, len(f.cols))
	for i, c := range f.cols {
		out[i] = c.Column
	}
	return out
}

// ColumnNames returns the name of every column, in file order.
func (f *File) ColumnNames() []string {
	names := make([]string, len(f.cols))
	for i, c := range f.cols {
		names[i] = c.Name
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
// double) converted to float64, in row order. A null reads as NaN: files of schema version 2 and
// later never hold NaN itself, so there NaN means "no value" (Valid tells them apart in version 1
// files, where NaN marked a wait with no CS entry).
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

// StringColumn returns every value of a string column, in row order; a null reads as ""
// (Valid tells the two apart).
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

// BoolColumn returns every value of a bool column, in row order; a null reads as false
// (Valid tells the two apart).
func (f *File) BoolColumn(name string) ([]bool, error) {
	c, err := f.column(name)
	if err != nil {
		return nil, err
	}
	if c.Kind != Bool {
		return nil, fmt.Errorf("results: %s: column %q holds %s values, not true/false", f.path, name, c.typeName())
	}
	dst := make([]bool, 0, f.NumRows())
	err = f.eachPage(c, func(p parquet.Page) (err error) {
		dst, err = appendValues(dst, p, func(v parquet.Value) bool { return !v.IsNull() && v.Boolean() })
		return err
	})
	return dst, f.checkLen(c, len(dst), err)
}

// Valid returns, for every row, whether the column holds a value there (false: null).
func (f *File) Valid(name string) ([]bool, error) {
	c, err := f.column(name)
	if err != nil {
		return nil, err
	}
	valid := make([]bool, 0, f.NumRows())
	err = f.eachPage(c, func(p parquet.Page) error {
		levels := p.DefinitionLevels()
		if !c.Optional || p.NumNulls() == 0 || len(levels) != int(p.NumValues()) {
			for range p.NumValues() {
				valid = append(valid, true)
			}
			return nil
		}
		for _, l := range levels {
			valid = append(valid, l > 0)
		}
		return nil
	})
	return valid, f.checkLen(c, len(valid), err)
}

// ReadRows returns every row of the file, one Value per column in file order. It reads
// column by column; use the column methods for large files.
func (f *File) ReadRows() ([][]Value, error) {
	n := int(f.NumRows())
	cells := make([]Value, n*len(f.cols))
	rows := make([][]Value, n)
	for r := range rows {
		rows[r] = cells[r*len(f.cols) : (r+1)*len(f.cols) : (r+1)*len(f.cols)]
	}
	for j := range f.cols {
		c := &f.cols[j]
		r := 0
		err := f.eachPage(c, func(p parquet.Page) error {
			_, err := appendValues[struct{}](nil, p, func(v parquet.Value) struct{} {
				if r < n {
					rows[r][j] = cellOf(v, c)
				}
				r++
				return struct{}{}
			})
			return err
		})
		if err = f.checkLen(c, r, err); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// cellOf converts a Parquet value of column c.
func cellOf(v parquet.Value, c *fileColumn) Value {
	if v.IsNull() {
		return Null
	}
	switch c.Kind {
	case String:
		return StringValue(string(v.ByteArray()))
	case Bool:
		return BoolValue(v.Boolean())
	case Float:
		return FloatValue(numberOf[float64](v, c))
	case Uint:
		return UintValue(uint64(numberOf[int64](v, c)))
	}
	return IntValue(numberOf[int64](v, c))
}

// checkLen passes on err, or reports a column whose length differs from the row count.
func (f *File) checkLen(c *fileColumn, got int, err error) error {
	if err == nil && int64(got) != f.NumRows() {
		err = fmt.Errorf("results: %s: column %q has %d values for %d rows", f.path, c.Name, got, f.NumRows())
	}
	return err
}

// eachPage calls fn with every page of column c, row group by row group. The page is only
// valid during the call.
func (f *File) eachPage(c *fileColumn, fn func(parquet.Page) error) error {
	wrap := func(err error) error {
		return fmt.Errorf("results: %s: column %q: %s", f.path, c.Name, oneLine(err.Error()))
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
		return nil, fmt.Errorf("results: %s: column %q holds %s values, not integers", f.path, c.Name, c.typeName())
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
		if levels := p.DefinitionLevels(); len(levels) == int(p.NumValues()) {
			return expandNulls(dst, p, levels, null, func(dst []T) ([]T, error) { return appendDense(dst, p, c, null, dc) })
		}
		return appendValues(dst, p, func(v parquet.Value) T {
			if v.IsNull() {
				return null
			}
			return numberOf[T](v, c)
		})
	}
	return appendDense(dst, p, c, null, dc)
}

// expandNulls appends a page of an optional column: dense appends its non-null values,
// which are then spread over the rows, null where the definition level is 0.
func expandNulls[T any](dst []T, p parquet.Page, levels []byte, null T, dense func([]T) ([]T, error)) ([]T, error) {
	start := len(dst)
	dst, err := dense(dst)
	if err != nil {
		return dst, err
	}
	j := len(dst) - 1
	dst = append(dst, make([]T, len(levels)-(len(dst)-start))...)
	for k := len(levels) - 1; k >= 0; k-- {
		if levels[k] == 0 {
			dst[start+k] = null
			continue
		}
		if j < start {
			return dst, fmt.Errorf("page has fewer values than its definition levels say")
		}
		dst[start+k] = dst[j]
		j--
	}
	if j != start-1 {
		return dst, fmt.Errorf("page has more values than its definition levels say")
	}
	return dst, nil
}

// appendDense appends the non-null values of a page of numeric column c, converted to T.
func appendDense[T int64 | float64](dst []T, p parquet.Page, c *fileColumn, null T, dc *dictCache[T]) ([]T, error) {
	if p.Dictionary() != nil && dc != nil {
		return appendIndexed(dst, p, dc, func(dst []T, dp parquet.Page) ([]T, error) {
			return appendDense(dst, dp, c, null, nil)
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
