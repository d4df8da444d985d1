package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestArchitectureMatchesImports holds docs/architecture.md's package table against `go list`:
// every package of the module has a row (algorithms/<name> stands for each algorithm package),
// every row names a package that exists, and every import runs to a lower floor, or to a
// package the importer's "may import" cell names.
func TestArchitectureMatchesImports(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	rows := architectureRows(t)
	pkgs := modulePackages(t)
	algorithmPkg := regexp.MustCompile(`^algorithms/(rl|rr|hk|gme|drs|cm|akw1|akw2)$`)
	rowOf := func(p string) (architectureRow, bool) {
		if r, ok := rows[p]; ok {
			return r, true
		}
		if algorithmPkg.MatchString(p) {
			r, ok := rows["algorithms/<name>"]
			return r, ok
		}
		return architectureRow{}, false
	}
	for p := range rows {
		if _, ok := pkgs[p]; !ok && p != "algorithms/<name>" {
			t.Errorf("docs/architecture.md has a row for %s, which is not a package of the module", p)
		}
	}
	for p, imports := range pkgs {
		from, ok := rowOf(p)
		if !ok {
			t.Errorf("docs/architecture.md has no row for package %s", p)
			continue
		}
		for _, q := range imports {
			to, ok := rowOf(q)
			named := slices.Contains(from.mayImport, q) || algorithmPkg.MatchString(q) && slices.Contains(from.mayImport, "algorithms/<name>")
			if !ok || to.floor < from.floor || named {
				continue
			}
			t.Errorf("%s (floor %d) imports %s (floor %d), which its \"may import\" cell does not name", p, from.floor, q, to.floor)
		}
	}
}

type architectureRow struct {
	floor     int
	mayImport []string // the packages the cell names in backticks
}

// architectureRows reads the table of docs/architecture.md: | floor | `pkg` | owns | may import |.
func architectureRows(t *testing.T) map[string]architectureRow {
	f, err := os.Open(filepath.Join(repoRoot, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	quoted := regexp.MustCompile("`([^`]+)`")
	rows := map[string]architectureRow{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) != 6 {
			continue
		}
		floor, err := strconv.Atoi(strings.TrimSpace(cells[1]))
		if err != nil {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[2]), "`")
		var may []string
		for _, m := range quoted.FindAllStringSubmatch(cells[4], -1) {
			may = append(may, m[1])
		}
		rows[name] = architectureRow{floor, may}
	}
	if len(rows) < 20 {
		t.Fatalf("docs/architecture.md: %d package rows read; the table's format changed", len(rows))
	}
	return rows
}

// modulePackages lists the module's packages (paths relative to the module) and the module
// packages each imports, without tests.
func modulePackages(t *testing.T) map[string][]string {
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", "./...")
	cmd.Dir = repoRoot
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/mutexlab/mutexlab/"
	pkgs := map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(p.ImportPath, module)
		var own []string
		for _, q := range p.Imports {
			if strings.HasPrefix(q, module) {
				own = append(own, strings.TrimPrefix(q, module))
			}
		}
		pkgs[name] = own
	}
	return pkgs
}
