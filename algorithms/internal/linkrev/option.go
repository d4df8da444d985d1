package linkrev

import (
	"fmt"
	"math"
	"strings"

	"github.com/mutexlab/mutexlab/kernel"
)

// The readings hk and gme share: whom the new token holder tells its height (LinkRule).
const ParamLinkTo = "link_to"

// LinkToNames are link_to's values, indexed by their code in kernel.Params.Algo: "all"
// (Jiang's text, the default for hk and gme) and "outgoing" (RL's rule).
var LinkToNames = []string{"all", "outgoing"}

// LinkRuleOf is the rule of link_to's code.
func LinkRuleOf(code int) LinkRule {
	if code == 1 {
		return LinkOutgoing
	}
	return LinkAll
}

// Option reads the named option name from p.Algo: the index of its value among names, 0 when
// unset. Anything else is a *kernel.ParamError naming the option and its values.
func Option(p *kernel.Params, name string, names []string) (int, error) {
	x := p.AlgoParam(name, 0)
	if math.IsNaN(x) || x != math.Trunc(x) || x < 0 || int(x) >= len(names) {
		return 0, &kernel.ParamError{Name: name, Msg: fmt.Sprintf("must be one of %s (codes 0..%d), got %g", strings.Join(names, ", "), len(names)-1, x)}
	}
	return int(x), nil
}
