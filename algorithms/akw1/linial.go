package akw1

import (
	"fmt"
	"math"

	"github.com/mutexlab/mutexlab/algorithms/internal/forks"
	"github.com/mutexlab/mutexlab/kernel"
)

// Algorithm-specific parameters (kernel.Params.Algo).
const (
	ParamColoring = "akw_coloring" // 1: greedy (1a), 2: Linial (1b)
	ParamKnownN   = "akw_n"        // 1b: n as the nodes know it (>= the number of nodes)
	ParamKnownD   = "akw_delta"    // 1b: δ as the nodes know it (a bound on every node's degree)
)

// Colouring procedures.
const (
	ColoringGreedy = 1
	ColoringLinial = 2
)

// Validate checks akw1's parameters and that the network is FIFO (the paper's assumption).
func Validate(p *kernel.Params) error {
	if err := forks.RequireFIFO("akw1", p); err != nil {
		return err
	}
	switch c := p.AlgoParam(ParamColoring, ColoringGreedy); c {
	case ColoringGreedy:
		return nil
	case ColoringLinial:
	default:
		return &kernel.ParamError{Name: ParamColoring, Msg: fmt.Sprintf("colouring %g does not exist; accepted: 1 (greedy, 1a) or 2 (Linial, 1b)", c)}
	}
	n, okN := p.Algo[ParamKnownN]
	if !okN || n < float64(p.N) || n != math.Trunc(n) || n > 1<<40 {
		return &kernel.ParamError{Name: ParamKnownN, Msg: fmt.Sprintf("colouring 2 (Linial, 1b) needs the nodes to know n: set %s to a whole number >= n = %d (got %v)", ParamKnownN, p.N, p.Algo[ParamKnownN])}
	}
	d, okD := p.Algo[ParamKnownD]
	if !okD || d < 1 || d != math.Trunc(d) || d > 4096 {
		return &kernel.ParamError{Name: ParamKnownD, Msg: fmt.Sprintf("colouring 2 (Linial, 1b) needs the nodes to know δ: set %s to a whole number in 1..4096 bounding every degree (got %v)", ParamKnownD, p.Algo[ParamKnownD])}
	}
	return nil
}

// linRound is one reduction step: colours 0..m-1 become (x, p_c(x)) = x·q + p_c(x), where
// p_c is the polynomial of degree <= d over GF(q) whose coefficients are c's base-q digits.
type linRound struct{ q, d int64 }

// linialSchedule computes the reduction steps from n colours with degree bound D: each step
// takes the prime q > D·d with q^(d+1) >= m that gives the fewest colours q², and the steps
// stop when a step would not shrink the range. It returns the steps and the final range.
// Two distinct polynomials of degree <= d agree on at most d points, so D neighbours rule
// out at most D·d < q values of x: a free x always exists (the cover-free family of Theorem
// 6, here in its explicit polynomial form, Linial's construction).
func linialSchedule(n, D int64) (steps []linRound, m int64) {
	m = n
	for {
		best := linRound{}
		for d := int64(1); d <= 40; d++ {
			q := nextPrime(max(D*d+1, ceilRoot(m, d+1)))
			if best.q == 0 || q < best.q {
				best = linRound{q, d}
			}
		}
		if best.q*best.q >= m {
			return steps, m
		}
		steps = append(steps, best)
		m = best.q * best.q
	}
}

// ceilRoot returns the smallest r >= 1 with r^k >= m.
func ceilRoot(m, k int64) int64 {
	r := int64(math.Ceil(math.Pow(float64(m), 1/float64(k))))
	for r > 1 && pow(r-1, k) >= m {
		r--
	}
	for pow(r, k) < m {
		r++
	}
	return max(r, 1)
}

// pow is r^k, saturating at 2^62.
func pow(r, k int64) int64 {
	x := int64(1)
	for range k {
		if x > (1<<62)/max(r, 1) {
			return 1 << 62
		}
		x *= r
	}
	return x
}

func nextPrime(x int64) int64 {
	for x = max(x, 2); ; x++ {
		prime := true
		for f := int64(2); f*f <= x; f++ {
			if x%f == 0 {
				prime = false
				break
			}
		}
		if prime {
			return x
		}
	}
}

// polyAt evaluates p_c(x) over GF(q): c's base-q digits (d+1 of them) are the coefficients.
func polyAt(c, x, q, d int64) int64 {
	v := int64(0)
	xp := int64(1)
	for range d + 1 {
		v = (v + (c%q)*xp) % q
		c /= q
		xp = xp * x % q
	}
	return v
}

// linialStep is new-color()'s iteration r for node i: it has its colour of round r and
// every competitor's; it returns its colour of round r+1.
func (a *AKW1) linialStep(i int32, r int) int64 {
	st := a.linSteps[r]
	c := a.linColor[i]
	base := int(i) * a.f.Cap
	up := a.f.Topo.Up()
	for x := int64(0); x < st.q; x++ {
		v := polyAt(c, x, st.q, st.d)
		free := true
		for p := up.Next(i, 0); p >= 0 && free; p = up.Next(i, p+1) {
			if a.rival.Has(i, p) && a.mut != mutLinialBlind {
				cj := a.nbrLin[r&1][base+int(p)]
				free = cj == c || polyAt(cj, x, st.q, st.d) != v
			}
		}
		if free {
			return x*st.q + v
		}
	}
	a.linOverflow++ // more competitors than the known δ: take x = 0 (Assumption 1 may fail)
	return polyAt(c, 0, st.q, st.d)
}

// linial runs the Linial procedure (1b) as far as it can go now and reports whether the
// node has its new colour. Round r starts when every neighbour has answered the crossing;
// each round needs every competitor's colour of that round (their lin messages).
func (a *AKW1) linial(i int32, out *kernel.Outbox) bool {
	for {
		r := int(a.linAt[i])
		if r < 0 {
			up := a.f.Topo.Up()
			for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
				if !a.replied.Has(i, p) {
					return false
				}
			}
			a.linAt[i], a.linColor[i] = 0, int64(i) // round 0: colours are ids
			a.f.Broadcast(i, kernel.Message{Type: MsgLin, A: 0, B: int64(i)}, out)
			continue
		}
		if r == len(a.linSteps) {
			return true
		}
		base := int(i) * a.f.Cap
		up := a.f.Topo.Up()
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			if a.rival.Has(i, p) && a.nbrLinAt[base+int(p)] < int32(r) {
				return false
			}
		}
		a.linColor[i] = a.linialStep(i, r)
		a.linAt[i]++
		a.f.Broadcast(i, kernel.Message{Type: MsgLin, A: int64(a.linAt[i]), B: a.linColor[i]}, out)
	}
}

// linialColor turns the final Linial colour f into the node's colour: the block
// f·(δ+1) .. f·(δ+1)+δ is the node's alone among its competitors, and inside it the node
// takes the first value no neighbour uses (at most δ can), so it also differs from every
// non-competing neighbour. Returns new-color()'s value (line 38 negates it).
func (a *AKW1) linialColor(i int32) int64 {
	base := int(i) * a.f.Cap
	up := a.f.Topo.Up()
	blk := a.linColor[i] * (a.knownD + 1)
	for t := int64(0); ; t++ {
		want := -(blk + t) - 1
		free := true
		for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
			if a.f.KeyOf[base+int(p)] == want {
				free = false
				break
			}
		}
		if free || t == a.knownD || a.mut == mutLinialBlind {
			if !free {
				a.linOverflow++
			}
			return blk + t
		}
	}
}
