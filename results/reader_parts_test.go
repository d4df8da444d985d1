package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A sweep's parts directory, given where a results file is expected, is named for what it
// is, with what to do.
func TestOpenPartsDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x.parquet.parts")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Open(dir)
	if err == nil || !strings.Contains(err.Error(), "rerun the sweep's command to finish it") || strings.Contains(err.Error(), "\n") {
		t.Errorf("Open(%s) = %v, want one line saying to finish the sweep", dir, err)
	}
}
