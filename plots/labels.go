package plots

import (
	"strings"
)

// AxisLabel is the one place a column name becomes an axis label: "what (unit)". It reads
// a local table for now; when the results schema carries its own column descriptions
// with units, this function is switched to them and nothing else changes. A column the
// table lacks keeps its name, so a new metric is never mislabelled, only unadorned.
func AxisLabel(column string) string {
	d, ok := columnLabels[column]
	if !ok {
		d, ok = patternLabel(column)
	}
	if !ok {
		return column
	}
	if d.unit == "" {
		return d.what
	}
	return d.what + " (" + d.unit + ")"
}

// patternLabel labels the families of columns named after a message type (msgs_token) or a
// priority class (wait_mean_c2).
func patternLabel(column string) (columnLabel, bool) {
	if t, ok := strings.CutPrefix(column, "msgs_"); ok {
		return columnLabel{t + " messages per trial", "messages"}, true
	}
	i := strings.LastIndex(column, "_c")
	if i < 0 || strings.Trim(column[i+2:], "0123456789") != "" || column[i+2:] == "" {
		return columnLabel{}, false
	}
	base, class := column[:i], column[i+2:]
	if base == "hk_wait_entries" {
		return columnLabel{"CS entries of priority class " + class, "entries"}, true
	}
	d, ok := columnLabels[base]
	d.what += ", priority class " + class
	return d, ok
}

type columnLabel struct{ what, unit string }

// Time is in the simulator's time units: a message delay of 1 and a CS of 1 in the
// Reverse Link experiments. Means are over trials; a metric that is itself a mean or a
// maximum over one trial's CS entries says so.
var columnLabels = map[string]columnLabel{
	// parameters
	"n":               {"nodes n", ""},
	"links":           {"initial links", "links"},
	"connectivity":    {"connectivity", "fraction of the n(n−1)/2 links"},
	"degree":          {"initial mean degree", "links per node"},
	"load":            {"load λ_req", "requests per node per time unit"},
	"mobility":        {"mobility λ_mob", "link changes per time unit"},
	"crash_rate":      {"crash rate", "crashes per time unit"},
	"birth":           {"link birth probability", "per round"},
	"death":           {"link death probability", "per round"},
	"delta":           {"port cap Δ", "ports per node"},
	"round":           {"round length", "time units"},
	"side":            {"square side", "distance units"},
	"radius":          {"radio radius", "distance units"},
	"speed_min":       {"minimum speed", "distance units per time unit"},
	"speed_max":       {"maximum speed", "distance units per time unit"},
	"pause":           {"pause at waypoints", "time units"},
	"k":               {"resources k", ""},
	"h":               {"resources per request h", ""},
	"m":               {"shared resources m", ""},
	"priority_levels": {"priority classes", ""},
	"aging":           {"aging step", "priority added per CS exit"},
	"k_priorities":    {"priorities K", ""},
	"zipf_s":          {"Zipf exponent s", ""},
	"resource_dist":   {"resource distribution (0 uniform, 1 Zipf)", ""},
	"priority_p1":     {"share of priority class 1", "fraction of requests"},
	"priority_p2":     {"share of priority class 2", "fraction of requests"},
	"priority_p3":     {"share of priority class 3", "fraction of requests"},
	"priority_p4":     {"share of priority class 4", "fraction of requests"},
	"akw_n":           {"n as the nodes know it", "nodes"},
	"akw_delta":       {"δ as the nodes know it", "neighbours"},
	"warmup":          {"CS entries discarded per trial", "entries"},
	"measure":         {"CS entries measured per trial", "entries"},
	// metrics
	"wait_mean":                {"mean wait per CS entry", "time units"},
	"wait_p50":                 {"median wait per CS entry", "time units"},
	"wait_p99":                 {"99th-percentile wait per CS entry", "time units"},
	"wait_max":                 {"maximum wait per CS entry", "time units"},
	"msgs_per_cs":              {"messages per CS entry", "messages"},
	"msgs_total":               {"messages per trial", "messages"},
	"cs_entries":               {"CS entries per trial", "entries"},
	"events":                   {"events per trial", "events"},
	"sim_time":                 {"simulated time per trial", "time units"},
	"link_changes":             {"link changes per trial", "changes"},
	"throughput":               {"throughput", "CS entries per time unit"},
	"concurrency_mean":         {"mean nodes in the CS", "nodes"},
	"max_in_flight_per_link":   {"most messages in transit on a link", "messages"},
	"drs_trials_per_lock":      {"competition trials per lock", "trials"},
	"drs_memory_bits":          {"memory per node", "bits"},
	"gme_concurrency_mean":     {"mean nodes in the CS per entry", "nodes"},
	"gme_concurrency_max":      {"most nodes in the CS", "nodes"},
	"gme_session_entries_mean": {"CS entries per session", "entries"},
	"hk_inversions_per_cs":     {"priority inversions per CS entry", "inversions"},
	"hk_resources_in_use_mean": {"mean resources in use", "resources"},
	"failure_locality":         {"failure locality", "hops"},
	"blocked":                  {"blocked nodes", "nodes"},
	"crashed":                  {"crashed nodes", "nodes"},
	"crashes_chosen":           {"scheduled crashes", "crashes"},
	"recolorings":              {"recolourings per trial", "recolourings"},
	"bad_req":                  {"requests at a node without the fork", "requests"},
	"return_path":              {"return-path traversals per trial", "traversals"},
	"linial_overflow":          {"Linial colouring steps beyond the known degree", "steps"},
}
