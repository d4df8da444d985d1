// Package linkrev is the Reverse Link machinery that Walter, Welch and Vaidya's RL algorithm
// (Wireless Networks, 2001; algorithms/rl) and Jiang's two extensions of it (algorithms/hk,
// prioritized h-out-of-k mutual exclusion, and algorithms/gme, group mutual exclusion) share:
// heights (h1, h2, id) and their total order, each node's view of its neighbours' heights,
// the N / receivedLI / forming bitsets of the link-formation handshake, the next pointer,
// partial reversal (RaiseHeight, after Gafni and Bertsekas), and the per-node request queue Q.
//
// Only the parts the three papers state identically live here: linkrev.go holds the state
// and the tests on the DAG, handlers.go the handler parts and procedures (RL's LinkInfo and
// LinkDown handlers whole, the opening and closing lines of its Request and Token handlers,
// ForwardRequest, RaiseHeight, the token's hand-over), queue.go the request queue Q. Every
// handler that differs (what a Request or Token carries, when the token moves) stays in the
// algorithm's own package, written line by line against its paper. The functions here name
// the RL lines they implement (section 4.3 of Walter, Welch and Vaidya), so rl.go still reads
// against its paper. They send the algorithm's own message types (Types, given at Reset).
//
// mutation.go holds the mutants of this shared code (the mutation package says how mutants
// work): rl, hk and gme all have them. state.go renders a node's state for scenario scripts
// and replay traces.
//
// Storage is struct-of-arrays, sized at Reset and reused: per node (myHeight, next,
// tokenHolder; myHeight as (h1, h2) in 16 bytes, not 24, as its id is the node's: MyHeight)
// and per used port (rows.go): node i's heights height[j] are a row as wide as
// the ports it uses, not PortCap, and its queue Q a row that starts at two entries; both move,
// twice as large, when the node first needs more. formHeight[j] is kept only for links being
// formed (forming.go). N, receivedLI, forming and Lower (the ports whose height is below the
// node's, which makes the sink test a word operation: lower.go) are kernel.PortSets,
// interleaved per node.
// Neighbour j is addressed by the port it is reached on. At n = 10^6 and mean degree 8 this is
// about 154 bytes per node for rl and 186 for hk and gme (docs/scaling.md, Memory), where
// arrays sized to the port capacity would take 2.1 KB.
//
// The per-port heights are stored without their id, which is the neighbour's and which the
// kernel's port record already holds (heights.go), and in 8 bytes each (h1, h2 as int32),
// not 16, while every height a trial has stored fits: they are the largest array here and,
// at n = 10^6, read at random in every event, so fewer bytes are fewer pages whose address
// translation a read may have to walk for (docs/scaling.md, Speed), and a node's row of 8
// heights lies in at most two cache lines. The handlers compute with Height (64-bit h1 and h2, as myHeight
// is kept, and the id); heights are not bounded by 2^31 (h2 falls by one per token hop, h1
// can rise by one per reversal), so the first height to be stored that does not fit in 32
// bits widens the whole array, once, to 16 bytes a height, and the trial goes on exactly as
// it would have (TestWideningKeepsTrials).
//
// The queue's entries are a port (or Self for the node's own request) and, in hk and gme, a
// value V that the algorithm interprets: the request's priority in hk, the requested resource
// in gme. RL's entries have none, so a node's Q is a row of its ports (4 bytes an entry)
// followed, only when the algorithm asks for it (Valued, set by hk and gme), by their values
// (8 bytes), in one array (queue.go): at n = 10^6 the queues' room is about 4 million
// entries, 15 MB for rl and 46 MB for hk and gme where 16-byte records would take 61 MB, and
// every MB not touched is first-run system time saved. Reading a value from a queue without values
// panics (queue.go). Enqueue is the papers' FIFO enqueue (no duplicates); InsertByPriority
// keeps Q ordered by V, highest first, FIFO among equals (hk's priority queue).
package linkrev
