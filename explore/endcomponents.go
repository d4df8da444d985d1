package explore

// endComponents is the maximal end components among the states where some nodes wait
// (almostsure.go): for each state, the component it is in (-1: none) and which of its moves
// the component keeps, and, per component, its size and whether it is fair.
type endComponents struct {
	comp []int32  // by state
	keep [][]bool // by state and move
	size []int32  // by component
	fair []bool   // by component
}

// endComponents finds the maximal end components among the states where the nodes of mask
// wait (de Alfaro): start from those states and their steps whose draws' every value was
// explored; then, until nothing changes, find the strongly connected components, drop each
// step with a move that leaves its state's component, and each state left with no step.
func (g *stateGraph) endComponents(mask uint64) *endComponents {
	ec := &endComponents{keep: make([][]bool, len(g.states))}
	alive := make([]bool, len(g.states))
	for id, st := range g.states {
		alive[id] = st.waiting&mask != 0
		ec.keep[id] = make([]bool, len(st.moves))
		for k := range st.moves {
			ec.keep[id][k] = alive[id] && g.whole(int32(id), k)
		}
	}
	for {
		ec.comp = g.components(alive, ec.keep)
		changed := false
		for id := range g.states {
			if alive[id] && g.dropLeaving(int32(id), alive, ec) {
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	ec.measure(g)
	return ec
}

// inFair reports whether state id is in a fair component.
func (ec *endComponents) inFair(id int32) bool {
	c := ec.comp[id]
	return c >= 0 && ec.fair[c]
}

// whole reports whether every value of the draws of state id's move k was explored: its
// step has as many moves as its draws take values.
func (g *stateGraph) whole(id int32, k int) bool {
	moves := g.states[id].moves
	count := int32(0)
	for _, m := range moves {
		if action(m.step) == action(moves[k].step) {
			count++
		}
	}
	return count == moves[k].of
}

// dropLeaving drops the steps of state id with a move out of its component, and the state
// if none is left; it reports whether it dropped anything.
func (g *stateGraph) dropLeaving(id int32, alive []bool, ec *endComponents) bool {
	moves, keep := g.states[id].moves, ec.keep[id]
	dropped, left := false, false
	for k, m := range moves {
		if keep[k] && (!alive[m.to] || ec.comp[m.to] != ec.comp[id]) {
			for j := range moves {
				if action(moves[j].step) == action(m.step) {
					keep[j], dropped = false, true
				}
			}
		}
	}
	for _, kept := range keep {
		left = left || kept
	}
	if !left {
		alive[id], dropped = false, true
	}
	return dropped
}

// measure sizes the components and decides which are fair: no delivery or release is
// enabled in every state of one without being one of its kept steps.
func (ec *endComponents) measure(g *stateGraph) {
	n := int32(0)
	for _, c := range ec.comp {
		n = max(n, c+1)
	}
	ec.size, ec.fair = make([]int32, n), make([]bool, n)
	enabled := make([]map[Step]int32, n) // per component: in how many states each is enabled
	taken := make([]map[Step]bool, n)
	for id, c := range ec.comp {
		if c < 0 {
			continue
		}
		if enabled[c] == nil {
			enabled[c], taken[c] = map[Step]int32{}, map[Step]bool{}
		}
		ec.size[c]++
		for _, f := range g.states[id].fair {
			enabled[c][f]++
		}
		for k, m := range g.states[id].moves {
			if ec.keep[id][k] {
				taken[c][action(m.step)] = true
			}
		}
	}
	for c := range n {
		ec.fair[c] = ec.size[c] > 0
		for f, count := range enabled[c] {
			if count == ec.size[c] && !taken[c][f] {
				ec.fair[c] = false
			}
		}
	}
}

// components numbers the strongly connected components of the alive states along the kept
// moves (Tarjan's algorithm, iterative: a component may be long); -1 for a state not alive.
func (g *stateGraph) components(alive []bool, keep [][]bool) []int32 {
	n := len(g.states)
	comp, index, low := make([]int32, n), make([]int32, n), make([]int32, n)
	onStack := make([]bool, n)
	for i := range comp {
		comp[i], index[i] = -1, -1
	}
	var stack []int32
	type frame struct{ id, next int32 }
	var calls []frame
	counter, comps := int32(0), int32(0)
	for root := range int32(n) {
		if !alive[root] || index[root] >= 0 {
			continue
		}
		calls = append(calls[:0], frame{root, 0})
		index[root], low[root] = counter, counter
		counter++
		stack, onStack[root] = append(stack, root), true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			moves := g.states[f.id].moves
			if k := f.next; int(k) < len(moves) {
				f.next++
				to := moves[k].to
				switch {
				case !keep[f.id][k] || !alive[to]:
				case index[to] < 0:
					index[to], low[to] = counter, counter
					counter++
					stack, onStack[to] = append(stack, to), true
					calls = append(calls, frame{to, 0})
				case onStack[to]:
					low[f.id] = min(low[f.id], index[to])
				}
				continue
			}
			id := f.id
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				parent := calls[len(calls)-1].id
				low[parent] = min(low[parent], low[id])
			}
			if low[id] == index[id] {
				for {
					top := stack[len(stack)-1]
					stack, onStack[top] = stack[:len(stack)-1], false
					comp[top] = comps
					if top == id {
						break
					}
				}
				comps++
			}
		}
	}
	return comp
}
