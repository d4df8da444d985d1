package rl

import (
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/kernel/mem"
)

// Prefetch and PrefetchRows ask for node i's Reverse Link state ahead of its next handler
// (kernel.Prefetcher; linkrev.Links.Prefetch says what they ask for).
func (a *RL) Prefetch(i int32) { a.l.Prefetch(i) }

// PrefetchRows asks for node i's rows (linkrev.Links.PrefetchRows) and, before a request, a
// release or the Token, for its status, which only those handlers read: not asked for
// before, it was a cache miss at nearly every request at n = 10^6 (a probe build).
func (a *RL) PrefetchRows(i int32, p kernel.Port, m kernel.MsgType) {
	a.l.PrefetchRows(i, p, m)
	if p == kernel.NoPort || m == MsgToken {
		mem.PrefetchAt(a.status, int(i))
	}
}
