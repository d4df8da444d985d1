package linkrev

import (
	"errors"
	"iter"
	"unsafe"

	"github.com/mutexlab/mutexlab/kernel"
)

// ---- The request queue Q ----
//
// A node's queue is a row of words in one array, q (rows.go says how rows move): its ports
// first, two a word (4 bytes an entry), then, only where the algorithm gives its entries a
// value (Valued: hk's priorities, gme's resources), its values (8 bytes). RL's entries are
// ports alone, so its queues take a quarter of what 16-byte (port, value) records would
// (n = 10^6: about 15 MB against 61; hk and gme 46 MB). A port and its value are in one
// row, most often in one cache line: in two separate arrays they would be two lines to miss
// on each access of hk's and gme's queues. Reading a value where there are none panics
// (errNoValues), and so does storing one other than 0: a value is never silently lost or
// made up.

// errNoValues stops a trial that reads or stores an entry's value in a queue without values.
var errNoValues = errors.New("linkrev: the request queue keeps no values (Links.Valued is false: rl's), yet an entry's value was read or given")

// queueWords is the words a queue row of c entries takes: its ports, two a word, then, if
// valued, one word per value.
func queueWords(c int, valued bool) int {
	w := (c + 1) / 2
	if valued {
		w += c
	}
	return w
}

// queueEnd is the end, in q, of the first k entries of row r: of their ports, or, where
// entries have values, of their values (PrefetchRows).
func (l *Links) queueEnd(r *rowRef, k int) int {
	if l.qValued {
		return int(r.q) + (int(r.qc)+1)/2 + k
	}
	return int(r.q) + (k+1)/2
}

// ports returns node i's row of ports, all qc of them (its first qLen in use): the row's
// first words, as 4-byte ports (q holds no pointers, so viewing its words as ports is safe).
func (l *Links) ports(i int32) []kernel.Port {
	r := &l.rows[i]
	return unsafe.Slice((*kernel.Port)(unsafe.Pointer(&l.q[r.q])), r.qc)
}

// values returns node i's row of values, all qc of them, after its ports.
func (l *Links) values(i int32) []int64 {
	if !l.qValued {
		panic(errNoValues)
	}
	r := &l.rows[i]
	v := int(r.q) + (int(r.qc)+1)/2
	return l.q[v : v+int(r.qc) : v+int(r.qc)]
}

// Queue returns node i's queue as ports, head first (Self for the node's own request): a view
// into the storage, valid until the queue grows.
func (l *Links) Queue(i int32) []kernel.Port {
	n := l.rows[i].qLen
	return l.ports(i)[:n:n]
}

// Values returns the values of node i's entries, in Queue's order (a view as Queue's; writing
// it changes the entries' values). It panics when Q keeps no values.
func (l *Links) Values(i int32) []int64 {
	n := l.rows[i].qLen
	return l.values(i)[:n:n]
}

// Entries yields node i's entries (position, port and value), head first. Q must keep
// values; the loop must not change Q. Entries is small enough to be inlined, so that its
// function does not escape and a loop over it allocates nothing (TestTrialAllocs).
func (l *Links) Entries(i int32) iter.Seq2[int, Entry] {
	return func(yield func(int, Entry) bool) {
		vs := l.Values(i)
		for k, p := range l.Queue(i) {
			if !yield(k, Entry{P: p, V: vs[k]}) {
				return
			}
		}
	}
}

// QLen returns |Q| at node i.
func (l *Links) QLen(i int32) int { return int(l.rows[i].qLen) }

// Head returns the port at the head of node i's queue (Q must not be empty).
func (l *Links) Head(i int32) kernel.Port { return l.ports(i)[0] }

// HeadValue returns the value of the head of node i's queue (Q must not be empty and must
// keep values).
func (l *Links) HeadValue(i int32) int64 { return l.Values(i)[0] }

// requestWord is the word a Request carries besides the sender's height: the value at the
// head of Q where entries have one (hk: its priority; gme: its resource). RL's Request(h)
// carries the height alone: no value is read, and the word is 0.
func (l *Links) requestWord(i int32) int64 {
	if !l.qValued {
		return 0
	}
	return l.HeadValue(i)
}

// Find returns the position of p in node i's queue, or -1.
func (l *Links) Find(i int32, p kernel.Port) int {
	for k, x := range l.Queue(i) {
		if x == p {
			return k
		}
	}
	return -1
}

// Enqueue is the papers' Enqueue: append e unless its port is already in Q. In a queue
// without values e.V must be 0 (rl's Entry{P: j}).
func (l *Links) Enqueue(i int32, e Entry) {
	if e.V != 0 && !l.qValued {
		panic(errNoValues)
	}
	if l.Find(i, e.P) >= 0 {
		return
	}
	l.fitQueue(i)
	r := &l.rows[i]
	r.qLen++
	l.put(i, int(r.qLen)-1, e)
}

// InsertByPriority puts e into node i's queue ordered by V, highest first, after every entry
// of equal V (FIFO among equals); an entry with the same port is replaced. It returns e's
// position. Q must keep values.
func (l *Links) InsertByPriority(i int32, e Entry) int {
	if !l.qValued {
		panic(errNoValues)
	}
	l.Delete(i, e.P)
	vs := l.Values(i)
	pos := len(vs)
	for k, v := range vs {
		if v < e.V {
			pos = k
			break
		}
	}
	l.fitQueue(i)
	l.rows[i].qLen++
	q := l.Queue(i)
	copy(q[pos+1:], q[pos:len(q)-1])
	vs = l.Values(i)
	copy(vs[pos+1:], vs[pos:len(vs)-1])
	l.put(i, pos, e)
	return pos
}

// put writes e at position k of node i's queue: its port, and its value where Q keeps values
// (the callers refuse a value other than 0 where it keeps none).
func (l *Links) put(i int32, k int, e Entry) {
	l.ports(i)[k] = e.P
	if l.qValued {
		l.values(i)[k] = e.V
	}
}

// Dequeue removes the head of Q and returns its port (Q must not be empty).
func (l *Links) Dequeue(i int32) kernel.Port {
	head := l.Head(i)
	l.RemoveAt(i, 0)
	return head
}

// Delete is the papers' Delete(Q, p): remove p's entry wherever it is; it reports whether
// there was one.
func (l *Links) Delete(i int32, p kernel.Port) bool {
	k := l.Find(i, p)
	if k < 0 {
		return false
	}
	l.RemoveAt(i, k)
	return true
}

// RemoveAt removes the entry at position k of node i's queue, keeping the order of the rest.
func (l *Links) RemoveAt(i int32, k int) {
	q := l.Queue(i)
	copy(q[k:], q[k+1:])
	if l.qValued {
		vs := l.Values(i)
		copy(vs[k:], vs[k+1:])
	}
	l.rows[i].qLen--
}

// DeleteV removes every entry of node i's queue whose V equals v (the Self entry included),
// keeping the order of the rest, and returns how many it removed. gme uses it for "all the
// request messages for accessing resource R will be deleted from Q". Q must keep values.
func (l *Links) DeleteV(i int32, v int64) int {
	q, vs := l.Queue(i), l.Values(i)
	w := 0
	for k, x := range vs {
		if x != v {
			q[w], vs[w] = q[k], x
			w++
		}
	}
	l.rows[i].qLen = int32(w)
	return len(q) - w
}
