package algotest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/internal/browser"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/traceview"
)

// ViewStep is one command of a scenario script as the trace viewer shows it.
type ViewStep struct {
	Line    int    // the command's line in the script
	Command string // the command
	Pos     int    // the page's position after it (events applied)
}

// PlayView plays the script file for the trace viewer (traceview) and checks the
// page step by step: after every command, each node's state line, its section (remainder,
// waiting, in the CS, crashed) and its token in the page are what the trial has then. A
// command's position is found by playing the script up to it (a script is a pure function of
// its text), and the trial's state then is read from that run. It returns the page's trace
// and the steps, so that a test can point at the page after a given command.
func PlayView(t testing.TB, file string, subject func() Subject) (*traceview.Trace, []ViewStep) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	sub := subject()
	hook, finish, err := traceview.Script(sub.Algo, traceview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sub.Trace = hook
	_, playErr := Play(file, string(data), sub)
	tr, err := finish(playErr)
	if err != nil {
		t.Fatalf("%s: %v (the script: %v)", file, err, playErr)
	}
	tr.Title = sub.Algo.Name() + ", scenario script " + file
	tr.About = []string{"each command of the script is a few events at one time (out-of-turn deliveries keep the clock still); the script's comments say what each step shows"}
	var steps []ViewStep
	for k := 0; k+1 < len(lines); k++ {
		if lines[k+1] != "----" || strings.TrimSpace(lines[k]) == "" || strings.HasPrefix(lines[k], "#") {
			continue
		}
		st := ViewStep{Line: k + 1, Command: lines[k]}
		st.Pos = checkStep(t, file, strings.Join(lines[:k+2], "\n")+"\n", st, subject(), tr)
		steps = append(steps, st)
	}
	return tr, steps
}

// checkStep plays prefix (the script up to step st) and checks the page tr at the position
// the prefix reaches against the trial's state; it returns that position.
func checkStep(t testing.TB, file, prefix string, st ViewStep, sub Subject, tr *traceview.Trace) int {
	t.Helper()
	var sim *kernel.Sim
	pos := 0
	sub.Trace = func(s *kernel.Sim, _ kernel.TraceEvent) {
		if sim == nil {
			sim = s
		}
		if s == sim {
			pos++
		}
	}
	Play(file, prefix, sub) // an error is the full script's too: the page ends there
	if sim == nil {
		return 0
	}
	pos -= tr.Skipped
	status, states := tr.At(pos)
	stater, _ := sub.Algo.(kernel.NodeStater)
	tokens, _ := sub.Algo.(kernel.TokenHolder)
	for i := int32(0); int(i) < tr.N; i++ {
		want := 0
		switch {
		case sim.Crashed(i):
			want = 3
		case sim.InCS(i):
			want = 2
		case sim.Waiting(i):
			want = 1
		}
		line := tr.Strings[states[i].Line]
		switch {
		case stater != nil && line != stater.NodeState(i):
			t.Errorf("%s:%d %s: the page (position %d) shows node %d as %q, the script %q", file, st.Line, st.Command, pos, i, line, stater.NodeState(i))
		case status[i] != want:
			t.Errorf("%s:%d %s: the page (position %d) shows node %d in section %d, the trial %d", file, st.Line, st.Command, pos, i, status[i], want)
		case tokens != nil && states[i].Token != tokens.HoldsToken(i):
			t.Errorf("%s:%d %s: the page (position %d) shows node %d's token as %v", file, st.Line, st.Command, pos, i, states[i].Token)
		}
	}
	return pos
}

var shots = flag.String("shots", "", "trace viewer tests: also write their pages and screenshots into this `directory` (docs/viewer.md's pictures)")

// Shots writes tr's page into the -shots directory as name.html, with a screenshot in
// headless Chromium for each entry of at, name-KEY.png, of the page opened at that address
// fragment ("e=12&sel=3": 12 events applied, node 3's details; page.js's open lists them),
// and fails t if the page logs on the browser's console. Without -shots it does nothing.
func Shots(t testing.TB, tr *traceview.Trace, name string, at map[string]string) {
	t.Helper()
	if *shots == "" {
		return
	}
	bin := browser.Chromium(t)
	page := WritePage(t, *shots, name, tr)
	for key, frag := range at {
		png := filepath.Join(filepath.Dir(page), name+"-"+key+".png")
		if console := browser.Render(t, bin, page+"#"+frag, png, 1300, 760); len(console) > 0 {
			t.Errorf("%s: the page logged on the console:\n%s", png, strings.Join(console, "\n"))
		}
	}
}

// WritePage writes tr's page as dir/name.html and returns its absolute path.
func WritePage(t testing.TB, dir, name string, tr *traceview.Trace) string {
	t.Helper()
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, name+".html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := traceview.Write(f, tr); err != nil {
		t.Fatal(err)
	}
	return page
}
