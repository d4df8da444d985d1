package linkrev

import "github.com/mutexlab/mutexlab/kernel"

// formHeight[j] (RL's LinkUp handler, line 3: the node's height when the link to j formed,
// which line 2 of the LinkInfo handler compares with its height now) is needed only while
// the link is forming: from LinkFormed to the first LinkInfo over it, or its failure. Few
// links form at once, so instead of a height per port slot (24 bytes per port of every
// node, used by a handful), each node keeps a short list of records, one per link it is
// forming, in one pool with a free list: four bytes per node (rowRef.form) and a record
// per link being formed. A record exists exactly while the port is in Forming.

// formRec is formHeight[p] of one link that node i is forming.
type formRec struct {
	h    Height
	p    kernel.Port
	next int32 // the node's next record or, on the free list, the next free one; -1 ends
}

// resetForming forgets every record (Reset).
func (l *Links) resetForming() {
	if cap(l.forms) < 64 {
		l.forms = make([]formRec, 0, 64)
	}
	l.forms = l.forms[:0]
	l.freeForm = -1
}

// startForming is lines 2-3 of RL's LinkUp handler: forming[p] = true, formHeight[p] = h.
func (l *Links) startForming(i int32, p kernel.Port, h Height) {
	l.Forming.Add(i, p)
	r := &l.rows[i]
	for k := r.form; k >= 0; k = l.forms[k].next {
		if l.forms[k].p == p {
			l.forms[k].h = h
			return
		}
	}
	k := l.freeForm
	if k >= 0 {
		l.freeForm = l.forms[k].next
	} else {
		k = int32(len(l.forms))
		l.forms = append(l.forms, formRec{})
	}
	l.forms[k] = formRec{h: h, p: p, next: r.form}
	r.form = k
}

// formHeight returns formHeight[p] of node i, which must be forming the link on port p.
func (l *Links) formHeight(i int32, p kernel.Port) Height {
	for k := l.rows[i].form; k >= 0; k = l.forms[k].next {
		if l.forms[k].p == p {
			return l.forms[k].h
		}
	}
	panic("linkrev: formHeight of a link that is not forming")
}

// stopForming is forming[p] = false (the LinkInfo handler's line 4, or the link's failure):
// node i's record for p goes back to the pool.
func (l *Links) stopForming(i int32, p kernel.Port) {
	if !l.Forming.Has(i, p) {
		return
	}
	l.Forming.Remove(i, p)
	for prev, k := &l.rows[i].form, l.rows[i].form; k >= 0; prev, k = &l.forms[k].next, l.forms[k].next {
		if l.forms[k].p == p {
			*prev = l.forms[k].next
			l.forms[k].next = l.freeForm
			l.freeForm = k
			return
		}
	}
}
