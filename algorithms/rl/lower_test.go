package rl_test

import (
	"fmt"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// checkedRL is RL that checks, after every handler, that the node's Lower bits (the sink
// test's incremental form, linkrev/lower.go) agree with its heights.
type checkedRL struct {
	*rl.RL
	bad error
}

func (c *checkedRL) check(i int32, what string) {
	if p, ok := c.CheckLower(i); !ok && c.bad == nil {
		c.bad = fmt.Errorf("after %s at node %d: Lower disagrees with height on port %d", what, i, p)
	}
}

func (c *checkedRL) RequestCS(i int32, out *kernel.Outbox) {
	c.RL.RequestCS(i, out)
	c.check(i, "RequestCS")
}

func (c *checkedRL) ReleaseCS(i int32, out *kernel.Outbox) {
	c.RL.ReleaseCS(i, out)
	c.check(i, "ReleaseCS")
}

func (c *checkedRL) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	c.RL.Receive(i, j, m, out)
	c.check(i, fmt.Sprintf("message type %d", m.Type))
}

func (c *checkedRL) LinkDown(i int32, j kernel.Port, out *kernel.Outbox) {
	c.RL.LinkDown(i, j, out)
	c.check(i, "LinkDown")
}

func (c *checkedRL) LinkUp(i int32, j kernel.Port, out *kernel.Outbox) {
	c.RL.LinkUp(i, j, out)
	c.check(i, "LinkUp")
}

// TestLowerMatchesHeights runs random trials, link changes and random delays included, and
// checks after every handler that each port of the node's N is in Lower exactly when its
// height is below the node's: the sink test and the token's LinkInfo read the bits instead
// of comparing heights.
func TestLowerMatchesHeights(t *testing.T) {
	c := &checkedRL{RL: rl.New()}
	algotest.Trials(t, c, algotest.Count(100, 20), algotest.RandomParams, func(seed uint64, _ *kernel.Result) error {
		return c.bad
	})
}
