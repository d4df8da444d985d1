// Package results stores simulated trials as Parquet files: one row per trial, one column per
// parameter or metric, zstd-compressed, readable by this package and by DuckDB, pandas or
// polars. It defines the schema, writes files atomically, reads them back column by column,
// and merges shards. It knows nothing about the simulator: it deals only in Trial rows.
//
// # Schema
//
// Every file has the core columns listed by CoreColumns (algorithm, n, links, ...,
// link_changes), one per field of Trial, followed by the columns its Layout names: an int64
// column "msgs_<type>" for each message type the algorithm sends, then a float64 column for
// each extra metric. All columns are required (never null). Integers are INT64; the seed is
// INT64 with the unsigned INT(64) logical type, so DuckDB reads it as UBIGINT and pandas as
// uint64. Strings are dictionary encoded.
//
// The key-value metadata holds KeySchemaVersion (SchemaVersion, which Open checks), KeyLayout
// (the Layout as JSON) and whatever the caller passes to Create, such as the program version,
// the sweep spec and the root seed. In DuckDB:
//
//	SELECT * FROM parquet_kv_metadata('sweep.parquet');
//
// # Writing
//
//	w, err := results.Create("out/sweep.parquet", layout, map[string]string{"mutexlab.root_seed": "42"})
//	if err != nil {
//		return err
//	}
//	defer w.Abort() // removes the temporary file unless Close succeeded
//	for _, t := range trials {
//		if err := w.Write(&t); err != nil {
//			return err
//		}
//	}
//	return w.Close()
//
// # Reading
//
// Open checks that a file is Parquet, carries a schema version this program understands and
// has the columns its layout promises. Float64Column and StringColumn read one column into a
// slice, decoding pages directly (a million rows take milliseconds); ReadAll returns every
// row as a Trial. Merge concatenates shards that share a layout, copying row groups without
// re-encoding them where it can.
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
