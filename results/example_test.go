package results_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mutexlab/mutexlab/results"
)

// A results file holds one row per trial. Columns are described once (kind, unit, one line
// of meaning, whether the value may be null); a row has one Value per column, results.Null
// where the column does not apply to it. The file appears at its path only when Close
// succeeds. Reading gives the columns back with their units, whole columns at a time or
// every row.
func ExampleCreate() {
	dir, err := os.MkdirTemp("", "results-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "sweep.parquet")
	cols := []results.Column{
		{Name: "algorithm", Kind: results.String, Description: "algorithm name"},
		{Name: "seed", Kind: results.Uint, Description: "the trial's seed"},
		{Name: "load", Kind: results.Float, Unit: "requests per node per time unit", Description: "request rate"},
		{Name: "k", Kind: results.Int, Unit: "resources", Description: "resources (hk only)", Optional: true},
	}
	w, err := results.Create(path, cols, map[string]string{"mutexlab.program_version": "dev"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer w.Abort() // removes the temporary file unless Close succeeded
	for i, algo := range []string{"rl", "hk", "rl"} {
		k := results.Null // k does not apply to rl
		if algo == "hk" {
			k = results.IntValue(4)
		}
		row := []results.Value{results.StringValue(algo), results.UintValue(uint64(i + 1)), results.FloatValue(0.1 * float64(i+1)), k}
		if err := w.Write(row); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}

	f, err := results.Open(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	load, _ := f.Float64Column("load")
	k, _ := f.Float64Column("k") // null reads as NaN
	fmt.Println(f.NumRows(), "rows; load", load, "k", k, "in", f.Metadata()["mutexlab.unit.k"])
	rows, err := f.ReadRows()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range rows {
		cells := make([]string, len(row))
		for c, v := range row {
			cells[c] = f.Columns()[c].Name + "=" + v.Format(f.Columns()[c].Kind)
		}
		fmt.Println(strings.Join(cells, " "))
	}
	// Output:
	// 3 rows; load [0.1 0.2 0.30000000000000004] k [NaN 4 NaN] in resources
	// algorithm=rl seed=1 load=0.1 k=null
	// algorithm=hk seed=2 load=0.2 k=4
	// algorithm=rl seed=3 load=0.30000000000000004 k=null
}
