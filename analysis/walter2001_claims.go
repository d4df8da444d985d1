package analysis

import (
	"fmt"
	"math"
	"slices"
)

// CheckWalter2001 checks the qualitative findings of Walter, Welch and Vaidya (2001),
// section 6, on t, a table grouped by algorithm, load, mobility, connectivity over
// wait_mean and msgs_per_cs (see Walter2001Table). Every comparison is between means over
// trials; the threshold of each test is stated in its Threshold and was fixed from the
// paper's wording, not from our data.
func CheckWalter2001(t *Table) []Assertion {
	p := &paperData{t: t}
	loads := p.values(1)
	conns := p.values(3)
	lo, hi := math.NaN(), math.NaN()
	if len(loads) > 0 {
		lo, hi = loads[0], loads[len(loads)-1]
	}
	cmin, cmax := math.NaN(), math.NaN()
	if len(conns) > 0 {
		cmin, cmax = conns[0], conns[len(conns)-1]
	}
	allMobs := p.values(2)
	mobs := Walter2001Mobilities
	dyn := mobs[1:]
	tc := Walter2001Connectivity
	w := func(alg string, l, m, c float64) (float64, bool) {
		s, ok := p.get("wait_mean", alg, l, m, c)
		return s.Mean, ok
	}
	g := func(alg string, l, m, c float64) (float64, bool) {
		s, ok := p.get("msgs_per_cs", alg, l, m, c)
		return s.Mean, ok
	}
	var out []Assertion
	compared := 0

	// 6.1 and 7: RL waits less than RR in every scenario.
	c := p.newCheck("rl-waits-less-than-rr",
		"RL has a lower average wait per CS entry than RR in all tested scenarios (6.1, 7)",
		"mean wait RL < RR at every load × mobility × connectivity point in the data")
	for _, l := range loads {
		for _, m := range allMobs {
			for _, cn := range conns {
				a, ok1 := w("rl", l, m, cn)
				b, ok2 := w("rr", l, m, cn)
				if ok1 && ok2 {
					compared++
				}
				if ok1 && ok2 && !(a < b) {
					c.expect(false, "load=%g %s conn=%s: RL %.4g >= RR %.4g", l, mobName(m), pct(cn), a, b)
				}
			}
		}
	}
	if c.ok && compared > 0 {
		c.expect(true, "RL < RR at all %d points", compared)
	}
	out = append(out, c.done())

	// 6.1: both algorithms wait longer at high load.
	c = p.newCheck("wait-grows-with-load",
		"both algorithms' wait per CS entry increases from low to high load (Fig. 5)",
		fmt.Sprintf("mean wait at load %g > at load %g, each algorithm × mobility × 20%%/80%%", hi, lo))
	for _, alg := range []string{"rl", "rr"} {
		for _, m := range mobs {
			for _, cn := range tc {
				a, ok1 := w(alg, hi, m, cn)
				b, ok2 := w(alg, lo, m, cn)
				if ok1 && ok2 {
					c.expect(a > b, "%s %s %s: %.4g > %.4g", alg, mobName(m), pct(cn), a, b)
				}
			}
		}
	}
	out = append(out, c.done())

	// 6.1: RL's wait at high load is flat in connectivity.
	c = p.newCheck("rl-high-load-wait-flat-in-connectivity",
		"connectivity does not affect RL's wait per CS entry at high load (Figs. 5, 6)",
		fmt.Sprintf("at load %g, RL's mean wait at every connectivity within ±10%% of its mean over connectivities, per mobility", hi))
	for _, m := range mobs {
		var v []float64
		for _, cn := range conns {
			if x, ok := w("rl", hi, m, cn); ok {
				v = append(v, x)
			}
		}
		if len(v) >= 2 {
			mean := meanOf(v)
			lo, hi := slices.Min(v), slices.Max(v)
			c.expect(lo >= 0.9*mean && hi <= 1.1*mean, "%s: range %.4g..%.4g, mean %.4g (%+.1f%%..%+.1f%%)", mobName(m), lo, hi, mean, 100*(lo/mean-1), 100*(hi/mean-1))
		}
	}
	out = append(out, c.done())

	// 6.1: RR's wait falls as connectivity rises.
	c = p.newCheck("rr-wait-falls-with-connectivity",
		"a larger connectivity is better for RR at all loads (Figs. 5, 6)",
		fmt.Sprintf("RR mean wait at 80%% < 20%% and at %s < %s, every load × mobility", pct(cmax), pct(cmin)))
	for _, l := range loads {
		for _, m := range mobs {
			for _, pair := range [][2]float64{{0.8, 0.2}, {cmax, cmin}} {
				a, ok1 := w("rr", l, m, pair[0])
				b, ok2 := w("rr", l, m, pair[1])
				if ok1 && ok2 && pair[0] != pair[1] {
					c.expect(a < b, "load=%g %s: %s %.4g < %s %.4g", l, mobName(m), pct(pair[0]), a, pct(pair[1]), b)
				}
			}
		}
	}
	out = append(out, c.done())

	// 6.1: at low load, connectivity shortens RL's request paths.
	c = p.newCheck("rl-low-load-wait-falls-with-connectivity",
		"at low load connectivity does affect RL's wait: more links shorten request paths (Fig. 6)",
		fmt.Sprintf("RL mean wait at load 1e-3: %s < %s, per mobility", pct(cmax), pct(cmin)))
	for _, m := range mobs {
		a, ok1 := w("rl", 1e-3, m, cmax)
		b, ok2 := w("rl", 1e-3, m, cmin)
		if ok1 && ok2 {
			c.expect(a < b, "%s: %.4g < %.4g", mobName(m), a, b)
		}
	}
	out = append(out, c.done())

	// 6.1: the advantage grows with load and with mobility, and is larger at low connectivity.
	ratio := func(l, m, cn float64) (float64, bool) {
		a, ok1 := w("rr", l, m, cn)
		b, ok2 := w("rl", l, m, cn)
		return a / b, ok1 && ok2
	}
	c = p.newCheck("rl-advantage-grows-with-load",
		"RL's waiting-time advantage over RR increases with load (Fig. 5)",
		fmt.Sprintf("wait ratio RR/RL at load %g > at load %g, per mobility × 20%%/80%%", hi, lo))
	for _, m := range mobs {
		for _, cn := range tc {
			a, ok1 := ratio(hi, m, cn)
			b, ok2 := ratio(lo, m, cn)
			if ok1 && ok2 {
				c.expect(a > b, "%s %s: %.3g > %.3g", mobName(m), pct(cn), a, b)
			}
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rl-advantage-grows-with-mobility",
		"RL's waiting-time advantage over RR increases with mobility (Fig. 5)",
		"wait ratio RR/RL at high load: high mobility (1e-1) > zero mobility, at 20% and 80%")
	for _, cn := range tc {
		a, ok1 := ratio(hi, 1e-1, cn)
		b, ok2 := ratio(hi, 0, cn)
		if ok1 && ok2 {
			c.expect(a > b, "%s: %.4g > %.4g", pct(cn), a, b)
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rl-advantage-smaller-at-high-connectivity",
		"the RL/RR waiting-time gap is seen to a lesser degree at high connectivity (Fig. 5)",
		fmt.Sprintf("wait ratio RR/RL at 20%% > at 80%%, load %g, per mobility", hi))
	for _, m := range mobs {
		a, ok1 := ratio(hi, m, 0.2)
		b, ok2 := ratio(hi, m, 0.8)
		if ok1 && ok2 {
			c.expect(a > b, "%s: %.3g > %.3g", mobName(m), a, b)
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rl-high-load-wait-drops-under-high-mobility",
		"RL's wait at the highest load decreases under high mobility (Fig. 5c)",
		fmt.Sprintf("RL mean wait at load %g: high mobility < zero mobility, at 20%% and 80%%", hi))
	for _, cn := range tc {
		a, ok1 := w("rl", hi, 1e-1, cn)
		b, ok2 := w("rl", hi, 0, cn)
		if ok1 && ok2 {
			c.expect(a < b, "%s: %.4g < %.4g", pct(cn), a, b)
		}
	}
	out = append(out, c.done())

	// 6.2: messages.
	compared = 0
	c = p.newCheck("rr-fewer-msgs-with-mobility",
		"RR sends fewer messages per CS entry than RL in all trials with mobility (Fig. 7b, c)",
		"mean msgs/CS RR < RL at every load × connectivity × mobility > 0 in the data")
	for _, m := range allMobs {
		if m == 0 {
			continue
		}
		for _, l := range loads {
			for _, cn := range conns {
				a, ok1 := g("rr", l, m, cn)
				b, ok2 := g("rl", l, m, cn)
				if ok1 && ok2 {
					compared++
				}
				if ok1 && ok2 && !(a < b) {
					c.expect(false, "load=%g %s %s: RR %.4g >= RL %.4g", l, mobName(m), pct(cn), a, b)
				}
			}
		}
	}
	if c.ok && compared > 0 {
		c.expect(true, "RR < RL at all %d mobile points", compared)
	}
	out = append(out, c.done())

	c = p.newCheck("rr-msg-advantage-shrinks-with-load",
		"as load increases the message advantage of RR decreases markedly (Fig. 7b, c)",
		fmt.Sprintf("msgs/CS ratio RL/RR at load %g < at load %g, mobility 1e-2 and 1e-1 × 20%%/80%%", hi, lo))
	for _, m := range dyn {
		for _, cn := range tc {
			a1, ok1 := g("rl", hi, m, cn)
			b1, ok2 := g("rr", hi, m, cn)
			a2, ok3 := g("rl", lo, m, cn)
			b2, ok4 := g("rr", lo, m, cn)
			if ok1 && ok2 && ok3 && ok4 {
				c.expect(a1/b1 < a2/b2, "%s %s: %.3g < %.3g", mobName(m), pct(cn), a1/b1, a2/b2)
			}
		}
	}
	out = append(out, c.done())

	c = p.newCheck("msgs-per-cs-fall-with-load",
		"messages per CS entry decrease as load increases, except RL static at high connectivity (Fig. 7)",
		fmt.Sprintf("mean msgs/CS at load %g < at load %g, each algorithm × mobility × 20%%/80%% except RL static 80%%", hi, lo))
	for _, alg := range []string{"rl", "rr"} {
		for _, m := range mobs {
			for _, cn := range tc {
				if alg == "rl" && m == 0 && cn == 0.8 {
					continue
				}
				a, ok1 := g(alg, hi, m, cn)
				b, ok2 := g(alg, lo, m, cn)
				if ok1 && ok2 {
					c.expect(a < b, "%s %s %s: %.4g < %.4g", alg, mobName(m), pct(cn), a, b)
				}
			}
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rl-static-msgs-threshold-at-load-0.01",
		"RL static at high connectivity: msgs/CS roughly constant and lower below load .01, higher above (Fig. 7a)",
		"RL, zero mobility, 80%: every mean msgs/CS at load <= 1e-3 < every mean at load >= 1e-2")
	{
		var below, above []float64
		for _, l := range loads {
			if x, ok := g("rl", l, 0, 0.8); ok {
				if l <= 1e-3*(1+1e-9) {
					below = append(below, x)
				} else if l >= 1e-2*(1-1e-9) {
					above = append(above, x)
				}
			}
		}
		if len(below) > 0 && len(above) > 0 {
			c.expect(slices.Max(below) < slices.Min(above), "max below %.4g < min above %.4g", slices.Max(below), slices.Min(above))
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rl-low-load-msgs-grow-with-mobility",
		"RL's messages per CS entry at low load grow very large with mobility (Fig. 7b, c; Table 2)",
		"RL msgs/CS at load 1e-3, 20% and 80%: zero < low < high mobility, and high/zero >= 100 (two orders of magnitude)")
	for _, cn := range tc {
		a, ok1 := g("rl", 1e-3, 0, cn)
		b, ok2 := g("rl", 1e-3, 1e-2, cn)
		d, ok3 := g("rl", 1e-3, 1e-1, cn)
		if ok1 && ok2 && ok3 {
			c.expect(a < b && b < d && d/a >= 100, "%s: %.4g < %.4g < %.4g, high/zero = %.3g", pct(cn), a, b, d, d/a)
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rl-static-msgs-linear-in-connectivity",
		"static: RL's messages per CS entry increase linearly with connectivity at fixed load (Fig. 8a)",
		"RL, zero mobility, loads 1 and 1e-3: slope of msgs/CS on connectivity > 0 and linear fit R² >= 0.9")
	for _, l := range Walter2001Loads {
		var xs, ys []float64
		for _, cn := range conns {
			if y, ok := g("rl", l, 0, cn); ok {
				xs, ys = append(xs, cn), append(ys, y)
			}
		}
		if len(xs) >= 3 {
			slope, r2 := linearFit(xs, ys)
			c.expect(slope > 0 && r2 >= 0.9, "load=%g: slope %.4g per unit connectivity, R² %.3f (%d points)", l, slope, r2, len(xs))
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rr-static-msgs-fall-with-connectivity",
		"static: RR's messages per CS entry decrease with connectivity (Fig. 8a)",
		fmt.Sprintf("RR, zero mobility, loads 1 and 1e-3: msgs/CS at %s < at %s", pct(cmax), pct(cmin)))
	for _, l := range Walter2001Loads {
		a, ok1 := g("rr", l, 0, cmax)
		b, ok2 := g("rr", l, 0, cmin)
		if ok1 && ok2 && cmax != cmin {
			c.expect(a < b, "load=%g: %.4g < %.4g", l, a, b)
		}
	}
	out = append(out, c.done())

	c = p.newCheck("rr-clique-high-load-about-4-msgs",
		"RR at 100% connectivity and high load matches Raymond's ~4 messages per CS entry (6.2)",
		"RR, zero mobility, connectivity 100%, load 1: mean msgs/CS in [3, 5]")
	if a, ok := g("rr", 1, 0, 1); ok {
		c.expect(a >= 3 && a <= 5, "%.4g", a)
	}
	out = append(out, c.done())

	c = p.newCheck("static-msgs-crossover",
		"static: RL uses fewer messages than RR below 25% connectivity at high load and below 60% at low load (Fig. 8a)",
		"zero mobility: the lowest connectivity where RL's mean msgs/CS >= RR's is in [0.2, 0.4] at load 1 and in [0.5, 0.7] at load 1e-3, with RL < RR at every lower connectivity")
	for _, cs := range []struct{ load, lo, hi float64 }{{1, 0.2, 0.4}, {1e-3, 0.5, 0.7}} {
		cross := math.NaN()
		for _, cn := range conns {
			a, ok1 := g("rl", cs.load, 0, cn)
			b, ok2 := g("rr", cs.load, 0, cn)
			if ok1 && ok2 && a >= b {
				cross = cn
				break
			}
		}
		if len(conns) >= 3 {
			c.expect(cross >= cs.lo-1e-9 && cross <= cs.hi+1e-9, "load=%g: crossover at connectivity %g (want %g..%g)", cs.load, cross, cs.lo, cs.hi)
		}
	}
	out = append(out, c.done())

	c = p.newCheck("dynamic-msgs-flat-in-connectivity",
		"with mobility, messages per CS entry are little affected by connectivity at fixed load (Fig. 8b, c)",
		"mobility 1e-2 and 1e-1, loads 1 and 1e-3, each algorithm: max/min of mean msgs/CS over connectivities <= 2")
	for _, alg := range []string{"rl", "rr"} {
		for _, m := range dyn {
			for _, l := range Walter2001Loads {
				var v []float64
				for _, cn := range conns {
					if x, ok := g(alg, l, m, cn); ok {
						v = append(v, x)
					}
				}
				if len(v) >= 2 {
					c.expect(slices.Max(v)/slices.Min(v) <= 2, "%s %s load=%g: %.4g..%.4g (×%.2g)", alg, mobName(m), l, slices.Min(v), slices.Max(v), slices.Max(v)/slices.Min(v))
				}
			}
		}
	}
	out = append(out, c.done())
	return out
}

func meanOf(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// linearFit returns the least-squares slope of y on x and the coefficient of determination R².
func linearFit(x, y []float64) (slope, r2 float64) {
	mx, my := meanOf(x), meanOf(y)
	var sxx, sxy, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	slope = sxy / sxx
	r2 = sxy * sxy / (sxx * syy)
	return slope, r2
}
