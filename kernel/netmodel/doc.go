// Package netmodel holds the network models beyond the kernel's default, each registered with
// kernel.RegisterNetworkInfo under its name (Params.Network) when the package is loaded:
//
//   - "waypoint" (Geo): random waypoint mobility in a square, the unit-disk graph of radius r
//     over the nodes' positions, Δ ports per node; lossy FIFO links (waypoint.go).
//   - "ns2" (Geo with a movement script): the same unit-disk graph over motion replayed from an
//     ns-2 movement file, setdest/BonnMotion format (ns2.go).
//   - "tvg" (TVG): an edge-Markovian time-varying graph with Δ ports per node; lossy, non-FIFO
//     links (tvg.go).
//
// These are the models of the local-mutex papers (Attiya, Kogan and Welch; the anonymous
// local-mutex algorithms). A program that runs trials on them by name imports this package for
// its registrations. results/columns does (its columns are generated from the registry of
// models), so every package above it, sweeps, analysis, plots and cli, knows every
// model; a package or test below it that names a model imports this package itself.
//
// The default model, "walter" (the random connected graph with Poisson link changes of
// Walter, Welch and Vaidya's section 6, the papers' model for the Reverse Link family), stays
// in the kernel: it is what the empty Params.Network means, so every trial a kernel user runs
// without naming a model needs it, and the kernel's own tests (safety checks, large-network
// machinery, pins) run on it.
//
// A model reaches the kernel only through its exported API: it implements kernel.NetworkModel
// (and kernel.Mover when it moves nodes, so that Probe, crashes and traces see the motion),
// builds the initial network on the kernel.Topology it is handed, and changes it while the
// trial runs through kernel.Changer, which announces each change to the algorithm.
package netmodel
