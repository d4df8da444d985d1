package algorithms

import (
	"math"
	"strings"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/rl"
	"github.com/mutexlab/mutexlab/kernel"
)

// Register refuses an entry it cannot make columns and spec keys of, with one line naming
// the algorithm and the field, and leaves the registry as it was.
func TestRegisterRefuses(t *testing.T) {
	newRL := func() kernel.Algorithm { return rl.New() }
	for _, c := range []struct {
		info Info
		want string
	}{
		{Info{Name: "", New: newRL}, `algorithm "": Name must be`},
		{Info{Name: "a,b", New: newRL}, `algorithm "a,b": Name must be`},
		{Info{Name: "x"}, `algorithm "x": New is nil`},
		{Info{Name: "x", New: newRL, Cost: -1}, `algorithm "x": Cost must be`},
		{Info{Name: "x", New: newRL, LinkChangeCost: math.NaN()}, `algorithm "x": LinkChangeCost must be`},
		{Info{Name: "x", New: newRL, Params: []ParamInfo{{Name: "x_a"}, {Name: "x_a"}}}, `algorithm "x": parameter "x_a": the name is already its parameter`},
		{Info{Name: "x", New: newRL, Params: []ParamInfo{{Name: "x_a"}}, Metrics: []MetricInfo{{Name: "x_a"}}}, `algorithm "x": metric "x_a": the name is already its parameter`},
		{Info{Name: "x", New: newRL, Params: []ParamInfo{{Name: "X-A"}}}, `algorithm "x": parameter "X-A": a column name must be`},
		{Info{Name: "x", New: newRL, Params: []ParamInfo{{Name: "x_c", Choices: []string{"a", "b"}, Default: 2}}}, `algorithm "x": parameter "x_c": Default 2 is not the index`},
		{Info{Name: "x", New: newRL, Params: []ParamInfo{{Name: "x_c", Choices: []string{"a", "a"}}}}, `algorithm "x": parameter "x_c": choice "a" is empty or listed twice`},
		{Info{Name: "x", New: newRL, Params: []ParamInfo{{Name: "x_w", Whole: true, Default: 1.5}}}, `algorithm "x": parameter "x_w": Whole, but Default 1.5`},
		{Info{Name: "x", New: newRL, Derived: []DerivedInfo{{Name: "x_d"}}}, `algorithm "x": derived column "x_d": Value is nil`},
		{Info{Name: "hk", Title: "mine", New: newRL}, `algorithm "hk" registered twice: "Prioritized h-out-of-k mutual exclusion on Reverse Link (Jiang)" and "mine"`},
	} {
		before := len(All())
		err := Register(c.info)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v, want %s...", c.info.Params, err, c.want)
		}
		if len(All()) != before {
			t.Fatalf("a refused entry was registered")
		}
	}
}

// The built-ins register in the order their columns have always had, and claim a property.
func TestBuiltinOrder(t *testing.T) {
	want := "rl hk rr akw1 akw2 gme drs cm"
	if got := strings.Join(Names(), " "); got != want {
		t.Errorf("registry order %s, want %s", got, want)
	}
	for _, a := range All() {
		if a.Safety == "" {
			t.Errorf("%s claims no safety property", a.Name)
		}
	}
}
