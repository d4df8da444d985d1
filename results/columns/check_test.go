package columns

import (
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// The built-ins fit together, sharing columns where they mean the same (link_to of hk and
// gme, the stillness metrics of akw1, akw2, drs and cm, msgs_request of several).
func TestCheckBuiltins(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatal(err)
	}
}

// renamedTypes is Reverse Link with its message types renamed, to give a test algorithm
// message columns of its own or someone else's.
type renamedTypes struct {
	*rl.RL
	types []kernel.MsgTypeInfo
}

func (a renamedTypes) MessageTypes() []kernel.MsgTypeInfo { return a.types }

// A registration whose column takes a kernel column's name, or another algorithm's with
// another meaning, is refused with both sides named; sharing the very same column is not.
func TestCheckCollisions(t *testing.T) {
	newRL := func() kernel.Algorithm { return rl.New() }
	hk, _ := algorithms.Lookup("hk")
	linkTo := hk.Params[5]
	if linkTo.Name != "link_to" {
		t.Fatalf("hk's sixth parameter is %q, the test wants link_to", linkTo.Name)
	}
	otherLinkTo := linkTo
	otherLinkTo.Doc = "something else"
	typed := func(names ...string) func() kernel.Algorithm {
		return func() kernel.Algorithm {
			var ts []kernel.MsgTypeInfo
			for _, n := range names {
				ts = append(ts, kernel.MsgTypeInfo{Name: n, Token: n == "tok"})
			}
			return renamedTypes{rl.New(), ts}
		}
	}
	for _, c := range []struct {
		info algorithms.Info
		want string // "" for no error
	}{
		{algorithms.Info{Name: "x", New: newRL, Params: []algorithms.ParamInfo{{Name: "n"}}},
			`algorithm "x": parameter "n" collides with the kernel column "n"`},
		{algorithms.Info{Name: "x", New: newRL, Metrics: []algorithms.MetricInfo{{Name: "wait_mean"}}},
			`algorithm "x": metric "wait_mean" collides with the kernel column "wait_mean"`},
		{algorithms.Info{Name: "x", New: newRL, Params: []algorithms.ParamInfo{{Name: "radius"}}},
			`algorithm "x": parameter "radius" collides with the network model column "radius"`},
		{algorithms.Info{Name: "x", New: typed("req", "total")},
			`algorithm "x": message type "total" collides with the kernel column "msgs_total"`},
		{algorithms.Info{Name: "x", New: newRL, Metrics: []algorithms.MetricInfo{{Name: "k"}}},
			`algorithm "x": metric "k" collides with algorithm "hk"'s parameter "k"`},
		{algorithms.Info{Name: "x", New: newRL, Params: []algorithms.ParamInfo{otherLinkTo}},
			`algorithm "x": parameter "link_to" collides with algorithm "hk"'s parameter "link_to"`},
		{algorithms.Info{Name: "x", New: newRL, Params: []algorithms.ParamInfo{{Name: "msgs_request"}}},
			`algorithm "x": parameter "msgs_request" collides with algorithm "rl"'s message type "request"`},
		{algorithms.Info{Name: "x", New: newRL, Params: []algorithms.ParamInfo{linkTo}, Metrics: []algorithms.MetricInfo{{Name: "x_metric"}}}, ""},
		{algorithms.Info{Name: "x", New: typed("request", "tok", "x_hello")}, ""},
	} {
		err := check(append(algorithms.All(), c.info), nil)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v", c.info.Params, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("got %v, want %s...", err, c.want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("not one line: %q", err)
		}
	}
}
