package plots

// lmeLabel names values of the local mutual exclusion sweeps.
func lmeLabel(column, value string) string {
	switch column {
	case "k_priorities":
		return "K = " + value + " priorities"
	case "death":
		return "edge death probability " + value + " per round"
	case "delta":
		return "Δ = " + value + " ports"
	case "radius":
		return "radius " + value
	}
	return DefaultLabel(column, value)
}

// LMEFigures are the default figures of the local mutual exclusion presets. lme-geometry:
// response time (mean wait) against the maximum node speed, one line per algorithm, one
// panel per radius, at load 0.1. lme-tvg: drs's competition trials per lock against the
// number of priorities K, one line per port cap Δ, one panel per edge death probability.
//
// lme-tvg used to draw trials per lock against Δ with one line per K. K = 64 and K = 256
// gave the same values within their CIs at every Δ and death probability (and all three K
// coincided at death > 0), so two of its three lines, and two of its three panels, showed
// one line: priorities only matter through ties, and with K ≥ Δ² (Δ ≤ 8 here) a tie for
// the highest priority is rare — the saturation the paper's footnote 2 predicts (K > Δ²
// for O(Δ²) trials). With K on the x axis the figure shows that saturation as what it
// is, a flat line from K = 64 on, instead of two lines that look like one.
var LMEFigures = []Preset{
	{
		Name:    "lme-geometry",
		Caption: "Local mutual exclusion on random waypoint, λ_req = 0.1: mean wait per CS entry vs maximum speed, drs and cm; panels per radio radius",
		Spec: LineSpec{Metric: "wait_mean", X: "speed_max", Series: []string{"algorithm"}, Facet: "radius", Label: lmeLabel, XScale: Log,
			Keep: map[string][]string{"load": {"0.1"}}},
	},
	{
		Name:    "lme-tvg",
		Caption: "drs on edge-Markovian graphs: competition trials per lock vs the number of priorities K, one line per port cap Δ; panels per edge death probability",
		Spec: LineSpec{Metric: "drs_trials_per_lock", X: "k_priorities", Series: []string{"delta"}, Facet: "death", Label: lmeLabel, XScale: Log, YScale: Log,
			Keep: map[string][]string{"algorithm": {"drs"}}},
	},
}
