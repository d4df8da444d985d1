package sweeps

// Described reads back the sweep that a results file records in its metadata (the text of
// Spec.Describe, under the key mutexlab.spec), validated, so that a reader of the file can
// recover its grid axes and replicates. source names the file in errors.
func Described(text, source string) (*Spec, error) { return parseDescribed(text, source) }
