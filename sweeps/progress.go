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
}

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
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(p.total-p.done)/rate) * time.Second).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "%s: %d/%d trials, %.1f trials/s, elapsed %s, ETA %s\n", p.name, p.done, p.total, rate, el.Round(time.Second), eta)
}

func (p *plainProgress) Finish() { p.line() }

// barProgress is a progressbar/v3 bar: trials done/total, rate and ETA.
type barProgress struct {
	w   io.Writer
	bar *progressbar.ProgressBar
}

func (p *barProgress) Start(name string, total, done int) {
	p.bar = progressbar.NewOptions(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("trials"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionFullWidth(),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(p.w) }),
	)
	if done > 0 {
		p.bar.Set(done)
	}
}

func (p *barProgress) Add(n int) { p.bar.Add(n) }

func (p *barProgress) Finish() {
	if p.bar != nil && !p.bar.IsFinished() {
		fmt.Fprintln(p.w)
	}
}
