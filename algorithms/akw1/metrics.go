package akw1

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

// What akw1 measures of itself: the colour range of the recolouring module and the passages
// through the two double doorways that Lemmas 1, 2 and 4 bound. Times come from the kernel's
// probe (kernel.Probe), an instrument the handlers never consult; every metric is
// a maximum over the whole trial (warm-up and drain included: the worst case is what the
// lemmas bound), NaN when nothing was measured.
//
// The two double doorways interleave (Figure 3, Lemma 3): a node that recolours exits SD^r and
// AD^r when it crosses AD^f, so the module inside the first double doorway is new-color()
// followed by the entry code of AD^f. With that:
//
//	doorway1_time_max    Lemma 1, first double doorway: from the start of AD^r's entry code to the exit of AD^r, static passages
//	doorway1_module_max  its module's time T: from crossing SD^r to exiting it, every passage
//	recolor_time_max     new-color() alone, from crossing SD^r to the new colour: T_c of Lemma 4
//	doorway2_time_max    Lemma 2, second double doorway (with return path): from the start of AD^f's entry code to line 9, static passages
//	doorway2_module_max  its module's time T: from crossing SD^f to exiting it (line 9, or a return at line 60), every execution
//	sdf_entries_max      R of Lemma 2: the most executions of SD^f's entry code in one passage (1 + returns)
//	forks_time_max       section 4.3's X = O(Δ + δ): from crossing SD^f to eating, static executions
//	color_range          Δ of Lemma 4: the largest absolute value of a colour the recolouring module produced
//
// A passage is static when the kernel's record of motion shows that the node did not move
// since it began (on networks that move no node, every passage is static). A node that moves
// while hungry starts its passage again at the entry of AD^r (line 55).

// Metric names of the colour range and the doorway passages.
const (
	MetricColorRange  = "color_range"
	MetricRecolorTime = "recolor_time_max"
	MetricDoorway1    = "doorway1_time_max"
	MetricDoorway1Mod = "doorway1_module_max"
	MetricDoorway2    = "doorway2_time_max"
	MetricDoorway2Mod = "doorway2_module_max"
	MetricSDfEntries  = "sdf_entries_max"
	MetricForksTime   = "forks_time_max"
	unmeasured        = -1.0 // a maximum not yet measured (reported as NaN)
)

// passageMetricNames lists the metrics of this file.
func passageMetricNames() []string {
	return []string{MetricColorRange, MetricRecolorTime, MetricDoorway1, MetricDoorway1Mod, MetricDoorway2, MetricDoorway2Mod, MetricSDfEntries, MetricForksTime}
}

// meter holds the passage clocks of every node and the trial's maxima.
type meter struct {
	w                              kernel.Probe
	start1, crossR, start2, crossF []float64 // per node: when its current passage or module began
	entries                        []int32   // per node: SD^f entry executions in its current passage
	colorRange                     int64
	recolor, door1, mod1           float64
	door2, mod2, forks             float64
	sdfMax                         int32
}

// reset sizes the clocks for n nodes and forgets the last trial's maxima.
func (m *meter) reset(env *kernel.Env) {
	n := env.N
	m.w = env.Probe()
	m.start1 = kernel.Resize(m.start1, n)
	m.crossR = kernel.Resize(m.crossR, n)
	m.start2 = kernel.Resize(m.start2, n)
	m.crossF = kernel.Resize(m.crossF, n)
	m.entries = kernel.Zeroed(m.entries, n)
	m.colorRange, m.sdfMax = 0, 0
	m.recolor, m.door1, m.mod1, m.door2, m.mod2, m.forks = unmeasured, unmeasured, unmeasured, unmeasured, unmeasured, unmeasured
}

// staticMax raises *x to the time since start when node i has not moved since start.
func (m *meter) staticMax(x *float64, i int32, start float64) {
	if m.w.Still(i, start) {
		*x = max(*x, m.w.Now()-start)
	}
}

// enterAD1 and enterAD2: node i starts the entry code of AD^r, or of AD^f.
func (m *meter) enterAD1(i int32) { m.start1[i] = m.w.Now() }
func (m *meter) enterAD2(i int32) { m.start2[i] = m.w.Now(); m.entries[i] = 0 }

// enterSDf: node i starts the entry code of SD^f (after AD^f, or on the return path).
func (m *meter) enterSDf(i int32) {
	m.entries[i]++
	m.sdfMax = max(m.sdfMax, m.entries[i])
}

func (m *meter) crossSDr(i int32) { m.crossR[i] = m.w.Now() }
func (m *meter) crossSDf(i int32) { m.crossF[i] = m.w.Now() }

// colored: node i's new-color() returned the colour c (negative, line 38).
func (m *meter) colored(i int32, c int64) {
	m.colorRange = max(m.colorRange, -c)
	m.recolor = max(m.recolor, m.w.Now()-m.crossR[i])
}

// exitFirst: node i crossed AD^f and so exits SD^r and AD^r.
func (m *meter) exitFirst(i int32) {
	m.mod1 = max(m.mod1, m.w.Now()-m.crossR[i])
	m.staticMax(&m.door1, i, m.start1[i])
}

// exitSDf: node i leaves SD^f, by line 9 (done: it also exits AD^f) or by the return path.
func (m *meter) exitSDf(i int32, done bool) {
	m.mod2 = max(m.mod2, m.w.Now()-m.crossF[i])
	if done {
		m.staticMax(&m.door2, i, m.start2[i])
	}
}

// ate: node i starts eating.
func (m *meter) ate(i int32) { m.staticMax(&m.forks, i, m.crossF[i]) }

// metrics appends the colour range and the passage maxima (NaN where nothing was measured).
func (m *meter) metrics(dst []kernel.Metric) []kernel.Metric {
	v := func(x float64) float64 {
		if x == unmeasured {
			return math.NaN()
		}
		return x
	}
	cr, sdf := float64(m.colorRange), float64(m.sdfMax)
	if m.colorRange == 0 {
		cr = math.NaN() // no recolouring: no colour came from the module
	}
	if m.sdfMax == 0 { // no passage reached SD^f
		sdf = math.NaN()
	}
	return append(dst, kernel.Metric{Name: MetricColorRange, Value: cr}, kernel.Metric{Name: MetricRecolorTime, Value: v(m.recolor)},
		kernel.Metric{Name: MetricDoorway1, Value: v(m.door1)}, kernel.Metric{Name: MetricDoorway1Mod, Value: v(m.mod1)},
		kernel.Metric{Name: MetricDoorway2, Value: v(m.door2)}, kernel.Metric{Name: MetricDoorway2Mod, Value: v(m.mod2)},
		kernel.Metric{Name: MetricSDfEntries, Value: sdf}, kernel.Metric{Name: MetricForksTime, Value: v(m.forks)})
}
