package forks

import "github.com/mutexlab/mutexlab/kernel"

// The fork collection module, Algorithm 1 lines 1-35 (akw2's lines 12-30), in the paper's
// order. Line numbers are Algorithm 1's, akw2's after the slash.

// TryEat is lines 1-4 (akw2 23-25): a hungry node that holds every fork eats; one that holds
// every senior fork asks for the junior ones; otherwise it asks for the senior ones.
func (t *Table) TryEat(i int32, out *kernel.Outbox) {
	if t.State[i] != Hungry {
		return
	}
	all, allSenior := t.Forks(i)
	switch {
	case t.mayEat(all, allSenior):
		t.Eat(i, out) // 2
	case allSenior:
		t.Request(i, false, out) // 3: request-high-forks
	default:
		t.Request(i, true, out) // 4: request-low-forks
	}
}

// Eat is "state := eating": the node enters its critical section.
func (t *Table) Eat(i int32, out *kernel.Outbox) {
	t.State[i] = Eating
	out.EnterCS()
	if t.Ate != nil {
		t.Ate(i)
	}
}

// Req is lines 10-16 (akw2 12-15), "when req is received from j and at[j]": an eater
// suspends it (it keeps every fork: package doc); a junior's request is granted unless i,
// behind SD^f, holds every senior fork; a senior's is granted unless i, behind SD^f, holds
// every fork, and then i also lets its suspended juniors go (release-high-forks); otherwise
// it waits in S. A req where the fork is not (invariant I2 broken) is counted and dropped.
func (t *Table) Req(i int32, p kernel.Port, out *kernel.Outbox) {
	if !t.At.Has(i, p) {
		t.BadReq++ // the request is moot: the fork is on its way there
		return
	}
	all, allSenior := t.Forks(i)
	outside := !t.Behind[i]
	switch senior := t.Senior(i, p); {
	case t.State[i] == Eating && t.mut != MutEaterYields:
		t.Susp.Add(i, p)
	case !senior && (!allSenior || outside): // 11-12
		t.SendFork(i, p, out)
	case senior && (!all || outside): // 13-15
		t.SendFork(i, p, out)
		if t.mut != MutKeepJuniorForks {
			t.ReleaseJuniorForks(i, out)
		}
	default: // 16
		t.Susp.Add(i, p)
	}
}

// Received is line 18 (akw2 17), the start of "when ⟨fork, flag⟩ is received from j":
// at[j] := true, and the request it answers is no longer outstanding.
func (t *Table) Received(i int32, p kernel.Port) {
	t.At.Add(i, p)
	t.Asked.Remove(i, p)
}

// Collect is lines 19-23 (akw2 18-20), after Received, at a node running fork collection: a
// hungry node holding every fork eats; one holding every senior fork keeps a flagged fork
// (the sender wants it back: S) and asks for its junior forks; otherwise a flagged fork goes
// straight back.
func (t *Table) Collect(i int32, p kernel.Port, flag bool, out *kernel.Outbox) {
	all, allSenior := t.Forks(i)
	switch {
	case t.State[i] == Hungry && t.mayEat(all, allSenior): // 19
		if flag {
			t.Susp.Add(i, p)
		}
		t.Eat(i, out)
	case allSenior: // 20-22
		if flag {
			t.Susp.Add(i, p)
		}
		t.Request(i, false, out)
	case flag: // 23
		t.SendFork(i, p, out)
	}
}

// Request is request-low-forks (senior) and request-high-forks (lines 24-29; akw2 26): a
// hungry node asks for every fork it lacks on that side, once.
func (t *Table) Request(i int32, senior bool, out *kernel.Outbox) {
	if t.State[i] != Hungry {
		return
	}
	up := t.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		if !t.At.Has(i, p) && !t.Asked.Has(i, p) && t.Senior(i, p) == senior {
			out.Send(p, kernel.Message{Type: t.Types.Req})
			t.Asked.Add(i, p)
		}
	}
}

// SendFork is send-fork(j), lines 30-32 (akw2 27-29): the fork goes to j with the flag "I
// want it back" when j is i's senior and i is hungry behind SD^f; at[j] := false,
// S := S \ {j}, and a flagged fork counts as asked for.
func (t *Table) SendFork(i int32, p kernel.Port, out *kernel.Outbox) {
	flag := t.Senior(i, p) && t.Behind[i] && t.State[i] == Hungry && t.mut != MutNoFlag
	var f int64
	if flag {
		f = 1
	}
	out.Send(p, kernel.Message{Type: t.Types.Fork, A: f})
	t.At.Remove(i, p)
	t.Susp.Remove(i, p)
	t.Asked.Set(i, p, flag)
}

// ReleaseJuniorForks is release-high-forks, lines 33-35 (akw2's release-lower-forks, 30):
// every suspended junior whose fork i holds gets it.
func (t *Table) ReleaseJuniorForks(i int32, out *kernel.Outbox) {
	for p := t.Susp.Next(i, 0); p >= 0; p = t.Susp.Next(i, p+1) {
		if !t.Senior(i, p) && t.At.Has(i, p) {
			t.SendFork(i, p, out)
		}
	}
}

// ReleaseSuspended is line 8 (akw2 6; and line 51's release at a move): every suspended
// request is granted.
func (t *Table) ReleaseSuspended(i int32, out *kernel.Outbox) {
	for p := t.Susp.Next(i, 0); p >= 0; p = t.Susp.Next(i, p+1) {
		t.SendFork(i, p, out)
	}
}

// ---- Link changes and hellos ----

// NewLink is the fork part of LinkUp (lines 44-48; akw2 31-32): the fork is created at the
// static end; j's key is unknown (the algorithm's placeholder) and nothing is known, asked or
// suspended on the link. It reports whether i is the static end.
func (t *Table) NewLink(i int32, p kernel.Port, unknown int64) (static bool) {
	static = t.StaticEnd(i, t.Topo.Peer(i, p))
	t.At.Set(i, p, static || t.mut == MutForkAtBothEnds)
	t.KeyOf[t.at(i, p)] = unknown
	t.Known.Remove(i, p)
	t.Eats.Remove(i, p)
	t.Asked.Remove(i, p)
	t.Susp.Remove(i, p)
	return static
}

// StaticEnd is the link layer's notification type (section 2): true at the end that gets the
// static node's LinkUp. A static node facing a moving one is the static end; between two
// moving or two static nodes, the smaller id is. Both ends are told at the same instant, so
// exactly one end creates the fork.
func (t *Table) StaticEnd(i, j int32) bool {
	mi, mj := t.Topo.Moving(i), t.Topo.Moving(j)
	if mi != mj {
		return mj
	}
	return i < j
}

// Hello records the hello of the neighbour on port p (line 46's message; akw2 34-35): its
// key, known[j], and eats[j] when it was eating.
func (t *Table) Hello(i int32, p kernel.Port, key int64, eating bool) {
	t.KeyOf[t.at(i, p)] = key
	t.Known.Add(i, p)
	t.Eats.Set(i, p, eating)
}

// LinkGone is the fork part of LinkDown (line 58; akw2 38): the fork and everything known
// about the link are gone at this end.
func (t *Table) LinkGone(i int32, p kernel.Port) {
	t.At.Remove(i, p)
	t.Asked.Remove(i, p)
	t.Known.Remove(i, p)
	t.Eats.Remove(i, p)
	t.Susp.Remove(i, p)
}
