package gme

import "fmt"

// Requests as choices (kernel.RequestChooser): a script or an exhaustive search names the
// resource of a request instead of drawing it. Every resource 0..m-1 can be drawn, under the
// uniform and the Zipf distribution alike.

// RequestChoices is m: a request may ask for any resource.
func (a *GME) RequestChoices() int { return int(a.nres) }

// ChooseRequest makes node i's next request ask for resource c.
func (a *GME) ChooseRequest(i int32, c int) {
	a.chosen = choice{node: i, resource: int64(c), set: true}
}

// Choice names value c.
func (a *GME) Choice(c int) string { return fmt.Sprintf("resource %d", c) }

// choice is the resource ChooseRequest gave node's next request, until that request takes
// it: between two steps it is never set, so it is no part of a state.
type choice struct {
	node     int32
	resource int64
	set      bool
}

// take returns the resource chosen for node i's request, if one was.
func (c *choice) take(i int32) (int64, bool) {
	if !c.set || c.node != i {
		return 0, false
	}
	r := c.resource
	*c = choice{}
	return r, true
}
