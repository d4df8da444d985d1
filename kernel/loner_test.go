package kernel

// loner enters the CS as soon as it asks and never sends: with okChecker it lets a trial run
// on any network, so a test can watch the network model alone.
type loner struct{}

func (loner) Name() string                           { return "loner" }
func (loner) MessageTypes() []MsgTypeInfo            { return nil }
func (loner) Reset(*Env) error                       { return nil }
func (loner) RequestCS(_ int32, out *Outbox)         { out.EnterCS() }
func (loner) ReleaseCS(int32, *Outbox)               {}
func (loner) Receive(int32, Port, *Message, *Outbox) {}
func (loner) LinkUp(int32, Port, *Outbox)            {}
func (loner) LinkDown(int32, Port, *Outbox)          {}
func (loner) Checker() Checker                       { return okChecker{} }

type okChecker struct{}

func (okChecker) Reset(*Topology)           {}
func (okChecker) Enter(int32) (int32, bool) { return -1, true }
func (okChecker) Exit(int32)                {}
