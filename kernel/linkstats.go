package kernel

import "math"

// Link-count diagnostics: how many links the network has while a trial is measured, and how
// the network model's changes went. They make visible what a model does to the graph (a
// walter reading that thins the network down to a spanning tree and freezes it, a geometric
// model whose ports are full), for every network model, at the cost of a few additions per
// link that goes down or up.
//
// The window is the measurement window (Result.WindowStart to WindowStart + WindowTime).
// Every count is taken inside it, like Result.LinkChanges:
//
//   - LinkChanges: changes that took effect (changed at least one link). For walter, one
//     change is one deletion and one formation under the default readings; under
//     link_formation = any-pair a change may delete only, under no_deletion = form it may
//     form only. For tvg and the geometric models, one link going down or up.
//   - LinkChangesSkipped: changes that changed nothing. For walter, no link could be deleted
//     (every link a bridge or busy) and nothing was formed; for tvg and the geometric models,
//     a link refused because a port cap was reached.
//   - LinkDowns, LinkUps: links that went down and came up, whatever the model; LinksEnd =
//     LinksStart + LinkUps − LinkDowns.
//
// A mobile trial whose graph could not change in its window has LinkChanges = 0 and
// LinkChangesSkipped > 0 (for walter under the default readings: the graph is a spanning
// tree, or every non-bridge was busy at every change).
type linkStats struct {
	opened     bool
	start, end int
	area       float64 // ∫ links dt over the window so far
	areaT      float64 // time up to which area is accumulated
	downs, ups int64
	trace      func(t float64, links int)
}

// SetLinkTrace installs f to receive the link count of the following trials against time:
// once at time 0 with the initial network, then after every link that goes down or comes up,
// for the whole trial (warm-up and measurement; links stop changing when the measurement
// ends). nil turns it off. It costs one call per link event and is meant for figures of
// a few trials, not for sweeps; Result.WindowStart and WindowTime place the window on it.
func (s *Sim) SetLinkTrace(f func(t float64, links int)) { s.links.trace = f }

// reset starts a trial's statistics on the initial network.
func (l *linkStats) reset(links int) {
	*l = linkStats{trace: l.trace}
	if l.trace != nil {
		l.trace(0, links)
	}
}

// open starts the window at now.
func (l *linkStats) open(now float64, links int) {
	l.opened, l.start, l.areaT = true, links, now
}

// close ends the window at now.
func (l *linkStats) close(now float64, links int) {
	if l.opened {
		l.area += float64(links) * (now - l.areaT)
		l.areaT = now
	}
	l.end = links
}

// linkCounted records that a link went down or came up now (the count is already updated):
// inside the window it counts it and advances the time average; the trace sees it always.
func (s *Sim) linkCounted(up bool) {
	l := &s.links
	links := s.topo.NumLinks()
	if s.phase == phaseMeasure {
		before := links + 1
		if up {
			before = links - 1
			l.ups++
		} else {
			l.downs++
		}
		l.area += float64(before) * (s.now - l.areaT)
		l.areaT = s.now
	}
	if l.trace != nil {
		l.trace(s.now, links)
	}
}

// fill writes the window's link diagnostics into r. A window that never opened (crashes
// blocked every node during the warm-up) has no time average: LinksMean is NaN.
func (l *linkStats) fill(r *Result, winStart, winEnd float64) {
	r.LinksStart, r.LinksEnd = l.start, l.end
	r.LinkDowns, r.LinkUps = l.downs, l.ups
	r.WindowStart = winStart
	switch w := winEnd - winStart; {
	case !l.opened:
		r.LinksStart, r.LinksMean = l.end, math.NaN()
	case w > 0:
		r.LinksMean = l.area / w
	default:
		r.LinksMean = float64(l.start) // an empty window: the count at its only instant
	}
}
