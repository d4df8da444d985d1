package routing

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// routeMemo remembers the routing searches' answers (oracle.go): node's distance to dest
// and its lowest port on a shortest path, valid while the topology's version is the one
// they were found at. A search remembers every hop of the route it found, both ways, so a
// message asks one search per route, not one per hop. Since rr's messages carry their
// routes (Oracle.Routes), only NextHop's questions use it: those of a message whose
// carried route went stale as links changed; in a static trial it is never read.
//
// It is sized for the routes of rr's static trial. Raymond's messages run along the
// n − 1 edges of its virtual tree, both ways, and each edge's route is about log_δ n hops
// (4.85 at n = 10^5, mean degree 8): about 10 answers per node. A direct-mapped memo of
// one entry per node (as it was) kept a tenth of them, and at n = 10^5 it searched 290,838
// times for 99,999 tree edges: 201 k searches at a message's first hop whose route (or its
// reverse) had been evicted, 90 k at later hops whose entry had. So the memo has
// memoPerNode entries per node, in sets of memoWays (one 64-byte cache line a set, so a
// question reads one line), and an answer takes 8 bytes: 128 to 168 bytes per node
// (against 24 to 31 before).
//
// An entry is one word: from the top, the key's tag, the port, the distance and the epoch.
// The key node·2^idBits + dest is mixed by a multiplication by an odd number modulo
// 2^keyBits, a bijection, whose top setBits bits pick the set and whose other bits are the
// tag: set and tag together give back the key, so an entry is exact although it does not
// hold node and dest. The epoch stands for the topology version (a new version, any link
// change, starts a new epoch, and entries of another epoch are stale), so that the version's
// 64 bits need not be kept per entry; when the epoch's bits wrap the memo is cleared.
// Distances of memoDistBits or more are not remembered (searched each time).
type routeMemo struct {
	sets    [][memoWays]uint64
	setBits uint   // log2 of len(sets)
	idBits  uint   // bits of a node id
	keyMask uint64 // 2^keyBits − 1, keyBits = 2·idBits
	tagBits uint   // keyBits − setBits

	portShift, portMask uint   // the port's place in an entry
	epochMask           uint64 // the epoch is an entry's lowest bits
	epoch               uint64 // the current epoch (1..epochMask; entries of epoch 0 are empty)
	ver                 uint64 // the topology version the epoch stands for (0: none yet)
	victim              int    // the way the next insertion into a full set replaces
	on                  bool   // false if an entry's fields do not fit a word (never at n ≤ 2^30)
}

const (
	memoWays     = 8  // entries per set: 8 words, one cache line
	memoPerNode  = 16 // entries per node, rounded up to a power of two in all
	memoDistBits = 12 // distances below 4096 are remembered
	memoMinEpoch = 8  // fewest bits an epoch may have (the memo is cleared every 2^bits − 1 versions)
	memoMix      = 0x9e3779b97f4a7c15
)

// reset sizes the memo for n nodes of portCap ports, empty.
func (m *routeMemo) reset(n, portCap int) {
	m.idBits = uint(max(bits.Len(uint(n-1)), 1))
	keyBits := 2 * m.idBits
	m.keyMask = 1<<keyBits - 1
	m.setBits = uint(bits.Len(uint(memoPerNode*n/memoWays - 1)))
	m.setBits = min(m.setBits, keyBits)
	m.tagBits = keyBits - m.setBits
	portBits := uint(bits.Len(uint(portCap - 1)))
	epochBits := 64 - int(m.tagBits) - int(portBits) - memoDistBits
	m.on = keyBits <= 64 && epochBits >= memoMinEpoch
	if !m.on {
		m.sets = m.sets[:0]
		return
	}
	m.portShift, m.portMask = memoDistBits+uint(epochBits), 1<<portBits-1
	m.epochMask = 1<<uint(epochBits) - 1
	m.sets = kernel.Zeroed(m.sets, 1<<m.setBits)
	m.epoch, m.ver, m.victim = 0, 0, 0
}

// sync starts a new epoch if the topology's version is not the memo's: every entry
// remembered before goes stale at once.
func (m *routeMemo) sync(v uint64) {
	if v == m.ver {
		return
	}
	m.ver = v
	if m.epoch++; m.epoch > m.epochMask {
		clear(m.sets)
		m.epoch = 1
	}
}

// place returns the set of (node, dest) and the entry bits that name the key in it: its
// tag and the current epoch (want), and the mask of those bits.
func (m *routeMemo) place(node, dest int32) (set *[memoWays]uint64, want, mask uint64) {
	h := ((uint64(node)<<m.idBits | uint64(dest)) * memoMix) & m.keyMask
	tagShift := 64 - m.tagBits
	tag := h & (1<<m.tagBits - 1)
	return &m.sets[h>>m.tagBits], tag<<tagShift | m.epoch, (1<<m.tagBits-1)<<tagShift | m.epochMask
}

// get returns the remembered distance and port of (node, dest), if any of this epoch.
func (m *routeMemo) get(node, dest int32) (int, kernel.Port, bool) {
	if !m.on {
		return 0, kernel.NoPort, false
	}
	set, want, mask := m.place(node, dest)
	for _, e := range set {
		if e&mask == want {
			return int(e>>(m.portShift-memoDistBits)) & (1<<memoDistBits - 1), kernel.Port(uint(e>>m.portShift) & m.portMask), true
		}
	}
	return 0, kernel.NoPort, false
}

// put remembers that node is d hops from dest, port p starting a shortest path. It takes
// the key's entry if the set has it, else an empty or stale one, else the victim way
// (turning: which answers stay changes the time a trial takes, never its results).
func (m *routeMemo) put(node, dest int32, d int, p kernel.Port) {
	if !m.on || d >= 1<<memoDistBits || p < 0 {
		return
	}
	set, want, mask := m.place(node, dest)
	e := want | uint64(p)<<m.portShift | uint64(d)<<(m.portShift-memoDistBits)
	way := -1
	for w, old := range set {
		if old&mask == want {
			set[w] = e
			return
		}
		if way < 0 && old&m.epochMask != m.epoch {
			way = w
		}
	}
	if way < 0 {
		way = m.victim
		m.victim = (m.victim + 1) % memoWays
	}
	set[way] = e
}
