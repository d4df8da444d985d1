// Package eventq holds a discrete-event simulator's future-event list: entries of (time,
// 24-bit payload) popped in (time, push order) order, ties in time broken by the order of
// the pushes, so that a run is the same on every machine.
//
// Heap is the plain queue: a 4-ary heap, and all a simulator needs (BenchmarkPHOLD measures
// it against a bare 8-ary loop). Queue is the Heap with the buffers that take entries the
// heap need not hold: the run of entries pushed in order (every trial under a constant
// delay), and for large trials the look-ahead buffer, the start stream and the entries set
// aside. Both answer the same calls (Push, Pop, PeekTime, Len, Reset) with the same order.
//
// It is the kernel's own machinery, not part of the API an algorithm builds on (the public
// packages are listed in internal/apilist): its exported names may change with the kernel.
package eventq
