package cli

import (
	"context"
	"fmt"
	"os"

	"github.com/mutexlab/mutexlab/algorithms"
	"github.com/mutexlab/mutexlab/analysis"
	"github.com/mutexlab/mutexlab/internal/runner"
	"github.com/mutexlab/mutexlab/kernel"
	"github.com/mutexlab/mutexlab/plots"
	"github.com/mutexlab/mutexlab/sweeps"
)

// The link-count figure runs its own trials: a few trials of the walter2001-readings preset,
// with their seeds, so each trace is the network of a row of that preset's results (its
// window's links_start, links_end and links_mean are the row's). It needs no results file:
// a results file holds no traces, and a trace of every trial would cost a sweep hundreds of
// values per row for a figure that shows six.

const (
	linksFigure      = "walter2001-links"
	linksCaption     = "Links against time of RL trials of the walter2001-readings preset, λ_req = 0.001, λ_mob = 0.1, replicates 0–2 at 20% and 80% connectivity, one panel per reading (mobility_rate/link_formation/no_deletion); markers: the measurement window's start and end"
	linksReplicates  = 3
	linksPerDecade   = 40
	linksLoad        = 1e-3
	linksMobility    = 0.1
	linksAlgorithm   = "rl"
	linksPresetName  = "walter2001-readings"
	linksFigureShort = "link count against time under each walter reading (runs 48 trials of walter2001-readings; no FILE)"
)

// linksLayout orders the readings in the figure's panels, two a row: network rate on the
// left, per-node on the right; rows absent/skip, absent/form, any-pair/skip, any-pair/form.
var linksLayout = []string{"A", "B", "G", "H", "C", "E", "D", "F"}

// linkTrials selects the figure's trials from the preset, in panel order.
func linkTrials() ([]sweeps.Trial, error) {
	spec, err := sweeps.Preset(linksPresetName)
	if err != nil {
		return nil, err
	}
	byLetter := map[string][]sweeps.Trial{}
	for i := range spec.NumTrials() {
		t := spec.Trial(i)
		p := t.Params
		if t.Algorithm != linksAlgorithm || p.Load != linksLoad || p.Mobility != linksMobility ||
			(p.Connectivity != 0.2 && p.Connectivity != 0.8) || t.Replicate >= linksReplicates {
			continue
		}
		l := analysis.ReadingLetter(p.MobilityRate.String(), p.LinkFormation.String(), p.NoDeletion.String())
		byLetter[l] = append(byLetter[l], t)
	}
	var out []sweeps.Trial
	for _, l := range linksLayout {
		out = append(out, byLetter[l]...)
	}
	if want := len(linksLayout) * 2 * linksReplicates; len(out) != want {
		return nil, fmt.Errorf("figure %s: %d trials of preset %s selected, want %d", linksFigure, len(out), linksPresetName, want)
	}
	return out, nil
}

// linkTraces runs the trials with a link trace, on every core, and returns their traces
// in the trials' order.
func linkTraces(ctx context.Context, trials []sweeps.Trial) ([]plots.LinkTrace, error) {
	out := make([]plots.LinkTrace, len(trials))
	err := runner.Run(ctx, runner.Config{}, len(trials), kernel.NewSim,
		func(ctx context.Context, sim *kernel.Sim, j int) (plots.LinkTrace, error) {
			t := trials[j]
			a, err := algorithms.New(t.Algorithm)
			if err != nil {
				return plots.LinkTrace{}, err
			}
			s := plots.NewLinkSampler(linksPerDecade)
			sim.SetLinkTrace(s.Record)
			defer sim.SetLinkTrace(nil)
			r, err := sim.RunContext(ctx, t.Params, a)
			if err != nil {
				return plots.LinkTrace{}, &sweeps.TrialFailure{Trial: t, Err: err}
			}
			tr := s.Trace(r.SimTime)
			p := t.Params
			tr.Panel = analysis.ReadingName(analysis.ReadingLetter(p.MobilityRate.String(), p.LinkFormation.String(), p.NoDeletion.String()))
			tr.Series = fmt.Sprintf("%g%% connectivity", p.Connectivity*100)
			tr.WindowStart, tr.WindowEnd = r.WindowStart, r.WindowStart+r.WindowTime
			tr.LinksStart, tr.LinksEnd = r.LinksStart, r.LinksEnd
			return tr, nil
		},
		func(j int, tr plots.LinkTrace) error { out[j] = tr; return nil })
	return out, err
}

// plotLinks draws the link-count figure into outs.
func plotLinks(ctx context.Context, outs []string, noCaption, replace bool) error {
	stamp := figureStamp(linksFigure, nil)
	if err := checkFigureOuts("--out", outs, stamp, replace); err != nil {
		return err
	}
	trials, err := linkTrials()
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench plot: running %d trials of preset %s for the link traces\n", len(trials), linksPresetName)
	traces, err := linkTraces(ctx, trials)
	if err != nil {
		return err
	}
	caption := linksCaption
	if noCaption {
		caption = ""
	}
	fig, err := plots.LinkFigure(traces, 2, caption)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench plot: caption: %s\n", linksCaption)
	return saveFigure(ctx, "--out", fig, outs, stamp, replace)
}
