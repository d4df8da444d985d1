package results

import (
	"fmt"
	"slices"
)

// Merge writes the rows of all inputs, in order, to out, atomically as Create and Close do.
// out's metadata is that of the first input, overridden by extraMeta (which must not set
// KeySchemaVersion or KeyLayout). All inputs must have the same Layout and columns; the
// error names the first file that differs. out may be one of the inputs.
//
// Row groups are copied without decoding when their encoding allows it, so merging costs
// about as much as copying the files.
func Merge(out string, inputs []string, extraMeta map[string]string) error {
	if len(inputs) == 0 {
		return fmt.Errorf("results: merge into %s: no input files", out)
	}
	// Two passes, each holding one input open at a time, so merging thousands of shard or
	// part files never runs into the open-file limit: first check every input against the
	// first, then copy.
	first, err := Open(inputs[0])
	if err != nil {
		return err
	}
	defer first.Close()
	for _, path := range inputs[1:] {
		f, err := Open(path)
		if err != nil {
			return err
		}
		sameLayout, sameCols := f.layout.Equal(first.layout), slices.Equal(f.ColumnNames(), first.ColumnNames())
		layout, cols := f.layout, f.ColumnNames()
		f.Close()
		if !sameLayout {
			return fmt.Errorf("results: merge into %s: %s has layout %v, but %s has %v",
				out, path, layout, first.path, first.layout)
		}
		if !sameCols {
			return fmt.Errorf("results: merge into %s: %s has columns %v, but %s has %v",
				out, path, cols, first.path, first.ColumnNames())
		}
	}

	meta := first.Metadata()
	delete(meta, KeySchemaVersion)
	delete(meta, KeyLayout)
	for k, v := range extraMeta {
		meta[k] = v
	}
	w, err := Create(out, first.layout, meta)
	if err != nil {
		return err
	}
	defer w.Abort()
	if err := w.copyFrom(first); err != nil {
		return err
	}
	for _, path := range inputs[1:] {
		f, err := Open(path)
		if err != nil {
			return err
		}
		err = w.copyFrom(f)
		f.Close()
		if err != nil {
			return err
		}
	}
	return w.Close()
}

// copyFrom appends every row group of f to w.
func (w *Writer) copyFrom(f *File) error {
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.writeBatch(); err != nil {
		return err
	}
	for _, rg := range f.pf.RowGroups() {
		n, err := w.pw.WriteRowGroup(rg)
		w.rows += n
		if err != nil {
			return w.fail(fmt.Errorf("copying rows of %s: %v", f.path, err))
		}
	}
	return nil
}
