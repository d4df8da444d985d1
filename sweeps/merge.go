package sweeps

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/mutexlab/mutexlab/results"
)

// MergeShards combines the shard files of one sweep into out. It checks, before writing
// anything, that every input carries the same spec hash and that together they hold every
// trial of the sweep exactly once; the error names the file and the trial otherwise. The
// merged file has the metadata of an unsharded run (shard "0/1") and the shards' rows in
// shard order. out is written atomically and may not be one of the inputs.
func MergeShards(out string, inputs []string) error {
	if len(inputs) == 0 {
		return fmt.Errorf("no input files")
	}
	type shardFile struct {
		path  string
		shard Shard
	}
	var files []shardFile
	var hash, first string
	var index trialIndex
	var seen []int // trial index -> 1 + position in inputs of the file holding it
	for k, path := range inputs {
		if path == out {
			return fmt.Errorf("%s: the output cannot also be an input", out)
		}
		f, err := results.Open(path)
		if err != nil {
			return err
		}
		meta := f.Metadata()
		h := meta[KeySpecHash]
		if h == "" {
			f.Close()
			return fmt.Errorf("%s: no %s metadata: not written by bench sweep or bench run", path, KeySpecHash)
		}
		if k == 0 {
			hash, first = h, path
			var ok bool
			if index, ok = parseGrid(meta[KeyGrid]); !ok || strconv.Itoa(index.total()) != meta[KeyTrialsTotal] {
				f.Close()
				return fmt.Errorf("%s: bad %s metadata %q", path, KeyGrid, meta[KeyGrid])
			}
			seen = make([]int, index.total())
		} else if h != hash {
			f.Close()
			return fmt.Errorf("%s: spec hash %s (%s) differs from %s in %s: shards of different sweeps", path, h, orUnknown(meta["mutexlab.spec_name"]), hash, first)
		}
		sh, err := ParseShard(meta[KeyShard])
		if err != nil {
			f.Close()
			return fmt.Errorf("%s: bad %s metadata: %v", path, KeyShard, err)
		}
		keys, err := rowKeys(f, index)
		f.Close()
		if err != nil {
			return err
		}
		for _, i := range keys {
			if seen[i] != 0 {
				return fmt.Errorf("%s: trial %s is also in %s: every trial must be present exactly once", path, index.describe(i), inputs[seen[i]-1])
			}
			seen[i] = k + 1
		}
		files = append(files, shardFile{path, sh})
	}
	if miss := slices.Index(seen, 0); miss >= 0 {
		n := 0
		for _, s := range seen {
			if s == 0 {
				n++
			}
		}
		return fmt.Errorf("%d of %d trials missing (first: %s): a shard is missing or unfinished", n, len(seen), index.describe(miss))
	}
	slices.SortStableFunc(files, func(a, b shardFile) int { return cmp.Compare(a.shard.I, b.shard.I) })
	paths := make([]string, len(files))
	for k, f := range files {
		paths[k] = f.path
	}
	return results.Merge(out, paths, map[string]string{KeyShard: Shard{}.String()})
}

func (x trialIndex) describe(i int) string {
	a := i % len(x.algos)
	r := i / len(x.algos) % x.replicates
	p := i / len(x.algos) / x.replicates
	return fmt.Sprintf("point %d replicate %d algorithm %s", p, r, x.algos[a])
}

// CompareFiles checks that two results files hold the same trials with identical rows, in
// any order (a merged sharded run against a single-process run, say). The error names the
// first difference.
func CompareFiles(a, b string) error {
	ra, err := sortedRows(a)
	if err != nil {
		return err
	}
	rb, err := sortedRows(b)
	if err != nil {
		return err
	}
	if len(ra) != len(rb) {
		return fmt.Errorf("%s has %d rows, %s has %d", a, len(ra), b, len(rb))
	}
	for k := range ra {
		if !bytes.Equal(ra[k].enc, rb[k].enc) {
			return fmt.Errorf("row for point %d trial %d algorithm %s differs between %s and %s", ra[k].t.Point, ra[k].t.Trial, ra[k].t.Algorithm, a, b)
		}
	}
	return nil
}

type encodedRow struct {
	t   results.Trial
	enc []byte
}

func sortedRows(path string) ([]encodedRow, error) {
	f, err := results.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := f.ReadAll()
	if err != nil {
		return nil, err
	}
	out := make([]encodedRow, len(rows))
	for k := range rows {
		out[k] = encodedRow{rows[k], encodeRow(nil, &rows[k])}
	}
	slices.SortFunc(out, func(x, y encodedRow) int {
		return cmp.Or(cmp.Compare(x.t.Point, y.t.Point), cmp.Compare(x.t.Trial, y.t.Trial), cmp.Compare(x.t.Algorithm, y.t.Algorithm))
	})
	return out, nil
}
