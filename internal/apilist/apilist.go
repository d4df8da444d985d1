// Package apilist prints the exported surface of mutexlab's public packages, one declaration
// per line, so that a test can hold it against a checked-in listing (testdata/api.txt):
// changing the API an algorithm author builds on is then a deliberate act, visible in review as
// a diff of that file, never a side effect of a refactor.
//
// The public packages are Public; every other package is the tool's own machinery, whose
// exported names may change without notice (the Go packages under internal/ cannot be
// imported from another module at all).
package apilist

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Public lists the packages another module builds on, by directory below the module root:
// the algorithm contract and the network (kernel and the packages it names its types from),
// the network models, the registry and the checks, the routing layer, sweeps and their
// presets, the results format, the command line as a library, the test kit, the exhaustive
// explorer and its kit for mutants, and the trace viewer (its page, and the trace a viewer
// check returns).
var Public = []string{
	"algorithms",
	"algorithms/checks",
	"algorithms/rr/routing",
	"algotest",
	"explore",
	"explore/exploretest",
	"cli",
	"kernel",
	"kernel/netmodel",
	"kernel/rng",
	"kernel/topology",
	"results",
	"sweeps",
	"traceview",
}

// Listing returns the exported declarations of the package in dir (non-test files), one per
// line, sorted, each prefixed with the package's directory rel.
func Listing(dir, rel string) ([]string, error) {
	fset := token.NewFileSet()
	notTest := func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }
	pkgs, err := parser.ParseDir(fset, dir, notTest, 0)
	if err != nil {
		return nil, err
	}
	var lines []string
	for name, pkg := range pkgs {
		if name == "main" {
			continue
		}
		d := doc.New(pkg, rel, 0)
		add := func(kind string, node any) {
			lines = append(lines, rel+": "+kind+oneLine(fset, node))
		}
		values(d.Consts, "const ", add)
		values(d.Vars, "var ", add)
		for _, f := range d.Funcs {
			add("", bare(f.Decl))
		}
		for _, t := range d.Types {
			add("type ", t.Decl.Specs[0])
			values(t.Consts, "const ", add)
			values(t.Vars, "var ", add)
			for _, f := range t.Funcs {
				add("", bare(f.Decl))
			}
			for _, m := range t.Methods {
				add("", bare(m.Decl))
			}
		}
	}
	sort.Strings(lines)
	return lines, nil
}

// values adds one line per exported name of a const or var group: its name and its type
// when the declaration gives one (not the value: a value is behaviour, not surface).
func values(vs []*doc.Value, kind string, add func(string, any)) {
	for _, v := range vs {
		for _, spec := range v.Decl.Specs {
			s := spec.(*ast.ValueSpec)
			for _, n := range s.Names {
				if !n.IsExported() {
					continue
				}
				if s.Type != nil {
					add(kind+n.Name+" ", s.Type)
				} else {
					add(kind+n.Name, nil)
				}
			}
		}
	}
}

// bare is a function declaration without its body and comment: its signature.
func bare(f *ast.FuncDecl) *ast.FuncDecl {
	g := *f
	g.Body, g.Doc = nil, nil
	return &g
}

// oneLine prints node without comments, on one line.
func oneLine(fset *token.FileSet, node any) string {
	if node == nil {
		return ""
	}
	stripComments(node)
	var b bytes.Buffer
	if err := (&printer.Config{Mode: printer.RawFormat}).Fprint(&b, fset, node); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// stripComments drops the field comments of struct and interface types, which the printer
// would otherwise keep.
func stripComments(node any) {
	n, ok := node.(ast.Node)
	if !ok {
		return
	}
	ast.Inspect(n, func(x ast.Node) bool {
		if f, ok := x.(*ast.Field); ok {
			f.Doc, f.Comment = nil, nil
		}
		if s, ok := x.(*ast.TypeSpec); ok {
			s.Doc, s.Comment = nil, nil
		}
		return true
	})
}

// All returns the listing of every public package under root.
func All(root string) (string, error) {
	var all []string
	for _, rel := range Public {
		lines, err := Listing(filepath.Join(root, rel), rel)
		if err != nil {
			return "", err
		}
		all = append(all, lines...)
	}
	return strings.Join(all, "\n") + "\n", nil
}

// exists reports whether dir is a directory (used by the test to refuse a stale Public entry).
func exists(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}
