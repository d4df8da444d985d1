package explore

// DoorwayReporter is implemented by an algorithm whose nodes pass doorways (Lamport's, as
// Attiya, Kogan and Welch compose them, akw1): a node is in a doorway between entering it
// (beginning the doorway's entry code) and crossing it (completing the entry code), in its
// paper's terms. A node behind a doorway (crossed, not yet exited) or outside every doorway
// is not in one. With crashes, the search then also asks, as a "sometimes" property, that
// some explored path crash a node while it is in a doorway, so that a pass covers a crash
// amid a doorway's entry code and not only some crash of a waiting node (which may be
// behind every doorway, collecting forks).
type DoorwayReporter interface {
	InDoorway(i int32) bool
}

// doorwayCrashName is the "sometimes" property of a crash during a doorway.
const doorwayCrashName = "a node crashes while in a doorway"

// crashesInDoorway reports whether step t, about to run in the engine's current state,
// crashes a node that is in a doorway.
func crashesInDoorway(e *engine, t Step) bool {
	if t.Kind != Crash {
		return false
	}
	d, ok := e.algo.(DoorwayReporter)
	return ok && d.InDoorway(t.A)
}

// doorwaySometimes appends the doorway crash property to out when the scenario has crashes
// and the algorithm reports doorways; reached says whether some path crashed a node in one.
func doorwaySometimes(out []Sometimes, e *engine, reached bool) []Sometimes {
	if _, ok := e.algo.(DoorwayReporter); ok && e.sc.Crashes > 0 {
		out = append(out, Sometimes{doorwayCrashName, reached})
	}
	return out
}
