package kernel

// The algorithm's start on a trial's initial graph, and the single-token check it must pass.

// startAlgorithm resets the algorithm and the checks on the initial graph, and checks that
// a token algorithm starts with exactly one token.
func (s *Sim) startAlgorithm(algo Algorithm) error {
	n := s.p.N
	s.env = Env{N: n, Params: &s.p, Topo: &s.topo, Rand: &s.rand.algRand, Seed: s.p.Seed, sim: s}
	if err := algo.Reset(&s.env); err != nil {
		return err
	}
	s.check.Reset(&s.topo)
	s.tok.holders = 0
	if s.tok.holder != nil {
		for i := int32(0); int(i) < n; i++ {
			if s.tok.holder.HoldsToken(i) {
				s.tok.holders++
			}
		}
		if s.tok.holders != 1 {
			return s.fail(ErrSafety, nil, "%d nodes hold the token at the start", s.tok.holders)
		}
	}
	return nil
}
