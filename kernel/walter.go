package kernel

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mutexlab/mutexlab/kernel/topology"
)

// The walter model and its readings. Section 6 of Walter, Welch and Vaidya describes its
// mobility model in three sentences, and each leaves one choice open; mutexlab makes each
// choice a named reading (a Params field), records which one ran, and keeps the same initial
// graph and request streams under every reading (the topology and request streams never
// depend on them), so that results under two readings are paired.
//
// The zero value of each field is the reading mutexlab has always used. Where the text
// decides, the default follows it; where it does not, the default is the literal reading of
// the sentence that defines the model, and the other reading rests on a sentence elsewhere.

// MobilityRate says whose rate λ_mob (Params.Mobility) is.
type MobilityRate uint8

const (
	// RateNetwork: one Poisson process of rate λ_mob changes the graph. It rests on the
	// definition: "Link changes were modeled as a Poisson process with arrival rate λ_mob.
	// Thus the time delay between each change to the graph is an exponential random variable
	// with mean 1/λ_mob time units." The default: the sentence that defines the model speaks
	// of changes to the graph.
	RateNetwork MobilityRate = iota
	// RatePerNode: every node moves at rate λ_mob, so the graph changes at rate n·λ_mob. It
	// rests on the interpretation: "Our choice for the value of the low mobility parameter
	// corresponds to the situation where nodes remain stationary for a few tens of seconds
	// after moving and prior to making another move." Each change is the same as under
	// RateNetwork (it is not tied to the node that moves); only the rate differs.
	RatePerNode
)

// LinkFormation says which link the formation half of a change forms.
type LinkFormation uint8

const (
	// FormAbsent: a uniformly random absent link (among pairs with a free port at both
	// ends), so every complete change keeps the link count. It rests on "Each change to the
	// graph consisted of the deletion of a link chosen at random (whose loss did not
	// disconnect the graph) and the formation of a link chosen at random": only an absent
	// link can be formed. The default.
	FormAbsent LinkFormation = iota
	// FormAnyPair: a uniformly random pair of distinct nodes; if they are already linked (or
	// either has no free port) nothing forms, and the change is a deletion only, so the link
	// count drifts down. It rests on the paper insisting that its connectivity is the initial
	// one: "Connectivity values presented in this section represent initial graph
	// connectivity" (and "Initial network connectivity" under both tables), which only
	// matters if the link count can change.
	FormAnyPair
)

// NoDeletion says what a change does when no link can be deleted: every link is a bridge
// (the graph is a tree) or carries a message in flight.
type NoDeletion uint8

const (
	// NoDeletionSkip: the whole change is skipped (counted in Result.LinkChangesSkipped).
	// The text is silent; "Each change to the graph consisted of the deletion ... and the
	// formation ..." reads as one indivisible change. The default.
	NoDeletionSkip NoDeletion = iota
	// NoDeletionForm: the formation half still happens, so the graph can grow out of a tree
	// (under FormAnyPair a tree does not freeze).
	NoDeletionForm
)

var (
	mobilityRateNames  = []string{RateNetwork: "network", RatePerNode: "per-node"}
	linkFormationNames = []string{FormAbsent: "absent", FormAnyPair: "any-pair"}
	noDeletionNames    = []string{NoDeletionSkip: "skip", NoDeletionForm: "form"}
)

// Keys of the readings: the parameter names a sweep spec, a flag and a results column use,
// and that a *ParamError names.
const (
	KeyMobilityRate  = "mobility_rate"
	KeyLinkFormation = "link_formation"
	KeyNoDeletion    = "no_deletion"
)

func readingName(names []string, v uint8) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("reading(%d)", v)
}

func parseReading(key string, names []string, s string) (uint8, error) {
	for k, name := range names {
		if s == name {
			return uint8(k), nil
		}
	}
	return 0, &ParamError{key, fmt.Sprintf("%q is not a reading; accepted: %s", s, strings.Join(names, ", "))}
}

// parseNamed reads one of names as the enumeration T (its index), for a key whose values
// are names; the error is a *ParamError naming key.
func parseNamed[T ~uint8](key string, names []string, s string) (T, error) {
	v, err := parseReading(key, names, s)
	return T(v), err
}

func (r MobilityRate) String() string  { return readingName(mobilityRateNames, uint8(r)) }
func (r LinkFormation) String() string { return readingName(linkFormationNames, uint8(r)) }
func (r NoDeletion) String() string    { return readingName(noDeletionNames, uint8(r)) }

// ParseMobilityRate reads "network" or "per-node"; its error is a *ParamError.
func ParseMobilityRate(s string) (MobilityRate, error) {
	return parseNamed[MobilityRate](KeyMobilityRate, mobilityRateNames, s)
}

// ParseLinkFormation reads "absent" or "any-pair"; its error is a *ParamError.
func ParseLinkFormation(s string) (LinkFormation, error) {
	return parseNamed[LinkFormation](KeyLinkFormation, linkFormationNames, s)
}

// ParseNoDeletion reads "skip" or "form"; its error is a *ParamError.
func ParseNoDeletion(s string) (NoDeletion, error) {
	return parseNamed[NoDeletion](KeyNoDeletion, noDeletionNames, s)
}

// ReadingInfo describes one reading for the layers above the kernel (spec keys, flags,
// results columns), so that they derive everything from this one table.
type ReadingInfo struct {
	Key    string   // spec key, results column, *ParamError name
	Values []string // accepted values; the first is the default (the zero value)
	Doc    string   // one line: what the reading decides
	Get    func(p *Params) string
	Set    func(p *Params, value string) error // error: a *ParamError naming Key
	// ReadWith and Read say when the model reads the reading at all: a reading decides what
	// a link change does, and at mobility 0 no change happens. A sweep that gives a reading
	// where no point reads it is refused: it would run the same trial under each value.
	ReadWith ReadCondition
	Read     func(p *Params) bool
}

// ReadCondition names the parameter, and its values, under which another one is read: the
// condition of a reading here, and of an algorithm's parameter (algorithms.ParamInfo).
type ReadCondition struct {
	Key  string // e.g. "mobility"
	When string // e.g. "mobility > 0"
}

// readWithMobility is when every reading is read: only a link change reads one.
var readWithMobility = ReadCondition{"mobility", "mobility > 0"}

func mobile(p *Params) bool { return p.Mobility > 0 }

// Readings lists the walter model's readings in a fixed order (a fresh slice).
func Readings() []ReadingInfo { return slices.Clone(readings) }

var readings = []ReadingInfo{
	{Key: KeyMobilityRate, Values: mobilityRateNames, ReadWith: readWithMobility, Read: mobile,
		Doc: "walter: λ_mob is the rate of the whole network (network) or of each node (per-node: the graph changes at rate n·λ_mob)",
		Get: func(p *Params) string { return p.MobilityRate.String() },
		Set: func(p *Params, s string) (err error) { p.MobilityRate, err = ParseMobilityRate(s); return }},
	{Key: KeyLinkFormation, Values: linkFormationNames, ReadWith: readWithMobility, Read: mobile,
		Doc: "walter: a change forms a random absent link (absent) or links a random node pair, forming nothing if it is already linked (any-pair)",
		Get: func(p *Params) string { return p.LinkFormation.String() },
		Set: func(p *Params, s string) (err error) { p.LinkFormation, err = ParseLinkFormation(s); return }},
	{Key: KeyNoDeletion, Values: noDeletionNames, ReadWith: readWithMobility, Read: mobile,
		Doc: "walter: when no link can be deleted (all bridges or busy), skip the whole change (skip) or still form a link (form)",
		Get: func(p *Params) string { return p.NoDeletion.String() },
		Set: func(p *Params, s string) (err error) { p.NoDeletion, err = ParseNoDeletion(s); return }},
}

// validateReadings checks the readings: known values, and set only for a model that honours
// them (NetworkInfo.UsesReadings), so that a reading never silently has no effect.
func (p *Params) validateReadings(info NetworkInfo) error {
	for _, r := range readings {
		v := r.Get(p)
		if _, err := parseReading(r.Key, r.Values, v); err != nil {
			return err
		}
		if !info.UsesReadings && v != r.Values[0] {
			return &ParamError{r.Key, fmt.Sprintf("is a reading of network model walter only; network model %s has none (accepted here: %s)", info.Name, r.Values[0])}
		}
	}
	return nil
}

// WalterModel is the network of Walter, Welch and Vaidya's section 6: a random connected graph
// with Params.LinkCount() links; link changes form a Poisson process (rate per
// Params.MobilityRate), each deleting a uniformly random link whose loss keeps the graph
// connected and that carries no message, and forming a link (per Params.LinkFormation; per
// Params.NoDeletion when nothing can be deleted). Links are reliable and FIFO.
type WalterModel struct {
	rate       float64
	formation  LinkFormation
	noDeletion NoDeletion
}

// LinkChangeRate is the rate of the walter model's link changes in the whole graph: λ_mob,
// or n·λ_mob under the per-node reading.
func (p *Params) LinkChangeRate() float64 {
	if p.MobilityRate == RatePerNode {
		return p.Mobility * float64(p.N)
	}
	return p.Mobility
}

func (m *WalterModel) Name() string { return "walter" }
func (m *WalterModel) Lossy() bool  { return false }
func (m *WalterModel) FIFO() bool   { return true }

func (m *WalterModel) Init(t *Topology, p *Params, rng *Stream) error {
	m.rate = p.LinkChangeRate()
	m.formation, m.noDeletion = p.LinkFormation, p.NoDeletion
	links := p.LinkCount()
	if err := t.ResetLinks(p.N, PortCapFor(p.N, links), links); err != nil {
		return p.portCapError(links, err)
	}
	return RandomConnected(t, links, rng)
}

// portCapError names the parameter behind a port cap too large for the kernel's port records
// (topology.CheckPortCap): the walter model's cap is 4 × the mean degree of its links.
func (p *Params) portCapError(links int, err error) error {
	return &ParamError{p.linksParam(), fmt.Sprintf("gives %d links on %d nodes, a mean degree of %d: %v (the port cap is 4 x the mean degree, at most n-1)",
		links, p.N, topology.MeanDegree(p.N, links), err)}
}

// NextChange draws the gap to the next change. Under either rate the k-th gap is the k-th
// unit exponential of the mobility stream divided by the rate, so the readings see the same
// change epochs up to a factor n.
func (m *WalterModel) NextChange(now float64, rng *Stream) float64 {
	if m.rate <= 0 {
		return math.Inf(1)
	}
	return now + rng.Exp(m.rate)
}

// Change deletes, then forms. A change that changes nothing is skipped; one that deletes or
// forms at least one link is counted (Result.LinkDowns and LinkUps tell the halves apart).
func (m *WalterModel) Change(now float64, c *Changer) {
	rng := c.Rand()
	t := c.Topology()
	k, ok := topology.PickRemovableLink(t, rng)
	if !ok && m.noDeletion == NoDeletionSkip {
		c.Skipped()
		return
	}
	if ok {
		c.LinkDown(k)
	}
	formed, err := m.form(t, rng, c)
	if err != nil {
		c.Failed(err)
		return
	}
	if ok || formed {
		c.Counted()
	} else {
		c.Skipped()
	}
}

// form forms the change's link, if the reading's draw allows one.
func (m *WalterModel) form(t *Topology, rng *Stream, c *Changer) (bool, error) {
	var x, y int32
	var ok bool
	if m.formation == FormAnyPair {
		x, y = topology.RandomPair(t.N(), rng)
		ok = !t.Adjacent(x, y) && !t.Full(x) && !t.Full(y)
	} else {
		x, y, ok = topology.RandomAbsentPair(t, rng)
	}
	if !ok {
		return false, nil
	}
	return true, c.LinkUp(x, y)
}
