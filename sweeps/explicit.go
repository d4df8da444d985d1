package sweeps

import (
	"fmt"
	"strings"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/kernel"
)

// A value a user gives explicitly is used exactly as given, or refused with an error that
// names it. The checks here refuse what the grid would otherwise accept silently: a value
// listed twice (it would run the same trials on the same seeds again, a replication that is
// not one: replicates are the trials key), two keys that set one quantity (the kernel would
// use one and ignore the other), and a value the kernel reads as "not set".

// sameQuantity lists groups of keys that set one quantity: at most one of a group may be
// given. The walter model takes its initial links from links, else degree, else connectivity.
var sameQuantity = []struct {
	keys []string
	what string
}{
	{[]string{"links", "degree", "connectivity"}, "the initial number of links"},
}

// positiveOnly lists keys whose kernel parameter reads zero or less as "not set" (derive the
// quantity from another key, or add no window criterion, whose column is then null) rather
// than as a value, with what a value must be.
var positiveOnly = map[string]string{
	"links":            "must be a whole number of links >= 1",
	"degree":           "must be a mean degree > 0",
	"warmup_time":      "must be a time > 0 (leave the key out for no time criterion)",
	"measure_time":     "must be a time > 0 (leave the key out for no time criterion)",
	"warmup_per_node":  "must be > 0 entries per node (leave the key out for no such criterion)",
	"measure_per_node": "must be > 0 entries per node (leave the key out for no such criterion)",
}

// checkExplicit applies the rules above to the algorithms and every key of the spec.
func (s *Spec) checkExplicit() error {
	if a, ok := repeated(s.Algorithms); ok {
		return s.explicitError(s.algorithmsName(), "%s is listed twice; replicates are set by %s", a, s.trialsName())
	}
	for _, group := range sameQuantity {
		var given []string
		for _, k := range group.keys {
			if s.has(k) {
				given = append(given, s.ParamName(k))
			}
		}
		if len(given) > 1 {
			return s.explicitError(given[0], "%s both set %s; give one of %s", strings.Join(given, " and "), group.what, s.groupNames(group.keys))
		}
	}
	for _, k := range s.Axes() {
		if v, ok := repeated(s.Grid[k]); ok {
			return s.explicitError(s.keyName("grid", k), "%s is listed twice; replicates are set by %s", v, s.trialsName())
		}
	}
	for k, rule := range positiveOnly {
		for _, v := range s.values(k) {
			if !(v.Num > 0) && v.Str == "" {
				return s.explicitError(s.keyName(s.section(k), k), "%s, got %s", rule, v)
			}
		}
	}
	return nil
}

// repeated returns the first element of list equal (==, so 0 and -0 are one number) to an
// earlier one.
func repeated[T comparable](list []T) (T, bool) {
	seen := make(map[T]bool, len(list))
	for _, x := range list {
		if seen[x] {
			return x, true
		}
		seen[x] = true
	}
	var zero T
	return zero, false
}

// explicitError formats an error about what the user called name. With flags the name leads
// (it is the flag); in a spec file the file leads.
func (s *Spec) explicitError(name, format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	if s.FlagNames {
		if strings.HasPrefix(msg, name) { // the message names it already
			return fmt.Errorf("%s", msg)
		}
		return fmt.Errorf("%s: %s", name, msg)
	}
	if strings.HasPrefix(msg, name) {
		return fmt.Errorf("%s: %s", s.Source, msg)
	}
	return fmt.Errorf("%s: %s: %s", s.Source, name, msg)
}

func (s *Spec) has(k string) bool {
	_, fixed := s.Fixed[k]
	_, grid := s.Grid[k]
	return fixed || grid
}

// values returns every value the spec gives key k.
func (s *Spec) values(k string) []Value {
	if v, ok := s.Fixed[k]; ok {
		return []Value{v}
	}
	return s.Grid[k]
}

func (s *Spec) section(k string) string {
	if _, ok := s.Grid[k]; ok {
		return "grid"
	}
	return "params"
}

// keyName names key k of a section as the user wrote it: a flag, or section.key in a file.
func (s *Spec) keyName(section, k string) string {
	if s.FlagNames {
		return s.ParamName(k)
	}
	return section + "." + k
}

// givenName names key k in an error about point pt (parameters p; by: the algorithm that
// read it, zero for the kernel) as the user gave it, or, for a key the user did not give, by
// the value it took by default: "--connectivity 0.2 (the default)", so that an error never
// blames a flag or key that was not given.
func (s *Spec) givenName(k string, pt Point, p *kernel.Params, by algorithms.Info) string {
	if s.has(k) && !s.Defaulted[k] {
		return s.keyName(s.section(k), k)
	}
	v := pointValue(pt, p, by, k)
	if s.FlagNames {
		return s.ParamName(k) + " " + v + " (the default)"
	}
	return k + " = " + v + " (the default)"
}

func (s *Spec) groupNames(group []string) string {
	names := make([]string, len(group))
	for i, k := range group {
		names[i] = s.ParamName(k)
	}
	return strings.Join(names, ", ")
}

func (s *Spec) algorithmsName() string {
	if s.FlagNames {
		return "--algo"
	}
	return "algorithms"
}

func (s *Spec) trialsName() string {
	if s.FlagNames {
		return "--trials"
	}
	return "trials"
}
