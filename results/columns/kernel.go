package columns

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/results"
)

// The kernel's columns: bookkeeping, the parameters of kernel.Params, the metrics of
// kernel.Result. Each is one entry; a new kernel parameter or metric is one more.

var walterOnly = []string{"walter"}

func bookkeeping() []Column {
	return []Column{
		{Column: results.Column{Name: "algorithm", Kind: results.String, Description: "registry name of the algorithm"},
			Role: Bookkeeping, Get: func(t *Trial) results.Value { return strv(t.Algorithm) }},
		{Column: results.Column{Name: "seed", Kind: results.Uint, Description: "the trial's seed, derived from the root seed, the grid point and the replicate; every random stream derives from it"},
			Role: Bookkeeping, Get: func(t *Trial) results.Value { return results.UintValue(t.Params.Seed) }},
		{Column: results.Column{Name: "trial", Kind: results.Int, Description: "replicate index within the grid point"},
			Role: Bookkeeping, Get: func(t *Trial) results.Value { return intv(t.Replicate) }},
		{Column: results.Column{Name: "point", Kind: results.Int, Description: "grid point index within the sweep"},
			Role: Bookkeeping, Get: func(t *Trial) results.Value { return intv(t.Point) }},
		{Column: results.Column{Name: "network", Kind: results.String, Description: "network model (walter: the random graph and link changes of Walter, Welch and Vaidya, section 6)"},
			Role: Parameter, Key: true, Default: "walter",
			Check: func(v Value) error {
				if _, ok := kernel.LookupNetwork(v.Str); !ok || v.Str == "" {
					return fmt.Errorf("unknown network model %q; known: %s", v.String(), strings.Join(kernel.NetworkNames(), ", "))
				}
				return nil
			},
			Set: func(p *kernel.Params, v Value) error { p.Network = v.Str; return nil },
			Get: func(t *Trial) results.Value { return strv(networkOf(t.Params)) }},
	}
}

func kernelParams() []Column {
	num := func(f func(p *kernel.Params, x float64)) func(p *kernel.Params, v Value) error {
		return func(p *kernel.Params, v Value) error { f(p, v.Num); return nil }
	}
	cols := []Column{
		{Column: results.Column{Name: "movement_file", Kind: results.String, Optional: true, Description: "ns-2 movement file (setdest/BonnMotion) of the ns2 network model"},
			Role: Parameter, Key: true, Networks: []string{"ns2"},
			Check: func(v Value) error {
				if v.Str == "" {
					return fmt.Errorf("must be a file path")
				}
				return nil
			},
			Set: func(p *kernel.Params, v Value) error { p.MovementFile = v.Str; return nil },
			Get: func(t *Trial) results.Value {
				return only(networkOf(t.Params) == "ns2", func() results.Value { return strv(t.Params.MovementFile) })
			}},
		{Column: results.Column{Name: "n", Kind: results.Int, Unit: "nodes", Description: "number of nodes"},
			Role: Parameter, Key: true, Flag: true, FlagDefault: "30", Default: "30",
			Set: num(func(p *kernel.Params, x float64) { p.N = int(x) }),
			Get: func(t *Trial) results.Value { return intv(int64(t.Params.N)) }},
		{Column: results.Column{Name: "links", Kind: results.Int, Unit: "links", Description: "initial number of links (walter: as set by links, degree or connectivity; other models: as their initial graph came out)"},
			Role: Parameter, Key: true, Flag: true, Networks: walterOnly, Default: "from degree or connectivity",
			Set: num(func(p *kernel.Params, x float64) { p.Links = int(x) }),
			Get: func(t *Trial) results.Value { return intv(int64(t.Result.Links)) }},
		{Column: results.Column{Name: "connectivity", Kind: results.Float, Unit: "fraction of the n(n-1)/2 pairs", Description: "initial links as a fraction of all pairs (walter: as set; otherwise links / (n(n-1)/2) of the initial graph)"},
			Role: Parameter, Key: true, Flag: true, FlagDefault: "0.2", Networks: walterOnly, Default: "0.2",
			Set: num(func(p *kernel.Params, x float64) { p.Connectivity = x }),
			Get: func(t *Trial) results.Value {
				p := t.Params
				if networkOf(p) == "walter" && p.Links == 0 && p.Degree == 0 {
					return floatv(p.Connectivity) // the requested value (the paper's "10%"), not links/max
				}
				return floatv(float64(t.Result.Links) / float64(kernel.MaxLinks(p.N)))
			}},
		{Column: results.Column{Name: "degree", Kind: results.Float, Unit: "links per node", Description: "initial mean degree 2·links/n"},
			Role: Parameter, Key: true, Flag: true, Networks: walterOnly, Default: "from links or connectivity",
			Set: num(func(p *kernel.Params, x float64) { p.Degree = x }),
			Get: func(t *Trial) results.Value { return floatv(2 * float64(t.Result.Links) / float64(t.Params.N)) }},
		{Column: results.Column{Name: "load", Kind: results.Float, Unit: "requests per node per time unit", Description: "λ_req: rate of the exponential gap from leaving the CS to requesting again"},
			Role: Parameter, Key: true, Flag: true, FlagDefault: "0.1", Default: "0.1",
			Set: num(func(p *kernel.Params, x float64) { p.Load = x }),
			Get: func(t *Trial) results.Value { return floatv(t.Params.Load) }},
		{Column: results.Column{Name: "mobility", Kind: results.Float, Unit: "link changes per time unit", Optional: true, Description: "λ_mob: rate of the Poisson process of link changes of the walter model (null for other models)"},
			Role: Parameter, Key: true, Flag: true, FlagDefault: "0", Networks: walterOnly, Default: "0 (static)",
			Set: num(func(p *kernel.Params, x float64) { p.Mobility = x }),
			Get: func(t *Trial) results.Value {
				return only(networkOf(t.Params) == "walter", func() results.Value { return floatv(t.Params.Mobility) })
			}},
		{Column: results.Column{Name: "delay", Kind: results.String, Description: "message delay model: a constant (time units), exp:MEAN or uniform:MIN:MAX"},
			Role: Parameter, Key: true, Flag: true, FlagDefault: "1", Default: "1",
			Check: func(v Value) error { _, err := kernel.ParseDelay(v.String()); return err },
			Set: func(p *kernel.Params, v Value) error {
				d, err := kernel.ParseDelay(v.String())
				if err != nil {
					return &kernel.ParamError{Name: "delay", Msg: err.Error()}
				}
				p.Delay = d
				return nil
			},
			Get: func(t *Trial) results.Value { return strv(t.Params.Delay.String()) }},
		{Column: results.Column{Name: "cs_time", Kind: results.Float, Unit: "time units", Description: "time a node spends in the critical section"},
			Role: Parameter, Key: true, Default: "1",
			Set: num(func(p *kernel.Params, x float64) { p.CSTime = x }),
			Get: func(t *Trial) results.Value { return floatv(t.Params.CSTime) }},
		{Column: results.Column{Name: "warmup", Kind: results.Int, Unit: "CS entries", Description: "CS entries discarded before measuring"},
			Role: Parameter, Key: true, Flag: true, FlagDefault: "200", Default: "200",
			Set: num(func(p *kernel.Params, x float64) { p.Warmup = int(x) }),
			Get: func(t *Trial) results.Value { return intv(int64(t.Params.Warmup)) }},
		{Column: results.Column{Name: "measure", Kind: results.Int, Unit: "CS entries", Description: "CS entries measured"},
			Role: Parameter, Key: true, Flag: true, FlagDefault: "2000", Default: "2000",
			Set: num(func(p *kernel.Params, x float64) { p.Measure = int(x) }),
			Get: func(t *Trial) results.Value { return intv(int64(t.Params.Measure)) }},
		{Column: results.Column{Name: "starve_after", Kind: results.Float, Unit: "time units", Description: "starvation watchdog bound used: a request pending longer is starvation (the spec key takes 0 for automatic, 1000·n·(CS time + mean delay))"},
			Role: Parameter, Key: true, Flag: true, NoSeed: true, Default: "1000·n·(cs_time + mean delay)",
			Set: num(func(p *kernel.Params, x float64) { p.StarveAfter = x }),
			Get: func(t *Trial) results.Value { return floatv(t.Params.StarveBound()) }},
		{Column: results.Column{Name: "crash_rate", Kind: results.Float, Unit: "crashes per time unit", Description: "rate of crash-stops of uniformly random live nodes (0: none)"},
			Role: Parameter, Key: true, Flag: true, Default: "0",
			Set: num(func(p *kernel.Params, x float64) { p.CrashRate = x }),
			Get: func(t *Trial) results.Value { return floatv(t.Params.CrashRate) }},
		{Column: results.Column{Name: "crashes", Kind: results.String, Optional: true, Description: "chosen crash-stops NODE@TIME,... (null: none)"},
			Role: Parameter, Key: true, Flag: true, Default: "none",
			Check: func(v Value) error { _, err := kernel.ParseCrashes(v.Str); return err },
			Set: func(p *kernel.Params, v Value) error {
				cs, err := kernel.ParseCrashes(v.Str)
				p.Crashes = cs
				return err
			},
			Get: func(t *Trial) results.Value {
				return only(len(t.Params.Crashes) > 0, func() results.Value { return strv(kernel.FormatCrashes(t.Params.Crashes)) })
			}},
		{Column: results.Column{Name: "crashes_chosen", Kind: results.Int, Unit: "nodes", Description: "number of chosen crash-stops (the crashes key)"},
			Role: Parameter, Get: func(t *Trial) results.Value { return intv(int64(len(t.Params.Crashes))) }},
		{Column: results.Column{Name: "max_events_per_entry", Kind: results.Int, Unit: "events", Description: "event budget used: the most events the trial may process between two CS entries (the spec key takes 0 for automatic, 10^6 + 1000·n)"},
			Role: Parameter, Key: true, NoSeed: true, Default: "10^6 + 1000·n",
			Set: num(func(p *kernel.Params, x float64) { p.MaxEventsPerEntry = int64(x) }),
			Get: func(t *Trial) results.Value { return intv(t.Params.EventBudget()) }},
	}
	cols = append(cols, windowParams()...)
	mob := slices.IndexFunc(cols, func(c Column) bool { return c.Name == "mobility" })
	return slices.Insert(cols, mob+1, readingColumns()...)
}

// ifSet is the column of an optional window criterion: its value, or null where it is not
// set (the kernel's 0: no such criterion).
func ifSet(get func(p *kernel.Params) float64) func(t *Trial) results.Value {
	return func(t *Trial) results.Value {
		x := get(t.Params)
		return only(x != 0, func() results.Value { return floatv(x) })
	}
}

// windowParams are the steady-state sizing of the window and the drain (kernel/window.go).
// None enters the seed: trials that differ only in how long they are measured share their
// seeds, so a window and its double are compared on the same requests and links.
func windowParams() []Column {
	num := func(f func(p *kernel.Params, x float64)) func(p *kernel.Params, v Value) error {
		return func(p *kernel.Params, v Value) error { f(p, v.Num); return nil }
	}
	perNode := func(name, what string, get func(p *kernel.Params) float64, set func(p *kernel.Params, x float64)) Column {
		return Column{Column: results.Column{Name: name, Kind: results.Float, Unit: "CS entries per node", Optional: true,
			Description: what + " criterion in CS entries per node: at least this times n entries (null: not set)"},
			Role: Parameter, Key: true, NoSeed: true, Default: "not set", Set: num(set), Get: ifSet(get)}
	}
	byTime := func(name, what string, get func(p *kernel.Params) float64, set func(p *kernel.Params, x float64)) Column {
		return Column{Column: results.Column{Name: name, Kind: results.Float, Unit: "time units", Optional: true,
			Description: what + " criterion in simulated time (null: not set)"},
			Role: Parameter, Key: true, NoSeed: true, Default: "not set", Set: num(set), Get: ifSet(get)}
	}
	return []Column{
		perNode("warmup_per_node", "warm-up", func(p *kernel.Params) float64 { return p.WarmupPerNode }, func(p *kernel.Params, x float64) { p.WarmupPerNode = x }),
		perNode("measure_per_node", "measurement window", func(p *kernel.Params) float64 { return p.MeasurePerNode }, func(p *kernel.Params, x float64) { p.MeasurePerNode = x }),
		byTime("warmup_time", "warm-up", func(p *kernel.Params) float64 { return p.WarmupTime }, func(p *kernel.Params, x float64) { p.WarmupTime = x }),
		byTime("measure_time", "measurement window", func(p *kernel.Params) float64 { return p.MeasureTime }, func(p *kernel.Params, x float64) { p.MeasureTime = x }),
		{Column: results.Column{Name: kernel.KeyWarmupRule, Kind: results.String, Description: "how the warm-up ends: fixed (the entry and time criteria) or mser5 (and the sequential MSER-5 rule)"},
			Role: Parameter, Key: true, NoSeed: true, Default: "fixed",
			Check: func(v Value) error { _, err := kernel.ParseWarmupRule(v.Str); return err },
			Set:   func(p *kernel.Params, v Value) (err error) { p.WarmupRule, err = kernel.ParseWarmupRule(v.Str); return },
			Get:   func(t *Trial) results.Value { return strv(t.Params.WarmupRule.String()) }},
		{Column: results.Column{Name: kernel.KeyDrain, Kind: results.String, Description: "liveness drain after the window: full (serve every pending request: liveness checked) or none (end the trial at the window's end: liveness not checked, and with crashes blocked and failure_locality null)"},
			Role: Parameter, Key: true, NoSeed: true, Default: "full",
			Check: func(v Value) error { _, err := kernel.ParseDrain(v.Str); return err },
			Set:   func(p *kernel.Params, v Value) (err error) { p.Drain, err = kernel.ParseDrain(v.Str); return },
			Get:   func(t *Trial) results.Value { return strv(t.Params.Drain.String()) }},
		{Column: results.Column{Name: "drain_max_events", Kind: results.Int, Unit: "events", Optional: true, Description: "most events the drain may process (the spec key takes 0 for no bound; null: unbounded or no drain); a drain it cuts short leaves liveness unchecked, and with crashes blocked and failure_locality null"},
			Role: Parameter, Key: true, NoSeed: true, Default: "0 (no bound)",
			Set: num(func(p *kernel.Params, x float64) { p.DrainMaxEvents = int64(x) }),
			Get: func(t *Trial) results.Value {
				p := t.Params
				return only(p.DrainMaxEvents > 0 && p.Drain == kernel.DrainFull, func() results.Value { return intv(p.DrainMaxEvents) })
			}},
	}
}

// readingColumns: one spec key and string column per reading of the walter model
// (kernel.Readings), right after mobility. A reading is out of the seed, so trials that
// differ only in their readings share their seeds: the same initial graph and request
// streams, paired differences (common random numbers). The column records the reading the
// trial ran under on every row of a model that has readings, static trials included: the
// kernel ran under it, and a file that splits by reading must find each reading's static
// baseline under its own name. That it had no effect there is said where it is true: in
// the description (no effect at mobility 0), and per row by static_despite_mobility,
// link_changes and link_changes_skipped. Null for models without readings.
func readingColumns() []Column {
	var models []string
	for _, info := range kernel.Networks() {
		if info.UsesReadings {
			models = append(models, info.Name)
		}
	}
	var out []Column
	for _, r := range kernel.Readings() {
		set := func(p *kernel.Params, v Value) error { return r.Set(p, v.Str) }
		out = append(out, Column{
			Column: results.Column{Name: r.Key, Kind: results.String, Optional: true,
				Description: fmt.Sprintf("%s; one of %s; no effect at mobility 0 (null for models without readings)", r.Doc, strings.Join(r.Values, ", "))},
			Role: Parameter, Key: true, Flag: true, NoSeed: true, Networks: models, Default: r.Values[0],
			Check: func(v Value) error {
				var p kernel.Params
				if err := set(&p, v); err != nil {
					var pe *kernel.ParamError
					if errors.As(err, &pe) {
						return errors.New(pe.Msg) // the caller names the key
					}
					return err
				}
				return nil
			},
			Set: set,
			Get: func(t *Trial) results.Value {
				info, ok := kernel.LookupNetwork(t.Params.Network)
				return only(ok && info.UsesReadings, func() results.Value { return strv(r.Get(t.Params)) })
			},
		})
	}
	return out
}

// windowOpened reports whether t's measurement window opened: the kernel's time-average of
// the links over it is NaN otherwise (crashes blocked every node during the warm-up).
func windowOpened(t *Trial) bool { return !math.IsNaN(t.Result.LinksMean) }

// crashing reports whether t has crash failures configured.
func crashing(t *Trial) bool { return t.Params.CrashRate > 0 || len(t.Params.Crashes) > 0 }

func kernelMetrics() []Column {
	metric := func(name string, kind results.Kind, unit, doc string, get func(t *Trial) results.Value) Column {
		return Column{Column: results.Column{Name: name, Kind: kind, Unit: unit, Description: doc}, Role: Metric, Get: get}
	}
	optional := func(c Column) Column { c.Optional = true; return c }
	wait := func(name, doc string, f func(r *kernel.Result) float64) Column {
		return optional(metric(name, results.Float, "time units", doc+" (null: no CS entry was measured)",
			func(t *Trial) results.Value {
				return only(measured(t), func() results.Value { return floatv(f(t.Result)) })
			}))
	}
	window := func(c Column) Column { // null when no measurement window opened
		get := c.Get
		c.Description += " (null: no window opened)"
		c.Get = func(t *Trial) results.Value { return only(windowOpened(t), func() results.Value { return get(t) }) }
		return optional(c)
	}
	crash := func(name, unit, doc string, f func(r *kernel.Result) int64) Column {
		return optional(metric(name, results.Int, unit, doc+" (null without crashes)",
			func(t *Trial) results.Value {
				return only(crashing(t), func() results.Value { return intv(f(t.Result)) })
			}))
	}
	// blockedMeasure: a crash column resting on "never ate again", which only a drain run to
	// its end shows (kernel.Result.LivenessChecked).
	blockedMeasure := func(name, unit, doc string, f func(r *kernel.Result) int64) Column {
		return optional(metric(name, results.Int, unit, doc+" (null without crashes, and when liveness_checked is false: drain = none or a drain cut short by drain_max_events leaves nodes waiting that might still eat)",
			func(t *Trial) results.Value {
				return only(crashing(t) && t.Result.LivenessChecked, func() results.Value { return intv(f(t.Result)) })
			}))
	}
	return append([]Column{
		metric("sim_time", results.Float, "time units", "simulated time when the trial ended (after the liveness drain)",
			func(t *Trial) results.Value { return floatv(t.Result.SimTime) }),
		metric("window_time", results.Float, "time units", "simulated time between the first and last measured CS entry",
			func(t *Trial) results.Value { return floatv(t.Result.WindowTime) }),
		metric("events", results.Int, "events", "events processed, whole trial",
			func(t *Trial) results.Value { return intv(t.Result.Events) }),
		metric("cs_entries", results.Int, "CS entries", "CS entries measured",
			func(t *Trial) results.Value { return intv(t.Result.CSEntries) }),
		wait("wait_mean", "mean time from requesting the CS to entering it, over the measured entries", func(r *kernel.Result) float64 { return r.WaitMean }),
		wait("wait_p50", "median wait (nearest rank)", func(r *kernel.Result) float64 { return r.WaitP50 }),
		wait("wait_p99", "99th percentile of the wait (nearest rank)", func(r *kernel.Result) float64 { return r.WaitP99 }),
		wait("wait_max", "longest measured wait", func(r *kernel.Result) float64 { return r.WaitMax }),
		metric("msgs_total", results.Int, "messages", "messages sent inside the measurement window",
			func(t *Trial) results.Value { return intv(t.Result.MsgsTotal) }),
		optional(metric("msgs_per_cs", results.Float, "messages per CS entry", "msgs_total / cs_entries (null: no CS entry was measured)",
			func(t *Trial) results.Value {
				return only(measured(t), func() results.Value { return floatv(t.Result.MsgsPerCS) })
			})),
		optional(metric("throughput", results.Float, "CS entries per time unit", "measured CS entries per time unit of the measurement window, whole network (null: no window)",
			func(t *Trial) results.Value {
				return only(t.Result.WindowTime > 0, func() results.Value { return floatv(t.Result.Throughput) })
			})),
		optional(metric("concurrency_mean", results.Float, "nodes", "time-average number of nodes in the CS over the measurement window (null: no window)",
			func(t *Trial) results.Value {
				return only(t.Result.WindowTime > 0, func() results.Value { return floatv(t.Result.ConcurrencyMean) })
			})),
		metric("max_in_flight_per_link", results.Int, "messages", "most messages ever in transit on one link, both directions, whole trial",
			func(t *Trial) results.Value { return intv(int64(t.Result.MaxInFlightPerLink)) }),
		metric("link_changes", results.Int, "link changes", "link changes that took effect (changed at least one link) inside the measurement window (walter: a deletion and a formation, or under the any-pair and form readings one of them; other models: one link event)",
			func(t *Trial) results.Value { return intv(t.Result.LinkChanges) }),
		metric("link_changes_skipped", results.Int, "link changes", "link changes that changed nothing, inside the measurement window (walter: no link could be deleted, every link a bridge or busy, and none was formed; other models: a link refused at a full port)",
			func(t *Trial) results.Value { return intv(t.Result.LinkChangesSkipped) }),
		optional(metric("static_despite_mobility", results.Bool, "", "walter with mobility > 0: true if no link change took effect in the measurement window, so the mobility had no effect (link_changes_skipped > 0: the graph was frozen, e.g. a spanning tree under no_deletion = skip; 0: no change fell in the window) (null otherwise, and when no window opened)",
			func(t *Trial) results.Value {
				p := t.Params
				return only(networkOf(p) == "walter" && p.Mobility > 0 && windowOpened(t), func() results.Value { return results.BoolValue(t.Result.LinkChanges == 0) })
			})),
		window(metric("window_start", results.Float, "time units", "simulated time the measurement window opened (it lasts window_time)",
			func(t *Trial) results.Value { return floatv(t.Result.WindowStart) })),
		window(metric("links_start", results.Int, "links", "links when the measurement window opened",
			func(t *Trial) results.Value { return intv(int64(t.Result.LinksStart)) })),
		window(metric("links_end", results.Int, "links", "links when the measurement window closed (links_start + link_ups - link_downs)",
			func(t *Trial) results.Value { return intv(int64(t.Result.LinksEnd)) })),
		window(metric("links_mean", results.Float, "links", "time-average number of links over the measurement window",
			func(t *Trial) results.Value { return floatv(t.Result.LinksMean) })),
		metric("link_downs", results.Int, "links", "links that went down inside the measurement window",
			func(t *Trial) results.Value { return intv(t.Result.LinkDowns) }),
		metric("link_ups", results.Int, "links", "links that came up inside the measurement window",
			func(t *Trial) results.Value { return intv(t.Result.LinkUps) }),
		optional(metric("msgs_lost", results.Int, "messages", "messages lost because their link went down in flight, whole trial (null on networks that never lose one)",
			func(t *Trial) results.Value {
				return only(lossy(t.Params), func() results.Value { return intv(t.Result.MsgsLost) })
			})),
		crash("crashed", "nodes", "nodes that crashed", func(r *kernel.Result) int64 { return int64(r.Crashed) }),
		blockedMeasure("blocked", "nodes", "live nodes still waiting at the end of the liveness drain: they never ate again within the window", func(r *kernel.Result) int64 { return int64(r.Blocked) }),
		blockedMeasure("failure_locality", "hops", "largest hop distance from a blocked node to the nearest crashed node (0: none blocked)", func(r *kernel.Result) int64 { return int64(r.FailureLocality) }),
		crash("msgs_to_crashed", "messages", "messages dropped on arrival at a crashed node, whole trial", func(r *kernel.Result) int64 { return r.MsgsToCrashed }),
	}, windowMetrics()...)
}

// windowMetrics are the phase split and the steady-state statistics of kernel/window.go.
func windowMetrics() []Column {
	metric := func(name string, kind results.Kind, unit, doc string, get func(t *Trial) results.Value) Column {
		return Column{Column: results.Column{Name: name, Kind: kind, Unit: unit, Description: doc}, Role: Metric, Get: get}
	}
	optional := func(c Column) Column { c.Optional = true; return c }
	events := func(name, doc string, f func(r *kernel.Result) int64) Column {
		return metric(name, results.Int, "events", doc, func(t *Trial) results.Value { return intv(f(t.Result)) })
	}
	// batched: the window held the 40 entries the batch-means statistics need.
	batched := func(t *Trial) bool { return t.Result.CSEntries >= 40 && t.Result.Stability.Known() }
	half := func(name, doc string, f func(s kernel.Stability) float64) Column {
		return optional(metric(name, results.Float, "time units", doc+" (null: under 40 measured entries)",
			func(t *Trial) results.Value {
				return only(batched(t), func() results.Value { return floatv(f(t.Result.Stability)) })
			}))
	}
	return []Column{
		events("events_warmup", "events processed before the measurement window opened", func(r *kernel.Result) int64 { return r.EventsWarmup }),
		events("events_measure", "events processed inside the measurement window", func(r *kernel.Result) int64 { return r.EventsMeasure }),
		events("events_drain", "events processed in the liveness drain after the window", func(r *kernel.Result) int64 { return r.EventsDrain }),
		metric("drain_time", results.Float, "time units", "simulated time from the window's end to the trial's end (the liveness drain)",
			func(t *Trial) results.Value { return floatv(t.Result.DrainTime) }),
		metric("liveness_checked", results.Bool, "", "true when the drain ran to its end and served every pending request (Theorem 2's liveness checked); false when drain = none or drain_max_events cut it short",
			func(t *Trial) results.Value { return results.BoolValue(t.Result.LivenessChecked) }),
		metric("pending_at_end", results.Int, "requests", "requests still pending when the trial ended, blocked ones included (0 when liveness_checked: the drain served all but the blocked)",
			func(t *Trial) results.Value { return intv(int64(t.Result.PendingAtEnd)) }),
		metric("warmup_entries", results.Int, "CS entries", "CS entries discarded before the window opened: where the warm-up was cut",
			func(t *Trial) results.Value { return intv(t.Result.WarmupEntries) }),
		optional(metric("warmup_settled", results.Bool, "", "warmup_rule = mser5: true when MSER-5 found the transient over, false when the warm-up hit its cap of 10·max(warm-up entries, n, 100) entries (null under warmup_rule = fixed)",
			func(t *Trial) results.Value {
				return only(t.Params.WarmupRule == kernel.WarmupMSER5, func() results.Value { return results.BoolValue(t.Result.WarmupSettled) })
			})),
		optional(metric("warmup_mser_cut", results.Int, "CS entries", "MSER-5 truncation point of the waits from the trial's first CS entry to the window's end: where the initial transient ends (null: under 100 entries)",
			func(t *Trial) results.Value {
				return only(t.Result.MSERKnown, func() results.Value { return intv(t.Result.MSERCut) })
			})),
		optional(metric("warmup_too_short", results.Bool, "", "true when warmup_mser_cut lies beyond warmup_entries: the window measured part of the transient (null: under 100 entries)",
			func(t *Trial) results.Value {
				return only(t.Result.MSERKnown, func() results.Value { return results.BoolValue(t.Result.MSERCut > t.Result.WarmupEntries) })
			})),
		optional(metric("wait_ci", results.Float, "time units", "half-width of the 95% confidence interval of wait_mean by batch means (20 batches) within the trial (null: under 40 measured entries)",
			func(t *Trial) results.Value {
				return only(batched(t) && !math.IsNaN(t.Result.WaitCI), func() results.Value { return floatv(t.Result.WaitCI) })
			})),
		half("wait_mean_first_half", "mean wait over the first half of the window's entries", func(s kernel.Stability) float64 { return s.FirstHalf }),
		half("wait_mean_second_half", "mean wait over the second half of the window's entries", func(s kernel.Stability) float64 { return s.SecondHalf }),
		optional(metric("wait_stable", results.Bool, "", "true when the two halves' mean waits agree within √(h1² + h2²), their batch-means 95% half-widths (10 batches each); false flags a window still in its transient or too short (null: under 40 measured entries)",
			func(t *Trial) results.Value {
				return only(batched(t), func() results.Value { return results.BoolValue(t.Result.Stability.Stable()) })
			})),
	}
}

// lossy reports whether p's network model loses messages in flight.
func lossy(p *kernel.Params) bool {
	info, ok := kernel.LookupNetwork(p.Network)
	return ok && info.New().Lossy()
}
