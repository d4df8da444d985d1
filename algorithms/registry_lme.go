package algorithms

import (
	"github.com/mutexlab/mutexlab/algorithms/cm"
	"github.com/mutexlab/mutexlab/algorithms/drs"
	"github.com/mutexlab/mutexlab/kernel"
)

// lmeInfos is the local mutual exclusion family (drs, cm).
func lmeInfos() []Info {
	return []Info{
		{Name: "drs", Safety: "local mutual exclusion", Title: "Anonymous local mutual exclusion with port bitsets (Daymude, Richa, Scheideler)",
			New: func() kernel.Algorithm { return drs.New() },
			Params: []ParamInfo{
				{Name: drs.ParamK, Default: drs.DefaultK, Whole: true, Unit: "priorities", Doc: "drs: K, the number of priorities (drawn uniformly from 0..K-1), a whole number in 2..256"},
			},
			Metrics: append([]MetricInfo{
				{Name: drs.MetricTrials, Unit: "trials per lock", Doc: "drs: competition trials per measured lock"},
				{Name: drs.MetricMemBits, Unit: "bits", Doc: "drs: per-node memory in bits (Lemma 11's accounting), from Δ and K", Whole: true},
				{Name: drs.MetricPorts, Unit: "ports", Doc: "drs: Δ, the ports per node (Lemma 11's maximum number of connections)", Whole: true},
				{Name: drs.MetricStateBits, Unit: "bits", Doc: "drs: per-node protocol state this implementation holds, in bits (whole 64-bit words per port set; Lemma 11: O(Δ))", Whole: true},
				{Name: drs.MetricMsgBits, Unit: "bits", Doc: "drs: the largest message sent, in bits: 3 of type plus its largest payload (Lemma 11: Θ(1)); null when none was sent", Whole: true},
			}, stillnessMetrics...),
			Validate: drs.Validate},
		{Name: "cm", Safety: "local mutual exclusion", Title: "Hygienic dining philosophers (Chandy, Misra), forks created and destroyed with links",
			New:     func() kernel.Algorithm { return cm.New() },
			Metrics: stillnessMetrics},
	}
}
