package traceview

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"strings"

	_ "embed"
)

var (
	//go:embed page.html
	pageHTML string
	//go:embed page.js
	pageJS string
	//go:embed page.css
	pageCSS string
)

// scriptHash is the page's Content-Security-Policy source for its one script: the browser
// runs that script and no other, and loads nothing (default-src 'none').
func scriptHash() string {
	sum := sha256.Sum256([]byte(pageJS))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// Write writes t as one self-contained HTML page: the trace as JSON, the viewer's script and
// style inline, nothing loaded from anywhere.
func Write(w io.Writer, t *Trace) error {
	data, err := encode(t)
	if err != nil {
		return fmt.Errorf("trace viewer: encoding the trace: %v", err)
	}
	var about strings.Builder
	for _, line := range t.About {
		fmt.Fprintf(&about, "<p class=\"about\">%s</p>\n", html.EscapeString(line))
	}
	if t.Failure != nil {
		fmt.Fprintf(&about, "<p class=\"about failure\">%s: %s</p>\n", html.EscapeString(t.Failure.Kind), html.EscapeString(t.Failure.Message))
	}
	if t.Note != "" {
		fmt.Fprintf(&about, "<p class=\"about note\">%s</p>\n", html.EscapeString(t.Note))
	}
	page := strings.NewReplacer(
		"{{HASH}}", scriptHash(),
		"{{TITLE}}", html.EscapeString(t.Title),
		"{{CSS}}", pageCSS,
		"{{ABOUT}}", about.String(),
		"{{DATA}}", string(data),
		"{{JS}}", pageJS,
	).Replace(pageHTML)
	_, err = io.WriteString(w, page)
	return err
}
