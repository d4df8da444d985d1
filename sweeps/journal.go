package sweeps

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"

	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// The journal of a sweep in progress (OUT.parts/journal) holds the rows emitted since the
// last part file, one record per row, so that a killed process loses none. It starts with a
// header naming its format and the column list (columns.Signature), so that a journal
// written by another version of bench is recognised instead of misread. Each record is the
// payload's length (uint32), its CRC-32 and the payload: a bitmap of the null columns, then
// each non-null value in column order (strings as uvarint length and bytes, bools as one
// byte, numbers as their 8 bytes). The codec is generic: it follows the column list.

func journalHeader() []byte { return []byte("mutexlab journal 2 " + columns.Signature() + "\n") }

// cutJournalHeader strips the header, or reports that data does not start with this
// version's.
func cutJournalHeader(data []byte) ([]byte, bool) {
	return bytes.CutPrefix(data, journalHeader())
}

// encodeRecord appends a journal record for row: length, CRC-32 of the payload, payload.
func encodeRecord(dst []byte, row []results.Value, cols []results.Column) []byte {
	start := len(dst)
	dst = append(dst, make([]byte, 8)...)
	dst = encodeRow(dst, row, cols)
	payload := dst[start+8:]
	binary.LittleEndian.PutUint32(dst[start:], uint32(len(payload)))
	binary.LittleEndian.PutUint32(dst[start+4:], crc32.ChecksumIEEE(payload))
	return dst
}

// encodeRow appends every value of row exactly (floats as their bits).
func encodeRow(dst []byte, row []results.Value, cols []results.Column) []byte {
	nulls := len(dst)
	dst = append(dst, make([]byte, (len(cols)+7)/8)...)
	for j, v := range row {
		if v.IsNull() {
			dst[nulls+j/8] |= 1 << (j % 8)
			continue
		}
		switch cols[j].Kind {
		case results.String:
			dst = binary.AppendUvarint(dst, uint64(len(v.Str())))
			dst = append(dst, v.Str()...)
		case results.Bool:
			dst = append(dst, map[bool]byte{false: 0, true: 1}[v.Bool()])
		case results.Float:
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v.Float()))
		default:
			dst = binary.LittleEndian.AppendUint64(dst, v.Uint())
		}
	}
	return dst
}

var errShortRecord = errors.New("short journal record")

// decodeRow reverses encodeRow.
func decodeRow(b []byte, cols []results.Column) ([]results.Value, error) {
	nb := (len(cols) + 7) / 8
	if len(b) < nb {
		return nil, errShortRecord
	}
	nulls, b := b[:nb], b[nb:]
	row := make([]results.Value, len(cols))
	for j, c := range cols {
		if nulls[j/8]>>(j%8)&1 == 1 {
			continue
		}
		switch c.Kind {
		case results.String:
			n, k := binary.Uvarint(b)
			if k <= 0 || uint64(len(b)-k) < n {
				return nil, errShortRecord
			}
			row[j] = results.StringValue(string(b[k : k+int(n)]))
			b = b[k+int(n):]
		case results.Bool:
			if len(b) < 1 {
				return nil, errShortRecord
			}
			row[j], b = results.BoolValue(b[0] == 1), b[1:]
		default:
			if len(b) < 8 {
				return nil, errShortRecord
			}
			x := binary.LittleEndian.Uint64(b)
			b = b[8:]
			switch c.Kind {
			case results.Float:
				row[j] = results.FloatValue(math.Float64frombits(x))
			case results.Uint:
				row[j] = results.UintValue(x)
			default:
				row[j] = results.IntValue(int64(x))
			}
		}
	}
	if len(b) != 0 {
		return nil, errShortRecord
	}
	return row, nil
}
