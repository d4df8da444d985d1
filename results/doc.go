// Package results stores simulated trials as Parquet files: one row per trial, one column per
// parameter or metric, zstd-compressed, readable by this package and by DuckDB, pandas or
// polars. It defines the schema, writes files atomically, reads them back column by column,
// and merges shards. It knows nothing about the simulator: a file is described by a list of
// Columns, and rows are lists of Values; package results/columns says which columns a trial
// has and what they mean.
//
// # Schema (version 3)
//
// A Column has a name, a Kind (string, int64, uint64, float64, bool), a unit, a one-line
// description and whether it is Optional. An optional column holds null where it does not
// apply to a row (a parameter the row's algorithm does not read, a metric that was not
// measured); a required one never does, and no float column ever holds NaN. Integers are
// INT64 (uint64 with the unsigned INT(64) logical type: DuckDB UBIGINT, pandas uint64);
// strings are dictionary encoded; every column is zstd-compressed.
//
// The key-value metadata holds KeySchemaVersion, one key per column for its unit
// (KeyUnitPrefix + name) and its description (KeyDocPrefix + name), and whatever the caller
// passes to Create, such as the program version, the sweep spec and the root seed. In DuckDB:
//
//	SELECT * FROM parquet_kv_metadata('sweep.parquet');
//
// Version 1 files (a fixed set of required columns; a value that did not apply was 0) and
// version 2 files (this layout, with float64 counts: see SchemaVersion) still open and
// read; File.Version tells them apart.
//
// # Writing
//
//	w, err := results.Create("out/sweep.parquet", columns, map[string]string{"mutexlab.root_seed": "42"})
//	if err != nil {
//		return err
//	}
//	defer w.Abort() // removes the temporary file unless Close succeeded
//	for _, row := range rows {
//		if err := w.Write(row); err != nil { // one Value per column; results.Null where it does not apply
//			return err
//		}
//	}
//	return w.Close()
//
// # Reading
//
// Open checks that a file is Parquet and carries a schema version this program understands.
// Float64Column and StringColumn read one column into a slice, decoding pages directly (a
// million rows take milliseconds); a null reads as NaN or "", and Valid says which rows are
// null. ReadRows returns every row as Values. Merge concatenates files with the same
// columns, copying row groups without re-encoding them where it can; MergeSorted
// interleaves sorted files by a key and re-encodes every row, so that the output depends
// only on its rows and not on how they were split among the inputs.
//
// # Why atomic
//
// A sweep can run for days and be killed at any moment: by a Slurm time limit, a pre-empted
// node, Ctrl-C or a full disk. A Parquet file is only readable once its footer, written last,
// is in place, so a file written in place and cut short is garbage that looks like a result
// and breaks every later read, merge and resume. Create therefore writes to a hidden
// temporary file (".NAME.*.tmp") in the destination's directory, and Close fsyncs it, renames
// it over the destination in one step and fsyncs the directory. At every instant the
// destination is either absent, the previous complete file, or the new complete file; a rerun
// can trust whatever it finds there and skip the trials it holds. A crash leaves at most a
// stale temporary file, which nothing reads and which can be deleted.
package results
