package analysis_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/results"
)

// A Table groups trials by parameters as they stream in and summarises each metric with its
// mean, standard deviation and 95% confidence interval (Student t over trials).
func ExampleTable() {
	t := analysis.NewTable([]string{"algorithm", "load"}, []string{"wait_mean"})
	t.Add([]string{"rr", "1"}, []float64{10})
	t.Add([]string{"rl", "1"}, []float64{4})
	t.Add([]string{"rl", "1"}, []float64{6})
	t.Add([]string{"rr", "1"}, []float64{14})
	t.Add([]string{"rl", "0.001"}, []float64{2})
	t.Sort()
	t.Write(os.Stdout, analysis.Text)
	t.Write(os.Stdout, analysis.CSV)
	// Output:
	// algorithm  load   trials  wait_mean (±95% CI)
	// rl         0.001  1       2
	// rl         1      2       5 ± 13
	// rr         1      2       12 ± 25
	// algorithm,load,trials,wait_mean_mean,wait_mean_sd,wait_mean_ci95,wait_mean_n
	// rl,0.001,1,2,,,1
	// rl,1,2,5,1.414213562,12.70620474,2
	// rr,1,2,12,2.828427125,25.41240947,2
}

// The way from a results file to a table: Load reads only the columns asked for, from one
// file or many, and Aggregate groups the trials and summarises each metric with its mean
// and 95% confidence interval. A null metric (here the wait of a trial that measured none)
// is left out of its group's mean, and the count says so: (n=2).
func ExampleAggregate() {
	dir, err := os.MkdirTemp("", "analysis-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "sweep.parquet")
	if err := writeTrials(path); err != nil {
		fmt.Println(err)
		return
	}
	d, err := analysis.Load([]string{path}, []string{"algorithm", "load", "wait_mean"})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := analysis.Aggregate(d, []string{"algorithm", "load"}, []string{"wait_mean"})
	if err != nil {
		fmt.Println(err)
		return
	}
	t.Write(os.Stdout, analysis.Text)
	s, _ := t.Lookup("wait_mean", "rr", 1.0)
	fmt.Printf("rr at load 1: %d trials, mean %.2f, 95%% CI ±%.2f\n", s.N, s.Mean, s.CI95)
	// Output:
	// algorithm  load  trials  wait_mean (±95% CI)
	// rl         0.01  3       4 ± 1.3 (n=2)
	// rl         1     3       72 ± 5
	// rr         0.01  3       10 ± 1.2
	// rr         1     3       160 ± 25
	// rr at load 1: 3 trials, mean 160.00, 95% CI ±24.84
}

// writeTrials writes a small results file shaped like a sweep's: rl and rr, three seeds, two
// loads. The waits are made-up numbers that keep the arithmetic easy to follow, not
// measurements.
func writeTrials(path string) error {
	w, err := results.Create(path, []results.Column{
		{Name: "algorithm", Kind: results.String, Description: "algorithm name"},
		{Name: "seed", Kind: results.Uint, Description: "the trial's seed"},
		{Name: "load", Kind: results.Float, Unit: "requests per node per time unit", Description: "request rate"},
		{Name: "wait_mean", Kind: results.Float, Unit: "time units", Description: "mean wait; null when no entry was measured", Optional: true},
	}, nil)
	if err != nil {
		return err
	}
	defer w.Abort()
	for _, r := range []struct {
		algo string
		seed uint64
		load float64
		wait results.Value
	}{
		{"rl", 1, 0.01, results.FloatValue(4.1)}, {"rl", 2, 0.01, results.FloatValue(3.9)}, {"rl", 3, 0.01, results.Null},
		{"rr", 1, 0.01, results.FloatValue(9.5)}, {"rr", 2, 0.01, results.FloatValue(10.5)}, {"rr", 3, 0.01, results.FloatValue(10)},
		{"rl", 1, 1, results.FloatValue(70)}, {"rl", 2, 1, results.FloatValue(74)}, {"rl", 3, 1, results.FloatValue(72)},
		{"rr", 1, 1, results.FloatValue(150)}, {"rr", 2, 1, results.FloatValue(160)}, {"rr", 3, 1, results.FloatValue(170)},
	} {
		if err := w.Write([]results.Value{results.StringValue(r.algo), results.UintValue(r.seed), results.FloatValue(r.load), r.wait}); err != nil {
			return err
		}
	}
	return w.Close()
}
