package results

import (
	"fmt"
	"slices"
)

// Merge writes the rows of all inputs, in order, to out, atomically as Create and Close do.
// out's metadata is that of the first input, overridden by extraMeta (which must not set
// keys reserved by this package). All inputs must have the same schema version and the same
// columns (names, kinds, optionality); the error names the first file that differs. out has
// their schema version, and may be one of the inputs.
//
// Row groups are copied without decoding when their encoding allows it, so merging costs
// about as much as copying the files.
func Merge(out string, inputs []string, extraMeta map[string]string) error {
	// Two passes, each holding one input open at a time, so merging thousands of shard or
	// part files never runs into the open-file limit: first check every input against the
	// first, then copy.
	first, err := openFirst(out, inputs)
	if err != nil {
		return err
	}
	defer first.Close()
	for _, path := range inputs[1:] {
		f, err := Open(path)
		if err != nil {
			return err
		}
		err = sameLayout(out, first, f)
		f.Close()
		if err != nil {
			return err
		}
	}
	w, err := createMerged(out, first, extraMeta)
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

// openFirst opens the first input of a merge into out.
func openFirst(out string, inputs []string) (*File, error) {
	if len(inputs) == 0 {
		return nil, fmt.Errorf("results: merge into %s: no input files", out)
	}
	return Open(inputs[0])
}

// sameLayout refuses to merge f into out beside first unless both have the same schema
// version and columns.
func sameLayout(out string, first, f *File) error {
	if f.version != first.version {
		return fmt.Errorf("results: merge into %s: %s has schema version %d, but %s has %d", out, f.path, f.version, first.path, first.version)
	}
	if diff := columnsDiffer(first, f); diff != "" {
		return fmt.Errorf("results: merge into %s: %s differs from %s: %s", out, f.path, first.path, diff)
	}
	return nil
}

// columnsDiffer describes the first difference between the columns of a and b, or "".
func columnsDiffer(a, b *File) string {
	if !slices.Equal(a.ColumnNames(), b.ColumnNames()) {
		return fmt.Sprintf("columns %v against %v", b.ColumnNames(), a.ColumnNames())
	}
	for i := range a.cols {
		ca, cb := &a.cols[i], &b.cols[i]
		if ca.Kind != cb.Kind || ca.Optional != cb.Optional {
			return fmt.Sprintf("column %q is %s (optional %t) against %s (optional %t)", ca.Name, cb.Kind, cb.Optional, ca.Kind, ca.Optional)
		}
	}
	return ""
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
