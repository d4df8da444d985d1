package results

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// Trial is one Parquet row: one simulated trial's parameters and metrics. The column each
// field is stored in is given beside it.
type Trial struct {
	Algorithm    string  // "algorithm": registry name of the algorithm
	N            int64   // "n": number of nodes
	Links        int64   // "links": initial number of links
	Connectivity float64 // "connectivity"
	Degree       float64 // "degree": initial mean degree, 2*links/n
	Load         float64 // "load": request rate λ_req
	Mobility     float64 // "mobility": link-change rate λ_mob
	Delay        string  // "delay": delay model, e.g. "1" or "exp:1"
	Warmup       int64   // "warmup"
	Measure      int64   // "measure"
	Seed         uint64  // "seed": the trial's derived seed (INT64 with unsigned logical type)
	Trial        int64   // "trial": replicate index within its grid point
	Point        int64   // "point": grid point index within the sweep
	SimTime      float64 // "sim_time"
	Events       int64   // "events"
	CSEntries    int64   // "cs_entries"
	WaitMean     float64 // "wait_mean"
	WaitP50      float64 // "wait_p50"
	WaitP99      float64 // "wait_p99"
	WaitMax      float64 // "wait_max"
	MsgsTotal    int64   // "msgs_total"
	MsgsPerCS    float64 // "msgs_per_cs"
	LinkChanges  int64   // "link_changes"

	// Msgs is aligned with Layout.MsgTypes: Msgs[i] goes to column "msgs_"+MsgTypes[i].
	Msgs []int64
	// Extra is aligned with Layout.Extra: Extra[i] goes to column Extra[i].
	Extra []float64
}

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
//	w, err := results.Create(path, layout, meta)
//	if err != nil {
//		return err
//	}
//	defer w.Abort() // no-op after a successful Close
//	for ... {
//		if err := w.Write(&t); err != nil {
//			return err
//		}
//	}
//	return w.Close()
type Writer struct {
	path   string // destination
	tmp    string // temporary file, renamed to path by Close
	file   *os.File
	buf    *bufio.Writer
	pw     *parquet.Writer
	layout Layout
	ncols  int

	batch []parquet.Row // rows not yet handed to pw; batch[:nbatch] are filled
	// nbatch counts the filled rows of batch.
	nbatch int
	rows   int64
	done   bool  // Close or Abort was called
	err    error // first write error; the file is unusable after it
}

// Create starts writing a results file for path with the given layout. Rows go to a
// temporary file next to path (same directory, name starting with "." and ending ".tmp");
// nothing appears at path until Close. Columns are compressed with zstd.
//
// meta is stored as Parquet key-value metadata, together with KeySchemaVersion and
// KeyLayout, which Create sets and meta must not contain.
func Create(path string, layout Layout, meta map[string]string) (*Writer, error) {
	if err := layout.Validate(); err != nil {
		return nil, err
	}
	for k := range meta {
		if k == KeySchemaVersion || k == KeyLayout {
			return nil, fmt.Errorf("results: metadata key %q is reserved (set by the results package)", k)
		}
	}
	layout = layout.clone()
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	file, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("results: cannot write %s: %v", path, pathErrorCause(err))
	}
	cols := layout.columns()
	opts := []parquet.WriterOption{
		newSchema(cols),
		parquet.Compression(&parquet.Zstd),
		parquet.MaxRowsPerRowGroup(rowGroupRows),
		parquet.WriteBufferSize(0), // w.buf buffers, so that Flush reaches the file
		parquet.KeyValueMetadata(KeySchemaVersion, strconv.Itoa(SchemaVersion)),
		parquet.KeyValueMetadata(KeyLayout, layout.marshal()),
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
		path:   path,
		tmp:    file.Name(),
		file:   file,
		buf:    bufio.NewWriterSize(file, fileBufferBytes),
		layout: layout,
		ncols:  len(cols),
		batch:  make([]parquet.Row, batchRows),
	}
	w.pw = parquet.NewWriter(w.buf, config)
	return w, nil
}

// Path returns the destination path given to Create.
func (w *Writer) Path() string { return w.path }

// Layout returns the layout given to Create.
func (w *Writer) Layout() Layout { return w.layout.clone() }

// Rows returns the number of rows written so far, including rows still buffered.
func (w *Writer) Rows() int64 { return w.rows }

// Write appends t to the file. Rows are buffered; Flush or Close writes them out.
// len(t.Msgs) and len(t.Extra) must match the layout.
func (w *Writer) Write(t *Trial) error {
	if err := w.usable(); err != nil {
		return err
	}
	if len(t.Msgs) != len(w.layout.MsgTypes) || len(t.Extra) != len(w.layout.Extra) {
		return fmt.Errorf("results: %s: trial has %d message counts and %d extras, layout has %d message types %v and %d extras %v",
			w.path, len(t.Msgs), len(t.Extra), len(w.layout.MsgTypes), w.layout.MsgTypes, len(w.layout.Extra), w.layout.Extra)
	}
	row := w.batch[w.nbatch][:0]
	if cap(row) < w.ncols {
		row = make(parquet.Row, 0, w.ncols)
	}
	row = appendTrial(row, t)
	w.batch[w.nbatch] = row
	w.nbatch++
	w.rows++
	if w.nbatch == len(w.batch) {
		return w.writeBatch()
	}
	return nil
}

// appendTrial appends t's values to row in file column order.
func appendTrial(row parquet.Row, t *Trial) parquet.Row {
	str := func(s string) parquet.Value { return parquet.ByteArrayValue([]byte(s)) }
	i64 := parquet.Int64Value
	f64 := parquet.DoubleValue
	row = append(row,
		str(t.Algorithm),
		i64(t.N),
		i64(t.Links),
		f64(t.Connectivity),
		f64(t.Degree),
		f64(t.Load),
		f64(t.Mobility),
		str(t.Delay),
		i64(t.Warmup),
		i64(t.Measure),
		i64(int64(t.Seed)), // same bits; the column's logical type marks it unsigned
		i64(t.Trial),
		i64(t.Point),
		f64(t.SimTime),
		i64(t.Events),
		i64(t.CSEntries),
		f64(t.WaitMean),
		f64(t.WaitP50),
		f64(t.WaitP99),
		f64(t.WaitMax),
		i64(t.MsgsTotal),
		f64(t.MsgsPerCS),
		i64(t.LinkChanges),
	)
	for _, m := range t.Msgs {
		row = append(row, i64(m))
	}
	for _, e := range t.Extra {
		row = append(row, f64(e))
	}
	for i := range row {
		row[i] = row[i].Level(0, 0, i)
	}
	return row
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
