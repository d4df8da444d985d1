package plots

import (
	"strings"

	"github.com/mutexlab/mutexlab/results/columns"
)

// AxisLabel is the one place a column name becomes an axis label: "what (unit)". The unit
// is the column's own, from package results/columns (the one description of every column
// and the unit the results file records); the "what" is a short name from the table below,
// since a column's description is a sentence, too long for an axis. The unit is left out
// where the name already says it ("messages per CS entry", not "messages per CS entry
// (messages per CS entry)"). A column the table lacks keeps its name, so a new metric is
// never mislabelled, only unadorned.
func AxisLabel(column string) string {
	what, ok := columnWhat[column]
	if !ok {
		what, ok = patternWhat(column)
	}
	if !ok {
		return column
	}
	c, known := columns.Lookup(column)
	if !known || c.Unit == "" || strings.Contains(what, c.Unit) {
		return what
	}
	return what + " (" + c.Unit + ")"
}

// patternWhat names the families of columns named after a message type (msgs_token) or a
// priority class (wait_mean_c2).
func patternWhat(column string) (string, bool) {
	if t, ok := strings.CutPrefix(column, "msgs_"); ok {
		return t + " messages per trial", true
	}
	i := strings.LastIndex(column, "_c")
	if i < 0 || strings.Trim(column[i+2:], "0123456789") != "" || column[i+2:] == "" {
		return "", false
	}
	what, ok := columnWhat[column[:i]]
	return what + ", priority class " + column[i+2:], ok
}

// columnWhat is what each column measures or sets, in a few words. Time is in the
// simulator's time units: a message delay of 1 and a CS of 1 in the Reverse Link
// experiments. Means are over trials; a metric that is itself a mean or a maximum over one
// trial's CS entries says so.
var columnWhat = map[string]string{
	// parameters
	"n":                    "nodes n",
	"links":                "initial links",
	"connectivity":         "connectivity",
	"degree":               "initial mean degree",
	"load":                 "load λ_req",
	"mobility":             "mobility λ_mob",
	"cs_time":              "CS time",
	"starve_after":         "starvation bound",
	"max_events_per_entry": "event budget between CS entries",
	"crash_rate":           "crash rate",
	"birth":                "link birth",
	"death":                "link death",
	"delta":                "port cap Δ",
	"round":                "round length",
	"side":                 "square side",
	"radius":               "radio radius",
	"speed_min":            "minimum speed",
	"speed_max":            "maximum speed",
	"pause":                "pause at waypoints",
	"still":                "share of nodes that never move",
	"akw_init_colors":      "akw1 initial colours (1 recolouring module, 2 given)",
	"k":                    "resources k",
	"h":                    "resources per request h",
	"m":                    "shared resources m",
	"priority_levels":      "priority classes",
	"aging":                "aging step, priority added per CS exit",
	"k_priorities":         "priorities K",
	"zipf_s":               "Zipf exponent s",
	"resource_dist":        "resource distribution (0 uniform, 1 Zipf)",
	"priority_p1":          "probability of priority class 1",
	"priority_p2":          "probability of priority class 2",
	"priority_p3":          "probability of priority class 3",
	"priority_p4":          "probability of priority class 4",
	"akw_n":                "assumed n (akw1 1b)",
	"akw_delta":            "assumed δ (akw1 1b)",
	"warmup":               "CS entries discarded per trial",
	"measure":              "CS entries measured per trial",
	"warmup_per_node":      "warm-up per node",
	"measure_per_node":     "measurement window per node",
	"warmup_time":          "warm-up",
	"measure_time":         "measurement window",
	"drain_max_events":     "most events in the drain",
	// metrics
	"wait_mean":                "mean wait per CS entry",
	"wait_p50":                 "median wait per CS entry",
	"wait_p99":                 "99th-percentile wait per CS entry",
	"wait_max":                 "maximum wait per CS entry",
	"msgs_per_cs":              "messages per CS entry",
	"msgs_total":               "messages per trial",
	"msgs_lost":                "messages lost per trial",
	"msgs_to_crashed":          "messages to crashed nodes per trial",
	"cs_entries":               "CS entries per trial",
	"events":                   "events per trial",
	"sim_time":                 "simulated time per trial",
	"window_time":              "measurement window per trial",
	"events_warmup":            "events in the warm-up",
	"events_measure":           "events in the window",
	"events_drain":             "events in the drain",
	"drain_time":               "duration of the drain",
	"pending_at_end":           "requests pending at the end",
	"warmup_entries":           "CS entries in the warm-up",
	"warmup_mser_cut":          "MSER-5 truncation point",
	"wait_ci":                  "95% CI half-width of the mean wait",
	"wait_mean_first_half":     "mean wait, window's first half",
	"wait_mean_second_half":    "mean wait, window's second half",
	"link_changes":             "link changes in the window",
	"link_changes_skipped":     "link changes skipped in the window",
	"window_start":             "start of the measurement window",
	"links_start":              "links when the window opened",
	"links_end":                "links when the window closed",
	"links_mean":               "time-average links in the window",
	"link_downs":               "links down in the window",
	"link_ups":                 "links up in the window",
	"route_len_mean":           "RR route length",
	"route_hops_mean":          "RR hops per tree message",
	"throughput":               "throughput",
	"concurrency_mean":         "mean nodes in the CS",
	"max_in_flight_per_link":   "most messages in transit on a link",
	"drs_trials_per_lock":      "competition trials per lock",
	"drs_memory_bits":          "memory per node",
	"gme_concurrency_mean":     "mean nodes in the CS per entry",
	"gme_concurrency_max":      "most nodes in the CS",
	"gme_session_entries_mean": "CS entries per session",
	"gme_ce_misses":            "concurrent-entering misses",
	"gme_ce_miss_time":         "time waited in concurrent-entering misses",
	"hk_inversions_per_cs":     "priority inversions per CS entry",
	"hk_resources_in_use_mean": "mean resources in use",
	"hk_wait_entries":          "mean wait in CS entries",
	"failure_locality":         "failure locality",
	"blocked":                  "blocked nodes",
	"crashed":                  "crashed nodes",
	"crashes_chosen":           "scheduled crashes",
	"recolorings":              "recolourings per trial",
	"bad_req":                  "requests at a node without the fork",
	"return_path":              "return-path messages per trial",
	"linial_overflow":          "Linial colouring steps beyond the known degree",
	"wait_max_static":          "maximum wait of still nodes",
	"wait_mean_static":         "mean wait of still nodes",
	"wait_max_moving":          "maximum wait of moving nodes",
	"wait_mean_moving":         "mean wait of moving nodes",
	"entries_static":           "CS entries of still nodes",
	"color_range":              "largest colour of the recolouring module",
	"recolor_time_max":         "longest recolouring",
	"doorway1_time_max":        "longest passage, first double doorway",
	"doorway1_module_max":      "longest stay behind SD^r",
	"doorway2_time_max":        "longest passage, second double doorway",
	"doorway2_module_max":      "longest stay behind SD^f",
	"sdf_entries_max":          "most SD^f entries in one passage",
	"forks_time_max":           "longest fork collection",
	"drs_ports":                "ports per node Δ",
	"drs_state_bits":           "protocol state per node",
	"drs_message_bits_max":     "largest message",
}
