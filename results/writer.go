package results

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
)

const (
	// rowGroupRows bounds the rows of one row group; the writer starts a new one after it.
	rowGroupRows = 1 << 18
	// batchRows is how many rows Write buffers before handing them to the Parquet writer.
	batchRows = 256
	// fileBufferBytes is the size of the buffer between the Parquet writer and the file.
	fileBufferBytes = 256 << 10
)

// Writer writes one results file. Rows go to a temporary file in the same directory as the
// destination, which Close renames over the destination; until then the destination is
// untouched. A Writer is not safe for concurrent use.
//
// The usual pattern makes every early return clean up the temporary file:
//
//	w, err := results.Create(path, columns, meta)
//	if err != nil {
//		return err
//	}
//	defer w.Abort() // no-op after a successful Close
//	for ... {
//		if err := w.Write(row); err != nil {
//			return err
//		}
//	}
//	return w.Close()
type Writer struct {
	path string // destination
	tmp  string // temporary file, renamed to path by Close
	file *os.File
	buf  *bufio.Writer
	pw   *parquet.Writer
	cols []Column

	batch []parquet.Row // rows not yet handed to pw; batch[:nbatch] are filled
	// nbatch counts the filled rows of batch.
	nbatch int
	rows   int64
	done   bool  // Close or Abort was called
	err    error // first write error; the file is unusable after it
}

// Create starts writing a results file for path with the given columns (schema version
// SchemaVersion). Rows go to a temporary file next to path (same directory, name starting
// with "." and ending ".tmp"); nothing appears at path until Close. Columns are compressed
// with zstd.
//
// meta is stored as Parquet key-value metadata, together with KeySchemaVersion and, for each
// column with a unit or description, KeyUnitPrefix+name and KeyDocPrefix+name, which Create
// sets and meta must not contain.
func Create(path string, cols []Column, meta map[string]string) (*Writer, error) {
	return create(path, cols, meta, SchemaVersion)
}

// reserved reports whether a metadata key is set by this package.
func reserved(k string) bool {
	return k == KeySchemaVersion || k == KeyLayout || strings.HasPrefix(k, KeyUnitPrefix) || strings.HasPrefix(k, KeyDocPrefix)
}

func create(path string, cols []Column, meta map[string]string, version int) (*Writer, error) {
	if err := ValidateColumns(cols); err != nil {
		return nil, err
	}
	for k := range meta {
		if reserved(k) && !(version == 1 && k == KeyLayout) {
			return nil, fmt.Errorf("results: metadata key %q is reserved (set by the results package)", k)
		}
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	file, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("results: cannot write %s: %v", path, pathErrorCause(err))
	}
	opts := []parquet.WriterOption{
		newSchema(cols),
		parquet.Compression(&parquet.Zstd),
		parquet.MaxRowsPerRowGroup(rowGroupRows),
		parquet.WriteBufferSize(0), // w.buf buffers, so that Flush reaches the file
		parquet.KeyValueMetadata(KeySchemaVersion, strconv.Itoa(version)),
	}
	for _, c := range cols {
		if c.Unit != "" {
			opts = append(opts, parquet.KeyValueMetadata(KeyUnitPrefix+c.Name, c.Unit))
		}
		if c.Description != "" {
			opts = append(opts, parquet.KeyValueMetadata(KeyDocPrefix+c.Name, c.Description))
		}
	}
	for _, k := range sortedKeys(meta) {
		opts = append(opts, parquet.KeyValueMetadata(k, meta[k]))
	}
	config, err := parquet.NewWriterConfig(opts...)
	if err != nil {
		file.Close()
		os.Remove(file.Name())
		return nil, fmt.Errorf("results: cannot write %s: %v", path, err)
	}
	w := &Writer{
		path:  path,
		tmp:   file.Name(),
		file:  file,
		buf:   bufio.NewWriterSize(file, fileBufferBytes),
		cols:  slices.Clone(cols),
		batch: make([]parquet.Row, batchRows),
	}
	w.pw = parquet.NewWriter(w.buf, config)
	return w, nil
}

// Path returns the destination path given to Create.
func (w *Writer) Path() string { return w.path }

// Columns returns the columns given to Create.
func (w *Writer) Columns() []Column { return slices.Clone(w.cols) }

// Rows returns the number of rows written so far, including rows still buffered.
func (w *Writer) Rows() int64 { return w.rows }

// Write appends a row: one Value per column, in column order. A null in a required column
// and a NaN in a float column are errors (NaN is never a result: a value that was not
// measured is null). Rows are buffered; Flush or Close writes them out.
func (w *Writer) Write(row []Value) error {
	if err := w.usable(); err != nil {
		return err
	}
	if len(row) != len(w.cols) {
		return fmt.Errorf("results: %s: row has %d values for %d columns", w.path, len(row), len(w.cols))
	}
	pr := w.batch[w.nbatch][:0]
	if cap(pr) < len(w.cols) {
		pr = make(parquet.Row, 0, len(w.cols))
	}
	for i, v := range row {
		c := &w.cols[i]
		if v.IsNull() && !c.Optional {
			return fmt.Errorf("results: %s: column %q is required, but the row holds null", w.path, c.Name)
		}
		if c.Kind == Float && !v.IsNull() && math.IsNaN(v.Float()) {
			return fmt.Errorf("results: %s: column %q: NaN (write null for a value that does not apply or was not measured)", w.path, c.Name)
		}
		pr = append(pr, v.parquetValue(c.Kind, i, c.Optional))
	}
	return w.addToBatch(pr)
}

// addToBatch puts pr, filled in the next slot's storage, into the batch, and hands the
// batch to the Parquet writer when it is full.
func (w *Writer) addToBatch(pr parquet.Row) error {
	w.batch[w.nbatch] = pr
	w.nbatch++
	w.rows++
	if w.nbatch == len(w.batch) {
		return w.writeBatch()
	}
	return nil
}

// Flush ends the current row group and writes it and all buffered rows to the temporary
// file (to the operating system, without fsync: the temporary file is not a readable
// results file until Close writes the footer, so syncing it earlier buys nothing). Use it
// to bound the memory held by a long-running writer.
func (w *Writer) Flush() error {
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.writeBatch(); err != nil {
		return err
	}
	if err := w.pw.Flush(); err != nil {
		return w.fail(err)
	}
	if err := w.buf.Flush(); err != nil {
		return w.fail(err)
	}
	return nil
}

// Close writes the remaining rows and the footer, fsyncs the temporary file, renames it to
// the destination (replacing any file there in one step) and fsyncs the directory. If any
// step fails the temporary file is removed and the destination is left as it was.
func (w *Writer) Close() error {
	if err := w.usable(); err != nil {
		if w.err != nil {
			w.Abort()
		}
		return err
	}
	err := w.writeBatch()
	if err == nil {
		err = w.finish()
	}
	if err != nil {
		w.Abort()
		return w.fail(err)
	}
	w.done = true
	if err := syncDir(filepath.Dir(w.path)); err != nil {
		return fmt.Errorf("results: %s: written, but cannot sync its directory: %v", w.path, pathErrorCause(err))
	}
	return nil
}

// finish writes the footer, makes the temporary file durable and renames it into place.
func (w *Writer) finish() error {
	if err := w.pw.Close(); err != nil {
		return err
	}
	if err := w.buf.Flush(); err != nil {
		return err
	}
	if err := w.file.Chmod(0o644); err != nil {
		return err
	}
	if err := w.file.Sync(); err != nil {
		return err
	}
	if err := w.file.Close(); err != nil {
		return err
	}
	w.file = nil
	return os.Rename(w.tmp, w.path)
}

// Abort stops writing and removes the temporary file; the destination is untouched.
// It does nothing after Close or a previous Abort, so it can be deferred.
func (w *Writer) Abort() error {
	if w.done {
		return nil
	}
	w.done = true
	if w.file != nil {
		w.file.Close()
		w.file = nil
	}
	if err := os.Remove(w.tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("results: cannot remove temporary file %s: %v", w.tmp, pathErrorCause(err))
	}
	return nil
}

// usable returns an error if w can no longer be written to.
func (w *Writer) usable() error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return fmt.Errorf("results: %s: writer already closed", w.path)
	}
	return nil
}

// fail records err as w's sticky error, formatted as a one-line error naming the file.
func (w *Writer) fail(err error) error {
	if w.err == nil {
		w.err = fmt.Errorf("results: cannot write %s: %s", w.path, oneLine(pathErrorCause(err).Error()))
	}
	return w.err
}

// writeBatch hands the buffered rows to the Parquet writer.
func (w *Writer) writeBatch() error {
	if w.nbatch == 0 {
		return nil
	}
	_, err := w.pw.WriteRows(w.batch[:w.nbatch])
	w.nbatch = 0
	if err != nil {
		return w.fail(err)
	}
	return nil
}

// syncDir fsyncs a directory so that a rename in it survives a crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// pathErrorCause strips the operation and path from an *fs.PathError, leaving e.g.
// "permission denied", so that messages name the path the caller knows.
func pathErrorCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func sortedKeys(m map[string]string) []string {
	return slices.Sorted(maps.Keys(m))
}
