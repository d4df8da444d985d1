// Package htmlreport writes the report of one results file as one self-contained HTML page,
// the page a researcher sends to a co-author: what was run and how to run it again, the
// paper's findings checked where a paper's preset applies, every named figure the data can
// draw, and the summary table, all from the file alone.
//
//	page, err := htmlreport.Build("results/walter2001.parquet")
//	if err != nil {
//		return err // one line, naming the file
//	}
//	return page.Write(w)
//
// # What a page holds
//
//   - Provenance, from the file's key-value metadata: the sweep's name and spec, the program
//     version, the command that reruns it (bench sweep --from the file, and bench sweep
//     NAME for a preset), the root seed, the trials in the file against those of the sweep (a shard
//     says so), and the simulated work. Results files record no wall-clock time (a sweep's
//     file is identical byte for byte however it was run, so it cannot say when or how long),
//     and the page says so rather than leave a blank; it gives the file's modification time
//     instead, named as such. Whatever an older file lacks is named.
//   - Findings: of every paper whose findings the data are about, each finding's verdict,
//     claim, exact test and evidence, the measurement warnings, and the paper's tables of
//     cells. The data are about a paper's findings when they hold its algorithms at some
//     point of its tables (for analysis.Walter2001: rl or rr at a load, mobility and
//     connectivity of Tables 1 and 2) and at least one finding is decided (not SKIP): exactly
//     when bench report --paper gives a verdict, so a file lacking some of the paper's points
//     shows what it can decide, SKIP for the rest; a file of the paper's preset always shows
//     it. The verdicts are analysis.Walter2001Verdicts', the computation bench report --paper
//     prints, split the same way by a parameter the paper's tables do not separate (a model
//     reading, say). A paper the page leaves off is named, with the reason and the commands
//     that check it.
//   - Figures: every figure preset of package plots that the data can draw, as inline SVG,
//     with its caption (trials per point, fixed and pooled parameters) and notes as text
//     and the bench plot command that writes it as a PDF. A preset of the file's own sweep
//     that cannot be drawn is named with the reason.
//   - Summary: mean ± 95% CI by algorithm and grid axis (the table bench sweep prints) of
//     wait_mean, msgs_per_cs and the figures' metrics, with the null counts and the
//     pooled-parameter notes bench report prints.
//
// # Self-contained and safe to open
//
// Styles and figures are inline; there is no script, no font file and no link outside the
// page. A Content-Security-Policy (default-src 'none') makes the browser refuse anything else,
// so the page fetches nothing even when opened online, and an attempt would be a console
// error, which the browser test (TestChromium) looks for. The CSS has a print style: figures
// and tables do not break across pages.
//
// # Limits
//
// A page reads a file of at most MaxRows trials, once, with every column some part of the
// page needs. The summary table shows at most MaxSummaryRows groups (the rest are counted,
// and bench report prints them all); a finding shows at most MaxEvidence lines of evidence.
// BenchmarkBuild measures a page of 100,000 trials.
package htmlreport
