package sweeps

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress is told how a sweep advances. Execute calls Start once, Add after every trial
// and Finish at the end (also when interrupted).
type Progress interface {
	Start(name string, total, done int)
	Add(n int)
	Finish()
}

// WorkProgress is a Progress that is also told the estimated work (simulated events, the
// cost model of the schedule): the sweep's total and what was on disk at Start, then each
// trial's as it finishes. The schedule runs the costliest trials first, so a rate in trials
// per second badly overestimates the time left early on; a rate in work does not.
type WorkProgress interface {
	Progress
	StartWork(total, done float64)
	AddWork(w float64)
}

// NewProgress returns a progress bar on f if it is a terminal, else plain lines every 5 s
// (for CI and Slurm logs).
func NewProgress(f *os.File) Progress {
	if term.IsTerminal(int(f.Fd())) {
		return &barProgress{w: f}
	}
	return NewPlainProgress(f, 5*time.Second)
}

// NewPlainProgress writes one line to w at most every interval, and one at the end:
// "NAME: DONE/TOTAL trials, RATE trials/s, elapsed E, ETA T".
func NewPlainProgress(w io.Writer, interval time.Duration) Progress {
	return &plainProgress{w: w, every: interval}
}

type plainProgress struct {
	w            io.Writer
	every        time.Duration
	name         string
	total, done  int
	resumed      int
	start, last  time.Time
	finishedLine bool
	// work: estimated events in all, on disk at Start, done since (0: not told; then the ETA
	// is by trial count)
	workTotal, workResumed, workDone float64
}

func (p *plainProgress) StartWork(total, done float64) {
	p.workTotal, p.workResumed, p.workDone = total, done, done
}

func (p *plainProgress) AddWork(w float64) { p.workDone += w }

func (p *plainProgress) Start(name string, total, done int) {
	p.name, p.total, p.done, p.resumed = name, total, done, done
	p.start = time.Now()
	p.last = p.start
	if done > 0 {
		fmt.Fprintf(p.w, "%s: resuming: %d of %d trials already on disk, %d to run\n", name, done, total, total-done)
	}
}

func (p *plainProgress) Add(n int) {
	p.done += n
	if now := time.Now(); now.Sub(p.last) >= p.every {
		p.last = now
		p.line()
	}
}

func (p *plainProgress) line() {
	el := time.Since(p.start)
	rate := float64(p.done-p.resumed) / el.Seconds()
	eta := etaText(el, float64(p.done-p.resumed), float64(p.total-p.done), p.workTotal, p.workDone-p.workResumed, p.workTotal-p.workDone)
	fmt.Fprintf(p.w, "%s: %d/%d trials, %.1f trials/s, elapsed %s, ETA %s\n", p.name, p.done, p.total, rate, el.Round(time.Second), eta)
}

func (p *plainProgress) Finish() { p.line() }

// etaText estimates the time left from the time elapsed: by estimated work when it is known
// (workTotal > 0), else by trial count; "?" before anything is done.
func etaText(el time.Duration, trialsDone, trialsLeft, workTotal, workDone, workLeft float64) string {
	done, left := trialsDone, trialsLeft
	if workTotal > 0 {
		done, left = workDone, max(workLeft, 0)
	}
	if done <= 0 {
		return "?"
	}
	return time.Duration(float64(el) * left / done).Round(time.Second).String()
}

// barProgress is a progressbar/v3 bar: trials done/total and rate; its ETA, in the
// description, is by estimated work as for the plain lines.
type barProgress struct {
	w                                io.Writer
	bar                              *progressbar.ProgressBar
	name                             string
	start                            time.Time
	total, done, resumed             int
	workTotal, workResumed, workDone float64
}

func (p *barProgress) StartWork(total, done float64) {
	p.workTotal, p.workResumed, p.workDone = total, done, done
}

func (p *barProgress) AddWork(w float64) { p.workDone += w }

func (p *barProgress) Start(name string, total, done int) {
	p.name, p.start, p.total, p.done, p.resumed = name, time.Now(), total, done, done
	p.bar = progressbar.NewOptions(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("trials"),
		progressbar.OptionSetPredictTime(false), // its ETA is by count: ours, in the description, is by work
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionFullWidth(),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(p.w) }),
	)
	if done > 0 {
		p.bar.Set(done)
	}
}

func (p *barProgress) Add(n int) {
	p.done += n
	eta := etaText(time.Since(p.start), float64(p.done-p.resumed), float64(p.total-p.done), p.workTotal, p.workDone-p.workResumed, p.workTotal-p.workDone)
	p.bar.Describe(p.name + " (ETA " + eta + ")")
	p.bar.Add(n)
}

func (p *barProgress) Finish() {
	if p.bar != nil && !p.bar.IsFinished() {
		fmt.Fprintln(p.w)
	}
}
