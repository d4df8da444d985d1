package kernel

import "unsafe"

// EventArrays identifies the arrays the event loop writes as events come and go (the event
// records, their free list, the queue's heap, run and entries set aside) by where their
// storage starts: an array reallocated has moved.
type EventArrays [8]uintptr

// EventArrayNames names the arrays of EventArrays, in order.
var EventArrayNames = [8]string{"event records", "free list", "heap times", "heap keys", "run times", "run keys",
	"aside times", "aside keys"}

func (s *Sim) eventArrays() EventArrays {
	a := EventArrays{arrayAt(s.recs), arrayAt(s.free)}
	for j, p := range s.q.Arrays() {
		a[2+j] = uintptr(p)
	}
	return a
}

func arrayAt[T any](s []T) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(s))) }

// RunWatchingArrays runs one trial as Run does and returns where the event arrays were when
// setup ended and when the loop ended, and the most event records in use at once.
func (s *Sim) RunWatchingArrays(p Params, algo Algorithm) (setup, loop EventArrays, records int, err error) {
	if err := s.begin(p, algo); err != nil {
		return setup, loop, 0, err
	}
	setup = s.eventArrays()
	_, err = s.complete(nil)
	return setup, s.eventArrays(), len(s.recs), err
}
