// Package mem holds the memory machinery of large trials (n = 10^6): arrays backed by huge
// pages (MakeLarge, GrowLarge), per-trial arrays sized once and reused from trial to trial
// (Resize, Zeroed), prefetch hints (Prefetch), and the setup helper that faults
// a trial's new arrays in on a second core while the trial's thread builds the network
// (Prefaulter). None of it changes what a program computes, only how fast memory is
// reached. The simulator passes its Prefaulter explicitly to whatever allocates during a
// large trial's setup; small trials never start one.
//
// It is the kernel's own machinery, not part of the API an algorithm builds on (the public
// packages are listed in internal/apilist): its exported names may change with the kernel.
package mem
