package plots

import "strings"

// lmeLabel names values of the local mutual exclusion sweeps.
func lmeLabel(column, value string) string {
	switch column {
	case "k_priorities":
		return "K = " + value + " priorities"
	case "death":
		return "edge death probability " + value + " per round"
	case "radius":
		return "radius " + value
	case "algorithm":
		return strings.ToUpper(value)
	}
	return DefaultLabel(column, value)
}

// LMEFigures are the default figures of the local mutual exclusion presets. lme-geometry:
// response time (mean wait) against the maximum node speed, one line per algorithm, one
// panel per radius, at load 0.1. lme-tvg: drs's competition trials per lock against the
// port cap Δ, one line per number of priorities K, one panel per edge death probability.
var LMEFigures = []Preset{
	{
		Name:    "lme-geometry",
		Caption: "Local mutual exclusion on random waypoint: response time vs maximum speed, drs and cm",
		Spec: LineSpec{Metric: "wait_mean", X: "speed_max", Series: []string{"algorithm"}, Facet: "radius", Label: lmeLabel,
			Keep:  map[string][]string{"load": {"0.1"}},
			Title: "Random waypoint: speed vs. response time (λ_req = 0.1)", XLabel: "maximum speed (distance per time unit)",
			YLabel: "time units per CS entry"},
	},
	{
		Name:    "lme-tvg",
		Caption: "Anonymous local mutual exclusion on edge-Markovian graphs: competition trials per lock vs Δ",
		Spec: LineSpec{Metric: "drs_trials_per_lock", X: "delta", Series: []string{"k_priorities"}, Facet: "death", Label: lmeLabel, YScale: Log,
			Keep:  map[string][]string{"algorithm": {"drs"}},
			Title: "drs on edge-Markovian graphs: Δ vs. trials per lock", XLabel: "port cap Δ",
			YLabel: "competition trials per lock"},
	},
}
