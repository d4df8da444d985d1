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
// wait per CS entry against load with one line per k (panels: h = 1 above, h uniform on
// 1..k below), and priority inversions per CS entry against load with one line per k,
// with 4 priority classes; both at low mobility (λ_mob = 0.01). Group mutual exclusion:
// mean concurrency in the CS and wait against load, one line per number of resources m
// (uniform resource choice), one panel per mobility.
var JiangFigures = []Preset{
	{
		Name:    "jiang-hk-wait",
		Caption: "Prioritized h-out-of-k mutual exclusion, one class, aging 0: mean wait per CS entry vs load, one line per k; panels h = 1, h uniform",
		Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"k"}, Facet: "h", Label: jiangLabel,
			Keep: map[string][]string{"h": {"1", "0"}, "priority_levels": {"1"}, "aging": {"0"}, "mobility": {"0.01"}}},
	},
	{
		Name:    "jiang-hk-inversions",
		Caption: "Prioritized h-out-of-k mutual exclusion, 4 classes, aging 1: priority inversions per CS entry vs load, one line per k; panels h = 1, h uniform",
		Spec: LineSpec{Metric: "hk_inversions_per_cs", X: "load", Series: []string{"k"}, Facet: "h", Label: jiangLabel,
			Keep: map[string][]string{"h": {"1", "0"}, "priority_levels": {"4"}, "aging": {"1"}, "mobility": {"0.01"}}},
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
