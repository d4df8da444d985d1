package runner

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// job sleeps a little (more for low jobs, so that they finish after later ones) and fails or
// panics where told.
func job(fail, panicAt map[int]bool) func(context.Context, *int, int) (int, error) {
	return func(ctx context.Context, _ *int, j int) (int, error) {
		select {
		case <-time.After(time.Duration((j*7)%5) * time.Millisecond):
		case <-ctx.Done():
			return 0, ctx.Err()
		}
		if panicAt[j] {
			panic(fmt.Sprintf("job %d exploded", j))
		}
		if fail[j] {
			return 0, fmt.Errorf("job %d failed", j)
		}
		return j * j, nil
	}
}

func newState() *int { return new(int) }

func TestOrderAndFirstFailureIndependentOfWorkers(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8, 64} {
		var got []int
		err := Run(context.Background(), Config{Workers: workers}, 100, newState, job(map[int]bool{37: true, 61: true}, nil),
			func(j, out int) error {
				if out != j*j {
					return fmt.Errorf("job %d: outcome %d", j, out)
				}
				got = append(got, j)
				return nil
			})
		if err == nil || err.Error() != "job 37 failed" {
			t.Fatalf("workers %d: err %v, want job 37's", workers, err)
		}
		// Every job before 37 ran and was emitted in order; whatever finished after it is kept too.
		if len(got) < 37 || !slices.Equal(got[:37], seq(37)) || slices.Contains(got, 37) || !slices.IsSorted(got) {
			t.Fatalf("workers %d: emitted %v", workers, got)
		}
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestPanicBecomesAnError(t *testing.T) {
	made := atomic.Int32{}
	err := Run(context.Background(), Config{Workers: 2}, 20, func() *int { made.Add(1); return new(int) },
		job(nil, map[int]bool{5: true}), func(int, int) error { return nil })
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Job != 5 || !strings.Contains(pe.Error(), "job 5 exploded") || pe.Stack == "" {
		t.Fatalf("err %v", err)
	}
	if made.Load() < 3 {
		t.Fatalf("the panicking worker's state was not made anew (%d states)", made.Load())
	}
}

func TestCancelStopsInFlightAndKeepsFinished(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var emitted []int
	long := func(ctx context.Context, _ *int, j int) (int, error) {
		if j == 3 {
			<-ctx.Done() // a job that would never end
			return 0, ctx.Err()
		}
		if j == 10 {
			cancel()
		}
		return j, nil
	}
	start := time.Now()
	err := Run(ctx, Config{Workers: 4}, 1000, newState, long, func(j, _ int) error { emitted = append(emitted, j); return nil })
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatal("the job in flight was not cancelled")
	}
	// Jobs 0..2 are emitted and give their credits back before the gap at job 3 holds the
	// window, so at most Window(4)+3 jobs start before the cancel is seen; job 3 is never
	// emitted. A worker slow to reach job 10 lets the dispatcher use all of them.
	if !slices.Contains(emitted, 0) || !slices.Contains(emitted, 4) || slices.Contains(emitted, 3) || len(emitted) > Window(4)+2 {
		t.Fatalf("emitted %v", emitted)
	}
}

func TestWorkersAreBounded(t *testing.T) {
	if Workers(100000, 2) != 2 || Workers(100000, 1<<40) != MaxWorkers || Workers(0, 1) != 1 || Workers(3, 10) != 3 {
		t.Fatal("Workers does not cap")
	}
	var states atomic.Int32
	Run(context.Background(), Config{Workers: 100000}, 2, func() *int { states.Add(1); return new(int) },
		job(nil, nil), func(int, int) error { return nil })
	if states.Load() != 2 {
		t.Fatalf("%d worker states for 2 jobs", states.Load())
	}
}

func TestEmitErrorStops(t *testing.T) {
	stop := errors.New("disk full")
	n := 0
	err := Run(context.Background(), Config{Workers: 3}, 1000, newState, job(nil, nil), func(j, _ int) error {
		n++
		if j == 9 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 10 {
		t.Fatalf("err %v after %d emits", err, n)
	}
}
