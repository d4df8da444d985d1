package forks

import (
	"fmt"
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// State is a node's state: thinking, hungry or eating.
type State uint8

const (
	Thinking State = iota
	Hungry
	Eating
)

// MsgTypes are the algorithm's message types that the module sends.
type MsgTypes struct {
	Req, Fork kernel.MsgType // req, and ⟨fork, flag⟩ with the flag in word A
}

// Table is the fork collection state of all n nodes.
type Table struct {
	Topo  *kernel.Topology
	Cap   int
	Types MsgTypes

	State  []State
	Behind []bool  // behind SD^f: the node runs fork collection (akw1: crossed SD^f; akw2: hungry or eating)
	Key    []int64 // node i's priority key: akw1's colour, akw2's ts (smaller ranks higher)
	KeyOf  []int64 // KeyOf[i*Cap+p]: i's view of the key of its neighbour on port p

	At    kernel.PortSets // at[j]: i holds the fork of its link to j
	Asked kernel.PortSets // a req, or a fork lent with the flag, is outstanding on the link
	Susp  kernel.PortSets // S: j's request is suspended until i leaves the CS
	Known kernel.PortSets // j's hello has arrived (its key is known)
	Eats  kernel.PortSets // j was eating when the link formed and has not said it stopped

	BadReq int64 // reqs that arrived where the fork was not (invariant I2; 0 in a correct run)

	// Ate, when set, is told of every node that starts eating (an algorithm's own metrics:
	// akw1 times its fork collection with it). It must not change the table.
	Ate func(i int32)

	mut Mutant // a deliberately broken variant for the mutation tests (mutation.go); MutNone otherwise
}

// Reset sizes the table for n nodes on t and sets the initial state: every node thinking,
// outside SD^f, with key 0; every initial link known, its fork at the smaller id (the paper:
// "at[j] is true when ID[i] < ID[j]"). An algorithm with other initial keys sets Key and then
// calls InitKeys.
func (t *Table) Reset(topo *kernel.Topology, n int, types MsgTypes) {
	t.Topo, t.Cap, t.Types = topo, topo.PortCap(), types
	t.State = kernel.Zeroed(t.State, n)
	t.Behind = kernel.Zeroed(t.Behind, n)
	t.Key = kernel.Zeroed(t.Key, n)
	t.KeyOf = kernel.Zeroed(t.KeyOf, n*t.Cap)
	// One node-major matrix: a handler's reads of node i's five sets hit one cache line.
	kernel.InterleavePortSets(n, t.Cap, &t.At, &t.Asked, &t.Susp, &t.Known, &t.Eats)
	t.BadReq = 0
	up := topo.Up()
	for i := int32(0); int(i) < n; i++ {
		row := up.Row(i)
		copy(t.Known.Row(i), row) // every initial link is known
		// The fork of each link starts at its smaller id: the links to larger ids. Word by
		// word, since this runs for every link at every trial (at n = 10^6, 8·10^6 ports: a
		// call per port cost about 0.1 s).
		at := t.At.Row(i)
		for w, word := range row {
			at[w] = word &^ LowerPeers(topo, i, w, word)
		}
	}
}

// InitKeys copies every node's Key into its neighbours' views over the initial links.
func (t *Table) InitKeys() {
	if k, ok := t.sameKey(); ok {
		t.fillKeyOf(k)
		return
	}
	up := t.Topo.Up()
	for i := int32(0); int(i) < len(t.Key); i++ {
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			t.KeyOf[t.at(i, p)] = t.Key[t.Topo.Peer(i, p)]
		}
	}
}

// sameKey reports whether every node has the same key, and which (akw1's initial ⊥). Then
// InitKeys need not read the key of every neighbour, a cache miss per link on a large
// network.
func (t *Table) sameKey() (int64, bool) {
	if len(t.Key) == 0 {
		return 0, false
	}
	k := t.Key[0]
	for _, x := range t.Key {
		if x != k {
			return 0, false
		}
	}
	return k, true
}

// fillKeyOf sets every node's view of every initial neighbour's key to k.
func (t *Table) fillKeyOf(k int64) {
	up := t.Topo.Up()
	for i := int32(0); int(i) < len(t.Key); i++ {
		keys := t.KeyOf[t.at(i, 0):][:t.Cap]
		for w, word := range up.Row(i) {
			for ; word != 0; word &= word - 1 {
				keys[w*64+bits.TrailingZeros64(word)] = k
			}
		}
	}
}

func (t *Table) at(i int32, p kernel.Port) int { return int(i)*t.Cap + int(p) }

// SetKeyOf records key as i's view of the key of its neighbour on port p.
func (t *Table) SetKeyOf(i int32, p kernel.Port, key int64) { t.KeyOf[t.at(i, p)] = key }

// KeyOfPort returns i's view of the key of its neighbour on port p.
func (t *Table) KeyOfPort(i int32, p kernel.Port) int64 { return t.KeyOf[t.at(i, p)] }

// Senior reports whether the neighbour j on port p has priority over i: (key[j], j) <
// (key[i], i). akw1: color[j] < color[i] (a low neighbour); akw2: higher(j).
func (t *Table) Senior(i int32, p kernel.Port) bool {
	kj, ki := t.KeyOf[t.at(i, p)], t.Key[i]
	return kj < ki || kj == ki && t.Topo.Peer(i, p) < i
}

// Usable is usable(j) ≡ at[j] ∧ known[j] ∧ ¬eats[j].
func (t *Table) Usable(i int32, p kernel.Port) bool {
	return t.usableWord(i, int(p)/64)&(1<<(uint(p)%64)) != 0
}

// usableWord is Usable for the 64 ports of word w of node i's rows at once.
func (t *Table) usableWord(i int32, w int) uint64 {
	usable := t.At.Row(i)[w] & t.Known.Row(i)[w]
	if t.mut != MutIgnoreEats {
		usable &^= t.Eats.Row(i)[w]
	}
	return usable
}

// Forks returns (all-forks, all-senior-forks): akw1's all-forks and all-low-forks, akw2's
// all-forks and all-higher-forks. It works a word of ports at a time: only the ports whose
// fork is not usable need Senior (a read of the neighbour's key, KeyOf), and a node holds
// most of its forks.
func (t *Table) Forks(i int32) (all, allSenior bool) {
	all, allSenior = true, true
	for w, word := range t.Topo.Up().Row(i) {
		for missing := word &^ t.usableWord(i, w); missing != 0; missing &= missing - 1 {
			all = false
			if t.Senior(i, kernel.Port(w*64+bits.TrailingZeros64(missing))) {
				return false, false
			}
		}
	}
	return all, allSenior
}

// mayEat reports whether a hungry node with these forks eats: all-forks (or, for the
// MutEatWithSeniorForks mutant, all-senior-forks).
func (t *Table) mayEat(all, allSenior bool) bool {
	return all || t.mut == MutEatWithSeniorForks && allSenior
}

// Broadcast sends m on every up port of i.
func (t *Table) Broadcast(i int32, m kernel.Message, out *kernel.Outbox) {
	up := t.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		out.Send(p, m)
	}
}

// Checker is the kernel's check for fork collection: local mutual exclusion on the current
// graph, and at every entry the node holds the fork of every current link.
func (t *Table) Checker(algo string) kernel.Checker {
	return kernel.NewForkChecker(algo, func() (*kernel.Topology, *kernel.PortSets) { return t.Topo, &t.At })
}

// RequireFIFO refuses networks that are not FIFO: both algorithms assume FIFO links
// (section 2). The error names the network parameter and the algorithm.
func RequireFIFO(algo string, p *kernel.Params) error {
	info, ok := kernel.LookupNetwork(p.Network)
	if ok && info.New != nil && !info.New().FIFO() {
		return &kernel.ParamError{Name: "network", Msg: fmt.Sprintf("%s needs FIFO links (Attiya, Kogan, Welch, section 2); network model %s is not FIFO", algo, info.Name)}
	}
	return nil
}
