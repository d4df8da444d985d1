package results

import (
	"cmp"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/parquet-go/parquet-go"
)

// SortKey places a row in a merged file: Pos maps the values of Columns (in that order) to
// the row's position. Positions are unique across the inputs of a merge.
type SortKey struct {
	Columns []string
	Pos     func(vals []Value) (int64, error)
}

// MergeSorted writes the rows of inputs to out in ascending order of key, atomically as
// Create and Close do, with metadata as Merge gives it. Each input must already be sorted
// by key (the part files of a sweep, the shards of a sweep are); the inputs may interleave.
//
// The output depends only on its rows, their order and its metadata: every row is
// re-encoded by one writer, so the row groups are the same (rowGroupRows rows each, the
// last one shorter) however the rows were split among the inputs. That is what makes a
// sweep's file identical byte for byte whether it ran in one go, was resumed, or was merged
// from shards.
//
// Memory is bounded by the inputs open at once: an input is opened when the merge reaches
// its first row and closed after its last, so files that follow one another (the parts of
// a sweep) are read one or two at a time.
func MergeSorted(out string, inputs []string, extraMeta map[string]string, key SortKey) error {
	first, err := openFirst(out, inputs)
	if err != nil {
		return err
	}
	defer first.Close()
	spans, err := scanInputs(out, first, inputs, key)
	if err != nil {
		return err
	}
	w, err := createMerged(out, first, extraMeta)
	if err != nil {
		return err
	}
	defer w.Abort()
	m := sortedMerge{key: key, spans: spans}
	defer m.close()
	if err := m.run(w); err != nil {
		return err
	}
	return w.Close()
}

// inputSpan is one input of a sorted merge: its first position.
type inputSpan struct {
	path  string
	first int64
}

// scanInputs checks every input against the first (schema version, columns) and that its
// rows are sorted by key, and returns the inputs with rows in order of their first row.
func scanInputs(out string, first *File, inputs []string, key SortKey) ([]inputSpan, error) {
	var spans []inputSpan
	for _, path := range inputs {
		f := first
		if path != first.path {
			var err error
			if f, err = Open(path); err != nil {
				return nil, err
			}
		}
		span, err := scanInput(out, first, f, key)
		if f != first {
			f.Close()
		}
		if err != nil {
			return nil, err
		}
		if span.first >= 0 {
			spans = append(spans, span)
		}
	}
	slices.SortStableFunc(spans, func(a, b inputSpan) int { return cmp.Compare(a.first, b.first) })
	return spans, nil
}

// scanInput checks one input; first is -1 for a file without rows.
func scanInput(out string, first, f *File, key SortKey) (inputSpan, error) {
	if err := sameLayout(out, first, f); err != nil {
		return inputSpan{}, err
	}
	c, err := newCursor(f, key)
	if err != nil {
		return inputSpan{}, err
	}
	span := inputSpan{path: f.path, first: -1}
	for prev := int64(-1); ; {
		ok, err := c.next()
		if err != nil {
			return span, err
		}
		if !ok {
			return span, nil
		}
		if c.pos <= prev {
			return span, fmt.Errorf("results: merge into %s: %s: rows out of order (position %d after %d)", out, f.path, c.pos, prev)
		}
		if prev < 0 {
			span.first = c.pos
		}
		prev = c.pos
	}
}

// createMerged starts the output of a merge: the columns and schema version of first, and
// its metadata, less the keys this package sets, plus extra.
func createMerged(out string, first *File, extra map[string]string) (*Writer, error) {
	meta := first.Metadata()
	for k := range meta {
		if reserved(k) && !(first.version == 1 && k == KeyLayout) {
			delete(meta, k)
		}
	}
	for k, v := range extra {
		meta[k] = v
	}
	return create(out, first.Columns(), meta, first.version)
}

// cursor reads one file's rows in order, with each row's position.
type cursor struct {
	f       *File
	key     SortKey
	keyCols []int // index in f.cols of each key column
	groups  []parquet.RowGroup
	rows    parquet.Rows
	buf     []parquet.Row
	n, at   int // rows in buf, the next one
	row     parquet.Row
	pos     int64
	vals    []Value
}

// cursorRows is how many rows a cursor reads at a time.
const cursorRows = 64

func newCursor(f *File, key SortKey) (*cursor, error) {
	c := &cursor{f: f, key: key, groups: f.pf.RowGroups(), buf: make([]parquet.Row, cursorRows), vals: make([]Value, len(key.Columns))}
	for _, name := range key.Columns {
		i, ok := f.byName[name]
		if !ok {
			return nil, fmt.Errorf("results: %s: no column %q", f.path, name)
		}
		c.keyCols = append(c.keyCols, i)
	}
	return c, nil
}

// next moves to the next row; false at the end.
func (c *cursor) next() (bool, error) {
	for c.at >= c.n {
		if c.rows == nil {
			if len(c.groups) == 0 {
				return false, nil
			}
			c.rows, c.groups = c.groups[0].Rows(), c.groups[1:]
		}
		n, err := c.rows.ReadRows(c.buf)
		c.n, c.at = n, 0
		if errors.Is(err, io.EOF) {
			c.rows.Close()
			c.rows = nil
		} else if err != nil {
			return false, fmt.Errorf("results: %s: %v", c.f.path, err)
		}
	}
	c.row = c.buf[c.at]
	c.at++
	for k, i := range c.keyCols {
		fc := &c.f.cols[i]
		c.vals[k] = cellOf(c.row[fc.index], fc)
	}
	pos, err := c.key.Pos(c.vals)
	if err != nil {
		return false, fmt.Errorf("results: %s: %v", c.f.path, err)
	}
	c.pos = pos
	return true, nil
}

func (c *cursor) close() {
	if c.rows != nil {
		c.rows.Close()
	}
	c.f.Close()
}

// sortedMerge is the k-way merge of MergeSorted: a heap of the open inputs by the position
// of their current row, and the inputs not yet opened in order of their first row.
type sortedMerge struct {
	key   SortKey
	spans []inputSpan // not yet opened
	open  cursorHeap
}

func (m *sortedMerge) run(w *Writer) error {
	last := int64(-1)
	for len(m.open) > 0 || len(m.spans) > 0 {
		// Open every input whose first row comes before the heap's current one.
		for len(m.spans) > 0 && (len(m.open) == 0 || m.spans[0].first <= m.open[0].pos) {
			if err := m.openNext(); err != nil {
				return err
			}
		}
		c := m.open[0]
		if c.pos == last {
			return fmt.Errorf("results: merge into %s: position %d appears twice (in %s)", w.path, c.pos, c.f.path)
		}
		last = c.pos
		if err := w.writeParquetRow(c.row); err != nil {
			return err
		}
		ok, err := c.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(&m.open, 0)
		} else {
			heap.Pop(&m.open)
			c.close()
		}
	}
	return nil
}

func (m *sortedMerge) openNext() error {
	span := m.spans[0]
	m.spans = m.spans[1:]
	f, err := Open(span.path)
	if err != nil {
		return err
	}
	c, err := newCursor(f, m.key)
	if err == nil {
		var ok bool
		if ok, err = c.next(); err == nil && !ok {
			err = fmt.Errorf("results: %s: changed during the merge (no rows)", span.path)
		}
	}
	if err != nil {
		f.Close()
		return err
	}
	heap.Push(&m.open, c)
	return nil
}

func (m *sortedMerge) close() {
	for _, c := range m.open {
		c.close()
	}
	m.open = nil
}

type cursorHeap []*cursor

func (h cursorHeap) Len() int           { return len(h) }
func (h cursorHeap) Less(i, j int) bool { return h[i].pos < h[j].pos }
func (h cursorHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *cursorHeap) Push(x any)        { *h = append(*h, x.(*cursor)) }
func (h *cursorHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// writeParquetRow appends a row read from a file of the same columns (a copy: the reader
// reuses its buffers).
func (w *Writer) writeParquetRow(row parquet.Row) error {
	if err := w.usable(); err != nil {
		return err
	}
	if len(row) != len(w.cols) {
		return fmt.Errorf("results: %s: row has %d values for %d columns", w.path, len(row), len(w.cols))
	}
	pr := w.batch[w.nbatch][:0]
	for _, v := range row {
		pr = append(pr, v.Clone())
	}
	return w.addToBatch(pr)
}
