package gme

import (
	"sort"

	"github.com/mutexlab/mutexlab/algorithms/internal/linkrev"
	"github.com/mutexlab/mutexlab/kernel"
)

// Message types. Every message carries the sender's height (h1, h2, id) in words A, B, C (the
// paper attaches it to every message). REQUEST(i, R) carries R in D. SUBTOKEN(R, w) and
// RELEASE(w) carry the exponent e of their weight w = 2^-e in D; SUBTOKEN also packs R and a
// "dropped" flag above the id in C (bits 33.. and 32; linkrev.HeightOf reads the id from the
// low 32 bits). TOKEN and LINK carry nothing else. LINK is counted as "linkinfo", RL's name
// for the same message.
const (
	MsgRequest kernel.MsgType = iota
	MsgToken
	MsgSubtoken
	MsgRelease
	MsgLink
)

var messageTypes = []kernel.MsgTypeInfo{
	MsgRequest:  {Name: "request"},
	MsgToken:    {Name: "token", Token: true},
	MsgSubtoken: {Name: "subtoken"},
	MsgRelease:  {Name: "release"},
	MsgLink:     {Name: "linkinfo"},
}

// State is a node's section: NCS, ES or CS.
type State uint8

const (
	NCS State = iota
	ES
	CS
)

const (
	none   = -1 // no weight piece (piece, owed)
	noSess = -1 // no session running (sres)
)

// types are the message types the shared Reverse Link handlers send for gme.
var types = linkrev.Types{Request: MsgRequest, Token: MsgToken, Link: MsgLink}

// GME is the group mutual exclusion algorithm for all n nodes: the shared Reverse Link state
// (linkrev.Links: height, hVector, N, receivedLINK, forming, formHeight, next, leader, Q) plus
// the paper's state and weight per node, split by role (package doc).
type GME struct {
	// InitialHeights, when set, replaces the default initial DAG (scenario tests).
	InitialHeights []linkrev.Height
	// Choose, when set, gives the resource of node i's next request instead of drawing it
	// from the algorithm's stream (scenario tests).
	Choose func(i int32) int64

	l      linkrev.Links
	rand   *kernel.Stream
	nres   int64
	chosen choice // a request's resource a script or search chose (choose.go)
	zipf   bool
	cdf    []float64

	state []State
	res   []int64 // R_i: the resource of node i's current (or last) request
	piece []int64 // weight = 2^-piece held by a non-holder in the CS, or none
	owed  []int64 // a RELEASE's exponent held back while N was empty, or none

	// The token holder's weight, exactly: minted pieces of weight 1 thrown this session
	// minus the Sum of pieces returned. sres is the session's resource.
	minted []int64
	back   []Sum
	sres   []int64

	subtokens int // the subtokens reading's code (params.go; package doc)

	// The concurrent-entering watch (ce.go, watch.go), timed through the kernel's probe;
	// ceOpen lists the nodes whose request waits at leader ceLeader for the resource of its
	// open session.
	watch    *watch
	ceOpen   []int32
	ceLeader int32

	st  metrics `explore:"-"` // bookkeeping no handler reads: not part of the explorer's state
	mut mutant  // a deliberately broken variant (mutation tests only); mutNone otherwise
}

// New returns an instance; Reset sizes it for a trial and reads its parameters.
func New() *GME { return &GME{l: linkrev.Links{Valued: true}} } // Q's entries carry their resource

func (a *GME) Name() string                       { return "gme" }
func (a *GME) MessageTypes() []kernel.MsgTypeInfo { return messageTypes }

// HoldsToken reports whether node i holds the TOKEN. Subtokens are not the token: any
// number of them may exist, and they only let their receivers join the holder's session.
func (a *GME) HoldsToken(i int32) bool { return a.l.TokenHolder[i] }

// Reset reads m, resource_dist and zipf_s from env.Params.Algo and sets the initial state of
// section 3: node 0 holds the token, heights as in RL, weight 0, state NCS, Q empty.
func (a *GME) Reset(env *kernel.Env) error {
	pp, err := readParams(env.Params)
	if err != nil {
		return err
	}
	a.nres, a.zipf, a.rand = pp.m, pp.dist == DistZipf, env.Rand
	a.subtokens = pp.subtokens
	a.ceReset(env.Probe(), pp.ceCheck == CECheckFail)
	if a.zipf {
		a.cdf = kernel.Resize(a.cdf, int(pp.m))
		zipfCDF(a.cdf, pp.s)
	}
	n := env.N
	a.state = kernel.Resize(a.state, n)
	a.res = kernel.Resize(a.res, n)
	a.piece = kernel.Resize(a.piece, n)
	a.owed = kernel.Resize(a.owed, n)
	a.minted = kernel.Resize(a.minted, n)
	a.sres = kernel.Resize(a.sres, n)
	a.back = kernel.Resize(a.back, n) // huge pages at large n; Reset below clears every Sum
	for i := range n {
		a.state[i], a.res[i], a.piece[i], a.owed[i], a.minted[i], a.sres[i] = NCS, 0, none, none, 0, noSess
		a.back[i].Reset()
	}
	a.st.reset(env.Params, n)
	a.l.TokenLink = linkrev.LinkRuleOf(pp.linkTo)
	return a.l.Reset(env.Topo, n, a.InitialHeights, "gme", types)
}

// pick draws the resource of node i's request: uniform on 0..m-1, or Zipf.
func (a *GME) pick(i int32) int64 {
	if r, ok := a.chosen.take(i); ok {
		return r
	}
	switch {
	case a.Choose != nil:
		return a.Choose(i)
	case a.nres == 1:
		return 0
	case a.zipf:
		u := a.rand.Float64()
		return int64(sort.SearchFloat64s(a.cdf, u)) // first r with cdf[r] >= u
	default:
		return int64(a.rand.IntN(int(a.nres)))
	}
}

// ---- Event handlers (section 3), in the paper's order ----

// RequestCS: "Requesting the resource R".
func (a *GME) RequestCS(i int32, out *kernel.Outbox) {
	a.requestCS(i, out)
	a.after(i, out)
}

func (a *GME) requestCS(i int32, out *kernel.Outbox) {
	l := &a.l
	r := a.pick(i)
	a.res[i] = r
	l.Enqueue(i, linkrev.Entry{P: linkrev.Self, V: r}) // 1: enqueue REQUEST(i, R)
	a.state[i] = ES                                    // 2
	if !l.TokenHolder[i] {                             // 3
		if l.QLen(i) == 1 {
			l.ForwardRequest(i, out)
		}
		return
	}
	if a.mut == mutHolderEntersAtOnce {
		a.enterAtOnce(i, r, out)
		return
	}
	// 4: the holder enters at once when no session runs (weight = 0: the paper's "sets weight
	// to 0" may not discard weight still out), or joins the running session of the same
	// resource when nobody else waits in Q; otherwise its request waits its turn (package doc).
	switch {
	case a.sres[i] == noSess: // weight = 0: Q = [i], transmitToken() lets i in
		a.transmitToken(i, out)
	case a.sres[i] == r && l.QLen(i) == 1:
		l.Dequeue(i)
		a.enter(i, out)
	}
}

// ReleaseCS: "Releasing the resource R".
func (a *GME) ReleaseCS(i int32, out *kernel.Outbox) {
	a.releaseCS(i, out)
	a.after(i, out)
}

func (a *GME) releaseCS(i int32, out *kernel.Outbox) {
	a.state[i] = NCS
	a.st.exit()
	if !a.l.TokenHolder[i] { // 1: sendRelease() with w = weight
		e := a.piece[i]
		a.piece[i] = none
		a.sendRelease(i, e, out)
		return
	}
	a.sessionEnds(i, out) // 2: weight = 0: transmitToken()
}

// Receive dispatches a message to its handler.
func (a *GME) Receive(i int32, j kernel.Port, m *kernel.Message, out *kernel.Outbox) {
	h := linkrev.HeightOf(m)
	switch m.Type {
	case MsgRequest:
		a.onRequest(i, j, h, m.D, out)
	case MsgRelease:
		a.onRelease(i, m.D, out)
	case MsgToken:
		a.onToken(i, j, h, out)
	case MsgSubtoken:
		a.onSubtoken(i, j, m.C>>33, m.C>>32&1 == 1, m.D, out)
	case MsgLink:
		a.onLink(i, j, h, out)
	}
	a.after(i, out)
}

// onRequest: "Receiving a request message" REQUEST(j, S).
func (a *GME) onRequest(i int32, j kernel.Port, h linkrev.Height, s int64, out *kernel.Outbox) {
	l := &a.l
	if !l.RequestArrived(i, j, h) { // 1-2: ignored until receivedLINK[j]; record j's height
		return
	}
	incoming := l.Incoming(i, j) // 3: enqueue if the link is incoming
	if incoming && l.TokenHolder[i] && a.state[i] == CS {
		// ("Requesting the resource R", 5) the holder in the CS answers with SUBTOKEN(R, 1);
		// REQUEST(j, S) is fulfilled if S = R, else enqueued. (Under subtokens = session the
		// holder out of the CS queues it and extend answers it, if it may, after the handler.)
		if a.mut == mutOtherResource {
			a.throwOther(i, j, s, out)
			return
		}
		if s == a.sres[i] {
			l.Delete(i, j)
		} else {
			a.enqueue(i, j, s)
		}
		a.throw(i, j, s == a.sres[i], out)
		return
	}
	if incoming {
		a.enqueue(i, j, s)
	}
	if l.TokenHolder[i] { // 4: Q non-empty, state ≠ CS and weight = 0: transmitToken()
		if a.state[i] != CS && a.sres[i] == noSess && l.QLen(i) > 0 {
			a.transmitToken(i, out)
		}
		return
	}
	l.Reroute(i, j, out) // 5-6: a sink raises its height, else reroute the request (RL lines 7-9)
}

// onRelease: "Receiving a release message" RELEASE(w).
func (a *GME) onRelease(i int32, e int64, out *kernel.Outbox) {
	if a.l.TokenHolder[i] { // 1: weight = weight − w; if 0 and not in the CS, transmitToken()
		a.back[i].Add(e)
		a.sessionEnds(i, out)
	} else { // 2
		a.sendRelease(i, e, out)
	}
}

// onToken: "Receiving the token message".
func (a *GME) onToken(i int32, j kernel.Port, h linkrev.Height, out *kernel.Outbox) {
	a.l.TokenArrived(i, j, h, out) // 1-2: leader = true; lower the height; LINK
	if a.l.QLen(i) > 0 {           // 3: transmitToken()
		a.transmitToken(i, out)
	} else {
		a.l.Next[i] = linkrev.NextSelf
	}
}

// onSubtoken: "Receiving a subtoken message" SUBTOKEN(R, w), w = 2^-e, from j. dropped says
// that j deleted i's request from its Q when it sent this (package doc).
func (a *GME) onSubtoken(i int32, j kernel.Port, r int64, dropped bool, e int64, out *kernel.Outbox) {
	l := &a.l
	if l.TokenHolder[i] { // (not in the paper) the weight is home: as RELEASE(w)
		a.back[i].Add(e)
		a.sessionEnds(i, out)
		return
	}
	// 1: split w into q fractions: one per neighbour whose request is in Q, and one for i if
	// its own request is for R.
	q := 0
	for _, x := range l.Entries(i) {
		if x.P != linkrev.Self || x.V == r {
			q++
		}
	}
	k, mine := 0, false
	if q == 0 { // 4: i's own request (for S ≠ R) is the only one in Q, or Q is empty: RELEASE(w)
		a.sendRelease(i, e, out)
	}
	if a.mut == mutDropLastPiece {
		q++ // pieces 2^-(e+1) .. 2^-(e+q); the (q+1)-th, 2^-(e+q), is never sent
	}
	for _, x := range l.Entries(i) {
		switch {
		case x.P != linkrev.Self: // 2: SUBTOKEN(R, w_k) to each neighbour in Q
			m := l.Msg(MsgSubtoken, i, Piece(e, q, k))
			m.C |= subtokenWord(r, x.V == r)
			out.Send(x.P, m)
			k++
		case x.V == r: // 3: i's request is for R: weight = w_i, enter the CS
			a.piece[i], mine = Piece(e, q, k), true
			k++
		}
	}
	l.DeleteV(i, r) // 5: the requests for R leave Q
	if mine {
		a.enter(i, out)
	}
	if dropped && j == l.Next[i] && l.QLen(i) > 0 && a.mut != mutNoReRequest { // (package doc) re-request what remains
		l.ForwardRequest(i, out)
	}
}

// onLink: "Receiving a link information message" LINK.
func (a *GME) onLink(i int32, j kernel.Port, h linkrev.Height, out *kernel.Outbox) {
	l := &a.l
	l.OnLinkInfo(i, j, h, out)                  // 1-7 (RL lines 1-9)
	if a.owed[i] != none && !l.TokenHolder[i] { // a RELEASE held back while N was empty
		e := a.owed[i]
		a.owed[i] = none
		a.sendRelease(i, e, out)
	}
}

// LinkDown: "Link failing" (RL's LinkDown handler, lines 1-6).
func (a *GME) LinkDown(i int32, j kernel.Port, out *kernel.Outbox) {
	a.l.OnLinkDown(i, j, out)
	a.after(i, out)
}

// LinkUp: "Link forming" (RL's LinkUp handler, lines 1-3).
func (a *GME) LinkUp(i int32, j kernel.Port, out *kernel.Outbox) { a.l.LinkFormed(i, j, out) }

// ---- Procedures ----

// transmitToken: "Procedure transmitToken()", called by the holder with |Q| > 0, state ≠ CS
// and weight = 0.
func (a *GME) transmitToken(i int32, out *kernel.Outbox) {
	l := &a.l
	next := l.Dequeue(i)      // 1: dequeue the first request, next = j
	if next == linkrev.Self { // 2: next = i: enter the CS, a new session of R_i
		l.Next[i] = linkrev.NextSelf
		a.sres[i] = a.res[i]
		a.st.newSession()
		a.enter(i, out)
		// 3: SUBTOKEN(R, 1) to every neighbour whose request is in Q, weight += q; the
		// requests for R leave Q.
		for _, x := range l.Entries(i) {
			a.throw(i, x.P, x.V == a.sres[i], out)
		}
		l.DeleteV(i, a.sres[i])
		return
	}
	// 4-6: lower hVector[next], leader = false, receivedLINK[next] = false; TOKEN; REQUEST
	// right behind it if Q is not empty.
	l.PassToken(i, next, 0, out)
}

// raiseHeight and forwardRequest are the shared code's (linkrev.Links.RaiseHeight and
// ForwardRequest): Jiang states them as RL does, with REQUEST(i, R) carrying the resource at
// the head of Q.

// sendRelease: "Procedure sendRelease()": RELEASE(w) to the lowest neighbour
// (linkrev.Links.ReleasePort: a sink first raises its height; next is left alone, package
// doc). With N empty the weight waits in owed until the first LINK.
func (a *GME) sendRelease(i int32, e int64, out *kernel.Outbox) {
	p := a.l.ReleasePort(i, out)
	if p == kernel.NoPort {
		if a.owed[i] != none {
			panic("gme: a second RELEASE owed while N is empty (no message can arrive before the first LINK)")
		}
		a.owed[i] = e
		return
	}
	out.Send(p, a.l.Msg(MsgRelease, i, e))
}

// after is what every handler at node i ends with: the leader extends its session
// (subtokens = session), then the concurrent-entering watch is brought up to date.
func (a *GME) after(i int32, out *kernel.Outbox) {
	a.extend(i, out)
	a.ceUpdate(i)
}

// extend is the subtokens = session reading: a leader whose session runs (weight still out)
// and in whose Q no request for another resource waits lets every request in its Q join the
// session, as transmitToken does when it opens one: SUBTOKEN(R, 1) to every neighbour in Q,
// its own request admitted at once; the requests leave Q. A request for another resource
// stops this (Theorem 3: the session then ends when its weight is back).
func (a *GME) extend(i int32, out *kernel.Outbox) {
	l := &a.l
	if a.subtokens != SubtokensSession || !l.TokenHolder[i] || a.sres[i] == noSess || l.QLen(i) == 0 || a.otherQueued(i) {
		return
	}
	self := false
	for _, x := range l.Entries(i) {
		if x.P == linkrev.Self {
			self = true
		} else {
			a.throw(i, x.P, true, out)
		}
	}
	l.DeleteV(i, a.sres[i])
	if self {
		a.enter(i, out)
	}
}

// otherQueued reports whether a request for a resource other than the session's waits in the
// holder i's Q.
func (a *GME) otherQueued(i int32) bool {
	for _, x := range a.l.Entries(i) {
		if x.V != a.sres[i] {
			return true
		}
	}
	return false
}

// throw sends SUBTOKEN(R, 1) from the holder i to the neighbour on port p and adds 1 to the
// weight thrown; dropped says that p's request left Q.
func (a *GME) throw(i int32, p kernel.Port, dropped bool, out *kernel.Outbox) {
	m := a.l.Msg(MsgSubtoken, i, 0)
	m.C |= subtokenWord(a.sres[i], dropped)
	out.Send(p, m)
	a.minted[i]++
}

// sessionEnds: at the holder, when it is not in the CS and all the weight it threw has come
// back, the session is over; the token goes to the head of Q, if any (the paper's "weight is
// 0 and state is NCS": here also ES, a holder whose own request waits in Q).
func (a *GME) sessionEnds(i int32, out *kernel.Outbox) {
	if a.state[i] == CS || (!a.weightZero(i) && a.mut != mutEndSessionEarly) {
		return
	}
	a.minted[i] = 0
	a.back[i].Reset()
	a.sres[i] = noSess
	if a.l.QLen(i) > 0 {
		a.transmitToken(i, out)
	}
}

// weightZero reports whether the holder's weight (thrown minus returned) is exactly 0.
func (a *GME) weightZero(i int32) bool { return a.back[i].Is(a.minted[i]) }

// enqueue is Enqueue(Q, REQUEST(j, S)) for a neighbour: a neighbour has one entry, so a
// repeated REQUEST from j updates the resource its entry names and keeps its place.
func (a *GME) enqueue(i int32, j kernel.Port, s int64) {
	if k := a.l.Find(i, j); k >= 0 {
		a.l.Values(i)[k] = s
		return
	}
	a.l.Enqueue(i, linkrev.Entry{P: j, V: s})
}

func (a *GME) enter(i int32, out *kernel.Outbox) {
	a.state[i] = CS
	a.st.enter()
	out.EnterCS()
}

// subtokenWord packs SUBTOKEN's R and dropped flag above the sender's id in word C.
func subtokenWord(r int64, dropped bool) int64 {
	w := r << 33
	if dropped {
		w |= 1 << 32
	}
	return w
}

// ---- Mutation points ----

// mutant numbers gme's own deliberately broken variants; the shared Reverse Link code has its
// own (linkrev.Mutant), and gme has those too (the mutation package says how mutants work).
// GME.mut holds the one in force, mutNone in every real trial; each point above is one
// comparison with it.
type mutant uint8

const (
	mutNone               mutant = iota
	mutOtherResource             // the holder in the CS answers REQUEST(j, S) with SUBTOKEN(S, 1), not SUBTOKEN(R, 1)
	mutDropLastPiece             // a relay splits w into q+1 pieces and sends only q: 2^-(e+q) is lost
	mutEndSessionEarly           // sessionEnds does not wait for the weight: the token moves when the holder leaves
	mutHolderEntersAtOnce        // the paper's literal RequestCS at the holder: weight = 0, enter at once
	mutNoReRequest               // onSubtoken: the "dropped" re-request skipped
)

// mutants names gme's own mutants, indexed by mutant, each with the change it makes in
// the paper's terms (mutation.Table).
var mutants = [...][2]string{
	mutOtherResource:      {"other-resource-subtoken", "the holder in the CS answers REQUEST(j, S) with SUBTOKEN(S, 1) instead of SUBTOKEN(R, 1)"},
	mutDropLastPiece:      {"drop-last-piece", "a relay splits w into w/2, w/4, ..., w/2^q (the last piece not doubled: w/2^q is lost)"},
	mutEndSessionEarly:    {"end-session-early", "the holder passes the token on when it leaves the CS, without waiting for weight = 0"},
	mutHolderEntersAtOnce: {"holder-enters-at-once", "the paper's literal RequestCS at the holder: weight = 0 and enter, whatever session runs"},
	mutNoReRequest:        {"no-rerequest-after-drop", "a SUBTOKEN's \"dropped\" flag is ignored (no new REQUEST for what remains in Q)"},
}

// throwOther is mutOtherResource's answer: SUBTOKEN(S, 1) for the requester's resource S, and
// j's request counts as fulfilled.
func (a *GME) throwOther(i int32, j kernel.Port, s int64, out *kernel.Outbox) {
	a.l.Delete(i, j)
	m := a.l.Msg(MsgSubtoken, i, 0)
	m.C |= subtokenWord(s, true)
	out.Send(j, m)
	a.minted[i]++
}

// enterAtOnce is mutHolderEntersAtOnce's RequestCS at the holder, as the paper words it: "sets
// weight to 0, removes REQUEST(i, R) from Q and sets state to CS", whatever session runs.
func (a *GME) enterAtOnce(i int32, r int64, out *kernel.Outbox) {
	a.l.Delete(i, linkrev.Self)
	a.l.Next[i] = linkrev.NextSelf
	a.minted[i] = 0
	a.back[i].Reset()
	a.sres[i] = r
	a.enter(i, out)
}
