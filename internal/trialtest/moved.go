// Package trialtest is what is left of the algorithm packages' former test kit, which is now
// the public package algotest; it forwards the one name a test outside the algorithm packages
// still takes from here.
package trialtest

import (
	"github.com/mutexlab/mutexlab/algotest"
	"github.com/mutexlab/mutexlab/kernel"
)

// CrashParams is algotest.CrashParams.
func CrashParams(seed uint64, mobile bool, mobilityCap float64) kernel.Params {
	return algotest.CrashParams(seed, mobile, mobilityCap)
}
