package akw1

import (
	"math"

	"github.com/mutexlab/mutexlab/kernel"
)

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

// resetLinial sizes and resets the per-port round state of m port slots, which only the
// Linial procedure (1b) reads: the greedy procedure (1a) leaves it alone, which spares a
// trial writing 4 bytes per port slot (128 MB at n = 10^6) and sizing 16 more.
func (a *AKW1) resetLinial(m int) {
	if a.coloring != ColoringLinial {
		return
	}
	a.nbrLin[0] = kernel.Resize(a.nbrLin[0], m)
	a.nbrLin[1] = kernel.Resize(a.nbrLin[1], m)
	a.nbrLinAt = kernel.Resize(a.nbrLinAt, m)
	for k := range a.nbrLinAt {
		a.nbrLinAt[k] = -1
	}
}

// forgetLinRounds forgets the rounds received on port slot k (1b only, see resetLinial).
func (a *AKW1) forgetLinRounds(k int) {
	if a.coloring == ColoringLinial {
		a.nbrLinAt[k] = -1
	}
}
