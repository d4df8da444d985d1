package hk

import (
	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// Message types. Every message carries the sender's height (h1, h2, id) in words A, B, C (the
// paper attaches it to every message); D carries the paper's data field: REQUEST(i, R) the
// priority R, TOKEN(t) the free resources t, RELEASE(r) the count r, UPDATE(i, S) the priority
// S, LINK nothing. LINK is counted as "linkinfo", RL's name for the same message.
const (
	MsgRequest kernel.MsgType = iota
	MsgToken
	MsgRelease
	MsgUpdate
	MsgLink
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgRequest: {Name: "request"},
	MsgToken:   {Name: "token", Token: true},
	MsgRelease: {Name: "release"},
	MsgUpdate:  {Name: "update"},
	MsgLink:    {Name: "linkinfo"},
}

// State is a node's section: NCS, ES or CS.
type State uint8

const (
	NCS State = iota
	ES
	CS
)

// MaxLevels is the largest number of priority levels (params priority_p1 .. priority_p4).
const MaxLevels = 4

// HK is the prioritized h-out-of-k algorithm for all n nodes: the shared Reverse Link state
// (linkrev.Links) plus, per node, the paper's state, the h and priority of its current request,
// the token's t while it holds the token, and the bookkeeping described in the package doc.
type HK struct {
	// InitialHeights, when set, replaces the default initial DAG (scenario tests).
	InitialHeights []linkrev.Height

	l     linkrev.Links
	rand  *kernel.Stream
	k     int64
	hFix  int64 // h of every request, or 0: uniform on 1..k
	aging int64
	cum   [MaxLevels]float64 // cumulative distribution of priority classes 1..levels
	lvls  int

	state []State
	h     []int64 // resources the current request asks for
	class []int8  // priority class of the current request: 1 is the highest
	t     []int64 // TOKEN(t)'s t, meaningful at the token holder
	waitT []bool  // the holder dequeued its own request and waits for t >= h
	owed  []int64 // released resources not yet sent: N was empty (package doc)

	m metrics
}

// New returns an instance; Reset sizes it for a trial and reads its parameters.
func New() *HK { return &HK{} }

func (a *HK) Name() string                       { return "hk" }
func (a *HK) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }
func (a *HK) HoldsToken(i int32) bool            { return a.l.TokenHolder[i] }

// Reset reads k, h, the priority classes and the aging step from env.Params.Algo (defaults as
// registered: k = 1, h = 1, one level, aging 1) and sets the initial state: node 0 holds
// TOKEN(k), heights as in RL.
func (a *HK) Reset(env *kernel.Env) error {
	pp, err := readParams(env.Params)
	if err != nil {
		return err
	}
	a.k, a.hFix, a.aging, a.lvls = pp.k, pp.h, pp.aging, pp.levels
	sum := 0.0
	for c := range a.lvls {
		sum += pp.dist[c]
		a.cum[c] = sum
	}
	a.cum[a.lvls-1] = 1
	a.rand = env.Rand
	n := env.N
	a.state = kernel.Resize(a.state, n)
	a.h = kernel.Resize(a.h, n)
	a.class = kernel.Resize(a.class, n)
	a.t = kernel.Resize(a.t, n)
	a.waitT = kernel.Resize(a.waitT, n)
	a.owed = kernel.Resize(a.owed, n)
	clear(a.state)
	clear(a.h)
	clear(a.class)
	clear(a.t)
	clear(a.waitT)
	clear(a.owed)
	a.t[0] = a.k
	a.m.reset(env.Params, n)
	return a.l.Reset(env.Topo, n, a.InitialHeights, "hk")
}

// priority of a request of class c (1 highest) before aging: levels − c.
func (a *HK) priority(c int8) int64 { return int64(a.lvls) - int64(c) }

// draw picks the current request's h and class from the algorithm's stream (package doc).
func (a *HK) draw(i int32) {
	a.h[i] = a.hFix
	if a.hFix == 0 {
		a.h[i] = 1 + int64(a.rand.IntN(int(a.k)))
	}
	a.class[i] = 1
	if a.lvls > 1 {
		u := a.rand.Float64()
		for u >= a.cum[a.class[i]-1] && int(a.class[i]) < a.lvls {
			a.class[i]++
		}
	}
}

// ---- Event handlers (section 3), in the paper's order ----

// RequestCS: "Requesting h copies of resources with priority R".
func (a *HK) RequestCS(i int32, out *kernel.Outbox) {
	l := &a.l
	a.draw(i)
	a.m.request(i)
	old := a.headPriority(i)
	pos := l.InsertByPriority(i, linkrev.Entry{P: linkrev.Self, V: a.priority(a.class[i])}) // 1: enqueue REQUEST(i, R)
	a.state[i] = ES                                                                         // 2
	if !l.TokenHolder[i] {                                                                  // 3
		if l.QLen(i) == 1 { // 4
			a.forwardRequest(i, out)
		} else if pos == 0 && a.priority(a.class[i]) > old { // (own request now heads Q: UPDATE, package doc)
			a.sendUpdate(i, out)
		}
	} else { // 5: holder: enter if t >= h, else wait for t >= h
		a.serve(i, out)
	}
}

// ReleaseCS: "Releasing r copies of resources".
func (a *HK) ReleaseCS(i int32, out *kernel.Outbox) {
	a.age(i)         // 1: aging
	a.state[i] = NCS // 2
	a.m.inUse -= a.h[i]
	if !a.l.TokenHolder[i] { // 3
		a.forwardRelease(i, a.h[i], out)
	} else { // 4: t = t + r, and pass the token on while resources remain
		a.t[i] += a.h[i]
		a.serve(i, out)
	}
}

// Receive dispatches a message to its handler.
func (a *HK) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	h := linkrev.HeightOf(m)
	switch m.Type {
	case MsgRequest:
		a.onRequest(i, j, h, m.D, out)
	case MsgUpdate:
		a.onUpdate(i, j, m.D, out)
	case MsgRelease:
		a.onRelease(i, m.D, out)
	case MsgToken:
		a.onToken(i, j, h, m.D, out)
	case MsgLink:
		a.onLink(i, j, h, out)
	}
}

// onUpdate: "Receiving a priority update message" UPDATE(j, S).
func (a *HK) onUpdate(i int32, j kernel.Port, s int64, out *kernel.Outbox) {
	l := &a.l
	k := l.Find(i, j)
	if k < 0 { // 1: only if j's request is in Q
		return
	}
	if s <= l.Queue(i)[k].V { // priorities only rise (package doc)
		return
	}
	old := a.headPriority(i)
	pos := l.InsertByPriority(i, linkrev.Entry{P: j, V: s}) // 2: change the priority, adjust the position
	if pos == 0 && s > old && !l.TokenHolder[i] {           // 3: moved to the front: report on behalf of j
		a.sendUpdate(i, out)
	}
}

// onRequest: "Receiving a request message" REQUEST(j, S).
func (a *HK) onRequest(i int32, j kernel.Port, h linkrev.Height, s int64, out *kernel.Outbox) {
	l := &a.l
	if !l.ReceivedLI.Has(i, j) && mutation != mutIgnoreReceivedLI { // 1
		return
	}
	l.Height[l.At(i, j)] = h // 2
	old := a.headPriority(i)
	pos := -1
	if l.MyHeight[i].Less(l.Height[l.At(i, j)]) { // 3: enqueue if the link is incoming
		// Enqueue never duplicates: a REQUEST from a neighbour already in Q only raises its
		// priority, like an UPDATE (package doc).
		if k := l.Find(i, j); k < 0 || s > l.Queue(i)[k].V {
			pos = l.InsertByPriority(i, linkrev.Entry{P: j, V: s})
		}
	}
	if l.TokenHolder[i] { // 4
		a.serve(i, out)
		return
	}
	if l.AllNeighboursHigher(i) { // 5 (RL line 7)
		a.raiseHeight(i, out)
	} else if (l.QLen(i) == 1 && l.Head(i).P == j) || (l.QLen(i) > 0 && l.NextReversedOrGone(i)) { // 6
		a.forwardRequest(i, out)
	} else if l.QLen(i) >= 2 && pos == 0 && s > old { // 7: j's request heads Q: UPDATE(i, S)
		a.sendUpdate(i, out)
	}
}

// onRelease: "Receiving a release message" RELEASE(r).
func (a *HK) onRelease(i int32, r int64, out *kernel.Outbox) {
	if a.l.TokenHolder[i] { // 1: t = t + r; a waiting holder enters once t >= h
		a.t[i] += r
		a.serve(i, out)
	} else { // 2
		a.forwardRelease(i, r, out)
	}
}

// onToken: "Receiving the token message" TOKEN(t).
func (a *HK) onToken(i int32, j kernel.Port, h linkrev.Height, t int64, out *kernel.Outbox) {
	a.l.TokenArrived(i, j, h, MsgLink, out) // 1-3: tokenHolder, lower height, LINK to neighbours
	a.t[i] = t + a.owed[i]                  // (resources this node still owed go back to t)
	a.owed[i] = 0
	a.l.Next[i] = linkrev.NextSelf
	a.serve(i, out) // 4: giveTokenToFrontOfQ() if |Q| > 0 (while resources remain)
}

// onLink: "Receiving a link information message" LINK.
func (a *HK) onLink(i int32, j kernel.Port, h linkrev.Height, out *kernel.Outbox) {
	l := &a.l
	l.LinkInfoArrived(i, j, h, MsgLink, out)           // 1-3 (RL lines 1-7)
	if l.AllNeighboursHigher(i) && !l.TokenHolder[i] { // 4
		a.raiseHeight(i, out)
	} else if l.QLen(i) > 0 && l.NextReversedOrGone(i) { // 5
		a.forwardRequest(i, out)
	}
	if a.owed[i] > 0 && !l.TokenHolder[i] { // a release held back while N was empty
		r := a.owed[i]
		a.owed[i] = 0
		a.forwardRelease(i, r, out)
	}
}

// LinkDown: "Link failing".
func (a *HK) LinkDown(i int32, j kernel.Port, out *kernel.Outbox) {
	l := &a.l
	l.LinkFailed(i, j)     // 1-2
	if !l.TokenHolder[i] { // 3
		if l.AllNeighboursHigher(i) {
			a.raiseHeight(i, out)
		} else if l.QLen(i) > 0 && l.Next[i] == linkrev.NextGone { // 4
			a.forwardRequest(i, out)
		}
	}
}

// LinkUp: "Link forming".
func (a *HK) LinkUp(i int32, j kernel.Port, out *kernel.Outbox) {
	a.l.LinkFormed(i, j, MsgLink, out)
}

// ---- Procedures ----

// serve is how the token holder calls giveTokenToFrontOfQ(): first a holder waiting for
// t >= h enters if it now can; then, while resources remain (t > 0) and Q is not empty, the
// front of Q is served (package doc: "while resources remain").
func (a *HK) serve(i int32, out *kernel.Outbox) {
	if a.waitT[i] {
		if a.t[i] < a.h[i] {
			return
		}
		a.waitT[i] = false
		a.enter(i, out)
	}
	for a.l.TokenHolder[i] && !a.waitT[i] && a.t[i] > 0 && a.l.QLen(i) > 0 {
		a.giveTokenToFrontOfQ(i, out)
	}
}

// giveTokenToFrontOfQ: "Procedure giveTokenToFrontOfQ()".
func (a *HK) giveTokenToFrontOfQ(i int32, out *kernel.Outbox) {
	l := &a.l
	next := l.Dequeue(i).P // 1
	if next == linkrev.Self {
		l.Next[i] = linkrev.NextSelf
		if a.t[i] >= a.h[i] || mutation == mutIgnoreT { // 2: t >= h: t = t − h, enter
			a.enter(i, out)
		} else { // 3: wait for t >= h
			a.waitT[i] = true
		}
		return
	}
	l.TokenSent(i, next)                       // 4: lower htVector[next], tokenHolder = false
	out.Send(next, l.Msg(MsgToken, i, a.t[i])) // 5: TOKEN(t)
	a.t[i] = 0
	if l.QLen(i) > 0 && mutation != mutNoRequestAfterToken { // 6: REQUEST(i, R), R the priority at the front of Q
		out.Send(next, l.Msg(MsgRequest, i, l.Head(i).V))
	}
}

func (a *HK) enter(i int32, out *kernel.Outbox) {
	a.t[i] -= a.h[i]
	a.state[i] = CS
	a.m.enter(a, i)
	out.EnterCS()
}

// raiseHeight: "Procedure raiseHeight()".
func (a *HK) raiseHeight(i int32, out *kernel.Outbox) {
	if mutation != mutSkipRaiseHeight {
		a.l.RaiseHeight(i, MsgLink, out) // 1-3
	}
	if a.l.QLen(i) > 0 { // 4
		a.forwardRequest(i, out)
	}
}

// forwardRequest: "Procedure forwardRequest()": next = lowest neighbour, REQUEST(i, R) with R
// the priority at the front of Q.
func (a *HK) forwardRequest(i int32, out *kernel.Outbox) {
	l := &a.l
	next := l.LowestNeighbour(i)
	if mutation == mutHighestNeighbour {
		next = a.highestNeighbour(i)
	}
	if next == kernel.NoPort {
		l.Next[i] = linkrev.NextGone
		return
	}
	l.Next[i] = next
	out.Send(next, l.Msg(MsgRequest, i, l.Head(i).V))
}

// forwardRelease: "Procedure forwardRelease(r)": RELEASE(r) to the lowest-height neighbour.
// A sink first raises its height (as in the group-mutex paper's sendRelease); next is left
// alone (it belongs to the request chain); with N empty the release waits in owed.
func (a *HK) forwardRelease(i int32, r int64, out *kernel.Outbox) {
	l := &a.l
	if l.AllNeighboursHigher(i) {
		a.raiseHeight(i, out)
	}
	p := l.LowestNeighbour(i)
	if p == kernel.NoPort {
		a.owed[i] += r
		return
	}
	if mutation == mutDropRelease {
		return
	}
	out.Send(p, l.Msg(MsgRelease, i, r))
}

// sendUpdate sends UPDATE(i, S), S the priority at the front of Q, to next (if next is a
// neighbour; otherwise a REQUEST follows anyway when next is chosen again).
func (a *HK) sendUpdate(i int32, out *kernel.Outbox) {
	if nx := a.l.Next[i]; nx >= 0 && a.l.InN.Has(i, nx) {
		out.Send(nx, a.l.Msg(MsgUpdate, i, a.l.Head(i).V))
	}
}

// age is the paper's aging procedure: every request in Q gains the aging step.
func (a *HK) age(i int32) {
	q := a.l.Queue(i)
	for k := range q {
		q[k].V += a.aging
	}
}

func (a *HK) headPriority(i int32) int64 {
	if a.l.QLen(i) == 0 {
		return -1 << 62
	}
	return a.l.Head(i).V
}

// ---- Mutation points ----

// mutation selects a deliberately broken variant of the algorithm for the mutation tests
// (mutation_test.go), which prove that the swarm's checks catch each one. It is mutNone except
// while such a test runs, and only export_test.go sets it. Each mutation point above is one
// comparison with this byte; points inside algorithms/internal/linkrev are mutated at hk's
// call site.
var mutation mutant

type mutant uint8

const (
	mutNone                mutant = iota
	mutSkipRaiseHeight            // raiseHeight: lines 1-3 skipped
	mutIgnoreReceivedLI           // request handler: line 1 (receivedLI) skipped
	mutNoRequestAfterToken        // giveTokenToFrontOfQ: line 6 (REQUEST after TOKEN) skipped
	mutHighestNeighbour           // forwardRequest sends to the highest neighbour
	mutIgnoreT                    // giveTokenToFrontOfQ: enters without t >= h
	mutDropRelease                // forwardRelease sends nothing: released resources vanish
)

// highestNeighbour is mutHighestNeighbour's choice: the highest neighbour in N.
func (a *HK) highestNeighbour(i int32) kernel.Port {
	l := &a.l
	best := kernel.NoPort
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) {
		if best == kernel.NoPort || l.Height[l.At(i, best)].Less(l.Height[l.At(i, k)]) {
			best = k
		}
	}
	return best
}
