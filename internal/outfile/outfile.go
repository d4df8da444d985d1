// Package outfile is the one output policy of every bench command that writes a file: a
// command replaces a file only if that file is its own earlier output for the same inputs
// (or the user gives --replace), refuses a directory where a file is wanted, and writes
// under a temporary name in the destination's directory, renamed into place only when
// complete, so a failure never leaves half a file or damages the one that was there.
//
// A command recognises its own output by a stamp it writes into the file: the text
// "mutexlab-output COMMAND DIGEST", where DIGEST is a hash of what the output is made from
// (the input files, the figure, the trial). Where it goes depends on the format, so that
// the file stays valid and every viewer ignores it:
//
//   - .html, .svg: an HTML/XML comment after the last element;
//   - .png: a tEXt chunk (keyword mutexlab-output) before IEND;
//   - .pdf: a comment line just before the final %%EOF (no offset moves);
//   - anything else (text traces): a last line "# mutexlab-output ...".
//
// Results files (Parquet) carry their own identity in their metadata (the sweep's spec
// hash and shard, package sweeps); for them the caller decides ownership and passes it to
// Check.
package outfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// ReplaceFlag is the flag every command takes to replace a file it would otherwise refuse.
const ReplaceFlag = "--replace"

// Stamp names a file as one command's output for one set of inputs.
type Stamp struct {
	Command string // "bench plot"
	Digest  string // 16 hex digits: the hash of the inputs
}

// NewStamp is the stamp of command's output made from inputs (file paths are made
// absolute by the caller, so that the same file named two ways is the same input).
func NewStamp(command string, inputs ...string) Stamp {
	sum := sha256.Sum256([]byte(strings.Join(inputs, "\x00")))
	return Stamp{Command: command, Digest: hex.EncodeToString(sum[:8])}
}

func (s Stamp) text() string { return "mutexlab-output " + s.Command + " " + s.Digest }

// stampPattern finds a stamp in a file's tail, whatever its container.
var stampPattern = regexp.MustCompile(`mutexlab-output[ \x00]([a-z][a-z ]*?) ([0-9a-f]{16})`)

// tailBytes is how much of a file's end ReadStamp reads: the stamp is always within it.
const tailBytes = 4096

// ReadStamp returns the stamp in the file at path, and false if it has none.
func ReadStamp(path string) (Stamp, bool) {
	f, err := os.Open(path)
	if err != nil {
		return Stamp{}, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return Stamp{}, false
	}
	off := max(st.Size()-tailBytes, 0)
	buf := make([]byte, st.Size()-off)
	if _, err := f.ReadAt(buf, off); err != nil && !errors.Is(err, io.EOF) {
		return Stamp{}, false
	}
	all := stampPattern.FindAllSubmatch(buf, -1)
	if len(all) == 0 {
		return Stamp{}, false
	}
	m := all[len(all)-1]
	return Stamp{Command: string(m[1]), Digest: string(m[2])}, true
}

// RefusedError is a destination a command will not write: a directory, or a file that is
// not its own earlier output for the same inputs. It is bad input (exit 2).
type RefusedError struct {
	Flag, Path string // the flag that named the file ("--out") and the file
	Reason     string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s %s: %s", e.Flag, e.Path, e.Reason)
}

// IsDirPath reports whether path names a directory: it ends in a separator or is one.
func IsDirPath(path string) bool {
	if strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(os.PathSeparator)) {
		return true
	}
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// CheckDir refuses a path that names a directory where a file is wanted; what says which
// file to name instead ("the figure FILE.png").
func CheckDir(flag, path, what string) error {
	if IsDirPath(path) {
		return &RefusedError{Flag: flag, Path: path, Reason: "is a directory; name " + what}
	}
	return nil
}

// Check decides whether a command may write path (named by flag): yes if nothing is there,
// if own says the file there is the command's own earlier output for the same inputs, or
// if replace is set; otherwise a *RefusedError naming the file, what own says it is
// ("holds results of another sweep (...)"; "" for "exists") and ReplaceFlag. A directory
// is refused whatever replace says.
func Check(flag, path string, own func(path string) (bool, string), replace bool) error {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil && st.IsDir() {
		return &RefusedError{Flag: flag, Path: path, Reason: "is a directory; name a file"}
	}
	if replace {
		return nil
	}
	what := "cannot be checked (" + fmt.Sprint(pathErrCause(err)) + ")"
	if err == nil {
		var mine bool
		if mine, what = own(path); mine {
			return nil
		}
	}
	if what == "" {
		what = "exists and is not this command's earlier output for the same inputs"
	}
	return &RefusedError{Flag: flag, Path: path, Reason: what + "; not replacing it: give " + ReplaceFlag + " to replace it, or choose another file"}
}

// CheckStamped is Check for a file stamped by Write: the file is the command's own if it
// carries stamp s.
func CheckStamped(flag, path string, s Stamp, replace bool) error {
	return Check(flag, path, func(p string) (bool, string) {
		got, ok := ReadStamp(p)
		switch {
		case !ok:
			return false, "exists and was not written by bench"
		case got == s:
			return true, ""
		case got.Command == s.Command:
			return false, "was written by " + got.Command + " from other inputs"
		}
		return false, "was written by " + got.Command
	}, replace)
}

// Write writes path atomically: write fills a temporary file beside it, stamped with s
// (the zero Stamp: none) in the container of path's format, which is then renamed over
// path. On any error nothing at path changes. The policy (Check) is the caller's.
func Write(path string, s Stamp, write func(w io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return pathErrCause(err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	sw := &stampWriter{w: tmp, format: formatOf(path)}
	err = write(sw)
	if err == nil && s != (Stamp{}) {
		err = sw.finish(s)
	} else if err == nil {
		_, err = tmp.Write(sw.held)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// A temporary file is private (0600); outputs are meant to be shared.
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	return pathErrCause(err)
}

func formatOf(path string) string {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".html", ".htm", ".svg", ".png", ".pdf":
		return ext[1:]
	}
	return "text"
}

// holdBack is how many trailing bytes stampWriter keeps in hand, to put the stamp before a
// format's end marker (PNG's 12-byte IEND chunk, PDF's %%EOF line).
const holdBack = 64

// stampWriter passes bytes through, holding back the last holdBack of them.
type stampWriter struct {
	w      io.Writer
	format string
	held   []byte
}

func (sw *stampWriter) Write(p []byte) (int, error) {
	sw.held = append(sw.held, p...)
	if n := len(sw.held) - holdBack; n > 0 {
		if _, err := sw.w.Write(sw.held[:n]); err != nil {
			return 0, err
		}
		sw.held = append(sw.held[:0], sw.held[n:]...)
	}
	return len(p), nil
}

// finish writes the held-back bytes with the stamp in place.
func (sw *stampWriter) finish(s Stamp) error {
	tail, err := stamped(sw.held, sw.format, s)
	if err != nil {
		return err
	}
	_, err = sw.w.Write(tail)
	return err
}

// stamped returns tail, the end of a file of format, with the stamp s inserted.
func stamped(tail []byte, format string, s Stamp) ([]byte, error) {
	text := s.text()
	switch format {
	case "html", "htm", "svg":
		return fmt.Appendf(tail, "<!-- %s -->\n", text), nil
	case "png":
		iend := []byte("\x00\x00\x00\x00IEND\xaeB`\x82")
		if !bytes.HasSuffix(tail, iend) {
			return nil, errors.New("internal error: PNG without IEND at its end")
		}
		return append(append(tail[:len(tail)-len(iend):len(tail)-len(iend)], pngText("mutexlab-output", s.Command+" "+s.Digest)...), iend...), nil
	case "pdf":
		if i := bytes.LastIndex(tail, []byte("%%EOF")); i >= 0 {
			out := append([]byte{}, tail[:i]...)
			out = fmt.Appendf(out, "%%%s\n", text)
			return append(out, tail[i:]...), nil
		}
		return fmt.Appendf(tail, "%%%s\n", text), nil
	}
	if len(tail) > 0 && tail[len(tail)-1] != '\n' {
		tail = append(tail, '\n')
	}
	return fmt.Appendf(tail, "# %s\n", text), nil
}

// pngText is a PNG tEXt chunk: length, type, keyword NUL text, CRC of type and data.
func pngText(keyword, text string) []byte {
	data := append(append([]byte("tEXt"+keyword), 0), text...)
	out := binary.BigEndian.AppendUint32(nil, uint32(len(data)-4))
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(data))
}

// pathErrCause strips the operation and path from an *fs.PathError ("permission denied"),
// so that messages name the path the user gave.
func pathErrCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
