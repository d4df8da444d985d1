package plots

import "strconv"

// jiangLabel names values of the jiang-hk and jiang-gme sweeps.
func jiangLabel(column, value string) string {
	v, _ := strconv.ParseFloat(value, 64)
	switch column {
	case "k":
		return "k = " + value
	case "h":
		if v == 0 {
			return "h uniform on 1..k"
		}
		return "h = " + value
	case "m":
		return "m = " + value
	case "mobility":
		if v == 0 {
			return "static (λ_mob = 0)"
		}
		return "λ_mob = " + value
	case "resource_dist":
		if v == 1 {
			return "Zipf resources"
		}
		return "uniform resources"
	}
	return DefaultLabel(column, value)
}

// JiangFigures are the default figures of the jiang-hk and jiang-gme presets. h-out-of-k:
// wait per CS entry against load with one line per k (panels: h fixed at 1, h uniform on
// 1..k), and priority inversions per CS entry against load with one line per k, with 4
// priority classes; both at low mobility (λ_mob = 0.01). Group mutual exclusion: mean
// concurrency in the CS and wait against load, one line per number of resources m (uniform
// resource choice), one panel per mobility.
var JiangFigures = []Preset{
	{
		Name:    "jiang-hk-wait",
		Caption: "Prioritized h-out-of-k mutual exclusion: wait per CS entry vs load, one line per k",
		Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"k"}, Facet: "h", Label: jiangLabel,
			Keep:  map[string][]string{"priority_levels": {"1"}, "aging": {"0"}, "mobility": {"0.01"}},
			Title: "h-out-of-k, one class: load vs. time/CS entry (λ_mob = 0.01)", XLabel: "load λ_req (requests per time unit)",
			YLabel: "time units per CS entry"},
	},
	{
		Name:    "jiang-hk-inversions",
		Caption: "Prioritized h-out-of-k mutual exclusion: priority inversions per CS entry vs load, 4 priority classes",
		Spec: LineSpec{Metric: "hk_inversions_per_cs", X: "load", Series: []string{"k"}, Facet: "h", Label: jiangLabel,
			Keep:  map[string][]string{"priority_levels": {"4"}, "aging": {"1"}, "mobility": {"0.01"}},
			Title: "h-out-of-k: priority inversions (4 classes, aging 1, λ_mob = 0.01)", XLabel: "load λ_req (requests per time unit)",
			YLabel: "inversions per CS entry"},
	},
	{
		Name:    "jiang-gme-concurrency",
		Caption: "Group mutual exclusion: mean number of nodes in the CS vs load, one line per m",
		Spec: LineSpec{Metric: "gme_concurrency_mean", X: "load", Series: []string{"m"}, Facet: "mobility", Label: jiangLabel,
			Keep:  map[string][]string{"resource_dist": {"0"}},
			Title: "Group mutex: load vs. concurrency in the CS", XLabel: "load λ_req (requests per time unit)",
			YLabel: "nodes in the CS"},
	},
	{
		Name:    "jiang-gme-wait",
		Caption: "Group mutual exclusion: wait per CS entry vs load, one line per m",
		Spec: LineSpec{Metric: "wait_mean", X: "load", Series: []string{"m"}, Facet: "mobility", Label: jiangLabel,
			Keep:  map[string][]string{"resource_dist": {"0"}},
			Title: "Group mutex: load vs. time/CS entry", XLabel: "load λ_req (requests per time unit)",
			YLabel: "time units per CS entry"},
	},
}
