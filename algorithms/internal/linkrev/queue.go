package linkrev

import "github.com/mutexlab/mutexlab/kernel"

// ---- The request queue Q ----

// Queue returns node i's queue, head first (a view into the storage, valid until the queue
// grows).
func (l *Links) Queue(i int32) []Entry {
	r := &l.rows[i]
	return l.q[r.q : r.q+r.qLen : r.q+r.qLen]
}

// QLen returns |Q| at node i.
func (l *Links) QLen(i int32) int { return int(l.rows[i].qLen) }

// Head returns the head of node i's queue (Q must not be empty).
func (l *Links) Head(i int32) Entry { return l.q[l.rows[i].q] }

// Find returns the position of p in node i's queue, or -1.
func (l *Links) Find(i int32, p kernel.Port) int {
	for k, e := range l.Queue(i) {
		if e.P == p {
			return k
		}
	}
	return -1
}

// Enqueue is the papers' Enqueue: append e unless its port is already in Q.
func (l *Links) Enqueue(i int32, e Entry) {
	if l.Find(i, e.P) >= 0 {
		return
	}
	l.fitQueue(i)
	r := &l.rows[i]
	l.q[r.q+r.qLen] = e
	r.qLen++
}

// InsertByPriority puts e into node i's queue ordered by V, highest first, after every entry
// of equal V (FIFO among equals); an entry with the same port is replaced. It returns e's
// position.
func (l *Links) InsertByPriority(i int32, e Entry) int {
	l.Delete(i, e.P)
	q := l.Queue(i)
	pos := len(q)
	for k, x := range q {
		if x.V < e.V {
			pos = k
			break
		}
	}
	l.fitQueue(i)
	l.rows[i].qLen++
	q = l.Queue(i)
	copy(q[pos+1:], q[pos:len(q)-1])
	q[pos] = e
	return pos
}

// Dequeue removes and returns the head of Q (Q must not be empty).
func (l *Links) Dequeue(i int32) Entry {
	q := l.Queue(i)
	head := q[0]
	copy(q, q[1:])
	l.rows[i].qLen--
	return head
}

// Delete is the papers' Delete(Q, p): remove p's entry wherever it is; it returns the entry
// and whether there was one.
func (l *Links) Delete(i int32, p kernel.Port) (Entry, bool) {
	q := l.Queue(i)
	for k, x := range q {
		if x.P == p {
			copy(q[k:], q[k+1:])
			l.rows[i].qLen--
			return x, true
		}
	}
	return Entry{}, false
}

// RemoveAt removes the entry at position k of node i's queue.
func (l *Links) RemoveAt(i int32, k int) {
	q := l.Queue(i)
	copy(q[k:], q[k+1:])
	l.rows[i].qLen--
}

// DeleteV removes every entry of node i's queue whose V equals v (the Self entry included),
// keeping the order of the rest, and returns how many it removed. gme uses it for "all the
// request messages for accessing resource R will be deleted from Q".
func (l *Links) DeleteV(i int32, v int64) int {
	q := l.Queue(i)
	w := 0
	for _, x := range q {
		if x.V != v {
			q[w] = x
			w++
		}
	}
	l.rows[i].qLen = int32(w)
	return len(q) - w
}
