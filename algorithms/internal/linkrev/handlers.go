package linkrev

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// The handler parts that RL (section 4.3 of Walter, Welch and Vaidya) and Jiang's two
// algorithms state identically. Each names the RL lines it implements; rl.go, hk.go and gme.go
// call them where their papers do, so each still reads line by line against its paper.

// ---- Handlers ----

// RequestArrived is lines 1-2 of RL's Request handler ("When Request(h) received at node i
// from node j"; Jiang's request handlers open with the same lines): a Request on a link whose
// confirming LinkInfo has not arrived since the token was sent over it (receivedLI[j] = false)
// is ignored, and RequestArrived reports false; otherwise j's height is recorded.
func (l *Links) RequestArrived(i int32, j kernel.Port, h Height) bool {
	if !l.ReceivedLI.Has(i, j) && l.mut != MutIgnoreReceivedLI { // 1
		return false
	}
	l.setHeight(i, j, h) // 2
	return true
}

// Incoming is line 3's test of RL's Request handler, myHeight < height[j]: the link from j
// points toward i, so j's request belongs in Q. It follows RequestArrived, whose setHeight
// wrote port j's Lower bit (lower.go), height[j] < myHeight; the two heights are never
// equal (their ids differ), so not below is above.
func (l *Links) Incoming(i int32, j kernel.Port) bool {
	return !l.Lower.Has(i, j)
}

// Reroute is lines 7-9 of RL's Request handler at a node without the token (Jiang's request
// handlers, lines 5-6): a sink raises its height; otherwise, if j's request is the only one in
// Q or the link to next has reversed (or next has left N), the request goes on. It reports
// whether it did either.
func (l *Links) Reroute(i int32, j kernel.Port, out *kernel.Outbox) bool {
	if l.AllNeighboursHigher(i) { // 7
		l.RaiseHeight(i, out)
		return true
	}
	return l.Forward(i, j, out) // 8-9
}

// Forward is lines 8-9 of RL's Request handler alone, as Jiang's h-out-of-k request handler
// states them ("Non-token holding node i calls forwardRequest() if |Q|=1 or if Q is
// non-empty and the link to next has reversed"): if j's request is the only one in Q or the
// link to next has reversed (or next has left N), the request goes on. It reports whether
// it did.
func (l *Links) Forward(i int32, j kernel.Port, out *kernel.Outbox) bool {
	if (l.QLen(i) == 1 && l.Head(i) == j) || (l.QLen(i) > 0 && l.NextReversedOrGone(i)) { // 8
		l.ForwardRequest(i, out) // 9: reroute request
		return true
	}
	return false
}

// TokenArrived is lines 1-5 of RL's Token handler ("When Token(h) received at node i from
// node j"): tokenHolder = true; record j's height; send LinkInfo with the lowered height to
// every neighbour that was outgoing before the height is lowered, and to j (once), or, under
// TokenLink = LinkAll, to every neighbour in N and to j (once); lower myHeight to
// (h.h1, h.h2 − 1, i). Jiang's Token handlers open with the same steps.
func (l *Links) TokenArrived(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	l.TokenHolder[i] = true // 1
	l.setHeight(i, j, h)    // 2
	lowered := Height{h.H1, h.H2 - 1, i}
	m := kernel.Message{Type: l.Types.Link, A: lowered.H1, B: lowered.H2, C: int64(i)}
	inN, lower := l.InN.Row(i), l.Lower.Row(i)
	for w, to := range inN { // 3: N ∩ (Lower ∪ {j}), or N, in port order
		if l.TokenLink != LinkAll {
			to &= lower[w] | bitOf(j, w)
		}
		for ; to != 0; to &= to - 1 {
			out.Send(kernel.Port(w*64+bits.TrailingZeros64(to)), m)
		}
	}
	if !l.InN.Has(i, j) {
		out.Send(j, m)
	}
	l.setMyHeight(i, lowered) // 4, 5
}

// bitOf returns port p's bit in word w of a port set (0 if p is in another word).
func bitOf(p kernel.Port, w int) uint64 {
	if int(p)>>6 != w {
		return 0
	}
	return 1 << (uint(p) & 63)
}

// OnLinkInfo is RL's LinkInfo handler ("When LinkInfo(h) received at node i from node j"),
// which Jiang's LINK handlers repeat: lines 1-7 (LinkInfoArrived), then line 8, a node
// without the token that became a sink raises its height, or line 9, a request whose link to
// next reversed is rerouted.
func (l *Links) OnLinkInfo(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	l.LinkInfoArrived(i, j, h, out)                    // 1-7
	if l.AllNeighboursHigher(i) && !l.TokenHolder[i] { // 8
		l.RaiseHeight(i, out)
	} else if l.QLen(i) > 0 && l.NextReversedOrGone(i) { // 9: reroute request
		l.ForwardRequest(i, out)
	}
}

// LinkInfoArrived is lines 1-7 of RL's LinkInfo handler: j joins N; a forming link whose own
// height changed meanwhile answers with a LinkInfo; j's height is recorded (or receivedLI
// confirmed); if the link is now outgoing, j's request is deleted from Q. Line 6 compares
// (h1, h2) only: both ids are j's, h's as every height a message carries is its sender's
// (TestMessageIDs), the stored one's as the port record's (heightStore).
func (l *Links) LinkInfoArrived(i int32, j kernel.Port, h Height, out *kernel.Outbox) {
	l.InN.Add(i, j)                                                 // 1
	if l.Forming.Has(i, j) && l.MyHeight(i) != l.formHeight(i, j) { // 2
		out.Send(j, l.Msg(l.Types.Link, i, 0)) // 3
	}
	l.stopForming(i, j)         // 4
	if l.ReceivedLI.Has(i, j) { // 5
		l.setHeight(i, j, h)
	} else if l.hs.get(l.At(i, j)) == levelOf(h) { // 6
		l.ReceivedLI.Add(i, j)
	}
	if l.Lower.Has(i, j) { // 7: height[j] < myHeight
		l.Delete(i, j)
	}
}

// OnLinkDown is RL's LinkDown handler ("When failure of link to j detected at node i"), which
// Jiang's "Link failing" repeats: lines 1-3 (LinkFailed), then at a node without the token,
// line 5, a sink raises its height, or line 6, a request whose next has gone is rerouted.
func (l *Links) OnLinkDown(i int32, j kernel.Port, out *kernel.Outbox) {
	l.LinkFailed(i, j)     // 1-3 (and next = gone if it was j)
	if !l.TokenHolder[i] { // 4
		if l.AllNeighboursHigher(i) { // 5
			l.RaiseHeight(i, out)
		} else if l.QLen(i) > 0 && l.Next[i] == NextGone { // 6: reroute request
			l.ForwardRequest(i, out)
		}
	}
}

// LinkFailed is lines 1-3 of RL's LinkDown handler: j leaves N, its request leaves Q,
// receivedLI[j] = true; a link that fails while forming is forgotten, and next becomes
// NextGone if it was j.
func (l *Links) LinkFailed(i int32, j kernel.Port) {
	l.InN.Remove(i, j) // 1
	if l.mut != MutKeepQOnLinkDown {
		l.Delete(i, j) // 2
	}
	l.ReceivedLI.Add(i, j) // 3
	l.stopForming(i, j)    // (a link that fails while forming is forgotten)
	if l.Next[i] == j {    // next ∉ N from now on, even if port j is reused
		l.Next[i] = NextGone
	}
}

// LinkFormed is RL's LinkUp handler ("When formation of link to j detected at node i"), lines
// 1-3: send LinkInfo, forming[j] = true, formHeight[j] = myHeight. Port j gets its place in
// node i's row of heights here, before any message can arrive on it.
func (l *Links) LinkFormed(i int32, j kernel.Port, out *kernel.Outbox) {
	l.fitPort(i, j)
	out.Send(j, l.Msg(l.Types.Link, i, 0)) // 1
	l.startForming(i, j, l.MyHeight(i))    // 2, 3
}

// ---- Procedures ----

// ForwardRequest is RL's Procedure ForwardRequest (Jiang's forwardRequest): next = the lowest
// neighbour (line 1), and a Request to it (line 2) carrying the head of Q's value (hk: its
// priority; gme: its resource; rl: none, requestWord). Q must not be empty. With N empty (every remaining link
// of i is still forming) there is nobody to ask: next becomes NextGone, and the request goes
// out when the first LinkInfo arrives (OnLinkInfo, line 9).
func (l *Links) ForwardRequest(i int32, out *kernel.Outbox) {
	next := l.LowestNeighbour(i) // 1
	if l.mut == MutHighestNeighbour {
		next = l.highestNeighbour(i)
	}
	if next == kernel.NoPort {
		l.Next[i] = NextGone
		return
	}
	l.Next[i] = next
	out.Send(next, l.Msg(l.Types.Request, i, l.requestWord(i))) // 2
}

// RaiseHeight is RL's Procedure RaiseHeight (partial reversal, after Gafni and Bertsekas;
// Jiang's raiseHeight): lines 1-5 raise the height and tell every neighbour, and line 6
// forwards the request if Q is not empty.
func (l *Links) RaiseHeight(i int32, out *kernel.Outbox) {
	if l.mut != MutSkipRaiseHeight {
		l.raise(i, out) // 1-5
	}
	if l.QLen(i) > 0 { // 6
		l.ForwardRequest(i, out)
	}
}

// raise is lines 1-5 of RaiseHeight: h1 = 1 + min h1 over N; h2 = min h2 − 1 over the
// neighbours at the new h1 (if any); LinkInfo to every neighbour; every neighbour now lower
// leaves Q.
func (l *Links) raise(i int32, out *kernel.Outbox) {
	minH1 := int64(0)
	first := true
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) {
		if h := l.hs.get(l.At(i, k)); first || h.H1 < minH1 {
			minH1, first = h.H1, false
		}
	}
	my := &l.my[i]
	my.H1 = 1 + minH1 // 1
	minH2, inS := int64(0), false
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) { // 2: S = {l ∈ N : height[l].h1 = myHeight.h1}
		if h := l.hs.get(l.At(i, k)); h.H1 == my.H1 && (!inS || h.H2 < minH2) {
			minH2, inS = h.H2, true
		}
	}
	if inS { // 3
		my.H2 = minH2 - 1
	}
	l.relower(i)
	m := l.Msg(l.Types.Link, i, 0)
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) { // 4
		out.Send(k, m)
	}
	for k := l.InN.Next(i, 0); k >= 0; k = l.InN.Next(i, k+1) { // 5
		if l.Lower.Has(i, k) { // height[k] < myHeight (relower above)
			l.Delete(i, k)
		}
	}
}

// PassToken is lines 2-7 of RL's GiveTokenToNext for next ≠ i (Jiang's giveTokenToFrontOfQ
// lines 4-6 and transmitToken lines 4-6): TokenSent (lines 3-5), the Token carrying d in word
// D (hk: the free resources t), and, if Q is not empty, a Request right behind it for the
// head of Q (line 7).
func (l *Links) PassToken(i int32, next kernel.Port, d int64, out *kernel.Outbox) {
	l.TokenSent(i, next)                                  // 3-5
	out.Send(next, l.Msg(l.Types.Token, i, d))            // 6
	if l.QLen(i) > 0 && l.mut != MutNoRequestAfterToken { // 7
		out.Send(next, l.Msg(l.Types.Request, i, l.requestWord(i)))
	}
}

// TokenSent is lines 2-5 of RL's GiveTokenToNext for next ≠ i: next = j, tokenHolder = false,
// height[j] lowered to (myHeight.h1, myHeight.h2 − 1, j), receivedLI[j] = false.
func (l *Links) TokenSent(i int32, j kernel.Port) {
	l.Next[i] = j
	l.TokenHolder[i] = false                                                 // 3
	l.setHeight(i, j, Height{l.my[i].H1, l.my[i].H2 - 1, l.Topo.Peer(i, j)}) // 4
	l.ReceivedLI.Remove(i, j)                                                // 5
}

// ReleasePort is where Jiang's release messages go (hk's forwardRelease, gme's sendRelease):
// a sink first raises its height, then the release goes to the lowest neighbour. It returns
// NoPort when N is empty; the caller then holds the release back until the first LinkInfo.
// next is left alone: it belongs to the request chain.
func (l *Links) ReleasePort(i int32, out *kernel.Outbox) kernel.Port {
	if l.AllNeighboursHigher(i) {
		l.RaiseHeight(i, out)
	}
	return l.LowestNeighbour(i)
}
