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
	files := make([]*File, 0, len(inputs))
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for _, path := range inputs {
		f, err := Open(path)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	first := files[0]
	for _, f := range files[1:] {
		if !f.layout.Equal(first.layout) {
			return fmt.Errorf("results: merge into %s: %s has layout %v, but %s has %v",
				out, f.path, f.layout, first.path, first.layout)
		}
		if !slices.Equal(f.ColumnNames(), first.ColumnNames()) {
			return fmt.Errorf("results: merge into %s: %s has columns %v, but %s has %v",
				out, f.path, f.ColumnNames(), first.path, first.ColumnNames())
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
	for _, f := range files {
		if err := w.copyFrom(f); err != nil {
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
