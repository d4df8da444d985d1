package explore

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"reflect"
	"strings"
	"unsafe"

	"github.com/mutexlab/mutexlab/kernel"
)

// memoryWriter writes an algorithm's whole memory, as reflection reads it, into a state's
// fingerprint. NodeState lines describe a node in its paper's terms and may leave out what
// a handler still reads (a neighbour's last priority, a timestamp): two states with the
// same lines can behave differently, and recognising them as one would prune a part of the
// space never explored. The memory is exact. It does not follow pointers into package
// kernel or its subpackages: they are the simulator's (the network, the random stream),
// which the fingerprint covers separately. A part of the memory that implements
// StateAppender writes its state itself, and a struct field tagged `explore:"-"` is left out:
// bookkeeping that no handler reads (hk's and gme's metrics), whose counts would otherwise
// make two orders of the same steps two states. A tag on a field a handler reads makes the
// search unsound, as a StateAppender that leaves it out would.
type memoryWriter struct {
	b    []byte
	seen map[uintptr]bool // pointers followed, against cycles
	raw  bool             // ignore StateAppender (the package's tests compare the two)
}

// StateAppender is implemented by a part of an algorithm's memory (the algorithm itself, or
// a struct it holds, even in an unexported field) whose bytes are not canonical: rows that
// keep stale entries past their length, free lists, records that move. AppendState appends
// everything of it that a handler reads, in a form that two equal states share; the search
// writes that instead of the part's bytes, and so recognises as one state what two orders
// of the same steps leave. Leaving out something a handler reads makes the search unsound:
// it would take two different states for one and skip what follows the second.
type StateAppender interface {
	AppendState(dst []byte) []byte
}

var (
	kernelPkg         = reflect.TypeFor[kernel.Sim]().PkgPath()
	stateAppenderType = reflect.TypeFor[StateAppender]()
)

func (w *memoryWriter) value(v reflect.Value) {
	if !w.raw && v.Kind() == reflect.Struct && v.CanAddr() && reflect.PointerTo(v.Type()).Implements(stateAppenderType) {
		// Through unsafe: the part may sit in an unexported field, whose methods reflection
		// will not call.
		part := reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Interface().(StateAppender)
		w.b = part.AppendState(w.b)
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		w.b = append(w.b, boolByte(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.b = binary.AppendVarint(w.b, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.b = binary.AppendUvarint(w.b, v.Uint())
	case reflect.Float32, reflect.Float64:
		w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v.Float()))
	case reflect.String:
		w.b = binary.AppendUvarint(w.b, uint64(v.Len()))
		w.b = append(w.b, v.String()...)
	case reflect.Array, reflect.Slice:
		w.b = binary.AppendUvarint(w.b, uint64(v.Len()))
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			w.b = append(w.b, v.Bytes()...)
			return
		}
		for k := range v.Len() {
			w.value(v.Index(k))
		}
	case reflect.Struct:
		for k := range v.NumField() {
			if !w.raw && v.Type().Field(k).Tag.Get("explore") == "-" {
				continue // bookkeeping no handler reads
			}
			w.value(v.Field(k))
		}
	case reflect.Pointer:
		w.pointer(v)
	case reflect.Interface:
		if v.IsNil() {
			w.b = append(w.b, 0)
			return
		}
		w.b = append(w.b, 1)
		w.value(v.Elem())
	case reflect.Map:
		w.mapValue(v)
	}
	// Funcs, channels and unsafe pointers carry no state a handler computes with.
}

// pointer follows a pointer once, unless it points into package kernel or a subpackage.
func (w *memoryWriter) pointer(v reflect.Value) {
	if v.IsNil() || strings.HasPrefix(v.Type().Elem().PkgPath(), kernelPkg) {
		w.b = append(w.b, 0)
		return
	}
	if w.seen[v.Pointer()] {
		w.b = append(w.b, 2)
		return
	}
	w.seen[v.Pointer()] = true
	w.b = append(w.b, 1)
	w.value(v.Elem())
}

// mapValue writes a map independently of its iteration order: the sum of its entries'
// hashes.
func (w *memoryWriter) mapValue(v reflect.Value) {
	var sum uint64
	for it := v.MapRange(); it.Next(); {
		sub := memoryWriter{seen: w.seen, raw: w.raw}
		sub.value(it.Key())
		sub.value(it.Value())
		h := fnv.New64a()
		h.Write(sub.b)
		sum += h.Sum64()
	}
	w.b = binary.AppendUvarint(w.b, uint64(v.Len()))
	w.b = binary.LittleEndian.AppendUint64(w.b, sum)
}

func boolByte(x bool) byte {
	if x {
		return 1
	}
	return 0
}
