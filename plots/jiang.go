package plots

import "strconv"

// jiangLabel names values of the jiang-hk and jiang-gme sweeps.
func jiangLabel(column, value string) string {
	v, _ := strconv.ParseFloat(value, 64)
	switch column {
	case "k", "m":
		return column + " = " + value
	case "h":
		if v == 0 {
			return "h uniform on 1..k"
		}
		return "h = " + value
	case "h_dist": // how hk chose h: a fixed h (the jiang-hk preset's is 1), or uniform per request
		if value == "uniform" {
			return "h uniform on 1..k"
		}
		return "h fixed"
	case "mobility":
		if v == 0 {
			return "static (λ_mob = 0)"
		}
	case "priority_levels":
		if v == 1 {
			return "one priority class"
		}
		return value + " priority classes"
	case "aging":
		return "aging step " + value
	case "resource_dist":
		if v == 1 {
			return "Zipf resources"
		}
		return "uniform resources"
	}
	return DefaultLabel(column, value)
}

// JiangFigures are the default figures of the jiang-hk and jiang-gme presets. h-out-of-k:
// wait per CS entry against load with one line per k (panels: h fixed, which is h = 1 in
// the preset, above, h uniform on 1..k below), and priority inversions per CS entry against
// load with one line per k, with 4 priority classes; both at low mobility (λ_mob = 0.01).
// The panels are the values of h_dist: a results file records h uniform (the spec's h = 0)
// as h null and h_dist "uniform", so no value of h selects those trials. Group mutual exclusion:
// mean concurrency in the CS and wait against load, one line per number of resources m
// (uniform resource choice), one panel per mobility.
var JiangFigures = []Preset{
	{
		Name:    "jiang-hk-wait",
		Caption: "Prioritized h-out-of-k mutual exclusion, one class, aging 0: mean wait per CS entry vs load, one line per k; panels h fixed (h = 1), h uniform",
		Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"k"}, Facet: "h_dist", Label: jiangLabel,
			Keep: map[string][]string{"h_dist": {"fixed", "uniform"}, "priority_levels": {"1"}, "aging": {"0"}, "mobility": {"0.01"}}},
	},
	{
		Name:    "jiang-hk-inversions",
		Caption: "Prioritized h-out-of-k mutual exclusion, 4 classes, aging 1: priority inversions per CS entry vs load, one line per k; panels h fixed (h = 1), h uniform",
		Spec: LineSpec{Metric: "hk_inversions_per_cs", X: "load", Series: []string{"k"}, Facet: "h_dist", Label: jiangLabel,
			Keep: map[string][]string{"h_dist": {"fixed", "uniform"}, "priority_levels": {"4"}, "aging": {"1"}, "mobility": {"0.01"}}},
	},
	{
		Name:    "jiang-gme-concurrency",
		Caption: "Group mutual exclusion, uniform resources: mean nodes in the CS vs load, one line per m; panels zero, low and high mobility",
		Spec: LineSpec{Metric: "gme_concurrency_mean", X: "load", Series: []string{"m"}, Facet: "mobility", Label: jiangLabel,
			Keep: map[string][]string{"resource_dist": {"0"}}},
	},
	{
		Name:    "jiang-gme-wait",
		Caption: "Group mutual exclusion, uniform resources: mean wait per CS entry vs load, one line per m; panels zero, low and high mobility",
		Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"m"}, Facet: "mobility", Label: jiangLabel,
			Keep: map[string][]string{"resource_dist": {"0"}}},
	},
}
