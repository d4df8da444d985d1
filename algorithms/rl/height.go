package rl

// Height is a node's height (h1, h2, id). Links point from the higher to the lower end,
// comparing heights lexicographically; the id makes every two heights different, so the
// directed links never form a cycle.
type Height struct {
	H1, H2 int64
	ID     int32
}

// Less reports whether a is lower than b in the lexicographic order of (h1, h2, id).
func (a Height) Less(b Height) bool {
	if a.H1 != b.H1 {
		return a.H1 < b.H1
	}
	if a.H2 != b.H2 {
		return a.H2 < b.H2
	}
	return a.ID < b.ID
}
