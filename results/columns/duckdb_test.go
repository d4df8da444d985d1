package columns_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/results/columns"
)

// duckdbCheck reads a results file with DuckDB (Node.js client) and prints what the test
// checks as JSON: a few columns of every row, three metadata keys and three column types.
const duckdbCheck = `
import { createRequire } from 'module';
const require = createRequire(process.argv[2] + '/package.json');
const { DuckDBInstance } = require('@duckdb/node-api');
const path = process.argv[3];
const con = await (await DuckDBInstance.create(':memory:')).connect();
const q = async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJson();
console.log(JSON.stringify({
	rows: await q("SELECT algorithm, k, h_dist, throughput, wait_mean FROM read_parquet('" + path + "') ORDER BY algorithm"),
	meta: await q("SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata('" + path + "') " +
		"WHERE decode(key) IN ('mutexlab.unit.wait_mean', 'mutexlab.doc.k', 'mutexlab.schema_version') ORDER BY 1"),
	types: await q("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('" + path + "')) " +
		"WHERE column_name IN ('seed', 'static_despite_mobility', 'k') ORDER BY 1"),
}));
`

// TestDuckDBReadsNullsUnitsAndDescriptions: an independent reader (DuckDB, from npm; install
// it with scripts/install-duckdb.sh) sees the nulls of a schema-2 file as NULL, and its
// units and descriptions in parquet_kv_metadata.
func TestDuckDBReadsNullsUnitsAndDescriptions(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("..", "..", ".tools", "duckdb"))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api")); err != nil {
		t.Skip("DuckDB's Node.js client is not installed: run scripts/install-duckdb.sh")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	tmp := t.TempDir()
	path := filepath.Join(tmp, "r.parquet")
	trials := []columns.Trial{columns.Fake("rl", 10, 0.5, 0.1, 0, 1, 20, 3.5, 6), columns.Fake("hk", 10, 0.5, 0.1, 0, 1, 20, 4.5, 7)}
	if err := columns.WriteFile(path, trials, nil); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(tmp, "check.mjs")
	os.WriteFile(script, []byte(duckdbCheck), 0o644)
	out, err := exec.Command(node, script, dir, path).CombinedOutput()
	if err != nil {
		t.Fatalf("duckdb: %v\n%s", err, out)
	}
	var got struct {
		Rows  []map[string]any    `json:"rows"`
		Meta  []map[string]string `json:"meta"`
		Types []map[string]string `json:"types"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// hk first (ORDER BY algorithm): k = 1 is its default, recorded; rl does not read k: NULL.
	if len(got.Rows) != 2 || got.Rows[0]["k"] == nil || got.Rows[1]["k"] != nil || got.Rows[1]["h_dist"] != nil ||
		got.Rows[0]["h_dist"] != "fixed" || got.Rows[1]["throughput"] == nil || got.Rows[1]["wait_mean"] != 3.5 {
		t.Errorf("rows as DuckDB reads them: %v", got.Rows)
	}
	want := map[string]string{"mutexlab.unit.wait_mean": "time units", "mutexlab.schema_version": "3"}
	for _, m := range got.Meta {
		if w, ok := want[m["key"]]; ok && m["value"] != w || m["key"] == "mutexlab.doc.k" && !strings.Contains(m["value"], "resources") {
			t.Errorf("metadata %s = %q", m["key"], m["value"])
		}
	}
	if len(got.Meta) != 3 {
		t.Errorf("metadata: %v", got.Meta)
	}
	types := map[string]string{}
	for _, ty := range got.Types {
		types[ty["column_name"]] = ty["column_type"]
	}
	if types["seed"] != "UBIGINT" || types["static_despite_mobility"] != "BOOLEAN" || types["k"] != "BIGINT" {
		t.Errorf("column types: %v", types)
	}
}
