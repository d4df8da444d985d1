package nt_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestNoInternalImports guards the example's promise: it is built on the public packages of
// mutexlab alone. Every Go file of the example module, whatever its build tags (main.go is
// behind one), is parsed for its imports, and none may name an internal package.
func TestNoInternalImports(t *testing.T) {
	t.Parallel()
	bad, files, err := internalImports("..")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(files, "main.go") || !slices.Contains(files, filepath.Join("nt", "nt.go")) {
		t.Fatalf("the scan missed the module's files: it read %v", files)
	}
	for _, b := range bad {
		t.Errorf("%s imports an internal package; the example may use public packages only", b)
	}
}

// TestInternalImportsFinds: the scan reports an internal import, with or without build tags.
func TestInternalImportsFinds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := "//go:build never\n\npackage x\n\nimport _ \"github.com/mutexlab/mutexlab/internal/trialtest\"\n"
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	bad, _, err := internalImports(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 1 || !strings.Contains(bad[0], "x.go: github.com/mutexlab/mutexlab/internal/trialtest") {
		t.Fatalf("scan found %q, want x.go's import of internal/trialtest", bad)
	}
}

// internalImports parses the imports of every .go file under root (testdata and hidden
// directories aside) and returns "file: path" for each import with an element named
// internal, and the files read, relative to root.
func internalImports(root string) (bad, files []string, err error) {
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		files = append(files, rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if slices.Contains(strings.Split(p, "/"), "internal") {
				bad = append(bad, rel+": "+p)
			}
		}
		return nil
	})
	return bad, files, err
}
