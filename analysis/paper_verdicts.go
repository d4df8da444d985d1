package analysis

// PaperVerdicts is a paper's findings checked on one data set, the one computation behind
// every command that shows them (bench report --paper, the findings of bench html): the
// data are split by the column the paper's tables do not separate (the walter model's
// reading), and every finding is checked on each part.
type PaperVerdicts struct {
	Split  string        // the column checked value by value; "" when the data hold one value
	Values []string      // the values of Split, in key order (one value when Split is "")
	Tables []*Table      // the table of each value, grouped by the paper's axes
	Checks [][]Assertion // Checks[v][f]: finding f on value v
	Flags  Flags         // the measurement flags over every trial
}

// Matrix arranges the verdicts as findings × values (WriteMatrix).
func (p *PaperVerdicts) Matrix() *Matrix {
	m := &Matrix{Column: p.Split, Values: p.Values, Rows: make([][]Assertion, 0)}
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

// CheckWalter2001Data checks Walter2001's findings on d (from LoadWalter2001): once per
// reading of the network model the data hold.
func CheckWalter2001Data(d *Dataset) (*PaperVerdicts, error) {
	t, err := Walter2001ReadingsTable(d)
	if err != nil {
		return nil, err
	}
	values, subsets, err := t.Split(Walter2001ReadingColumn)
	if err != nil {
		return nil, err
	}
	p := &PaperVerdicts{Values: values, Tables: subsets, Flags: t.Flags()}
	if len(values) > 1 {
		p.Split = Walter2001ReadingColumn
	}
	for _, sub := range subsets {
		p.Checks = append(p.Checks, Walter2001.Check(sub))
	}
	return p, nil
}
