package sweeps

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/mutexlab/mutexlab/internal/outfile"
	"github.com/mutexlab/mutexlab/results"
	"github.com/mutexlab/mutexlab/results/columns"
)

// Metadata keys mutexlab writes into every results file besides the spec name and root seed.
const (
	KeySpec        = "mutexlab.spec"         // the sweep's spec, as Describe writes it
	KeySpecHash    = "mutexlab.spec_hash"    // SpecHash of the sweep
	KeyShard       = "mutexlab.shard"        // "i/N"; "0/1" for a whole sweep or a merge
	KeyTrialsTotal = "mutexlab.trials_total" // trials in the whole sweep (all shards)
	KeyGrid        = "mutexlab.grid"         // "points=P replicates=R algorithms=a,b"
)

// partRows is how many rows go into one part file (one Parquet row group) of a sweep in
// progress. Memory held by the writer is bounded by it, whatever the number of trials.
// A variable only so that tests can make parts small.
var partRows = 1024

// SpecHash identifies a sweep by what determines its trials: the canonical text of the spec
// (algorithms, replicates, root seed, fixed parameters, grid), not its file name or output.
func SpecHash(s *Spec) string {
	sum := sha256.Sum256([]byte(s.canonicalText()))
	return hex.EncodeToString(sum[:8])
}

func gridKey(s *Spec) string {
	return fmt.Sprintf("points=%d replicates=%d algorithms=%s", s.NumPoints(), s.Trials, strings.Join(s.Algorithms, ","))
}

// metadata is the key-value metadata of every file a sweep (or shard of one) writes.
func metadata(s *Spec, sh Shard) map[string]string {
	return map[string]string{
		"mutexlab.program_version": ProgramVersion,
		KeySpec:                    s.Describe(),
		"mutexlab.spec_name":       s.Name,
		"mutexlab.root_seed":       strconv.FormatUint(s.Seed, 10),
		KeySpecHash:                SpecHash(s),
		KeyShard:                   sh.String(),
		KeyTrialsTotal:             strconv.Itoa(s.NumTrials()),
		KeyGrid:                    gridKey(s),
		KeyRevisions:               revision,
	}
}

// trialIndex maps a row's (point, replicate, algorithm) back to its index in the canonical
// order of Spec.Trial; ok is false if the row cannot belong to a sweep of this grid.
type trialIndex struct {
	points, replicates int
	algos              []string
}

func (x trialIndex) index(point, replicate float64, algo string) (int, bool) {
	a := slices.Index(x.algos, algo)
	p, r := int(point), int(replicate)
	if a < 0 || float64(p) != point || float64(r) != replicate || p < 0 || p >= x.points || r < 0 || r >= x.replicates {
		return 0, false
	}
	return (p*x.replicates+r)*len(x.algos) + a, true
}

func (x trialIndex) total() int { return x.points * x.replicates * len(x.algos) }

// parseGrid reads KeyGrid metadata.
func parseGrid(text string) (trialIndex, bool) {
	var x trialIndex
	var algos string
	if _, err := fmt.Sscanf(text, "points=%d replicates=%d algorithms=%s", &x.points, &x.replicates, &algos); err != nil {
		return x, false
	}
	x.algos = strings.Split(algos, ",")
	return x, x.points > 0 && x.replicates > 0
}

// rowKeys reads the (point, replicate, algorithm) of every row of f as trial indices.
func rowKeys(f *results.File, x trialIndex) ([]int, error) {
	points, err := f.Float64Column("point")
	if err != nil {
		return nil, err
	}
	reps, err := f.Float64Column("trial")
	if err != nil {
		return nil, err
	}
	algos, err := f.StringColumn("algorithm")
	if err != nil {
		return nil, err
	}
	out := make([]int, len(points))
	for k := range points {
		i, ok := x.index(points[k], reps[k], algos[k])
		if !ok {
			return nil, fmt.Errorf("%s: row %d (point %g, trial %g, algorithm %q) is not a trial of this sweep", f.Path(), k, points[k], reps[k], algos[k])
		}
		out[k] = i
	}
	return out, nil
}

// store keeps the rows of a sweep in progress durable. Rows go to a journal as they are
// emitted (one write per row, so a killed process loses none it has emitted) and every
// partRows rows into a part file, written atomically by package results; the journal is
// then emptied. Everything lives in the directory OUT.parts next to the output, which a
// finished sweep merges into OUT and removes.
//
// What is done is a set of schedule positions (doneSet): memory independent of the number of
// trials, since trials finish nearly in schedule order.
type store struct {
	out, dir string
	spec     *Spec
	sched    *Schedule
	shard    Shard
	cols     []results.Column
	meta     map[string]string
	index    trialIndex
	done     doneSet
	parts    []string
	chunk    [][]results.Value
	journal  *os.File
	lock     *os.File
	buf      []byte
	// revisions are those of every build that ran this sweep into OUT.parts: each one that
	// opens it adds its own to OUT.parts/REVISIONS before it writes a row (journal included).
	revisions string
}

// errComplete means the output file already holds this whole sweep.
var errComplete = errors.New("already complete")

// formatLine is the second line of OUT.parts/SPEC: the layout of the parts and journal, so
// that a partial run written by another version of bench is recognised, never misread.
func formatLine() string { return "format 2 columns " + columns.Signature() }

// openStore checks what is already on disk for out: a finished file of this sweep
// (errComplete), a sweep in progress to resume, or nothing. Files of another sweep are an
// *OutputError and are left untouched.
func openStore(out string, spec *Spec, sched *Schedule, sh Shard, replace bool) (*store, error) {
	st := &store{out: out, dir: out + ".parts", spec: spec, sched: sched, shard: sh, cols: columns.Schema(), meta: metadata(spec, sh),
		index: trialIndex{spec.NumPoints(), spec.Trials, spec.Algorithms}}
	if err := st.checkOutput(replace); err != nil {
		return nil, err
	}
	if err := st.openDir(replace); err != nil {
		return nil, err
	}
	if err := st.loadParts(); err != nil {
		st.close()
		return nil, err
	}
	if err := st.recoverJournal(); err != nil {
		st.close()
		return nil, err
	}
	return st, nil
}

func (st *store) fail(path string, format string, a ...any) error {
	return &OutputError{Path: path, Err: fmt.Errorf("%s: %s", path, fmt.Sprintf(format, a...))}
}

// checkOutput returns errComplete if out holds this sweep, nil if there is no file (or
// replace is set), and an *OutputError naming --replace (outfile.Check) if it holds
// anything else.
func (st *store) checkOutput(replace bool) error {
	complete := false
	err := outfile.Check("--out", st.out, func(path string) (bool, string) {
		var what string
		complete, what = st.holdsThisSweep(path)
		return complete, what
	}, replace)
	var refused *outfile.RefusedError
	if errors.As(err, &refused) {
		return &OutputError{Path: st.out, Err: errors.New(refused.Reason)}
	}
	if err != nil {
		return err
	}
	if complete {
		return errComplete
	}
	return nil
}

// holdsThisSweep reports whether path is the results file of this sweep (and shard), else
// what it holds.
func (st *store) holdsThisSweep(path string) (bool, string) {
	f, err := results.Open(path)
	if err != nil {
		return false, fmt.Sprintf("exists and is not a results file (%v)", err)
	}
	defer f.Close()
	meta := f.Metadata()
	if h := meta[KeySpecHash]; h != st.meta[KeySpecHash] || meta[KeyShard] != st.meta[KeyShard] {
		return false, fmt.Sprintf("holds results of another sweep (%s, spec hash %q, shard %q), not of %s (spec hash %s, shard %s)",
			orUnknown(meta["mutexlab.spec_name"]), h, meta[KeyShard], st.spec.Name, st.meta[KeySpecHash], st.shard)
	}
	return true, ""
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown sweep"
	}
	return s
}

// openDir creates or reopens OUT.parts, checks that it belongs to this sweep and to this
// version's layout, and locks it. With replace, a directory of another sweep or version is
// removed first.
func (st *store) openDir(replace bool) error {
	specFile := filepath.Join(st.dir, "SPEC")
	_, want := st.partsSpec()
	if got, err := os.ReadFile(specFile); replace && err == nil && string(got) != want {
		if err := os.RemoveAll(st.dir); err != nil {
			return st.fail(st.dir, "cannot remove it (--replace): %v", unwrapPathErr(err))
		}
	}
	if err := os.Mkdir(st.dir, 0o755); err == nil {
		if err := writeAtomic(specFile, []byte(want)); err != nil {
			return st.fail(st.dir, "%v", err)
		}
	} else if !errors.Is(err, fs.ErrExist) {
		return st.fail(st.dir, "cannot create: %v", unwrapPathErr(err))
	}
	if err := st.checkParts(); err != nil {
		return err
	}
	lock, err := os.OpenFile(filepath.Join(st.dir, "LOCK"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return st.fail(st.dir, "%v", unwrapPathErr(err))
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lock.Close()
		return st.fail(st.dir, "another bench process is writing this sweep (lock held)")
	}
	st.lock = lock
	return st.addRevision()
}

// addRevision adds this build's revision to OUT.parts/REVISIONS and keeps them all.
func (st *store) addRevision() error {
	path := filepath.Join(st.dir, "REVISIONS")
	before, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return st.fail(path, "%v", unwrapPathErr(err))
	}
	st.revisions = joinRevisions(string(before), revision)
	if err := writeAtomic(path, []byte(st.revisions+"\n")); err != nil {
		return st.fail(path, "%v", unwrapPathErr(err))
	}
	return nil
}

// partsSpec is what OUT.parts/SPEC holds for this sweep and shard: its first line (spec
// hash and shard), and all of it (with the layout's version and the canonical spec).
func (st *store) partsSpec() (head, want string) {
	head = st.meta[KeySpecHash] + " " + st.shard.String()
	return head, head + "\n" + formatLine() + "\n" + st.spec.canonicalText()
}

// checkParts refuses OUT.parts when it holds a partial run of another sweep or of another
// version's layout; it reads only, and a directory not there yet passes.
func (st *store) checkParts() error {
	if _, err := os.Stat(st.dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	head, want := st.partsSpec()
	got, err := os.ReadFile(filepath.Join(st.dir, "SPEC"))
	if err != nil || string(got) != want {
		first, _, _ := strings.Cut(string(got), "\n")
		if first == head {
			return st.fail(st.dir, "holds a partial run of this sweep written by another version of bench (its results have other columns); finish it with that version, or give %s to start over", outfile.ReplaceFlag)
		}
		return st.fail(st.dir, "holds a partial run of another sweep (spec hash and shard %q, want %q); not touching it: give %s to replace it, or choose another --out",
			first, head, outfile.ReplaceFlag)
	}
	return nil
}

// CheckOutput says, writing nothing, whether Execute would refuse out for spec's shard sh
// (the *OutputError it would return): a directory, a file of another sweep, or a parts
// directory of another sweep or version. nil: Execute would write it, resume it, or find it
// complete. bench run and sweep --dry-run report it.
func CheckOutput(spec *Spec, out string, sh Shard, replace bool) error {
	st := &store{out: out, dir: out + ".parts", spec: spec, shard: sh, meta: metadata(spec, sh)}
	if err := st.checkOutput(replace); err != nil && !errors.Is(err, errComplete) {
		return err
	}
	if replace {
		return nil
	}
	return st.checkParts()
}

func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// markDone records trial index i, read back from path, as done; it must be in the shard and
// not done already.
func (st *store) markDone(path string, i int) error {
	k, ok := st.sched.Position(i)
	if !ok || st.done.has(k) {
		return st.fail(path, "trial %s is duplicated or not in shard %s", st.index.describe(i), st.shard)
	}
	st.done.add(k)
	return nil
}

// loadParts reads the part files already written, marks their trials done and removes
// temporary files left by a killed writer.
func (st *store) loadParts() error {
	entries, err := os.ReadDir(st.dir)
	if err != nil {
		return st.fail(st.dir, "%v", unwrapPathErr(err))
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, ".part-") && strings.HasSuffix(name, ".tmp"):
			os.Remove(filepath.Join(st.dir, name)) // an unfinished part: its rows are in the journal
		case strings.HasPrefix(name, "part-") && strings.HasSuffix(name, ".parquet"):
			st.parts = append(st.parts, filepath.Join(st.dir, name))
		}
	}
	slices.Sort(st.parts)
	for _, p := range st.parts {
		f, err := results.Open(p)
		if err != nil {
			return st.fail(p, "unreadable part of a sweep in progress: %v", err)
		}
		if h := f.Metadata()[KeySpecHash]; h != st.meta[KeySpecHash] {
			f.Close()
			return st.fail(p, "belongs to another sweep (spec hash %q, want %q)", h, st.meta[KeySpecHash])
		}
		keys, err := rowKeys(f, st.index)
		f.Close()
		if err != nil {
			return st.fail(p, "%v", err)
		}
		for _, i := range keys {
			if err := st.markDone(p, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// recoverJournal turns rows journalled but not yet in a part into a part, then starts an
// empty journal. A torn last record (the process died mid-write) is ignored.
func (st *store) recoverJournal() error {
	path := filepath.Join(st.dir, "journal")
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return st.fail(path, "%v", unwrapPathErr(err))
	}
	if len(data) > 0 {
		rest, ok := cutJournalHeader(data)
		if !ok {
			return st.fail(path, "journal written by another version of bench; finish the sweep with that version, or delete %s to start over", st.dir)
		}
		data = rest
	}
	cols := columns.All()
	for len(data) >= 8 {
		n := int(binary.LittleEndian.Uint32(data))
		if len(data) < 8+n || crc32.ChecksumIEEE(data[8:8+n]) != binary.LittleEndian.Uint32(data[4:]) {
			break
		}
		row, err := decodeRow(data[8:8+n], st.cols)
		data = data[8+n:]
		if err != nil {
			break
		}
		i, ok := st.index.index(float64(row[colIndex(cols, "point")].Int()), float64(row[colIndex(cols, "trial")].Int()), row[colIndex(cols, "algorithm")].Str())
		if !ok {
			continue
		}
		if k, in := st.sched.Position(i); !in || st.done.has(k) {
			continue // already in a part (the process died between part and truncation)
		}
		st.markDone(path, i)
		st.chunk = append(st.chunk, row)
	}
	st.journal, err = os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return st.fail(path, "%v", unwrapPathErr(err))
	}
	if err := st.flushPart(); err != nil {
		return err
	}
	return st.resetJournal()
}

func colIndex(cols []columns.Column, name string) int {
	return slices.IndexFunc(cols, func(c columns.Column) bool { return c.Name == name })
}

// resetJournal empties the journal and writes its header.
func (st *store) resetJournal() error {
	if err := st.journal.Truncate(0); err != nil { // drop a torn tail too
		return st.fail(st.journal.Name(), "%v", unwrapPathErr(err))
	}
	if _, err := st.journal.Write(journalHeader()); err != nil {
		return st.fail(st.journal.Name(), "%v", unwrapPathErr(err))
	}
	return nil
}

// add records one finished trial at schedule position k.
func (st *store) add(k int, row []results.Value) error {
	st.buf = encodeRecord(st.buf[:0], row, st.cols)
	if _, err := st.journal.Write(st.buf); err != nil {
		return st.fail(st.journal.Name(), "%v", unwrapPathErr(err))
	}
	st.done.add(k)
	st.chunk = append(st.chunk, row)
	if len(st.chunk) >= partRows {
		return st.flushPart()
	}
	return nil
}

// flushPart writes the rows in hand as the next part file, then empties the journal.
func (st *store) flushPart() error {
	if len(st.chunk) == 0 {
		return nil
	}
	path := filepath.Join(st.dir, fmt.Sprintf("part-%06d.parquet", len(st.parts)))
	w, err := results.Create(path, st.cols, st.meta)
	if err != nil {
		return &OutputError{Path: st.out, Err: err}
	}
	defer w.Abort()
	for k := range st.chunk {
		if err := w.Write(st.chunk[k]); err != nil {
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	st.parts = append(st.parts, path)
	clear(st.chunk)
	st.chunk = st.chunk[:0]
	return st.resetJournal()
}

// scheduleOrder sorts the rows of a sweep by where sched runs them: the order of a run that
// was never interrupted, given to every file a sweep writes, so that a resumed run and a
// merge of shards write the same file byte for byte (results.MergeSorted).
func scheduleOrder(index trialIndex, sched *Schedule) results.SortKey {
	return results.SortKey{Columns: []string{"point", "trial", "algorithm"}, Pos: func(v []results.Value) (int64, error) {
		i, ok := index.index(float64(v[0].Int()), float64(v[1].Int()), v[2].Str())
		k, in := sched.Position(i)
		if !ok || !in {
			return 0, fmt.Errorf("row (point %d, trial %d, algorithm %q) is not a trial of this sweep", v[0].Int(), v[1].Int(), v[2].Str())
		}
		return int64(k), nil
	}}
}

// mergedMeta is the metadata the output file takes beyond its first part's: the revisions
// of every build that ran the sweep (a resumed sweep's may differ from this one).
func (st *store) mergedMeta() map[string]string {
	return map[string]string{KeyRevisions: st.revisions}
}

// finish merges the parts into the output file, in schedule order, and removes the
// directory.
func (st *store) finish() error {
	if err := st.flushPart(); err != nil {
		return err
	}
	if len(st.parts) == 0 { // an empty shard
		meta := maps.Clone(st.meta)
		maps.Copy(meta, st.mergedMeta())
		w, err := results.Create(st.out, st.cols, meta)
		if err != nil {
			return &OutputError{Path: st.out, Err: err}
		}
		if err := w.Close(); err != nil {
			return err
		}
	} else if err := results.MergeSorted(st.out, st.parts, st.mergedMeta(), scheduleOrder(st.index, st.sched)); err != nil {
		return err
	}
	st.close()
	return os.RemoveAll(st.dir)
}

// close releases the journal and the lock, leaving everything on disk.
func (st *store) close() {
	if st.journal != nil {
		st.journal.Close()
		st.journal = nil
	}
	if st.lock != nil {
		st.lock.Close()
		st.lock = nil
	}
}
