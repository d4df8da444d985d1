package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// exhaustiveParams reads bench check exhaustive's --set NAME=VALUE flags: one value each of
// the algorithm's own parameters (algorithms.Info.Params), a named option by its name. A
// parameter the algorithm would not read under the others given is refused, as a sweep
// refuses it: it would have no effect. nil when none is given.
func exhaustiveParams(info algorithms.Info, sets []string, n int) (map[string]float64, error) {
	if len(sets) == 0 {
		return nil, nil
	}
	names := make([]string, len(info.Params))
	for k, q := range info.Params {
		names[k] = q.Name
	}
	accepted := strings.Join(names, ", ")
	if len(names) == 0 {
		accepted = "none"
	}
	params := map[string]float64{}
	for _, kv := range sets {
		key, val, ok := strings.Cut(kv, "=")
		k := slices.Index(names, key)
		switch {
		case !ok || val == "":
			return nil, usagef("--set %s: want NAME=VALUE, a parameter of %s: %s", kv, info.Name, accepted)
		case k < 0:
			return nil, usagef("--set %s: %s has no parameter %q; its parameters: %s", kv, info.Name, key, accepted)
		}
		if _, twice := params[key]; twice {
			return nil, usagef("--set %s: %s is set twice; give it once", kv, key)
		}
		x, err := paramValue(&info.Params[k], val)
		if err != nil {
			return nil, usagef("--set %s: %v", kv, err)
		}
		params[key] = x
	}
	p := kernel.DefaultParams()
	p.N, p.Algo = n, params
	for _, q := range info.Params {
		if _, given := params[q.Name]; given && q.ReadWith.Key != "" {
			if _, used := q.Used(&p); !used {
				return nil, usagef("--set %s: has no effect unless %s", q.Name, q.ReadWith.When)
			}
		}
	}
	return params, nil
}

// paramValue parses one value of parameter q: one of its Choices by name, else a number
// (a whole one where q takes whole numbers).
func paramValue(q *algorithms.ParamInfo, val string) (float64, error) {
	if q.Choices != nil {
		return q.ParseChoice(val)
	}
	x, err := strconv.ParseFloat(val, 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("want a number (%s), got %q", q.Doc, val)
	case q.Whole && x != float64(int64(x)):
		return 0, fmt.Errorf("want a whole number (%s), got %s", q.Doc, val)
	}
	return x, nil
}
