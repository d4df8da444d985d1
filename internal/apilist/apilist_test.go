package apilist

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/api.txt from the code")

const golden = "testdata/api.txt"

// TestAPIUnchanged holds the public packages' exported surface against testdata/api.txt. A
// change to the API fails here until the listing is regenerated on purpose:
//
//	go test ./internal/apilist -update
func TestAPIUnchanged(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	for _, rel := range Public {
		if !exists(filepath.Join(root, rel)) {
			t.Fatalf("Public names %s, which is not a directory of the module", rel)
		}
	}
	got, err := All(root)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./internal/apilist -update writes it)", err)
	}
	if got == string(want) {
		return
	}
	gl, wl := set(got), set(string(want))
	for l := range gl {
		if !wl[l] {
			t.Errorf("added to the API: %s", l)
		}
	}
	for l := range wl {
		if !gl[l] {
			t.Errorf("removed from the API: %s", l)
		}
	}
	t.Log("a deliberate change: go test ./internal/apilist -update, and say so in the change")
}

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		m[l] = true
	}
	return m
}

// TestListingSeesAChange checks that the listing reflects a signature change, so the golden
// comparison above can fail.
func TestListingSeesAChange(t *testing.T) {
	dir := t.TempDir()
	write := func(src string) []string {
		if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := Listing(dir, "p")
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	a := write("package p\n// F does.\nfunc F(x int) error { return nil }\ntype T struct {\n\tA int // a\n\tb int\n}\nfunc (T) M() {}\nfunc g() {}\n")
	b := write("package p\nfunc F(x int64) error { return nil }\ntype T struct {\n\tA int\n\tb int\n}\nfunc (T) M() {}\n")
	if strings.Join(a, "\n") == strings.Join(b, "\n") {
		t.Fatalf("listing did not change with F's signature:\n%s", strings.Join(a, "\n"))
	}
	want := []string{"p: func (T) M()", "p: func F(x int) error", "p: type T struct { A int // contains filtered or unexported fields }"}
	if strings.Join(a, "\n") != strings.Join(want, "\n") {
		t.Fatalf("listing:\n%s\nwant:\n%s", strings.Join(a, "\n"), strings.Join(want, "\n"))
	}
}
