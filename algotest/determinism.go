package algotest

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/mutexlab/mutexlab/kernel"
)

// Deterministic checks that a trial is a pure function of its parameters and seed: for each
// seed in [1, count] it runs params(seed) twice, once on a fresh simulator with a fresh
// instance from newAlgo and once on a simulator and instance that have already run every
// earlier seed (so state an instance keeps past Reset shows), and fails t at the first Result
// field that differs in a single bit (floats compared bit for bit, NaN included). A trial
// error must be the same error both times.
func Deterministic(t testing.TB, newAlgo func() kernel.Algorithm, count int, params func(seed uint64) kernel.Params) {
	t.Helper()
	reused, algo := kernel.NewSim(), newAlgo()
	for seed := uint64(1); seed <= uint64(count); seed++ {
		p := params(seed)
		fresh, errFresh := kernel.NewSim().Run(p, newAlgo())
		again, errAgain := reused.Run(p, algo)
		if fmt.Sprint(errFresh) != fmt.Sprint(errAgain) {
			t.Fatalf("seed %d: a fresh run ends with %v, a reused simulator and instance with %v\n  params: %s", seed, errFresh, errAgain, Describe(&p))
		}
		if d := FirstResultDifference(fresh, again); d != "" {
			t.Fatalf("seed %d: two runs of the same trial differ: %s\n  params: %s", seed, d, Describe(&p))
		}
	}
}

// FirstResultDifference names the first field in which a and b differ, bit for bit, with both
// values ("Extra[2].Value: 0.5 != 0.5000000000000001"), or returns "" when they are identical.
func FirstResultDifference(a, b kernel.Result) string {
	return firstDifference("", reflect.ValueOf(a), reflect.ValueOf(b))
}

func firstDifference(path string, a, b reflect.Value) string {
	switch a.Kind() {
	case reflect.Struct:
		for k := range a.NumField() {
			if d := firstDifference(join(path, a.Type().Field(k).Name), a.Field(k), b.Field(k)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d elements != %d", path, a.Len(), b.Len())
		}
		for k := range a.Len() {
			if d := firstDifference(fmt.Sprintf("%s[%d]", path, k), a.Index(k), b.Index(k)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("%s: %v != %v", path, a.Float(), b.Float())
		}
		return ""
	case reflect.Map, reflect.Pointer, reflect.Interface, reflect.Func, reflect.Chan:
		panic(fmt.Sprintf("algotest: kernel.Result field %s is a %s, which FirstResultDifference does not compare", path, a.Kind()))
	}
	if !a.Equal(b) {
		return fmt.Sprintf("%s: %v != %v", path, a, b)
	}
	return ""
}

func join(path, field string) string {
	if path == "" {
		return field
	}
	return path + "." + field
}
