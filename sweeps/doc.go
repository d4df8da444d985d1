// Package sweeps turns an experiment description into trials and runs them.
//
// A sweep spec (a TOML file, or a preset embedded from presets/) names algorithms, fixed
// parameters, grid axes (lists, or log/linear ranges) and the number of replicates per point.
// Points() expands the grid; TrialList() gives every (point, replicate, algorithm) its seed,
// DeriveSeed(root seed, point key, replicate), which depends on nothing else: not the worker,
// not the order, not the algorithm (so algorithms are compared on common random numbers).
//
// Schedule orders the trials slowest first (by a cost estimate from their parameters) and
// deals them round robin into disjoint, balanced shards (--shard i/N). Run executes trials on
// a pool of workers, each owning one kernel.Sim and one instance of each algorithm, and hands
// outcomes back in schedule order through a bounded reorder window, so memory is flat in the
// number of trials and files are identical byte for byte for any worker count.
//
// Execute writes the rows through package results and makes a sweep resumable: each finished
// trial is journalled in OUT.parts/ at once and every 1,024 trials become an atomic part
// file; the output appears only when every trial is done. Rerunning skips what is on disk;
// files of another sweep (by SpecHash) are never touched. MergeShards combines shard files,
// checking that every trial is present exactly once; DryRun describes a sweep without
// running it.
package sweeps
