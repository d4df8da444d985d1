#include "textflag.h"

// func prefetch(addr uintptr)
TEXT ·prefetch(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET

// The variants below serve BenchmarkPrefetchWalk and BenchmarkPrefetchUse only
// (walk_linux_amd64_test.go), which compare the ways of asking for a line whose address
// misses the TLB.

// func prefetchW(addr uintptr)
TEXT ·prefetchW(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ addr+0(FP), AX
	BYTE $0x0F; BYTE $0x0D; BYTE $0x08 // PREFETCHW (AX), which the assembler does not know
	RET

// func prefetchNTA(addr uintptr)
TEXT ·prefetchNTA(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHNTA (AX)
	RET

// func loadLine(addr uintptr)
TEXT ·loadLine(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ addr+0(FP), AX
	MOVQ (AX), BX
	RET

// func touchNone(addr uintptr)
TEXT ·touchNone(SB), NOSPLIT|NOFRAME, $0-8
	RET
