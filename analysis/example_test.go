package analysis_test

import (
	"os"

	"github.com/mutexlab/mutexlab/analysis"
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
