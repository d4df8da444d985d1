package algorithms

import (
	"fmt"
	"math"
)

// validate checks what Register can check of a alone: a name, a constructor, a column name
// for each parameter, metric, derived column and message type, each used once within a,
// named options with a default among their choices, and finite non-negative cost hints.
// Its error is one line naming the algorithm and the field.
func validate(a *Info) error {
	if !validName(a.Name, "-") {
		return fmt.Errorf("algorithm %q: Name must be lower-case letters, digits, - and _, starting with a letter", a.Name)
	}
	if a.New == nil {
		return fmt.Errorf("algorithm %q: New is nil", a.Name)
	}
	for _, c := range []struct {
		field string
		x     float64
	}{{"Cost", a.Cost}, {"LinkChangeCost", a.LinkChangeCost}} {
		if !(c.x >= 0) || math.IsInf(c.x, 0) {
			return fmt.Errorf("algorithm %q: %s must be a finite number >= 0 (0: the default), got %g", a.Name, c.field, c.x)
		}
	}
	names := newNameSet(a.Name)
	for k := range a.Params {
		if err := validateParam(a.Name, &a.Params[k], names); err != nil {
			return err
		}
	}
	for _, m := range a.Metrics {
		if err := names.add("metric", m.Name); err != nil {
			return err
		}
	}
	for _, d := range a.Derived {
		if err := names.add("derived column", d.Name); err != nil {
			return err
		}
		if d.Value == nil {
			return fmt.Errorf("algorithm %q: derived column %q: Value is nil", a.Name, d.Name)
		}
	}
	return validateMessageTypes(a)
}

// validateParam checks one parameter: its name, and for a named option its choices and
// default; for a whole-number parameter a whole default.
func validateParam(algo string, q *ParamInfo, names nameSet) error {
	if err := names.add("parameter", q.Name); err != nil {
		return err
	}
	if math.IsNaN(q.Default) || math.IsInf(q.Default, 0) {
		return fmt.Errorf("algorithm %q: parameter %q: Default must be finite, got %g", algo, q.Name, q.Default)
	}
	if q.Whole && q.Default != math.Trunc(q.Default) {
		return fmt.Errorf("algorithm %q: parameter %q: Whole, but Default %g is not a whole number", algo, q.Name, q.Default)
	}
	if q.Choices == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, c := range q.Choices {
		if c == "" || seen[c] {
			return fmt.Errorf("algorithm %q: parameter %q: choice %q is empty or listed twice", algo, q.Name, c)
		}
		seen[c] = true
	}
	if q.Choice(q.Default) == "" {
		return fmt.Errorf("algorithm %q: parameter %q: Default %g is not the index of one of its %d Choices", algo, q.Name, q.Default, len(q.Choices))
	}
	return nil
}

// validateMessageTypes checks the names of a's message types: each becomes a msgs_<name>
// column.
func validateMessageTypes(a *Info) error {
	seen := map[string]bool{}
	for k, t := range a.New().MessageTypes() {
		if !validName(t.Name, "") {
			return fmt.Errorf("algorithm %q: message type %d: name %q must be lower-case letters, digits and _, starting with a letter", a.Name, k, t.Name)
		}
		if seen[t.Name] {
			return fmt.Errorf("algorithm %q: message type %q is listed twice", a.Name, t.Name)
		}
		seen[t.Name] = true
	}
	return nil
}

// nameSet holds the column names an Info has used so far: its parameters, metrics and
// derived columns share a results row, so none may repeat.
type nameSet struct {
	algo string
	used map[string]string // name -> what it names
}

func newNameSet(algo string) nameSet { return nameSet{algo: algo, used: map[string]string{}} }

func (s nameSet) add(what, name string) error {
	if !validName(name, "") {
		return fmt.Errorf("algorithm %q: %s %q: a column name must be lower-case letters, digits and _, starting with a letter", s.algo, what, name)
	}
	if prev, ok := s.used[name]; ok {
		return fmt.Errorf("algorithm %q: %s %q: the name is already its %s", s.algo, what, name, prev)
	}
	s.used[name] = what
	return nil
}

// validName reports whether s is a letter a-z followed by a-z, 0-9, _ and the extra bytes.
func validName(s, extra string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
		for j := 0; j < len(extra) && !ok; j++ {
			ok = c == extra[j]
		}
		if !ok {
			return false
		}
	}
	return true
}
