#include "textflag.h"

// func prefetch(addr uintptr)
TEXT ·prefetch(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func prefetch2(first, last uintptr)
TEXT ·prefetch2(SB), NOSPLIT|NOFRAME, $0-16
	MOVQ first+0(FP), AX
	MOVQ last+8(FP), BX
	PREFETCHT0 (AX)
	PREFETCHT0 (BX)
	RET
