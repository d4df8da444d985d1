package analysis

import (
	"fmt"
	"slices"
)

// PaperVerdicts is a paper's findings checked on one data set, the one computation behind
// every command that shows them (bench report --paper, the findings of bench html). A
// paper's tables fix some axes; trials that differ in anything else would be pooled into one
// cell, so the data are split by the first further parameter that varies within a cell (the
// walter model's reading, or n, say) and every finding is checked on each part.
type PaperVerdicts struct {
	Split  string        // the column checked value by value; "" when nothing varies within a cell
	Values []string      // the values of Split, in key order (one "" when Split is "")
	Tables []*Table      // the table of each value, grouped by the paper's axes
	Checks [][]Assertion // Checks[v][f]: finding f on value v
	Pooled []string      // parameters that still vary within a cell of one value: pooled
	Flags  Flags         // the measurement flags over every trial
}

// Matrix arranges the verdicts as findings × values (WriteMatrix).
func (p *PaperVerdicts) Matrix() *Matrix {
	m := &Matrix{Column: p.Split, Values: p.Values}
	for v, as := range p.Checks {
		for f, a := range as {
			if v == 0 {
				m.Rows = append(m.Rows, nil)
			}
			m.Rows[f] = append(m.Rows[f], a)
		}
	}
	return m
}

// Walter2001Verdicts loads files (LoadWalter2001) and checks Walter2001's findings on them:
// once per reading of the network model when they hold several, else once per value of the
// first parameter that varies within a cell of Tables 1 and 2, else once.
func Walter2001Verdicts(files []string) (*Dataset, *PaperVerdicts, error) {
	d, err := LoadWalter2001(files)
	if err != nil {
		return nil, nil, err
	}
	split, pooled, err := walter2001Split(d)
	if err != nil {
		return nil, nil, err
	}
	t, err := AggregateReplicates(d, append(slices.Clone(walter2001By), split), walter2001MetricsOf(d))
	if err != nil {
		return nil, nil, err
	}
	values, subsets, err := t.Split(split)
	if err != nil {
		return nil, nil, err
	}
	p := &PaperVerdicts{Split: split, Values: values, Tables: subsets, Pooled: pooled, Flags: t.Flags()}
	if len(values) == 1 && split == Walter2001ReadingColumn {
		p.Split, p.Values = "", []string{""}
	}
	for _, sub := range subsets {
		p.Checks = append(p.Checks, Walter2001.Check(sub))
	}
	return d, p, nil
}

// walter2001Split chooses the column the comparison splits by, adding it to d: the reading
// when d holds several, else the first parameter (in the description's order) that takes two values
// within some cell of the paper's axes, else the reading (one value). pooled names the
// parameters that still vary within a cell of one value of it.
func walter2001Split(d *Dataset) (split string, pooled []string, err error) {
	cands := slices.DeleteFunc(ParametersIn(d.Available), func(c string) bool {
		return slices.Contains(walter2001By, c) || slices.Contains(walter2001ReadingKeys, c) || c == "max_events_per_entry"
	})
	by := slices.Clone(walter2001By)
	split = Walter2001ReadingColumn
	if len(distinct(d.Column(split).Str)) == 1 {
		for i, c := range cands {
			v, err := variesWithin(d, by, c)
			if err != nil {
				return "", nil, err
			}
			if v {
				split, cands = c, cands[i+1:]
				break
			}
		}
	}
	by = append(by, split)
	for _, c := range cands {
		v, err := variesWithin(d, by, c)
		if err != nil {
			return "", nil, err
		}
		if v {
			pooled = append(pooled, c)
		}
	}
	return split, pooled, nil
}

// variesWithin reports whether column c (loaded into d if absent) takes two values within
// some group of the by columns.
func variesWithin(d *Dataset, by []string, c string) (bool, error) {
	if d.cols[c] == nil {
		one, err := Load(d.Files, []string{c})
		if err != nil {
			return false, err
		}
		if one.Rows() != d.Rows() {
			return false, fmt.Errorf("%s: column %s has %d rows, not %d", d.Files[0], c, one.Rows(), d.Rows())
		}
		d.cols[c] = one.cols[c]
	}
	ids, keys, _ := groupIDs(d, by)
	first := make([]string, len(keys))
	seen := make([]bool, len(keys))
	col := d.cols[c]
	for r, g := range ids {
		v := col.Text(r)
		if !seen[g] {
			first[g], seen[g] = v, true
		} else if first[g] != v {
			return true, nil
		}
	}
	return false, nil
}
