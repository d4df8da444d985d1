// Package sweeps turns an experiment description into trials and runs them.
//
// A sweep spec (a TOML file, or a preset embedded from presets/) names algorithms, fixed
// parameters, grid axes (lists, or log/linear ranges) and the number of replicates per point.
// Its keys, their kinds, where each applies and whether it enters the seed all come from
// package results/columns: a key that none of the sweep's algorithms or network models reads
// is an error, one that only some of them read a warning (Spec.Warnings). Limits: at most
// MaxAxisValues values per axis, MaxTrials trials per sweep.
//
// Nothing is listed: Spec.Point(i) and Spec.Trial(i) compute grid point and trial i (in the
// canonical order point, replicate, algorithm) from the axes, and a trial's seed is
// DeriveSeed(root seed, point key, replicate), which depends on nothing else: not the worker,
// not the order, not the algorithm (so algorithms are compared on common random numbers), and
// not the keys excluded from the seed (model readings, budgets), so trials that differ only
// in those are paired too.
//
// Schedule orders the trials slowest first (by a cost estimate from their parameters, as a
// product of per-dimension orders, see Schedule) and deals them round robin into disjoint,
// balanced shards (--shard i/N); position and trial index map to each other by arithmetic.
// Run executes trials on the shared worker pool of internal/runner (each worker owns one
// kernel.Sim and one instance of each algorithm) and hands outcomes back in schedule order
// through a bounded reorder window, so memory is flat in the number of trials and files are
// identical byte for byte for any worker count; the failing trial reported is the first in
// schedule order, and cancelling the context stops the trials in flight.
//
// Execute writes the rows (columns.Row) through package results and makes a sweep
// resumable: each finished trial is journalled in OUT.parts/ at once (a generic, versioned
// record codec that follows the column list) and every 1,024 trials become an atomic part
// file; the output appears only when every trial is done, written by one sorted merge of
// the parts in schedule order (results.MergeSorted), so a resumed run gives the file of an
// uninterrupted one byte for byte. Rerunning skips what is on disk (a set of schedule
// positions held as a prefix plus stragglers); files of another sweep (by SpecHash) or of
// another version of bench are never touched unless Options.Replace. A sweep that stops
// returns a *StoppedError saying how many trials are on disk and what to do. MergeShards
// combines shard files, checking that every trial is present exactly once, into the file a
// single run writes; DryRun describes a sweep without running it.
package sweeps
