package algotest

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// Describe shows the link count a trial starts with (87 on 30 nodes at connectivity 0.2),
// never the zero that stands for "set by connectivity", and none for models that make their
// own graph.
func TestDescribeShowsTheLinksUsed(t *testing.T) {
	p := kernel.DefaultParams()
	if got := Describe(&p); !strings.Contains(got, " links=87 ") {
		t.Errorf("Describe = %q, want it to contain links=87", got)
	}
	p.Network = "waypoint"
	if got := Describe(&p); strings.Contains(got, "links=") {
		t.Errorf("Describe = %q: a waypoint network makes its own links, none to show", got)
	}
}
