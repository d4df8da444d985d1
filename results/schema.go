package results

import (
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/encoding"
)

// SchemaVersion is the version of the files Create writes, stored in the key-value metadata
// under KeySchemaVersion. Open reads versions 1 to 3 and rejects newer ones.
//
// Version 3 (this one): the layout of version 2. The number marks a change in what the
// columns hold (package results/columns): whole-number metrics of the algorithms (counts
// such as bad_req, gme_ce_misses, recolorings) are int64, and a window criterion that was
// not set (warmup_time, measure_time, warmup_per_node, measure_per_node) is null. Version 2
// files have float64 and 0 there; they read as before, and a merge never mixes versions.
//
// Version 2: the columns are whatever the caller describes (Column); a column that may not
// apply to a row is OPTIONAL and holds null there; each column's unit and description are
// in the metadata (KeyUnitPrefix, KeyDocPrefix).
//
// Version 1: a fixed set of core columns followed by a layout of msgs_<type> and extra
// float64 columns (KeyLayout), all REQUIRED: a value that did not apply was written as 0.
const SchemaVersion = 3

// Metadata keys set by this package. Create refuses caller metadata that uses them.
const (
	// KeySchemaVersion holds the schema version as a decimal integer.
	KeySchemaVersion = "mutexlab.schema_version"
	// KeyUnitPrefix + a column's name holds its unit ("time units", "messages", ...).
	KeyUnitPrefix = "mutexlab.unit."
	// KeyDocPrefix + a column's name holds its one-line description.
	KeyDocPrefix = "mutexlab.doc."
	// KeyLayout held the dynamic columns of a version 1 file as JSON; Open still reads it.
	KeyLayout = "mutexlab.layout"
)

// Kind is the type of a column's values.
type Kind uint8

const (
	String Kind = iota + 1 // BYTE_ARRAY with the STRING logical type, dictionary encoded
	Int                    // INT64, INT(64, signed)
	Uint                   // INT64, INT(64, unsigned): DuckDB UBIGINT, pandas uint64
	Float                  // DOUBLE
	Bool                   // BOOLEAN
)

func (k Kind) String() string {
	switch k {
	case String:
		return "string"
	case Int:
		return "int64"
	case Uint:
		return "uint64"
	case Float:
		return "float64"
	case Bool:
		return "bool"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

func (k Kind) node() parquet.Node {
	switch k {
	case String:
		return parquet.Encoded(parquet.String(), &parquet.RLEDictionary)
	case Int:
		return parquet.Int(64)
	case Uint:
		return parquet.Uint(64)
	case Float:
		return parquet.Leaf(parquet.DoubleType)
	case Bool:
		return parquet.Leaf(parquet.BooleanType)
	}
	panic("results: unknown column kind " + k.String())
}

// Column describes one column of a results file.
type Column struct {
	Name        string // [a-z][a-z0-9_]*
	Kind        Kind
	Unit        string // e.g. "time units"; "" for a dimensionless number or a name
	Description string // one line: what the value means, and when it is null
	// Optional columns may hold null, for a row to which the column does not apply (or whose
	// value was not measured). Required columns never do.
	Optional bool
}

// ValidateColumns checks names (valid, unique) and kinds.
func ValidateColumns(cols []Column) error {
	if len(cols) == 0 {
		return fmt.Errorf("results: no columns")
	}
	seen := make(map[string]bool, len(cols))
	for _, c := range cols {
		if !validName(c.Name) {
			return fmt.Errorf("results: column %q: not a valid name (want [a-z][a-z0-9_]*)", c.Name)
		}
		if seen[c.Name] {
			return fmt.Errorf("results: column %q appears twice", c.Name)
		}
		seen[c.Name] = true
		if c.Kind < String || c.Kind > Bool {
			return fmt.Errorf("results: column %q: unknown kind %d", c.Name, c.Kind)
		}
	}
	return nil
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

// Value is one cell: a number, a string, a bool, or null (the zero Value).
type Value struct {
	bits uint64 // Int, Uint, Float (IEEE bits), Bool (0 or 1)
	str  string
	set  bool
}

// Null is the value of a cell to which its column does not apply.
var Null = Value{}

// IntValue, UintValue, FloatValue, StringValue and BoolValue make non-null cells.
func IntValue(v int64) Value     { return Value{bits: uint64(v), set: true} }
func UintValue(v uint64) Value   { return Value{bits: v, set: true} }
func FloatValue(v float64) Value { return Value{bits: math.Float64bits(v), set: true} }
func StringValue(s string) Value { return Value{str: s, set: true} }
func BoolValue(b bool) Value {
	if b {
		return Value{bits: 1, set: true}
	}
	return Value{set: true}
}

// IsNull reports whether v is null.
func (v Value) IsNull() bool { return !v.set }

// Int, Uint, Float, Str and Bool read the value as its column's kind (zero for null).
func (v Value) Int() int64     { return int64(v.bits) }
func (v Value) Uint() uint64   { return v.bits }
func (v Value) Float() float64 { return math.Float64frombits(v.bits) }
func (v Value) Str() string    { return v.str }
func (v Value) Bool() bool     { return v.bits != 0 }

// Format renders v as a value of kind k: "null", a number in its shortest form, true/false
// or the string itself.
func (v Value) Format(k Kind) string {
	if !v.set {
		return "null"
	}
	switch k {
	case Int:
		return strconv.FormatInt(v.Int(), 10)
	case Uint:
		return strconv.FormatUint(v.Uint(), 10)
	case Float:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case Bool:
		return strconv.FormatBool(v.Bool())
	}
	return v.str
}

// Equal reports whether v and o are the same cell of a column of kind k: both null, or the
// same value (floats compared bit for bit).
func (v Value) Equal(o Value, k Kind) bool {
	if v.set != o.set {
		return false
	}
	if k == String {
		return v.str == o.str
	}
	return v.bits == o.bits
}

// parquetValue converts v for a column of kind k at index col.
func (v Value) parquetValue(k Kind, col int, optional bool) parquet.Value {
	def := 0
	if optional {
		def = 1
	}
	if !v.set {
		return parquet.NullValue().Level(0, 0, col)
	}
	var pv parquet.Value
	switch k {
	case String:
		pv = parquet.ByteArrayValue([]byte(v.str))
	case Int, Uint:
		pv = parquet.Int64Value(int64(v.bits)) // same bits; the logical type marks unsigned
	case Float:
		pv = parquet.DoubleValue(v.Float())
	case Bool:
		pv = parquet.BooleanValue(v.bits != 0)
	}
	return pv.Level(0, def, col)
}

// newSchema builds the Parquet schema for cols, keeping their order (parquet.Group would
// sort the fields by name, which makes "SELECT *" in DuckDB hard to read).
func newSchema(cols []Column) *parquet.Schema {
	g := &orderedGroup{group: make(parquet.Group, len(cols))}
	for _, c := range cols {
		n := c.Kind.node()
		if c.Optional {
			n = parquet.Optional(n)
		}
		g.group[c.Name] = n
		// A one-field Group yields a Field whose Value method the library implements.
		g.fields = append(g.fields, parquet.Group{c.Name: n}.Fields()[0])
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
