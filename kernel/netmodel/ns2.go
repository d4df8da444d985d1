package netmodel

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mutexlab/mutexlab/kernel"
)

func init() {
	kernel.RegisterNetworkInfo(kernel.NetworkInfo{
		Name:  "ns2",
		Title: "mobility replayed from an ns-2 movement file (setdest/BonnMotion), unit-disk graph of radius r",
		New:   func() kernel.NetworkModel { return &Geo{name: "ns2"} },
		Params: []kernel.NetParamInfo{
			{Name: Radius, Default: 100, Doc: "waypoint/ns2: unit-disk radius r, in (0, side]"},
			{Name: Delta, Default: 0, Doc: "Δ: ports per node, 1..4096; 0 chooses max(16, 3 x the expected degree), at most n-1"},
		},
		UsesMovementFile: true,
		Validate:         validateNS2,
	})
}

func validateNS2(p *kernel.Params) error {
	if p.MovementFile == "" {
		return paramError("movement_file", "the ns2 network model needs a movement file (ns-2 setdest/BonnMotion format)")
	}
	sc, err := loadMovement(p.MovementFile, p.N)
	if err != nil {
		return err
	}
	if r := p.NetParam(Radius); !(r > 0) || r > sc.side {
		return paramError(Radius, fmt.Sprintf("must be in (0, side = %g] (the extent of %s), got %g", sc.side, p.MovementFile, r))
	}
	if d := p.NetParam(Delta); d != 0 {
		return validateDelta(p)
	}
	return nil
}

// movementScript is a parsed ns-2 movement file: initial positions and, per node, setdest
// commands sorted by time.
type movementScript struct {
	n      int
	x, y   []float64
	cmds   [][]moveCmd
	side   float64 // the square containing every position and destination
	vmax   float64
	source string
}

type moveCmd struct{ t, x, y, speed float64 }

var (
	movementCache   = map[string]*movementScript{}
	movementCacheMu sync.Mutex

	reSet     = regexp.MustCompile(`^\$node_\((\d+)\)\s+set\s+([XYZ])_\s+(\S+)$`)
	reSetdest = regexp.MustCompile(`^\$ns_\s+at\s+(\S+)\s+"\$node_\((\d+)\)\s+setdest\s+(\S+)\s+(\S+)\s+(\S+)"$`)
)

// loadMovement parses (once per path and n) an ns-2 movement file. Accepted lines:
//
//	$node_(i) set X_ x      (also Y_, Z_; Z is ignored)
//	$ns_ at t "$node_(i) setdest x y speed"
//
// plus blank lines, # comments and the $god_ lines setdest writes (ignored). Anything else
// is an error naming the file and line.
func loadMovement(path string, n int) (*movementScript, error) {
	key := fmt.Sprintf("%s\x00%d", path, n)
	movementCacheMu.Lock()
	defer movementCacheMu.Unlock()
	if sc, ok := movementCache[key]; ok {
		return sc, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, paramError("movement_file", err.Error())
	}
	defer f.Close()
	sc, err := parseMovement(f, path, n)
	if err != nil {
		return nil, err
	}
	movementCache[key] = sc
	return sc, nil
}

// parseMovement reads an ns-2 movement script for n nodes from r; path names it in errors,
// which are one line and say FILE:LINE. It is separate from loadMovement so that it can be
// fuzzed without files.
func parseMovement(r io.Reader, path string, n int) (*movementScript, error) {
	p := &movementParser{
		sc:   &movementScript{n: n, x: make([]float64, n), y: make([]float64, n), cmds: make([][]moveCmd, n), source: path},
		hasX: make([]bool, n), hasY: make([]bool, n), path: path,
	}
	in := bufio.NewScanner(r)
	in.Buffer(make([]byte, 64*1024), 1<<20)
	for line := 1; in.Scan(); line++ {
		if err := p.line(line, strings.TrimSpace(in.Text())); err != nil {
			return nil, err
		}
	}
	if err := in.Err(); err != nil {
		return nil, paramError("movement_file", fmt.Sprintf("%s: %v", path, err))
	}
	return p.finish()
}

// movementParser is parseMovement's state: the script so far and which nodes have had
// their initial X and Y.
type movementParser struct {
	sc         *movementScript
	hasX, hasY []bool
	path       string
}

// line reads one line of the file: blank, a comment, a god line (ignored), an initial
// position or a setdest command.
func (p *movementParser) line(line int, s string) error {
	if s == "" || strings.HasPrefix(s, "#") || strings.Contains(s, "$god_") {
		return nil
	}
	if m := reSet.FindStringSubmatch(s); m != nil {
		return p.set(line, m)
	}
	if m := reSetdest.FindStringSubmatch(s); m != nil {
		return p.setdest(line, m)
	}
	return p.bad(line, "malformed line %q; expected `$node_(i) set X_ x` or `$ns_ at t \"$node_(i) setdest x y speed\"`", s)
}

// set reads `$node_(i) set X_ x` (m: node, axis, value).
func (p *movementParser) set(line int, m []string) error {
	i, err := p.node(line, m[1])
	if err != nil {
		return err
	}
	v, err := p.num(line, m[3], "coordinate")
	if err != nil {
		return err
	}
	switch m[2] {
	case "X":
		p.sc.x[i], p.hasX[i] = v, true
	case "Y":
		p.sc.y[i], p.hasY[i] = v, true
	}
	if v < 0 && m[2] != "Z" {
		return p.bad(line, "negative coordinate %g", v)
	}
	p.sc.side = max(p.sc.side, v)
	return nil
}

// setdest reads `$ns_ at t "$node_(i) setdest x y speed"` (m: t, node, x, y, speed).
func (p *movementParser) setdest(line int, m []string) error {
	t, err := p.num(line, m[1], "time")
	if err != nil {
		return err
	}
	i, err := p.node(line, m[2])
	if err != nil {
		return err
	}
	c := moveCmd{t: t}
	if c.x, err = p.num(line, m[3], "x"); err != nil {
		return err
	}
	if c.y, err = p.num(line, m[4], "y"); err != nil {
		return err
	}
	if c.speed, err = p.num(line, m[5], "speed"); err != nil {
		return err
	}
	if t < 0 || c.x < 0 || c.y < 0 || c.speed < 0 {
		return p.bad(line, "negative time, coordinate or speed")
	}
	p.sc.cmds[i] = append(p.sc.cmds[i], c)
	p.sc.side = max(p.sc.side, c.x, c.y)
	p.sc.vmax = max(p.sc.vmax, c.speed)
	return nil
}

// finish checks that every node was placed and orders each node's commands by time.
func (p *movementParser) finish() (*movementScript, error) {
	sc := p.sc
	for i := range sc.n {
		if !p.hasX[i] || !p.hasY[i] {
			return nil, paramError("movement_file", fmt.Sprintf("%s: node %d has no initial position ($node_(%d) set X_ and Y_); the file must place all n = %d nodes", p.path, i, i, sc.n))
		}
		sort.SliceStable(sc.cmds[i], func(a, b int) bool { return sc.cmds[i][a].t < sc.cmds[i][b].t })
	}
	if sc.side == 0 {
		sc.side = 1
	}
	return sc, nil
}

// bad is a one-line error that says FILE:LINE.
func (p *movementParser) bad(line int, format string, a ...any) error {
	return paramError("movement_file", fmt.Sprintf("%s:%d: %s", p.path, line, fmt.Sprintf(format, a...)))
}

// num reads a finite number; what names it in the error.
func (p *movementParser) num(line int, s, what string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, p.bad(line, "%s %q is not a number", what, s)
	}
	return v, nil
}

// node reads a node number in 0..n-1.
func (p *movementParser) node(line int, s string) (int, error) {
	n := p.sc.n
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || i >= n {
		return 0, p.bad(line, "node %s is out of range: n = %d nodes are numbered 0..%d", s, n, n-1)
	}
	return i, nil
}

// start puts every node at its initial position, at rest until its first command.
func (sc *movementScript) start(m *Geo) {
	m.side, m.vmin, m.vmax, m.pause = sc.side, 0, sc.vmax, 0
	m.cmd = kernel.Zeroed(m.cmd, m.n)
	for i := range m.n {
		m.x0[i], m.y0[i], m.t0[i] = sc.x[i], sc.y[i], 0
		m.vx[i], m.vy[i] = 0, 0
		m.tNext[i] = math.Inf(1)
		if len(sc.cmds[i]) > 0 {
			m.tNext[i] = sc.cmds[i][0].t
		}
	}
}

// next applies node i's change of motion at now: the commands due now (the last one wins),
// or arrival at its destination.
func (sc *movementScript) next(m *Geo, t *kernel.Topology, i int32, now float64) {
	cmds := sc.cmds[i]
	k := int(m.cmd[i])
	applied := false
	var c moveCmd
	for k < len(cmds) && cmds[k].t <= now {
		c, applied = cmds[k], true
		k++
	}
	m.cmd[i] = int32(k)
	nextCmd := math.Inf(1)
	if k < len(cmds) {
		nextCmd = cmds[k].t
	}
	m.vx[i], m.vy[i], m.tNext[i] = 0, 0, nextCmd
	t.SetMoving(i, false)
	if !applied {
		return // arrival: rest until the next command
	}
	dx, dy := c.x-m.x0[i], c.y-m.y0[i]
	d := math.Hypot(dx, dy)
	if c.speed <= 0 || d == 0 {
		return
	}
	m.vx[i], m.vy[i] = dx/d*c.speed, dy/d*c.speed
	m.tNext[i] = min(now+d/c.speed, nextCmd)
	t.SetMoving(i, true)
}
