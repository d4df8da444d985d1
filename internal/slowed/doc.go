// Package slowed wraps any kernel.Algorithm in a deliberately slowed variant: the instrument
// that proves a bound check has power. A check that passes a response-time bound O(x^e) is
// only evidence if it would fail an algorithm that grows faster; Wrap makes one from the real
// algorithm, keeping its safety and liveness, so the same check can be run on both.
//
// # The slowdown
//
// When the application at node i requests the critical section, the wrapper holds the request
// back and first plays R extra message round trips (slow_ping, answered at once by slow_pong)
// on one of i's ports; only then does the inner algorithm see RequestCS. The inner algorithm
// never knows: its state, messages and safety argument are untouched, and every response time
// grows by R round trips (about R·(mean delay)·2). R is ceil(Coef·x^Power), where x is
//
//   - VarN: the number of nodes n;
//   - VarDegree: the largest degree any node has had so far in the trial (the paper's δ, the
//     maximum degree; the wrapper reads the whole initial network at Reset, as the kernel
//     allows, and watches every LinkUp after that).
//
// So a bound O(n^e) meets a variant whose responses grow as n^(e+1): a check with power fails
// it. With Coef = 0 the wrapper is transparent and only measures (MaxDegree).
//
// # Kernel rules kept
//
//   - Token accounting: the wrapper is a kernel.TokenHolder exactly when the inner algorithm is
//     (Wrap returns a different type then); its own messages carry no token.
//   - Safety and liveness: the inner algorithm's Checker (plain mutual exclusion if it has
//     none), its metrics and its observer of measured entries are passed through. The
//     link-load bound of an algorithm that promises one (kernel.LinkLoadBounder) grows by
//     two: one round trip of each end may be in transit on a link at once.
//   - Links that go down: a round trip whose link fails is abandoned and replayed on another
//     port (on lossy networks the message is lost with the link; on reliable ones a link with
//     messages in flight never fails). A sequence number in every ping drops stale answers.
//   - FIFO: the wrapper's messages share the links with the inner algorithm's; the order of
//     the inner messages on a link is unchanged.
//   - The local-mutex checker lets two neighbours eat together when their link is younger
//     than both requests, counting from the application's request, which the wrapper holds
//     back: a link formed during the extra round trips is younger than the request for the
//     checker but older than the inner algorithm's. For a slowed variant the check can only
//     be more lenient, never stricter, so a violation it reports is real.
//   - A node with no neighbour cannot play a round trip: its request goes straight to the
//     inner algorithm (it is not slowed). A ping to a crashed neighbour is never answered, so
//     under crash failures a slowed node next to a crash blocks (failure locality 1 of the
//     wrapper itself); the bound checks run without crashes.
package slowed
