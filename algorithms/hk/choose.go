package hk

import "fmt"

// Requests as choices (kernel.RequestChooser): a script or an exhaustive search names the h
// and the priority class of a request instead of drawing them. The values are those a draw
// gives with a probability above zero: h in 1..k (or the fixed h), and each class whose
// probability priority_p<c> is not zero.

// RequestChoices is the number of (h, class) pairs a draw can give.
func (a *HK) RequestChoices() int { return len(a.hChoices()) * len(a.classChoices()) }

// ChooseRequest makes node i's next request carry pair c: h varies fastest.
func (a *HK) ChooseRequest(i int32, c int) {
	hs, classes := a.hChoices(), a.classChoices()
	a.chosen = choice{node: i, h: hs[c%len(hs)], class: classes[c/len(hs)], set: true}
}

// Choice names pair c.
func (a *HK) Choice(c int) string {
	hs, classes := a.hChoices(), a.classChoices()
	return fmt.Sprintf("h=%d class %d", hs[c%len(hs)], classes[c/len(hs)])
}

// hChoices lists the h a request may ask for.
func (a *HK) hChoices() []int64 {
	if a.hFix != 0 {
		return []int64{a.hFix}
	}
	hs := make([]int64, a.k)
	for x := range hs {
		hs[x] = int64(x) + 1
	}
	return hs
}

// classChoices lists the priority classes a request may have: those of probability above zero.
func (a *HK) classChoices() []int8 {
	var classes []int8
	below := 0.0
	for c := range a.lvls {
		if a.cum[c] > below {
			classes = append(classes, int8(c)+1)
		}
		below = a.cum[c]
	}
	return classes
}

// choice is the h and class ChooseRequest gave node's next request, until that request
// takes them: between two steps it is never set, so it is no part of a state.
type choice struct {
	node  int32
	h     int64
	class int8
	set   bool
}
