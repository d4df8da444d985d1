package plots

import (
	"fmt"
	"math"
	"strconv"
)

// walter2001Label names values the way the paper does.
func walter2001Label(column, value string) string {
	v, _ := strconv.ParseFloat(value, 64)
	switch column {
	case "connectivity":
		return fmt.Sprintf("%g%% connectivity", math.Round(v*100))
	case "mobility":
		switch v {
		case 0:
			return "(a) zero mobility"
		case 1e-2:
			return "(b) low mobility, λ_mob = 0.01"
		case 1e-1:
			return "(c) high mobility, λ_mob = 0.1"
		}
	}
	return DefaultLabel(column, value)
}

func walter2001(fig int, metric, x string) Preset {
	s := LineSpec{Metric: metric, X: x, Facet: "mobility", Label: walter2001Label}
	what := map[string]string{"wait_mean": "Mean wait", "msgs_per_cs": "Messages"}[metric]
	var caption string
	if x == "load" {
		s.Series = []string{"algorithm", "connectivity"}
		s.Keep = map[string][]string{"algorithm": {"rl", "rr"}, "connectivity": {"0.2", "0.8"}, "mobility": {"0", "0.01", "0.1"}}
		caption = what + " per CS entry vs load λ_req, RL and RR at 20% and 80% connectivity"
	} else {
		s.Series = []string{"algorithm", "load"}
		s.Keep = map[string][]string{"algorithm": {"rl", "rr"}, "load": {"0.001", "1"}, "mobility": {"0", "0.01", "0.1"}}
		caption = what + " per CS entry vs connectivity, RL and RR at λ_req = 0.001 and 1"
	}
	return Preset{
		Name:    fmt.Sprintf("walter2001-fig%d", fig),
		Caption: fmt.Sprintf("Walter, Welch, Vaidya 2001, Figure %d: %s; panels (a)–(c) zero, low and high mobility", fig, caption),
		Spec:    s,
	}
}

// Walter2001Figures are Figures 5 to 8 of Walter, Welch and Vaidya (2001), section 6, drawn
// from a walter2001 sweep, RL and RR only, as the paper's (another algorithm in the file is
// left out): wait (5, 6) and messages (7, 8) per CS entry against load (5, 7;
// 20% and 80% connectivity) and connectivity (6, 8; λ_req 1e-3 and 1), one panel per
// mobility.
var Walter2001Figures = []Preset{
	walter2001(5, "wait_mean", "load"),
	walter2001(6, "wait_mean", "connectivity"),
	walter2001(7, "msgs_per_cs", "load"),
	walter2001(8, "msgs_per_cs", "connectivity"),
}
