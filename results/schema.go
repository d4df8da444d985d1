package results

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/encoding"
)

// SchemaVersion is the version of the row layout written by this package. It is stored in
// the key-value metadata under KeySchemaVersion; Open rejects files with a newer version.
// Bump it whenever a core column is added, removed, renamed or changes type.
const SchemaVersion = 1

// Metadata keys set by this package. Create refuses caller metadata that uses them.
const (
	// KeySchemaVersion holds SchemaVersion as a decimal integer.
	KeySchemaVersion = "mutexlab.schema_version"
	// KeyLayout holds the file's Layout as JSON: {"msg_types":[...],"extra":[...]}.
	KeyLayout = "mutexlab.layout"
)

// msgsPrefix starts the name of every per-message-type count column.
const msgsPrefix = "msgs_"

// colKind is the type of a column as this package writes it.
type colKind uint8

const (
	kindString  colKind = iota // BYTE_ARRAY, STRING logical type, dictionary encoded
	kindInt64                  // INT64, INT(64, signed)
	kindUint64                 // INT64, INT(64, unsigned)
	kindFloat64                // DOUBLE
)

func (k colKind) String() string {
	switch k {
	case kindString:
		return "string"
	case kindInt64:
		return "int64"
	case kindUint64:
		return "uint64"
	case kindFloat64:
		return "float64"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

func (k colKind) node() parquet.Node {
	switch k {
	case kindString:
		return parquet.Encoded(parquet.String(), &parquet.RLEDictionary)
	case kindInt64:
		return parquet.Int(64)
	case kindUint64:
		return parquet.Uint(64)
	case kindFloat64:
		return parquet.Leaf(parquet.DoubleType)
	}
	panic("results: unknown column kind " + k.String())
}

// The index of each core column in coreColumns, which is also its column index in a file
// written by this package. Trial fields and row values are matched through these.
const (
	colAlgorithm = iota
	colN
	colLinks
	colConnectivity
	colDegree
	colLoad
	colMobility
	colDelay
	colWarmup
	colMeasure
	colSeed
	colTrial
	colPoint
	colSimTime
	colEvents
	colCSEntries
	colWaitMean
	colWaitP50
	colWaitP99
	colWaitMax
	colMsgsTotal
	colMsgsPerCS
	colLinkChanges
	numCoreColumns
)

type column struct {
	name string
	kind colKind
}

// coreColumns are the columns every file has, in file order, ahead of the Layout's columns.
var coreColumns = [numCoreColumns]column{
	colAlgorithm:    {"algorithm", kindString},
	colN:            {"n", kindInt64},
	colLinks:        {"links", kindInt64},
	colConnectivity: {"connectivity", kindFloat64},
	colDegree:       {"degree", kindFloat64},
	colLoad:         {"load", kindFloat64},
	colMobility:     {"mobility", kindFloat64},
	colDelay:        {"delay", kindString},
	colWarmup:       {"warmup", kindInt64},
	colMeasure:      {"measure", kindInt64},
	colSeed:         {"seed", kindUint64},
	colTrial:        {"trial", kindInt64},
	colPoint:        {"point", kindInt64},
	colSimTime:      {"sim_time", kindFloat64},
	colEvents:       {"events", kindInt64},
	colCSEntries:    {"cs_entries", kindInt64},
	colWaitMean:     {"wait_mean", kindFloat64},
	colWaitP50:      {"wait_p50", kindFloat64},
	colWaitP99:      {"wait_p99", kindFloat64},
	colWaitMax:      {"wait_max", kindFloat64},
	colMsgsTotal:    {"msgs_total", kindInt64},
	colMsgsPerCS:    {"msgs_per_cs", kindFloat64},
	colLinkChanges:  {"link_changes", kindInt64},
}

// CoreColumns returns the names of the columns every results file has, in file order.
// The Layout's columns follow them: "msgs_<type>" for each message type, then the extras.
func CoreColumns() []string {
	names := make([]string, len(coreColumns))
	for i, c := range coreColumns {
		names[i] = c.name
	}
	return names
}

// Layout names the dynamic columns of a file: one int64 column "msgs_<name>" per message
// type, then one float64 column per extra metric, named exactly as given. Names must match
// [a-z][a-z0-9_]*; duplicates, or a name whose column clashes with a core column, are errors.
type Layout struct {
	MsgTypes []string
	Extra    []string
}

// Equal reports whether l and o name the same columns in the same order.
func (l Layout) Equal(o Layout) bool {
	return slices.Equal(l.MsgTypes, o.MsgTypes) && slices.Equal(l.Extra, o.Extra)
}

// String formats l for error messages, e.g. "msg_types [request token], extra [h_max]".
func (l Layout) String() string {
	return fmt.Sprintf("msg_types %v, extra %v", l.MsgTypes, l.Extra)
}

// Validate checks the names of l as described on Layout.
func (l Layout) Validate() error {
	seen := make(map[string]string, numCoreColumns+len(l.MsgTypes)+len(l.Extra))
	for _, c := range coreColumns {
		seen[c.name] = "a core column"
	}
	check := func(what, name, col string) error {
		if !validName(name) {
			return fmt.Errorf("results: layout: %s %q is not a valid name (want [a-z][a-z0-9_]*)", what, name)
		}
		if prev, ok := seen[col]; ok {
			return fmt.Errorf("results: layout: %s %q gives column %q, which is already %s", what, name, col, prev)
		}
		seen[col] = fmt.Sprintf("%s %q", what, name)
		return nil
	}
	for _, m := range l.MsgTypes {
		if err := check("message type", m, msgsPrefix+m); err != nil {
			return err
		}
	}
	for _, e := range l.Extra {
		if err := check("extra", e, e); err != nil {
			return err
		}
	}
	return nil
}

// clone returns a deep copy of l whose slices are never nil, so that layouts compare and
// encode the same however they were built.
func (l Layout) clone() Layout {
	return Layout{
		MsgTypes: append([]string{}, l.MsgTypes...),
		Extra:    append([]string{}, l.Extra...),
	}
}

// columns lists every column of a file with layout l, in file order.
func (l Layout) columns() []column {
	cols := make([]column, 0, numCoreColumns+len(l.MsgTypes)+len(l.Extra))
	cols = append(cols, coreColumns[:]...)
	for _, m := range l.MsgTypes {
		cols = append(cols, column{msgsPrefix + m, kindInt64})
	}
	for _, e := range l.Extra {
		cols = append(cols, column{e, kindFloat64})
	}
	return cols
}

type layoutJSON struct {
	MsgTypes []string `json:"msg_types"`
	Extra    []string `json:"extra"`
}

func (l Layout) marshal() string {
	c := l.clone()
	b, err := json.Marshal(layoutJSON{MsgTypes: c.MsgTypes, Extra: c.Extra})
	if err != nil {
		panic("results: cannot encode layout: " + err.Error()) // []string always encodes
	}
	return string(b)
}

func parseLayout(s string) (Layout, error) {
	var j layoutJSON
	if err := json.Unmarshal([]byte(s), &j); err != nil {
		return Layout{}, err
	}
	l := Layout{MsgTypes: j.MsgTypes, Extra: j.Extra}.clone()
	return l, l.Validate()
}

func validName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// newSchema builds the Parquet schema for cols, keeping their order (parquet.Group would
// sort the fields by name, which makes "SELECT *" in DuckDB hard to read).
func newSchema(cols []column) *parquet.Schema {
	g := &orderedGroup{group: make(parquet.Group, len(cols))}
	for _, c := range cols {
		n := c.kind.node()
		g.group[c.name] = n
		// A one-field Group yields a Field whose Value method the library implements.
		g.fields = append(g.fields, parquet.Group{c.name: n}.Fields()[0])
	}
	return parquet.NewSchema("mutexlab_trial", g)
}

// orderedGroup is a Parquet group node whose fields keep the order they were added in.
type orderedGroup struct {
	fields []parquet.Field
	group  parquet.Group // the same fields by name, for the methods that do not depend on order
}

func (g *orderedGroup) ID() int                     { return 0 }
func (g *orderedGroup) String() string              { return parquet.NewSchema("", g).String() }
func (g *orderedGroup) Type() parquet.Type          { return g.group.Type() }
func (g *orderedGroup) Optional() bool              { return false }
func (g *orderedGroup) Repeated() bool              { return false }
func (g *orderedGroup) Required() bool              { return true }
func (g *orderedGroup) Leaf() bool                  { return false }
func (g *orderedGroup) Fields() []parquet.Field     { return g.fields }
func (g *orderedGroup) Encoding() encoding.Encoding { return nil }
func (g *orderedGroup) Compression() compress.Codec { return nil }
func (g *orderedGroup) GoType() reflect.Type        { return g.group.GoType() }
