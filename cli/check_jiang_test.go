package cli

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"testing"
)

// TestCheckJiang: the theorem × reading matrices say what the hk and gme tests assert per
// reading — hk's Theorem 3 FAILs under the literal aging (cs-exit), on the relay chains and
// some of the random sustained-load workloads, and PASSes on all of them under token-pass; gme's Theorem 2 FAILs under the literal in-cs and PASSes under session; Theorem
// 1 PASSes everywhere — and the output repeats exactly (the workloads are deterministic).
func TestCheckJiang(t *testing.T) {
	t.Parallel()
	var out [2]bytes.Buffer
	for i := range out {
		for _, c := range jiangChecks(500) {
			if err := c.run(&out[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if out[0].String() != out[1].String() {
		t.Fatalf("two runs differ:\n%s\n----\n%s", out[0].String(), out[1].String())
	}
	s := out[0].String()
	for _, want := range []string{
		`finding \\ reading +literal +aging_at=token-pass +link_to=outgoing +request_sink=raise\n`,
		`hk-thm1-mutual-exclusion +PASS 25/25 +PASS 25/25 +PASS 25/25 +PASS 25/25\n`,
		`hk-thm2-highest-priority-first +PASS 3/3 +PASS 3/3 +PASS 3/3 +PASS 3/3\n`,
		`hk-thm3-bounded-delay +FAIL 1\d/25 +PASS 25/25 +FAIL 1\d/25 +FAIL 1\d/25\n`,
		`FAIL +relay-chain aging=10: 1 requesting nodes never served in 500 CS entries`,
		`FAIL +random-sustained seed=4 aging=1: 2 requesting nodes never served in 500 CS entries`,
		`random workloads \(20, total\) +\d+ +\d+ +\d+ +\d+\n`,
		`gme-thm3-bounded-delay +PASS 22/22 +PASS 22/22 +PASS 22/22\n`,
		`finding \\ reading +literal +subtokens=session +link_to=outgoing\n`,
		`gme-thm1-mutual-exclusion +PASS 22/22 +PASS 22/22 +PASS 22/22\n`,
		`gme-thm2-concurrent-entering +FAIL 21/22 +PASS 22/22 +FAIL 21/22\n`,
		`FAIL +session-held-open: 1 misses, 18 time units waited`,
	} {
		if !regexp.MustCompile(want).MatchString(s) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

func TestCheckJiangUsage(t *testing.T) {
	var ue *usageError
	for _, args := range [][]string{{"jiang", "--paper", "rl"}, {"jiang", "--entries", "99"}, {"jiang", "--entries", "2000000"},
		{"jiang", "extra"}, {"jiang", "--bogus"}} {
		if err := checkCmd(context.Background(), args); !errors.As(err, &ue) {
			t.Errorf("check %v: got %v, want a usage error", args, err)
		}
	}
}
