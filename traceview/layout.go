package traceview

import "math"

// scale sets t.Layout: a geometric model's positions, scaled into [0, 1] with one factor for
// both axes (the square stays a square), or a layout of the graph for the other models.
func scale(t *Trace) {
	if !t.Geo || len(t.Moves) == 0 {
		t.Layout = layout(t.N, allLinks(t))
		return
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, m := range t.Moves {
		for _, p := range m.XY {
			lo, hi = min(lo, p[0], p[1]), max(hi, p[0], p[1])
		}
	}
	span := hi - lo
	if span <= 0 {
		span = 1
	}
	for _, m := range t.Moves {
		for i, p := range m.XY {
			m.XY[i] = [2]float64{round((p[0] - lo) / span), round((p[1] - lo) / span)}
		}
	}
	t.Layout = t.Moves[0].XY
}

// round keeps four decimals: a ten-thousandth of the drawing is far below a pixel, and the
// page is smaller.
func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// allLinks returns every link the window shows: those up at its start and those that come up
// in it.
func allLinks(t *Trace) [][2]int32 {
	links := append([][2]int32{}, t.Links...)
	up := kindIndex("link-up")
	for k, kind := range t.Events.Kind {
		if kind == up {
			links = append(links, [2]int32{t.Events.Node[k], t.Events.Peer[k]})
		}
	}
	return links
}

func kindIndex(name string) int {
	for k, s := range Kinds {
		if s == name {
			return k
		}
	}
	return -1
}

// layoutIterations bounds the force-directed layout's work: n² pairs per iteration.
const layoutIterations = 300

// layout places n nodes for a graph model: a force-directed layout (Fruchterman and
// Reingold: linked nodes attract, all nodes repel, the step cools each iteration) started
// from the nodes on a circle in id order. It draws no random number, so a trial's page is
// the same every time. Beyond 400 nodes the circle itself is used: the layout's n² work
// would outgrow the trial's.
func layout(n int, links [][2]int32) [][2]float64 {
	pos := make([][2]float64, n)
	for i := range pos {
		a := 2*math.Pi*float64(i)/float64(max(n, 1)) - math.Pi/2
		pos[i] = [2]float64{0.5 + 0.45*math.Cos(a), 0.5 + 0.45*math.Sin(a)}
	}
	if n <= 2 || n > 400 {
		return finish(pos)
	}
	k := 0.9 / math.Sqrt(float64(n)) // ideal distance in the unit square
	disp := make([][2]float64, n)
	temp := 0.1
	for it := 0; it < layoutIterations; it++ {
		clear(disp)
		for i := range n {
			for j := i + 1; j < n; j++ {
				dx, dy, d := delta(pos, i, j)
				f := k * k / d // repulsion
				disp[i][0], disp[i][1] = disp[i][0]+dx/d*f, disp[i][1]+dy/d*f
				disp[j][0], disp[j][1] = disp[j][0]-dx/d*f, disp[j][1]-dy/d*f
			}
		}
		for _, l := range links {
			i, j := int(l[0]), int(l[1])
			dx, dy, d := delta(pos, i, j)
			f := d * d / k // attraction
			disp[i][0], disp[i][1] = disp[i][0]-dx/d*f, disp[i][1]-dy/d*f
			disp[j][0], disp[j][1] = disp[j][0]+dx/d*f, disp[j][1]+dy/d*f
		}
		for i := range pos {
			d := math.Max(math.Hypot(disp[i][0], disp[i][1]), 1e-9)
			step := math.Min(d, temp)
			pos[i][0] += disp[i][0] / d * step
			pos[i][1] += disp[i][1] / d * step
		}
		temp *= 0.985
	}
	return finish(pos)
}

// delta is pos[i] − pos[j] and its length (never 0: coincident nodes are pushed apart
// along a direction fixed by their ids).
func delta(pos [][2]float64, i, j int) (dx, dy, d float64) {
	dx, dy = pos[i][0]-pos[j][0], pos[i][1]-pos[j][1]
	d = math.Hypot(dx, dy)
	if d < 1e-6 {
		a := float64(i*7919+j) * 0.618
		dx, dy, d = 1e-6*math.Cos(a), 1e-6*math.Sin(a), 1e-6
	}
	return dx, dy, d
}

// finish scales the positions into [0, 1], one factor for both axes, and centres them.
func finish(pos [][2]float64) [][2]float64 {
	if len(pos) == 0 {
		return pos
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pos {
		x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
	}
	span := math.Max(math.Max(x1-x0, y1-y0), 1e-9)
	ox, oy := (1-(x1-x0)/span)/2, (1-(y1-y0)/span)/2
	for i, p := range pos {
		pos[i] = [2]float64{round(ox + (p[0]-x0)/span), round(oy + (p[1]-y0)/span)}
	}
	return pos
}
