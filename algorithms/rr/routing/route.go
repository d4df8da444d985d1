package routing

import (
	"math/bits"

	"github.com/mutexlab/mutexlab/kernel"
)

// Route is the start of a route packed in one word, for a message to carry (Oracle.Routes):
// the ports its hops take, in order, as many as fit. A message that carries its route, with
// the topology version the route was found at, takes the carried port at each hop while the
// version is unchanged: that port is the one Oracle.NextHop would answer there (the route
// was walked hop by hop with NextHop's rule), and the question, a random read of the memo
// per hop, is not asked. Once the version changes, or the carried hops run out, the message
// asks NextHop at every hop, as it always did.
//
// From the lowest bit: the number of hops carried (routeCountBits), the width of a port
// (routeWidthBits), then the ports, the next hop's lowest. The zero Route carries no hop.
type Route uint64

const (
	routeCountBits = 4 // up to 15 hops carried
	routeWidthBits = 4 // ports of up to 15 bits
	routeHead      = routeCountBits + routeWidthBits
)

// Len is the number of hops r carries.
func (r Route) Len() int { return int(r & (1<<routeCountBits - 1)) }

// Next returns the port of r's next hop and the route after it. r must carry a hop.
func (r Route) Next() (kernel.Port, Route) {
	w := uint(r>>routeCountBits) & (1<<routeWidthBits - 1)
	ports := uint64(r) >> routeHead
	head := r&(1<<routeHead-1) - 1 // the same width, one hop fewer
	return kernel.Port(ports & (1<<w - 1)), Route(ports>>w<<routeHead) | head
}

// packRoute packs the first ports of a route, each of width bits (as many as fit; none if
// width is 0). A route of no hop is the zero Route.
func packRoute(ports []kernel.Port, width uint) Route {
	if width == 0 {
		return 0
	}
	k := min(len(ports), (64-routeHead)/int(width), 1<<routeCountBits-1)
	if k == 0 {
		return 0
	}
	var r uint64
	for j := k - 1; j >= 0; j-- {
		r = r<<width | uint64(ports[j])
	}
	return Route(r<<routeHead | uint64(width)<<routeCountBits | uint64(k))
}

// routeWidth is the bits a port of a topology of portCap ports takes in a Route, 0 if more
// than a Route's width field holds (no route is carried).
func routeWidth(portCap int) uint {
	w := uint(max(bits.Len(uint(portCap-1)), 1))
	if w >= 1<<routeWidthBits {
		return 0
	}
	return w
}
