package linkrev

import "encoding/binary"

// AppendState appends the Reverse Link state of every node in a canonical form: what the
// handlers read, and nothing else. The exhaustive explorer (package explore) recognises the
// states it has seen by it rather than by the arrays' bytes, which are not canonical: a
// queue's row keeps the entries dequeued past its length, rows move when they grow, and the
// forming records sit on a free list, so two orders of the same steps would leave the same
// state in different bytes and be counted as two.
//
// Per node: myHeight, tokenHolder, next, Q (its ports, then its values if Valued); per up
// port: height[p], whether p is in N, receivedLI[p] and forming[p], and formHeight[p] while
// forming. Lower is left out: it is a function of the heights.
func (l *Links) AppendState(b []byte) []byte {
	b = append(b, byte(l.mut), byte(l.TokenLink))
	for i := range int32(len(l.my)) {
		b = appendHeight(b, l.my[i])
		b = append(b, boolByte(l.TokenHolder[i]))
		b = binary.AppendVarint(b, int64(l.Next[i]))
		b = binary.AppendUvarint(b, uint64(l.QLen(i)))
		for _, p := range l.Queue(i) {
			b = binary.AppendVarint(b, int64(p))
		}
		if l.qValued {
			for _, v := range l.Values(i) {
				b = binary.AppendVarint(b, v)
			}
		}
		b = l.appendPorts(b, i)
	}
	return b
}

// appendPorts appends node i's per-port state, port by port over its up ports.
func (l *Links) appendPorts(b []byte, i int32) []byte {
	up := l.Topo.Up()
	for p := up.Next(i, 0); p >= 0; p = up.Next(i, p+1) {
		b = binary.AppendVarint(b, int64(p))
		if int(p) < int(l.rows[i].hw) {
			b = appendHeight(b, l.hs.get(l.At(i, p)))
		}
		forming := l.Forming.Has(i, p)
		b = append(b, boolByte(l.InN.Has(i, p)), boolByte(l.ReceivedLI.Has(i, p)), boolByte(forming))
		if forming {
			b = appendHeight(b, levelOf(l.formHeight(i, p)))
		}
	}
	return append(b, 0xff)
}

func appendHeight(b []byte, h height64) []byte {
	b = binary.AppendVarint(b, h.H1)
	return binary.AppendVarint(b, h.H2)
}

func boolByte(x bool) byte {
	if x {
		return 1
	}
	return 0
}
