package analysis

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// ParametersIn returns the parameter columns among cols, the column names of a results file
// in file order: the parameters this program knows, in the description's order (files written
// before an algorithm was registered lack its columns), then those of algorithms it does not
// know (a file written by a program that registered one). A file lays out every parameter
// before the first metric (columns.All), so a column unknown here that comes before the
// file's first known metric is a parameter of such an algorithm.
func ParametersIn(cols []string) []string {
	var out []string
	for _, p := range columns.Parameters() {
		if slices.Contains(cols, p) {
			out = append(out, p)
		}
	}
	for _, c := range cols {
		known, ok := columns.Lookup(c)
		if ok && known.Role == columns.Metric {
			break
		}
		if !ok {
			out = append(out, c)
		}
	}
	return out
}

// Column is one column of a Dataset: numbers, or text for the string columns (algorithm,
// network, delay, ...). A null — the column does not apply to the row, or nothing was
// measured — is NaN in Num and "null" in Str.
type Column struct {
	Name  string
	Num   []float64 // nil for a text column
	Str   []string  // nil for a numeric column
	Nulls int       // rows without a value
}

// Null is how a null reads in a text column and in a group's key.
const Null = "null"

// Text returns row r's value as text: strings as they are, numbers in their shortest
// form at 10 significant digits, so 0.30000000000000004 and 0.3 are the same group; a null
// is "null".
func (c *Column) Text(r int) string {
	if c.Num == nil {
		return c.Str[r]
	}
	if math.IsNaN(c.Num[r]) {
		return Null
	}
	return FormatValue(c.Num[r])
}

// FormatValue renders a parameter value at 10 significant digits, shortest form.
func FormatValue(v float64) string {
	v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 10, 64), 64)
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Dataset holds the named columns of one or more results files, concatenated in the order
// the files were given. Only the columns asked for are read.
type Dataset struct {
	Files     []string
	Available []string // columns present in every file, in the first file's order
	cols      map[string]*Column
	rows      int
}

// Rows returns the number of trials.
func (d *Dataset) Rows() int { return d.rows }

// Column returns a column read by Load, or nil.
func (d *Dataset) Column(name string) *Column { return d.cols[name] }

// Load reads the named columns from every file. Errors are one line and name the file
// (missing, not Parquet, not mutexlab, a schema from the future) or the unknown column with
// the list of available ones. Nulls read as NaN (numbers) or "null" (text), and
// Column.Nulls counts them; Aggregate leaves them out.
func Load(paths []string, columns []string) (*Dataset, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no results files given")
	}
	d := &Dataset{Files: paths, cols: map[string]*Column{}}
	columns = dedupe(columns)
	for i, p := range paths {
		f, err := results.Open(p)
		if err != nil {
			return nil, err
		}
		names := f.ColumnNames()
		if i == 0 {
			d.Available = names
		} else {
			d.Available = slices.DeleteFunc(d.Available, func(n string) bool { return !slices.Contains(names, n) })
		}
		for _, c := range columns {
			if !slices.Contains(names, c) {
				f.Close()
				return nil, fmt.Errorf("%s: no column %q; available: %s", p, c, strings.Join(names, ", "))
			}
		}
		for _, c := range columns {
			col := d.cols[c]
			if col == nil {
				col = &Column{Name: c}
				d.cols[c] = col
			}
			if err := col.read(f, c); err != nil {
				f.Close()
				return nil, err
			}
		}
		d.rows += int(f.NumRows())
		f.Close()
	}
	return d, nil
}

// readBool appends the values of the true/false column name of f as text, "true" or
// "false" (Null where null), so that rows can be grouped by them (bench report --by
// wait_stable); they are not numbers to aggregate.
func (col *Column) readBool(f *results.File, name string) error {
	v, err := f.BoolColumn(name)
	if err != nil {
		return err
	}
	valid, err := f.Valid(name)
	if err != nil {
		return err
	}
	for r, b := range v {
		switch {
		case !valid[r]:
			col.Str = append(col.Str, Null)
			col.Nulls++
		default:
			col.Str = append(col.Str, strconv.FormatBool(b))
		}
	}
	return nil
}

// read appends the values of column name of f.
func (col *Column) read(f *results.File, name string) error {
	kind := results.Float
	for _, c := range f.Columns() {
		if c.Name == name {
			kind = c.Kind
		}
	}
	if kind == results.String {
		v, err := f.StringColumn(name)
		if err != nil {
			return err
		}
		valid, err := f.Valid(name)
		if err != nil {
			return err
		}
		for r := range v {
			if !valid[r] {
				v[r] = Null
				col.Nulls++
			}
		}
		col.Str = append(col.Str, v...)
		return nil
	}
	if kind == results.Bool {
		return col.readBool(f, name)
	}
	v, err := f.Float64Column(name)
	if err != nil {
		return err
	}
	for _, x := range v {
		if math.IsNaN(x) {
			col.Nulls++
		}
	}
	col.Num = append(col.Num, v...)
	return nil
}

func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// CheckNames reports names that are not columns of the data, listing what is available.
// kind is "metric" or "parameter", for the message.
func CheckNames(available []string, kind string, names []string) error {
	for _, n := range names {
		if !slices.Contains(available, n) {
			return fmt.Errorf("unknown %s %q; available: %s", kind, n, strings.Join(available, ", "))
		}
	}
	return nil
}

// codes maps each row of a column to a small integer, one per distinct value (as text).
func codes(c *Column, rows int) (code []uint32, values []string, nums []float64) {
	code = make([]uint32, rows)
	seen := map[string]uint32{}
	add := func(r int, s string, x float64) {
		k, ok := seen[s]
		if !ok {
			k = uint32(len(values))
			seen[s] = k
			values = append(values, s)
			nums = append(nums, x)
		}
		code[r] = k
	}
	if c.Num == nil {
		for r, s := range c.Str {
			add(r, s, math.NaN())
		}
		return
	}
	raw := map[float64]uint32{}
	for r, x := range c.Num {
		if math.IsNaN(x) { // a null (NaN is no map key: it never finds itself)
			add(r, Null, x)
			continue
		}
		if k, ok := raw[x]; ok {
			code[r] = k
			continue
		}
		add(r, FormatValue(x), x)
		raw[x] = code[r]
	}
	return
}

// groupIDs returns, for each row, the index of its group (distinct combination of the by
// columns), and each group's key as text and number (NaN for text).
func groupIDs(d *Dataset, by []string) (ids []int, keys [][]string, nums [][]float64) {
	ids = make([]int, d.rows)
	colCodes := make([][]uint32, len(by))
	colVals := make([][]string, len(by))
	colNums := make([][]float64, len(by))
	for i, b := range by {
		colCodes[i], colVals[i], colNums[i] = codes(d.cols[b], d.rows)
	}
	index := map[string]int{}
	buf := make([]byte, 4*len(by))
	for r := range d.rows {
		for i := range by {
			c := colCodes[i][r]
			buf[4*i], buf[4*i+1], buf[4*i+2], buf[4*i+3] = byte(c), byte(c>>8), byte(c>>16), byte(c>>24)
		}
		g, ok := index[string(buf)] // no allocation for the lookup
		if !ok {
			g = len(keys)
			index[string(buf)] = g
			k := make([]string, len(by))
			n := make([]float64, len(by))
			for i := range by {
				k[i] = colVals[i][colCodes[i][r]]
				n[i] = colNums[i][colCodes[i][r]]
			}
			keys = append(keys, k)
			nums = append(nums, n)
		}
		ids[r] = g
	}
	return ids, keys, nums
}

// Aggregate groups the trials of d by the named columns and summarises every metric per
// group. Groups are sorted by key (numbers numerically, text alphabetically). Where d holds
// the measurement flags (FlagColumns), each group counts its flagged trials (Table.Flags).
func Aggregate(d *Dataset, by, metrics []string) (*Table, error) {
	if err := checkAggregate(d, by, metrics); err != nil {
		return nil, err
	}
	t := NewTable(by, metrics)
	ids, keys, nums := groupIDs(d, by)
	for g := range keys {
		gr := &group{key: keys[g], nums: nums[g], accs: make([]Acc, len(metrics))}
		t.order = append(t.order, gr)
		t.groups[strings.Join(keys[g], "\x00")] = gr
	}
	for _, g := range ids {
		t.order[g].trials++
	}
	for m, name := range metrics {
		vals := d.cols[name].Num
		for r, g := range ids {
			if !math.IsNaN(vals[r]) { // null: not applicable or not measured
				t.order[g].accs[m].Add(vals[r])
			}
		}
	}
	t.countFlags(d, ids, slices.Clone(t.order))
	t.Sort()
	return t, nil
}

// AggregateReplicates is Aggregate keeping every trial's values under its replicate id, the
// column "trial" where d has it (a sweep gives every algorithm the same seed at one grid
// point and replicate, so the same id in two groups of one point is a pair on common random
// numbers); the means are Aggregate's to the bit. Paper findings read it (Table.Sample).
func AggregateReplicates(d *Dataset, by, metrics []string) (*Table, error) {
	if err := checkAggregate(d, by, metrics); err != nil {
		return nil, err
	}
	t := NewSampledTable(by, metrics)
	ids, keys, _ := groupIDs(d, by)
	rep := d.cols["trial"]
	vals := make([]float64, len(metrics))
	for r, g := range ids {
		for m, name := range metrics {
			vals[m] = d.cols[name].Num[r]
		}
		id := ""
		if rep != nil {
			id = rep.Text(r)
		}
		t.AddReplicate(keys[g], id, vals)
	}
	byID := make([]*group, len(keys))
	for g := range keys {
		byID[g] = t.groups[strings.Join(keys[g], "\x00")]
	}
	t.countFlags(d, ids, byID)
	t.Sort()
	return t, nil
}

func checkAggregate(d *Dataset, by, metrics []string) error {
	for _, c := range append(slices.Clone(by), metrics...) {
		if d.cols[c] == nil {
			return fmt.Errorf("column %q was not loaded", c)
		}
	}
	for _, m := range metrics {
		if d.cols[m].Num == nil {
			return fmt.Errorf("metric %q is text, not a number", m)
		}
	}
	return nil
}
