package netmodel

import "github.com/mutexlab/mutexlab/kernel"

// loner enters the CS as soon as it asks and never sends: with okChecker it lets a trial run
// on any network, so a test can watch the network model alone (at a load near 0, no request
// comes at all).
type loner struct{}

func (loner) Name() string                                                { return "loner" }
func (loner) MessageTypes() []kernel.MsgTypeInfo                          { return nil }
func (loner) Reset(*kernel.Env) error                                     { return nil }
func (loner) RequestCS(_ int32, out *kernel.Outbox)                       { out.EnterCS() }
func (loner) ReleaseCS(int32, *kernel.Outbox)                             {}
func (loner) Receive(int32, kernel.Port, *kernel.Message, *kernel.Outbox) {}
func (loner) LinkUp(int32, kernel.Port, *kernel.Outbox)                   {}
func (loner) LinkDown(int32, kernel.Port, *kernel.Outbox)                 {}
func (loner) Checker() kernel.Checker                                     { return okChecker{} }

type okChecker struct{}

func (okChecker) Reset(*kernel.Topology)    {}
func (okChecker) Enter(int32) (int32, bool) { return -1, true }
func (okChecker) Exit(int32)                {}
