// Package sweeps turns an experiment description into trials and runs them.
//
// A sweep spec (a TOML file, or a preset embedded from presets/) names algorithms, fixed
// parameters, grid axes (lists, or log/linear ranges) and the number of replicates per point.
// Points() expands the grid; TrialList() gives every (point, replicate, algorithm) its seed,
// DeriveSeed(root seed, point key, replicate), which depends on nothing else: not the worker,
// not the order, not the algorithm (so algorithms are compared on common random numbers).
//
// Run executes trials on a pool of workers, each owning one kernel.Sim and one instance of
// each algorithm, and hands outcomes back in trial order, so results files are identical byte
// for byte for any worker count. Execute writes them as Parquet through package results.
package sweeps
