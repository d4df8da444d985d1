package traceview

// Trace is what a page holds: the recorded window of one trial, as columns rather than
// records, every repeated string and state once (encode.go packs it tighter for the page).
// Event indices are positions in the window (0 is its first event); -1 means "before the
// window" (a message sent earlier) or "never" (a message not received).
type Trace struct {
	Title   string   `json:"title"`
	About   []string `json:"about"`   // lines under the title: parameters, outcome, how to reproduce
	Note    string   `json:"note"`    // what was cut, "" when nothing was
	N       int      `json:"n"`       // nodes
	Geo     bool     `json:"geo"`     // positions are the model's (else a layout)
	Arrows  bool     `json:"arrows"`  // the algorithm orients links by height
	Queues  bool     `json:"queues"`  // the algorithm keeps request queues
	Token   bool     `json:"token"`   // the algorithm has a token
	OpenAt  int      `json:"open"`    // position the page opens at (events applied)
	Skipped int      `json:"skipped"` // trial events before the window
	Total   int      `json:"total"`   // trial events in all (window, before and after it)

	Kinds   []string  `json:"kinds"`   // event kinds, by the index events carry (Kinds)
	Types   []MsgType `json:"types"`   // message types, by the index messages carry
	Strings []string  `json:"strings"` // NodeState lines and message texts, by index
	States  []State   `json:"states"`  // distinct node states, by index

	// The state when the window opens.
	Init   []int        `json:"init"`   // per node, its state
	Status []int        `json:"status"` // per node: 0 remainder, 1 waiting, 2 in the CS, 3 crashed
	Links  [][2]int32   `json:"links"`  // links up
	Layout [][2]float64 `json:"layout"` // per node, x and y in [0, 1]: the layout, or the first positions

	Events  Events   `json:"events"`
	Changes [][3]int `json:"changes"` // (event, node, state): node has state from after event on
	Msgs    Msgs     `json:"msgs"`
	Moves   []Move   `json:"moves"` // geometric models: positions at some events, interpolated between

	Failure *Failure `json:"failure"` // nil: the trial passed

	err error // the trial's error, for the caller's exit code
}

// Err returns the error the trial stopped with (nil: it passed).
func (t *Trace) Err() error { return t.err }

// MsgType is one message kind of the algorithm.
type MsgType struct {
	Name  string `json:"name"`
	Token bool   `json:"token"`
}

// State is a node's state as the viewer draws it (kernel.NodeView) and its NodeState line.
type State struct {
	Line   int     `json:"line"`            // index into Strings
	Token  bool    `json:"token,omitempty"` // holds the token
	Height []int64 `json:"h,omitempty"`
	Next   int32   `json:"next"`
	Queue  []int32 `json:"q,omitempty"`
	Phase  string  `json:"phase,omitempty"`
}

// Events are the window's events as columns.
type Events struct {
	Time []float64 `json:"t"`
	Kind []int     `json:"k"` // index into Kinds
	Node []int32   `json:"n"`
	Peer []int32   `json:"p"` // the other node (send: receiver, recv: sender, link: other end, unsafe-enter: the node in the CS); -1 none
	Msg  []int32   `json:"m"` // send/recv: index into Msgs; -1 otherwise
}

// Kinds are the event kinds in Events.Kind's numbering (kernel.TraceEvent.Kind's names).
var Kinds = []string{"request", "enter", "release", "send", "recv", "link-down", "link-up", "crash", "unsafe-enter"}

// Msgs are the messages seen in the window as columns: sent in it, or received in it after
// being sent before it.
type Msgs struct {
	Send []int     `json:"s"` // event that sent it (-1: before the window)
	Recv []int     `json:"r"` // event that received it (-1: lost, dropped at a crashed node, or still in transit at the end)
	From []int32   `json:"f"`
	To   []int32   `json:"to"`
	Type []int     `json:"ty"`
	Text []int     `json:"x"`  // index into Strings: type(words)
	Due  []float64 `json:"at"` // when it was due to arrive (-1: unknown, sent before the window)
}

// Move is every node's position when event Event had been applied (-1: at the window's start).
type Move struct {
	Event int          `json:"e"`
	XY    [][2]float64 `json:"xy"` // in [0, 1], like Layout
}

// Failure is the check that stopped the trial.
type Failure struct {
	Kind    string  `json:"kind"` // safety violation, starvation, ...
	Message string  `json:"msg"`
	Nodes   []int32 `json:"nodes"`
	Time    float64 `json:"t"`
}
