package rl

import "github.com/mutexlab/mutexlab/algorithms/internal/linkrev"

// Height is a node's height (h1, h2, id). Links point from the higher to the lower end,
// comparing heights lexicographically (Less); the id makes every two heights different, so
// the directed links never form a cycle. It is the Reverse Link height shared with Jiang's
// algorithms (algorithms/internal/linkrev).
type Height = linkrev.Height
