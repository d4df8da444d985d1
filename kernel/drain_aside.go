package kernel

// The liveness drain's dropped requests, set aside in bulk.
//
// When the window closes, new requests stop (Sim.request returns at once in the drain), but
// every node in its remainder section still has its next request in the queue: up to n
// entries of the heap, each popped in the drain only to be dropped. At n = 10^6 that is a
// heap of 10^6 entries in which every pop descends about ten levels, most of them a cache
// and TLB miss, and every other event of the drain pays for the heap's size too. So when the
// window closes the simulator takes every pending request out of the queue at once
// (Queue.SetAside), keeps their (time, key) pairs sorted in a plain array, and rebuilds the
// heap of what remains (a handful of releases, the watchdog, crashes). The queue still
// returns them in their turn, by (time, sequence) as the heap would have (PopAside), and
// says they were set aside, so that the simulator counts each as the dropped request it is
// without reading its record (Sim.dropRequest): the same events, times and bounds, the same
// record slots freed at the same moments.
//
// In a trial of 10^6 nodes at mean degree 8 and load 0.01 (the default window and seed)
// drs sets aside 939,391 requests and pops 420,090 of them before its drain ends, gme
// 909,772 and 294,307, akw1 962,775 and 132,030, akw2 982,312 and 77,091, cm 982,817 and
// 75,852; rl and hk 38 each (nearly every node is waiting when their window closes).
//
// Everything else that sees a request sees the same: a dropped request emits no trace event
// (Sim.request returns before it would), is dropped before the crash test (Sim.isDead), and a
// scripted trial queues no request (nor sets any aside). Sim.Pending lists the messages in
// transit only, so no request ever showed there; it pops every pending event and queues it
// again (Pop returns the entries set aside in their turn too), which puts them back in the
// heap: the drain is slower after it, the order the same (TestDrainAsideUnchanged).

// setAsideRequests takes every pending request out of the queue when the window closes, in a
// large trial (Params.LargeMachinery) whose drain drops them (Sim.request: not scripted; a scripted trial queues no request
// anyway) and runs (drain = none ends the trial at once). A request is an event record of
// kind evRequest: the scan reads the record of every entry in the queue once.
func (s *Sim) setAsideRequests() {
	if s.scripted || !s.uses(partDrainAside) || s.p.Drain == DrainNone {
		return
	}
	s.q.SetAside(func(slot uint32) bool { return s.recs[slot].kind == evRequest })
}

// dropRequest handles a request the queue had set aside, popped in its turn (time t, record
// slot): what step does with a request in the drain, without reading the record, since
// Sim.request returns at once there. The record's slot is freed now, as step frees a
// popped event's, so every later event gets the record it got before: the free list, and
// with it the records' slots, do not change (a slot is also only a payload: no order depends
// on it, since the queue's keys are unique in their sequence bits).
func (s *Sim) dropRequest(t float64, slot uint32) {
	s.free = append(s.free, slot)
	s.now = t
	s.events++
	s.checkTokens()
}
