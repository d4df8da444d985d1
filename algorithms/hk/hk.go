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

// types are the message types the shared Reverse Link handlers send for hk.
var types = linkrev.Types{Request: MsgRequest, Token: MsgToken, Link: MsgLink}

// HK is the prioritized h-out-of-k algorithm for all n nodes: the shared Reverse Link state
// (linkrev.Links) plus, per node, the paper's state, the h and priority of its current request,
// the token's t while it holds the token, and the bookkeeping described in the package doc.
type HK struct {
	// InitialHeights, when set, replaces the default initial DAG (scenario tests).
	InitialHeights []linkrev.Height
	// Choose, when set, gives the h and the priority class (1 is the highest) of node i's
	// next request instead of drawing them from the algorithm's stream (scenario tests).
	Choose func(i int32) (h int64, class int)

	l      linkrev.Links
	rand   *kernel.Stream
	k      int64
	hFix   int64 // h of every request, or 0: uniform on 1..k
	aging  int64
	cum    [MaxLevels]float64 // cumulative distribution of priority classes 1..levels
	lvls   int
	chosen choice // a request's h and class a script or search chose (choose.go)

	agingAt, sink int // the readings' codes (params.go; package doc)

	state []State
	h     []int64 // resources the current request asks for
	class []int8  // priority class of the current request: 1 is the highest
	t     []int64 // TOKEN(t)'s t, meaningful at the token holder
	waitT []bool  // the holder dequeued its own request and waits for t >= h
	owed  []int64 // released resources not yet sent: N was empty (package doc)

	m   metrics `explore:"-"` // bookkeeping no handler reads: not part of the explorer's state
	mut mutant  // a deliberately broken variant (mutation tests only); mutNone otherwise
}

// New returns an instance; Reset sizes it for a trial and reads its parameters.
func New() *HK { return &HK{l: linkrev.Links{Valued: true}} } // Q's entries carry their priority

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
	a.agingAt, a.sink = pp.agingAt, pp.sink
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
	a.l.TokenLink = linkrev.LinkRuleOf(pp.linkTo)
	return a.l.Reset(env.Topo, n, a.InitialHeights, "hk", types)
}

// priority of a request of class c (1 highest) before aging: levels − c.
func (a *HK) priority(c int8) int64 { return int64(a.lvls) - int64(c) }

// draw picks the current request's h and class from the algorithm's stream (package doc).
func (a *HK) draw(i int32) {
	if a.Choose != nil {
		h, c := a.Choose(i)
		a.h[i], a.class[i] = h, int8(c)
		return
	}
	if c := a.chosen; c.set && c.node == i {
		a.h[i], a.class[i], a.chosen = c.h, c.class, choice{}
		return
	}
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
	pos := a.insert(i, linkrev.Entry{P: linkrev.Self, V: a.priority(a.class[i])}) // 1: enqueue REQUEST(i, R)
	a.state[i] = ES                                                               // 2
	if !l.TokenHolder[i] {                                                        // 3
		if l.QLen(i) == 1 { // 4
			l.ForwardRequest(i, out)
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
	if s <= l.Values(i)[k] { // priorities only rise (package doc)
		return
	}
	old := a.headPriority(i)
	pos := a.insert(i, linkrev.Entry{P: j, V: s}) // 2: change the priority, adjust the position
	if pos == 0 && s > old && !l.TokenHolder[i] { // 3: moved to the front: report on behalf of j
		a.sendUpdate(i, out)
	}
}

// onRequest: "Receiving a request message" REQUEST(j, S).
func (a *HK) onRequest(i int32, j kernel.Port, h linkrev.Height, s int64, out *kernel.Outbox) {
	l := &a.l
	if !l.RequestArrived(i, j, h) { // 1-2: ignored until receivedLI[j]; record j's height
		return
	}
	old := a.headPriority(i)
	pos := -1
	if l.Incoming(i, j) { // 3: enqueue if the link is incoming
		// Enqueue never duplicates: a REQUEST from a neighbour already in Q only raises its
		// priority, like an UPDATE (package doc).
		if k := l.Find(i, j); k < 0 || s > l.Values(i)[k] {
			pos = a.insert(i, linkrev.Entry{P: j, V: s})
		}
	}
	if l.TokenHolder[i] { // 4
		a.serve(i, out)
		return
	}
	if !a.reroute(i, j, out) && l.QLen(i) >= 2 && pos == 0 && s > old { // 5-6, else 7: j's request heads Q: UPDATE(i, S)
		a.sendUpdate(i, out)
	}
}

// reroute is lines 5-6 of the request handler at a node without the token: forwardRequest()
// if |Q| = 1 or the link to next has reversed (RL's lines 8-9), and, under request_sink =
// raise, first RL's line 7, which Jiang's handler does not have: a sink raises its height.
func (a *HK) reroute(i int32, j kernel.Port, out *kernel.Outbox) bool {
	if a.sink == SinkRaise {
		return a.l.Reroute(i, j, out)
	}
	return a.l.Forward(i, j, out)
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
	a.l.TokenArrived(i, j, h, out) // 1-3: tokenHolder, lower height, LINK to neighbours
	a.t[i] = t + a.owed[i]         // (resources this node still owed go back to t)
	a.owed[i] = 0
	a.l.Next[i] = linkrev.NextSelf
	a.serve(i, out) // 4: giveTokenToFrontOfQ() if |Q| > 0 (while resources remain)
}

// onLink: "Receiving a link information message" LINK.
func (a *HK) onLink(i int32, j kernel.Port, h linkrev.Height, out *kernel.Outbox) {
	l := &a.l
	l.OnLinkInfo(i, j, h, out)              // 1-5 (RL lines 1-9)
	if a.owed[i] > 0 && !l.TokenHolder[i] { // a release held back while N was empty
		r := a.owed[i]
		a.owed[i] = 0
		a.forwardRelease(i, r, out)
	}
}

// LinkDown: "Link failing" (RL's LinkDown handler, lines 1-6).
func (a *HK) LinkDown(i int32, j kernel.Port, out *kernel.Outbox) { a.l.OnLinkDown(i, j, out) }

// LinkUp: "Link forming" (RL's LinkUp handler, lines 1-3).
func (a *HK) LinkUp(i int32, j kernel.Port, out *kernel.Outbox) { a.l.LinkFormed(i, j, out) }

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
	next := l.Dequeue(i) // 1
	if next == linkrev.Self {
		l.Next[i] = linkrev.NextSelf
		if a.t[i] >= a.h[i] || a.mut == mutIgnoreT { // 2: t >= h: t = t − h, enter
			a.enter(i, out)
		} else { // 3: wait for t >= h
			a.waitT[i] = true
		}
		return
	}
	// 4-6: lower htVector[next], tokenHolder = false; TOKEN(t); REQUEST(i, R) behind it, R the
	// priority at the front of Q, if Q is not empty. Under aging_at = token-pass the requests
	// left in Q age first, so the REQUEST carries the aged priority (package doc).
	if a.agingAt == AgingTokenPass {
		a.age(i)
	}
	l.PassToken(i, next, a.t[i], out)
	a.t[i] = 0
}

func (a *HK) enter(i int32, out *kernel.Outbox) {
	a.t[i] -= a.h[i]
	a.state[i] = CS
	a.m.enter(a, i)
	out.EnterCS()
}

// raiseHeight and forwardRequest are the shared code's (linkrev.Links.RaiseHeight and
// ForwardRequest): Jiang states them as RL does, with REQUEST(i, R) carrying the priority at
// the front of Q.

// forwardRelease: "Procedure forwardRelease(r)": RELEASE(r) to the lowest-height neighbour
// (linkrev.Links.ReleasePort: a sink first raises its height, as in the group-mutex paper's
// sendRelease; next is left alone). With N empty the release waits in owed.
func (a *HK) forwardRelease(i int32, r int64, out *kernel.Outbox) {
	p := a.l.ReleasePort(i, out)
	if p == kernel.NoPort {
		a.owed[i] += r
		return
	}
	if a.mut == mutDropRelease {
		return
	}
	out.Send(p, a.l.Msg(MsgRelease, i, r))
}

// sendUpdate sends UPDATE(i, S), S the priority at the front of Q, to next (if next is a
// neighbour; otherwise a REQUEST follows anyway when next is chosen again).
func (a *HK) sendUpdate(i int32, out *kernel.Outbox) {
	if nx := a.l.Next[i]; nx >= 0 && a.l.InN.Has(i, nx) {
		out.Send(nx, a.l.Msg(MsgUpdate, i, a.l.HeadValue(i)))
	}
}

// age is the paper's aging procedure: every request in Q gains the aging step.
func (a *HK) age(i int32) {
	vs := a.l.Values(i)
	for k := range vs {
		vs[k] += a.aging
	}
}

func (a *HK) headPriority(i int32) int64 {
	if a.l.QLen(i) == 0 {
		return -1 << 62
	}
	return a.l.HeadValue(i)
}

// ---- Mutation points ----

// mutant numbers hk's own deliberately broken variants; the shared Reverse Link code has its
// own (linkrev.Mutant), and hk has those too (the mutation package says how mutants work).
// HK.mut holds the one in force, mutNone in every real trial; each point above is one
// comparison with it.
type mutant uint8

const (
	mutNone        mutant = iota
	mutIgnoreT            // giveTokenToFrontOfQ: enters without t >= h
	mutDropRelease        // forwardRelease sends nothing: released resources vanish
	mutFIFOQueue          // insert: Q in order of arrival, not of priority
)

// mutants names hk's own mutants, indexed by mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var mutants = [...][2]string{
	mutIgnoreT:     {"ignore-t", "giveTokenToFrontOfQ line 2 enters without t >= h"},
	mutDropRelease: {"drop-release", "forwardRelease sends nothing (released resources vanish)"},
	mutFIFOQueue:   {"fifo-queue", "Q is kept in order of arrival, not of priority (request line 1, UPDATE line 2: a raised priority keeps its place)"},
}

// insert puts e into node i's queue by priority (linkrev.Links.InsertByPriority: the
// enqueue of the request handlers' line 1 and UPDATE's "adjust the position") and returns its
// position. Under the fifo-queue mutant a new entry goes to the end and a known one keeps
// its place with its new priority: safety and eventual service hold, only the order of
// entries changes, which Theorem 2 is about (TestTheorem2CatchesFIFOQueue).
func (a *HK) insert(i int32, e linkrev.Entry) int {
	l := &a.l
	if a.mut != mutFIFOQueue {
		return l.InsertByPriority(i, e)
	}
	if k := l.Find(i, e.P); k >= 0 {
		l.Values(i)[k] = e.V
		return k
	}
	l.Enqueue(i, e)
	return l.QLen(i) - 1
}
