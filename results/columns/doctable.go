package columns

import (
	"fmt"
	"strings"
)

// DocTable renders every column as the table in the package doc: name, kind, unit, where
// it applies, whether it is a spec key, and its meaning. TestDocIsCurrent keeps doc.go equal
// to it (go test ./results/columns -run DocIsCurrent -update rewrites doc.go).
func DocTable() string {
	var b strings.Builder
	role := Role(0)
	for _, c := range All() {
		if c.Role != role {
			role = c.Role
			fmt.Fprintf(&b, "//\n// %s columns:\n//\n", titleOf(role))
		}
		key := ""
		switch {
		case c.Key && c.NoSeed:
			key = "; spec key (not in the seed)"
		case c.Key:
			key = "; spec key"
		}
		if c.Flag {
			key += ", flag --" + strings.ReplaceAll(c.Name, "_", "-")
		}
		unit := c.Unit
		if unit == "" {
			unit = "-"
		}
		fmt.Fprintf(&b, "//   - %s (%s, %s; %s%s): %s\n", c.Name, c.Kind, unit, c.Where(), key, c.Description)
	}
	return b.String()
}

func titleOf(r Role) string {
	switch r {
	case Bookkeeping:
		return "Bookkeeping"
	case Parameter:
		return "Parameter"
	}
	return "Metric"
}
