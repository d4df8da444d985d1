package outfile

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStampRoundTripsInEveryFormat: the stamp Write puts in a file is the one ReadStamp
// finds, and the file stays valid in its format: a PNG still decodes, a PDF still ends in
// %%EOF, a page still ends with its last element then a comment.
func TestStampRoundTripsInEveryFormat(t *testing.T) {
	var pngData bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	if err := png.Encode(&pngData, img); err != nil {
		t.Fatal(err)
	}
	contents := map[string][]byte{
		"page.html":  []byte("<!DOCTYPE html>\n<html><body>x</body></html>\n"),
		"fig.svg":    []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>`),
		"fig.png":    pngData.Bytes(),
		"fig.pdf":    []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\nxref\n0 1\ntrailer\n<<>>\nstartxref\n9\n%%EOF\n"),
		"trace.txt":  []byte("# bench replay\nline 1\nline 2"),
		"trace.long": bytes.Repeat([]byte("a line of a long trace\n"), 10000),
	}
	dir := t.TempDir()
	s := NewStamp("bench test", "input", "other")
	for name, data := range contents {
		path := filepath.Join(dir, name)
		if err := Write(path, s, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, ok := ReadStamp(path)
		if !ok || got != s {
			t.Errorf("%s: stamp %+v %t, want %+v", name, got, ok, s)
		}
		written, _ := os.ReadFile(path)
		switch name {
		case "fig.png":
			back, err := png.Decode(bytes.NewReader(written))
			if err != nil {
				t.Fatalf("stamped PNG: %v", err)
			}
			r, _, _, a := back.At(1, 1).RGBA()
			if r>>8 != 200 || a>>8 != 255 {
				t.Errorf("stamped PNG: pixel %v", back.At(1, 1))
			}
		case "fig.pdf":
			if !bytes.HasSuffix(written, []byte("startxref\n9\n%mutexlab-output bench test "+s.Digest+"\n%%EOF\n")) {
				t.Errorf("stamped PDF ends %q", written[len(written)-80:])
			}
		case "page.html", "fig.svg":
			if !bytes.HasPrefix(written, data) || !bytes.HasSuffix(written, []byte("-->\n")) {
				t.Errorf("stamped %s: %q", name, written)
			}
		default:
			if !bytes.HasPrefix(written, data) {
				t.Errorf("stamped %s lost its content", name)
			}
		}
		if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", name, st.Mode().Perm())
		}
	}
}

// TestCheckIsTheOnePolicy: nothing there or the command's own stamp: write; another
// command's file, the same command's for other inputs, or a file bench did not write:
// refuse in one line naming the file and --replace, unless --replace; a directory: refuse
// always.
func TestCheckIsTheOnePolicy(t *testing.T) {
	dir := t.TempDir()
	s := NewStamp("bench plot", "fig5", "/data/a.parquet")
	write := func(name string, st Stamp) string {
		path := filepath.Join(dir, name)
		if err := Write(path, st, func(w io.Writer) error { _, err := io.WriteString(w, "<svg></svg>"); return err }); err != nil {
			t.Fatal(err)
		}
		return path
	}
	own := write("own.svg", s)
	otherInputs := write("other-inputs.svg", NewStamp("bench plot", "fig5", "/data/b.parquet"))
	otherCommand := write("other-command.svg", NewStamp("bench html", "/data/a.parquet"))
	plain := filepath.Join(dir, "plain.svg")
	os.WriteFile(plain, []byte("<svg>precious</svg>"), 0o644)

	for _, path := range []string{filepath.Join(dir, "absent.svg"), own} {
		if err := CheckStamped("--out", path, s, false); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
	for path, what := range map[string]string{otherInputs: "written by bench plot from other inputs", otherCommand: "written by bench html", plain: "not written by bench"} {
		err := CheckStamped("--out", path, s, false)
		var re *RefusedError
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if !errors.As(err, &re) || !strings.HasPrefix(msg, "--out "+path+": ") || !strings.Contains(msg, what) || !strings.Contains(msg, "give --replace to replace it") || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q", path, msg)
		}
		if err := CheckStamped("--out", path, s, true); err != nil {
			t.Errorf("%s with --replace: %v", path, err)
		}
	}
	for _, path := range []string{dir, filepath.Join(dir, "new") + "/"} {
		if err := CheckStamped("--out", path, s, true); err == nil && path == dir {
			t.Errorf("directory %s accepted", path)
		}
		if err := CheckDir("--out", path, "the figure"); err == nil || !strings.Contains(err.Error(), "is a directory; name the figure") {
			t.Errorf("CheckDir(%s): %v", path, err)
		}
	}
}

// TestWriteFailureLeavesTheFileAlone: an error while writing leaves the existing file as it
// was and no temporary file behind.
func TestWriteFailureLeavesTheFileAlone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "page.html")
	os.WriteFile(path, []byte("before"), 0o644)
	boom := errors.New("boom")
	err := Write(path, NewStamp("bench html", "x"), func(w io.Writer) error {
		w.Write(bytes.Repeat([]byte("x"), 10000))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "before" {
		t.Fatalf("file changed: %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
}
