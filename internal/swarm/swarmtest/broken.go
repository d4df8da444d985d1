// Package swarmtest holds a deliberately broken toy algorithm for testing the swarm itself
// (classification, exit codes, replay, the trace viewer at a failure).
package swarmtest

import (
	"fmt"

	"github.com/mutexlab/mutexlab/internal/swarm"
	"github.com/mutexlab/mutexlab/kernel"
)

// Broken returns a deliberately broken toy algorithm as a swarm target, for testing the
// swarm's classification, exit codes and replay: "enter-at-once" grants every request at once
// (a safety violation as soon as two requests overlap), "never-enter" grants nothing
// (starvation), "panic" panics at its first request (a crash). Its knobs force heavy load and
// a static network, so every trial fails quickly.
func Broken(mode string) swarm.Target {
	return swarm.Target{
		Name: "toy-" + mode,
		New:  func() kernel.Algorithm { return &toy{mode: mode} },
		Knobs: func(r *kernel.Stream, p *kernel.Params) {
			p.Load, p.Mobility = 5, 0
			p.N = max(p.N, 3)
			p.Links = max(p.Links, kernel.MinLinks(p.N))
		},
	}
}

type toy struct{ mode string }

func (a *toy) Name() string                       { return "toy-" + a.mode }
func (a *toy) MessageTypes() []kernel.MsgTypeInfo { return []kernel.MsgTypeInfo{{Name: "nop"}} }
func (a *toy) Reset(*kernel.Env) error            { return nil }
func (a *toy) RequestCS(i int32, out *kernel.Outbox) {
	switch a.mode {
	case "enter-at-once":
		out.EnterCS()
	case "panic":
		panic(fmt.Sprintf("toy: deliberate panic at node %d", i))
	}
}
func (a *toy) ReleaseCS(int32, *kernel.Outbox)                             {}
func (a *toy) Receive(int32, kernel.Port, *kernel.Message, *kernel.Outbox) {}
func (a *toy) LinkUp(int32, kernel.Port, *kernel.Outbox)                   {}
func (a *toy) LinkDown(int32, kernel.Port, *kernel.Outbox)                 {}
