package sweeps

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/mutexlab/mutexlab/results"
)

// MergeShards combines the shard files of one sweep into out. It checks, before writing
// anything, that every input carries the same spec hash and shard count, and that together
// they hold every trial of the sweep exactly once; the error names the file and the trial
// otherwise. The merged file is the file a single-process run of the sweep writes, byte for
// byte: the metadata of an unsharded run (shard "0/1"), the rows in the sweep's schedule
// order, the same row groups. out is written atomically and may not be one of the inputs;
// an existing out is replaced only if it holds this whole sweep already (or replace is
// set), else the error is an *OutputError. Memory is independent of the number of
// trials (a doneSet per shard).
func MergeShards(out string, inputs []string, replace bool) error {
	if len(inputs) == 0 {
		return fmt.Errorf("no input files")
	}
	type shardFile struct {
		path  string
		shard Shard
	}
	var files []shardFile
	var hash, first string
	var spec *Spec
	var index trialIndex
	seen := map[int]string{} // shard -> file holding it
	revisions := ""          // of every build that wrote a shard
	for k, path := range inputs {
		if path == out {
			return fmt.Errorf("%s: the output cannot also be an input", out)
		}
		f, err := results.Open(path)
		if err != nil {
			return err
		}
		meta := f.Metadata()
		sh, err := checkShardFile(f, meta, k == 0, hash, first)
		if err == nil && k == 0 {
			hash, first = meta[KeySpecHash], path
			spec, index, err = specOf(path, meta)
		}
		if err == nil && len(files) > 0 && sh.N != files[0].shard.N {
			err = fmt.Errorf("%s: shard %s, but %s is shard %s: shards of different splits", path, sh, first, files[0].shard)
		}
		if err == nil && seen[sh.I] != "" {
			err = fmt.Errorf("%s: shard %s is also in %s: every trial must be present exactly once", path, sh, seen[sh.I])
		}
		if err == nil {
			err = checkShardRows(f, spec.Schedule(sh), index)
		}
		revisions = joinRevisions(revisions, meta[KeyRevisions])
		f.Close()
		if err != nil {
			return err
		}
		seen[sh.I] = path
		files = append(files, shardFile{path, sh})
	}
	if n := files[0].shard.N; len(files) < n {
		missing := 0
		for i := range n {
			if seen[i] == "" {
				missing += spec.Schedule(Shard{i, n}).Len()
			}
		}
		return fmt.Errorf("%d of %d trials missing: %d of %d shards given; a shard is missing", missing, spec.NumTrials(), len(files), n)
	}
	whole := &store{out: out, spec: spec, meta: map[string]string{KeySpecHash: hash, KeyShard: Shard{}.String()}}
	if err := whole.checkOutput(replace); err != nil && !errors.Is(err, errComplete) {
		return err
	}
	slices.SortStableFunc(files, func(a, b shardFile) int { return cmp.Compare(a.shard.I, b.shard.I) })
	paths := make([]string, len(files))
	for k, f := range files {
		paths[k] = f.path
	}
	return results.MergeSorted(out, paths, map[string]string{KeyShard: Shard{}.String(), KeyRevisions: revisions}, scheduleOrder(index, spec.Schedule(Shard{})))
}

// checkShardFile reads a shard file's spec hash and shard.
func checkShardFile(f *results.File, meta map[string]string, first bool, hash, firstPath string) (Shard, error) {
	path := f.Path()
	h := meta[KeySpecHash]
	if h == "" {
		return Shard{}, fmt.Errorf("%s: no %s metadata: not written by bench sweep or bench run", path, KeySpecHash)
	}
	if !first && h != hash {
		return Shard{}, fmt.Errorf("%s: spec hash %s (%s) differs from %s in %s: shards of different sweeps", path, h, orUnknown(meta["mutexlab.spec_name"]), hash, firstPath)
	}
	sh, err := ParseShard(meta[KeyShard])
	if err != nil {
		return Shard{}, fmt.Errorf("%s: bad %s metadata: %v", path, KeyShard, err)
	}
	if sh.N == 0 {
		sh.N = 1
	}
	return sh, nil
}

// specOf rebuilds the sweep from a file's metadata: its grid for trial indices, and the
// spec (from its canonical text) for the shards' schedules.
func specOf(path string, meta map[string]string) (*Spec, trialIndex, error) {
	index, ok := parseGrid(meta[KeyGrid])
	if !ok || strconv.Itoa(index.total()) != meta[KeyTrialsTotal] {
		return nil, index, fmt.Errorf("%s: bad %s metadata %q", path, KeyGrid, meta[KeyGrid])
	}
	spec, err := Described(meta[KeySpec], path+": "+KeySpec+" metadata")
	if err != nil {
		return nil, index, err
	}
	if spec.NumTrials() != index.total() {
		return nil, index, fmt.Errorf("%s: mutexlab.spec describes %d trials, %s %d", path, spec.NumTrials(), KeyGrid, index.total())
	}
	return spec, index, nil
}

// checkShardRows checks that f holds every trial of its shard exactly once.
func checkShardRows(f *results.File, sched *Schedule, index trialIndex) error {
	keys, err := rowKeys(f, index)
	if err != nil {
		return err
	}
	var done doneSet
	for _, i := range keys {
		k, ok := sched.Position(i)
		if !ok {
			return fmt.Errorf("%s: trial %s is not in its shard", f.Path(), index.describe(i))
		}
		if done.has(k) {
			return fmt.Errorf("%s: trial %s appears twice: every trial must be present exactly once", f.Path(), index.describe(i))
		}
		done.add(k)
	}
	if done.count() != sched.Len() {
		return fmt.Errorf("%s: %d of %d trials missing: the shard is unfinished", f.Path(), sched.Len()-done.count(), sched.Len())
	}
	return nil
}

func (x trialIndex) describe(i int) string {
	a := i % len(x.algos)
	r := i / len(x.algos) % x.replicates
	p := i / len(x.algos) / x.replicates
	return fmt.Sprintf("point %d replicate %d algorithm %s", p, r, x.algos[a])
}

// CompareFiles checks that two results files hold the same trials with identical rows, in
// any order (a merged sharded run against a single-process run, say): the same columns, and
// every value the same bit for bit, nulls included. The error names the first difference.
func CompareFiles(a, b string) error {
	ra, ca, err := sortedRows(a)
	if err != nil {
		return err
	}
	rb, cb, err := sortedRows(b)
	if err != nil {
		return err
	}
	if !slices.Equal(ca, cb) {
		return fmt.Errorf("%s and %s have different columns", a, b)
	}
	if len(ra) != len(rb) {
		return fmt.Errorf("%s has %d rows, %s has %d", a, len(ra), b, len(rb))
	}
	for k := range ra {
		if !bytes.Equal(ra[k].enc, rb[k].enc) {
			return fmt.Errorf("row for %s differs between %s and %s", ra[k].key, a, b)
		}
	}
	return nil
}

type encodedRow struct {
	key string
	enc []byte
}

func sortedRows(path string) ([]encodedRow, []results.Column, error) {
	f, err := results.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	rows, err := f.ReadRows()
	if err != nil {
		return nil, nil, err
	}
	cols := f.Columns()
	at := func(name string) int {
		return slices.IndexFunc(cols, func(c results.Column) bool { return c.Name == name })
	}
	pi, ti, ai := at("point"), at("trial"), at("algorithm")
	if pi < 0 || ti < 0 || ai < 0 {
		return nil, nil, fmt.Errorf("%s: no point, trial and algorithm columns", path)
	}
	out := make([]encodedRow, len(rows))
	for k, r := range rows {
		out[k] = encodedRow{fmt.Sprintf("point %d trial %d algorithm %s", r[pi].Int(), r[ti].Int(), r[ai].Str()), encodeRow(nil, r, cols)}
	}
	slices.SortFunc(out, func(x, y encodedRow) int { return cmp.Compare(x.key, y.key) })
	return out, cols, nil
}
