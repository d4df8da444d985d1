package algotest_test

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
)

// TestPlayRewritesOutput: Play keeps comments and commands and writes each command's output
// under it, whatever output the script held before.
func TestPlayRewritesOutput(t *testing.T) {
	script := "# two nodes\nnetwork 0-1\n----\nstale output\n\nrequest 1\n----\n\ncheck\n----\n"
	got, err := algotest.Play("x.txt", script, algotest.Subject{Algo: rl.New()})
	if err != nil {
		t.Fatal(err)
	}
	want := "# two nodes\nnetwork 0-1\n----\nnode 0: remainder h=(0,0) next=0 Q=[] token\nnode 1: remainder h=(0,1) next=0 Q=[]\n\n" +
		"request 1\n----\n1 -> 0 request(0,1,1)\nnode 1: waiting h=(0,1) next=0 Q=[1]\n\n" +
		"check\n----\nok: in the CS [], waiting [1], 1 messages in transit\n"
	if d := algotest.FirstDifference(want, got); d != "" {
		t.Fatalf("%s\n%s", d, got)
	}
}

// TestPlayBadScripts: a malformed script or command is an error naming the file and line.
func TestPlayBadScripts(t *testing.T) {
	for script, want := range map[string]string{
		"network 0-1\nrequest 1\n----\n":                  "x.txt:1: command \"network 0-1\" is not followed",
		"request 1\n----\n":                               "x.txt:1: request 1: \"request\" before \"network\"",
		"network 0-1\n----\n\nfly 1\n----\n":              "x.txt:4: fly 1: unknown command \"fly\"",
		"network 0-1\n----\n\ndeliver 7\n----\n":          "x.txt:4: deliver 7: \"7\" is not a node (nodes are 0..1)",
		"network 0-x\n----\n":                             "x.txt:1: network 0-x: \"0-x\" is neither a link",
		"network 0-1\n----\n\nrequest 1 choice 0\n----\n": "x.txt:4: request 1 choice 0: rl's requests carry no value to choose; use \"request 1\"",
	} {
		_, err := algotest.Play("x.txt", script, algotest.Subject{Algo: rl.New()})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: got %v, want an error starting %q", script, err, want)
		}
	}
}

// TestPlayRequestChoosing: "request i choice c" makes node i's request carry value c of the
// algorithm's kernel.RequestChooser, says which, and refuses a value out of range.
func TestPlayRequestChoosing(t *testing.T) {
	sub := func() algotest.Subject { return algotest.Subject{Algo: gme.New()} }
	got, err := algotest.Play("x.txt", "network m=2 0-1\n----\n\nrequest 1 choice 1\n----\n", sub())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "request 1 choice 1\n----\n(resource 1)\n") || !strings.Contains(got, "node 1: ES R=1 ") {
		t.Errorf("node 1's request is not for resource 1:\n%s", got)
	}
	_, err = algotest.Play("x.txt", "network m=2 0-1\n----\n\nrequest 1 choice 2\n----\n", sub())
	if want := "x.txt:4: request 1 choice 2: a choice is 0..1 under these parameters"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want an error starting %q", err, want)
	}
}

// TestPlayDrawing: "... draw v" makes the command's draw give value v of the algorithm's
// kernel.DrawChooser, notes a step that drew another number of values, and refuses a value
// out of range or an algorithm that draws none.
func TestPlayDrawing(t *testing.T) {
	sub := func() algotest.Subject { return algotest.Subject{Algo: drs.New()} }
	script := "network k_priorities=3 0-1\n----\n\nrequest 0\n----\n\ndeliver 1 draw 0\n----\n\ndeliver 0 draw 2\n----\n"
	got, err := algotest.Play("x.txt", script, sub())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "request_lock(2)") {
		t.Errorf("node 0's trial did not draw priority 2:\n%s", got)
	}
	if !strings.Contains(got, "(the step drew 0 values where draw gives 1)") {
		t.Errorf("a step that drew nothing is not noted:\n%s", got)
	}
	for script, want := range map[string]string{
		"network k_priorities=3 0-1\n----\n\nrequest 0 draw 1,3\n----\n": "x.txt:4: request 0 draw 1,3: a draw is 0..2 under these parameters",
		"network 0-1\n----\n\nrequest 0 draw 0\n----\n":                  "x.txt:4: request 0 draw 0: rl draws no value to choose",
	} {
		s := sub()
		if strings.HasPrefix(script, "network 0-1") {
			s = algotest.Subject{Algo: rl.New()}
		}
		if _, err := algotest.Play("x.txt", script, s); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("got %v, want an error starting %q", err, want)
		}
	}
}

// TestPlayShowsViolations: what the trial does, a safety violation included, is output, and
// every later command says the trial has stopped.
func TestPlayShowsViolations(t *testing.T) {
	got, err := algotest.Play("x.txt", "network 0-1\n----\n\nrelease 1\n----\n\nstate\n----\n", algotest.Subject{Algo: rl.New()})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "error: invariant violation") || !strings.Contains(got, "error: the trial has stopped") {
		t.Fatalf("violation not shown:\n%s", got)
	}
}
