package algotest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// Scenario scripts, in the style of etcd-io/raft's interaction tests (cockroachdb/datadriven):
// a file of commands, each followed by "----" and the output it must produce, blocks separated
// by blank lines, "#" lines for comments. docs/testing.md lists the commands. Go test with
// -rewrite writes the output the scripts now produce into them instead of comparing.
//
//	# Figure 3(b): node 1 requests and sends a Request to node 3.
//	request 1
//	----
//	1 -> 3 request(0,2,1)
//	node 1: waiting h=(0,2) next=3 Q=[1]

var rewrite = flag.Bool("rewrite", false, "scenario scripts: write the output the commands now produce into the testdata files")

// Subject is what an algorithm's scenario test plugs into the driver: a fresh instance for
// each file (it must implement kernel.NodeStater, whose line per node the driver prints)
// and, optionally, the algorithm's own commands and message rendering.
type Subject struct {
	Algo kernel.Algorithm
	// Commands are the algorithm's own commands (initial heights, the resource of a node's
	// next request, ...): each gets the command's words after its name and returns its output.
	Commands map[string]func(args []string) (string, error)
	// Message renders a message; nil: its type's name and its words A, B, C, D without the
	// trailing zeros, as "request(0,2,1)".
	Message func(typ string, m kernel.Message) string
	// Option, when set, reads the value of a "network" key that is not a number: the name of
	// one of the algorithm's named options (a reading), as its spec key takes it.
	Option func(key, val string) (float64, error)
	// Trace, when not nil, also receives every trace event of the trial, with its simulator
	// (the trace viewer records a script this way: traceview).
	Trace func(sim *kernel.Sim, e kernel.TraceEvent)
}

// RunScripts runs every file matching pattern (e.g. "testdata/*.txt") as a subtest, each with
// a fresh Subject, and fails where a command's output differs from the file's.
func RunScripts(t *testing.T, pattern string, subject func() Subject) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario scripts match %s (%v)", pattern, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			want, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Play(f, string(want), subject())
			if err != nil {
				t.Fatal(err)
			}
			if *rewrite {
				if err := os.WriteFile(f, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if d := FirstDifference(string(want), got); d != "" {
				t.Errorf("%s: %s\n(run go test -rewrite to accept the new output, after checking it against the paper)", f, d)
			}
		})
	}
}

// Play runs the script text (read from file name, for errors) against sub and returns the
// script with every command's output replaced by what the command printed now. A malformed
// script is an error naming the file and line.
func Play(name, text string, sub Subject) (string, error) {
	sc := &scenario{sub: sub}
	var out strings.Builder
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for k := 0; k < len(lines); k++ {
		line := lines[k]
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			out.WriteString(line + "\n")
			continue
		}
		if k+1 >= len(lines) || lines[k+1] != "----" {
			return "", fmt.Errorf("%s:%d: command %q is not followed by a line \"----\"", name, k+1, line)
		}
		at := k + 1
		out.WriteString(line + "\n----\n")
		for k += 2; k < len(lines) && strings.TrimSpace(lines[k]) != ""; k++ {
		}
		k-- // the blank line (or the end) is written by the loop
		res, err := sc.do(strings.Fields(line))
		if err != nil {
			return "", fmt.Errorf("%s:%d: %s: %v", name, at, line, err)
		}
		if res != "" {
			out.WriteString(strings.TrimSuffix(res, "\n") + "\n")
		}
	}
	return out.String(), nil
}

// FirstDifference describes the first line where got differs from want, or returns "".
func FirstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for k := 0; k < max(len(w), len(g)); k++ {
		var a, b string
		if k < len(w) {
			a = w[k]
		}
		if k < len(g) {
			b = g[k]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", k+1, a, b)
		}
	}
	return ""
}

// scenario is one script's run: the simulator once "network" has started it.
type scenario struct {
	sub   Subject
	sim   *kernel.Sim
	n     int
	trace []kernel.TraceEvent
	shown []string // the state line last printed for each node
}

// do runs one command and returns its output. Errors are for malformed commands; what the
// trial does (a safety violation included) is output.
func (sc *scenario) do(words []string) (string, error) {
	cmd, args := words[0], words[1:]
	if f, ok := sc.sub.Commands[cmd]; ok {
		return f(args)
	}
	if cmd == "network" {
		return sc.network(args)
	}
	if sc.sim == nil {
		return "", fmt.Errorf("%q before \"network\" (algorithm commands: %s)", cmd, sc.commandNames())
	}
	if err := sc.sim.Err(); err != nil {
		return "error: the trial has stopped: " + err.Error(), nil
	}
	switch cmd {
	case "state":
		return sc.state(), nil
	case "check":
		return sc.check(), nil
	}
	act, err := sc.action(cmd, args)
	if err != nil {
		return "", err
	}
	return sc.after(act()), nil
}

func (sc *scenario) commandNames() string {
	var names []string
	for c := range sc.sub.Commands {
		names = append(names, c)
	}
	return strings.Join(names, ", ")
}

// action parses a command that makes the trial run and returns the function that runs it.
func (sc *scenario) action(cmd string, args []string) (func() error, error) {
	if k := len(args); k >= 2 && args[k-2] == "draw" {
		return sc.drawing(cmd, args[:k-2], args[k-1])
	}
	if cmd == "deliver" && len(args) == 3 && args[1] == "from" {
		return sc.deliverFrom(args[0], args[2])
	}
	if cmd == "request" && len(args) == 3 && args[1] == "choice" {
		return sc.requestChoosing(args[0], args[2])
	}
	nodes, err := sc.nodes(args)
	if err != nil {
		return nil, err
	}
	want := map[string]int{"request": 1, "release": 1, "crash": 1, "deliver": 1, "link-down": 2, "link-up": 2, "deliver-all": 0, "stabilize": 0}
	k, known := want[cmd]
	if !known {
		return nil, fmt.Errorf("unknown command %q; known: network, request (i, or i choice c), release, deliver (i, or i from j), deliver-all, stabilize, link-down, link-up, crash, state, check (an action may end in \"draw v\"), and the algorithm's own (%s)", cmd, sc.commandNames())
	}
	if len(nodes) != k {
		return nil, fmt.Errorf("%s takes %d node(s), got %d", cmd, k, len(nodes))
	}
	s := sc.sim
	return map[string]func() error{
		"request": func() error { return s.RequestCS(nodes[0]) },
		"release": func() error { return s.ReleaseCS(nodes[0]) },
		"crash": func() error {
			sc.trace = append(sc.trace, kernel.TraceEvent{Kind: "note", Msg: fmt.Sprintf("%d crashes", nodes[0])})
			return s.Crash(nodes[0])
		},
		"deliver":     func() error { _, err := s.DeliverTo(nodes[0]); return err },
		"deliver-all": func() error { _, err := s.DeliverAll(); return err },
		"stabilize":   sc.stabilize,
		"link-down":   func() error { return s.LinkDown(nodes[0], nodes[1]) },
		"link-up":     func() error { return s.LinkUp(nodes[0], nodes[1]) },
	}[cmd], nil
}

// deliverFrom parses "deliver i from j": deliver to node i the first message in transit from
// node j (one message, where "deliver i" delivers all of node i's; the exhaustive explorer's
// counterexamples use it).
func (sc *scenario) deliverFrom(to, from string) (func() error, error) {
	nodes, err := sc.nodes([]string{to, from})
	if err != nil {
		return nil, err
	}
	return func() error {
		ok, err := sc.sim.DeliverFrom(nodes[0], nodes[1])
		if err == nil && !ok {
			sc.trace = append(sc.trace, kernel.TraceEvent{Kind: "note", Msg: fmt.Sprintf("(no message in transit from %d to %d)", nodes[1], nodes[0])})
		}
		return err
	}, nil
}

// requestChoosing parses "request i choice c": node i requests, carrying value c of the
// algorithm's kernel.RequestChooser (gme's resource, hk's h and class) instead of a drawn one
// (the exhaustive explorer's counterexamples use it).
func (sc *scenario) requestChoosing(node, value string) (func() error, error) {
	nodes, err := sc.nodes([]string{node})
	if err != nil {
		return nil, err
	}
	rc, ok := sc.sub.Algo.(kernel.RequestChooser)
	if !ok {
		return nil, fmt.Errorf("%s's requests carry no value to choose; use \"request %s\"", sc.sub.Algo.Name(), node)
	}
	c, err := strconv.Atoi(value)
	if err != nil || c < 0 || c >= rc.RequestChoices() {
		return nil, fmt.Errorf("a choice is 0..%d under these parameters, got %q", rc.RequestChoices()-1, value)
	}
	return func() error {
		sc.trace = append(sc.trace, kernel.TraceEvent{Kind: "note", Msg: fmt.Sprintf("(%s)", rc.Choice(c))})
		rc.ChooseRequest(nodes[0], c)
		return sc.sim.RequestCS(nodes[0])
	}, nil
}

// drawing parses "COMMAND ... draw v" and "COMMAND ... draw v1,v2,...": the command, whose
// draws give values v1, v2, ... of the algorithm's kernel.DrawChooser (drs's priorities) in
// order instead of the stream's (the exhaustive explorer's counterexamples, with every draw
// a choice, use it). A step that draws another number of times says so.
func (sc *scenario) drawing(cmd string, args []string, list string) (func() error, error) {
	dc, ok := sc.sub.Algo.(kernel.DrawChooser)
	if !ok {
		return nil, fmt.Errorf("%s draws no value to choose; leave out \"draw %s\"", sc.sub.Algo.Name(), list)
	}
	var values []int
	for _, w := range strings.Split(list, ",") {
		v, err := strconv.Atoi(w)
		if err != nil || v < 0 || v >= dc.DrawChoices() {
			return nil, fmt.Errorf("a draw is 0..%d under these parameters, got %q", dc.DrawChoices()-1, w)
		}
		values = append(values, v)
	}
	act, err := sc.action(cmd, args)
	if err != nil {
		return nil, err
	}
	return func() error {
		drew := 0
		dc.ChooseDraws(func() int { drew++; return values[min(drew, len(values))-1] })
		defer dc.ChooseDraws(nil)
		err := act()
		if drew != len(values) {
			sc.trace = append(sc.trace, kernel.TraceEvent{Kind: "note", Msg: fmt.Sprintf("(the step drew %d values where draw gives %d)", drew, len(values))})
		}
		return err
	}, nil
}

// nodes parses node ids.
func (sc *scenario) nodes(args []string) ([]int32, error) {
	var ids []int32
	for _, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 || v >= sc.n {
			return nil, fmt.Errorf("%q is not a node (nodes are 0..%d)", a, sc.n-1)
		}
		ids = append(ids, int32(v))
	}
	return ids, nil
}

// ScriptsCatch plays each file of cases with the subject mutant makes for the mutant cases
// names (file -> mutant) and fails where the output is what the file says: the scenario would
// not notice the mutant. It logs the first difference of each, the line that catches it.
func ScriptsCatch(t *testing.T, cases map[string]string, mutant func(name string) (Subject, error)) {
	t.Helper()
	for f, name := range cases {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := mutant(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Play(f, string(want), sub)
		if err != nil {
			t.Fatal(err)
		}
		if d := FirstDifference(string(want), got); d == "" {
			t.Errorf("%s: mutant %s plays the scenario exactly as the real algorithm", f, name)
		} else {
			t.Logf("%s catches mutant %s at %s", f, name, d)
		}
	}
}

// NodeNumber returns an algorithm command "name i v" that calls set(i, v) for node i and
// a whole number v (a gme request's resource, an hk request's class, a drs priority).
func NodeNumber(name string, set func(i int32, v int64)) func(args []string) (string, error) {
	return func(args []string) (string, error) {
		if len(args) == 2 {
			i, err1 := strconv.Atoi(args[0])
			v, err2 := strconv.ParseInt(args[1], 10, 64)
			if err1 == nil && err2 == nil && i >= 0 {
				set(int32(i), v)
				return "", nil
			}
		}
		return "", fmt.Errorf("%s takes a node and a whole number, got %v", name, args)
	}
}
