package nt

// mutant numbers nt's deliberately broken variants, each one line of the paper's pseudocode
// dropped or changed, which the kernel's online checks or its starvation watchdog must catch
// (the tests run them). NT.mut holds the one in force, mutNone in every real trial; each
// mutation point in nt.go is one comparison with it, so the real algorithm pays nothing else.
// Only export_test.go turns a mutant on.
type mutant uint8

const (
	mutNone                 mutant = iota
	mutNoReversal                  // REQUEST(j): last := j omitted
	mutKeepLast                    // Request_CS: last := nil omitted
	mutKeepNext                    // Release_CS: next := nil omitted
	mutDropNext                    // REQUEST(j) at a requesting root: next := j omitted
	mutGrantWhileRequesting        // REQUEST(j) at a requesting root: the token is sent to j
	mutForwardAsSelf               // REQUEST(j) forwarded as REQUEST(i)
)

// mutants names nt's mutants, indexed by mutant, each {name, the change in the paper's
// terms}; entry 0, the real algorithm, is empty.
var mutants = [...][2]string{
	mutNoReversal:           {"no-reversal", "on REQUEST(j), last := j is omitted: the path a request travelled is not reversed"},
	mutKeepLast:             {"keep-last", "Request_CS omits last := nil: the requester does not become the root of its tree"},
	mutKeepNext:             {"keep-next", "Release_CS omits next := nil: a later release sends the token to the same node again"},
	mutDropNext:             {"drop-next", "on REQUEST(j) at a requesting root, next := j is omitted: the request is lost"},
	mutGrantWhileRequesting: {"grant-while-requesting", "on REQUEST(j) at the root, the token goes to j even while the root requests or is in the CS"},
	mutForwardAsSelf:        {"forward-as-self", "a node forwards REQUEST(j) as REQUEST(i), its own id in place of the requester's"},
}
