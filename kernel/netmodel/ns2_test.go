package netmodel

import (
	"strings"
	"testing"
)

// TestParseMovementErrors: each kind of bad ns-2 movement file gets its one-line error,
// naming the file and, for a bad line, the line; a good file gives its positions, commands in
// time order, side and top speed.
func TestParseMovementErrors(t *testing.T) {
	const placed = "$node_(0) set X_ 1\n$node_(0) set Y_ 2\n$node_(1) set X_ 3\n$node_(1) set Y_ 4\n"
	for _, c := range []struct{ file, want string }{
		{placed + "$node_(2) set X_ 1\n", `m.ns:5: node 2 is out of range: n = 2 nodes are numbered 0..1`},
		{placed + "$node_(0) set X_ -1\n", `m.ns:5: negative coordinate -1`},
		{placed + "$node_(0) set X_ NaN\n", `m.ns:5: coordinate "NaN" is not a number`},
		{placed + `$ns_ at 1x "$node_(0) setdest 1 1 1"` + "\n", `m.ns:5: time "1x" is not a number`},
		{placed + `$ns_ at 1 "$node_(0) setdest 1 1 -2"` + "\n", `m.ns:5: negative time, coordinate or speed`},
		{placed + "hello\n", "m.ns:5: malformed line \"hello\"; expected `$node_(i) set X_ x` or `$ns_ at t \"$node_(i) setdest x y speed\"`"},
		{"$node_(0) set X_ 1\n$node_(0) set Y_ 2\n", `m.ns: node 1 has no initial position ($node_(1) set X_ and Y_); the file must place all n = 2 nodes`},
	} {
		_, err := parseMovement(strings.NewReader(c.file), "m.ns", 2)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one ending %q", c.file, err, c.want)
		}
	}
	good := placed + "# a comment\n$god_ set-dist 0 1 1\n" +
		`$ns_ at 5 "$node_(0) setdest 9 8 2.5"` + "\n" + `$ns_ at 2 "$node_(0) setdest 3 3 1"` + "\n"
	sc, err := parseMovement(strings.NewReader(good), "m.ns", 2)
	if err != nil {
		t.Fatal(err)
	}
	if sc.x[1] != 3 || sc.y[1] != 4 || len(sc.cmds[0]) != 2 || sc.cmds[0][0].t != 2 || sc.cmds[0][1].x != 9 || sc.side != 9 || sc.vmax != 2.5 {
		t.Errorf("parsed %+v, want node 1 at (3, 4), node 0's commands at t = 2 then 5, side 9, vmax 2.5", sc)
	}
}
