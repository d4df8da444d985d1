package kernel

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// The catalogue of network models: what each model is called, which parameters it reads,
// and how one is made. Validate asks it whether a trial's network parameters fit the model
// named; setup asks it for the model itself.

// NetworkInfo describes a registered network model for the layers above the kernel: its
// registry name, a one-line title, the model-specific parameters it reads from Params.Net
// (each with its default; sweep specs and results files get one column per name), whether
// it uses Params' link parameters (links, connectivity, degree, mobility: only "walter"
// does) and whether it reads Params.MovementFile.
type NetworkInfo struct {
	Name  string
	Title string
	New   func() NetworkModel
	// Params are the model's parameters in Params.Net, with defaults.
	Params []NetParamInfo
	// UsesLinks: the model reads Params.Links/Connectivity/Degree/Mobility, which Validate
	// then checks; other models ignore them.
	UsesLinks bool
	// UsesMovementFile: the model reads Params.MovementFile (a path).
	UsesMovementFile bool
	// UsesReadings: the model honours Params.MobilityRate, LinkFormation and NoDeletion
	// (walter.go); Validate rejects a non-default reading for any other model.
	UsesReadings bool
	// Validate checks the model's parameters (after the defaults are applied); its error is
	// a *ParamError naming the parameter. Nil: nothing to check.
	Validate func(p *Params) error
}

// NetParamInfo describes one model-specific parameter (a key of Params.Net).
type NetParamInfo struct {
	Name    string
	Default float64
	Doc     string
}

// networkModels is the registry of network models by name.
var networkModels = map[string]NetworkInfo{
	"walter": {Name: "walter", Title: "random connected graph, Poisson link changes (Walter, Welch, Vaidya, section 6)",
		New: func() NetworkModel { return &WalterModel{} }, UsesLinks: true, UsesReadings: true},
}

// RegisterNetwork adds a network model constructor under name (called from init functions).
// Models registered this way have no parameters of their own; RegisterNetworkInfo describes
// them fully.
func RegisterNetwork(name string, f func() NetworkModel) {
	networkModels[name] = NetworkInfo{Name: name, New: f}
}

// RegisterNetworkInfo adds a network model with its parameters.
func RegisterNetworkInfo(info NetworkInfo) { networkModels[info.Name] = info }

// NetworkNames lists the registered network models.
func NetworkNames() []string {
	var names []string
	for n := range networkModels {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Networks lists every registered network model, sorted by name.
func Networks() []NetworkInfo {
	var infos []NetworkInfo
	for _, n := range NetworkNames() {
		infos = append(infos, networkModels[n])
	}
	return infos
}

// LookupNetwork returns the registry entry of the named model ("" is "walter").
func LookupNetwork(name string) (NetworkInfo, bool) {
	if name == "" {
		name = "walter"
	}
	info, ok := networkModels[name]
	return info, ok
}

// NetParamNames returns every model-specific parameter name of every model, each once,
// sorted by model name then in each model's order.
func NetParamNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, info := range Networks() {
		for _, p := range info.Params {
			if !seen[p.Name] {
				seen[p.Name] = true
				names = append(names, p.Name)
			}
		}
	}
	return names
}

func newNetwork(name string) (NetworkModel, error) {
	info, ok := LookupNetwork(name)
	if !ok {
		return nil, &ParamError{"network", fmt.Sprintf("unknown network model %q; known: %s", name, strings.Join(NetworkNames(), ", "))}
	}
	return info.New(), nil
}

// networkFor returns a trial's network model: the explicit edges of a script, or the model
// p names.
func networkFor(p *Params, edges [][2]int32) (NetworkModel, error) {
	if edges != nil {
		return &explicitModel{edges: edges}, nil
	}
	return newNetwork(p.Network)
}

// NetParam returns the model-specific parameter name from p.Net, or the model's registered
// default when it is not set (0 if the model does not declare it).
func (p *Params) NetParam(name string) float64 {
	if v, ok := p.Net[name]; ok {
		return v
	}
	if info, ok := LookupNetwork(p.Network); ok {
		for _, q := range info.Params {
			if q.Name == name {
				return q.Default
			}
		}
	}
	return 0
}

// checkNetParams checks that every key of p.Net is a parameter of the model and a finite
// number, so that a parameter the model does not read never silently has no effect.
func (info NetworkInfo) checkNetParams(p *Params) error {
	for name, v := range p.Net {
		if !info.declares(name) {
			return &ParamError{name, fmt.Sprintf("is not a parameter of network model %s (its parameters: %s)", info.Name, info.paramList())}
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return &ParamError{name, fmt.Sprintf("must be a finite number, got %g", v)}
		}
	}
	return nil
}

// declares reports whether name is one of the model's parameters.
func (info NetworkInfo) declares(name string) bool {
	for _, q := range info.Params {
		if q.Name == name {
			return true
		}
	}
	return false
}

// paramList names the model's parameters, for an error message.
func (info NetworkInfo) paramList() string {
	if len(info.Params) == 0 {
		return "none"
	}
	names := make([]string, len(info.Params))
	for k, q := range info.Params {
		names[k] = q.Name
	}
	return strings.Join(names, ", ")
}
