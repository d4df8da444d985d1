// Package traceview records one trial and writes it as a self-contained HTML page to step
// through in a browser (bench replay --html, bench run --html; docs/viewer.md): the network
// with the token, the CS, waiting and crashed nodes, link directions and messages in
// transit, and a time-space diagram.
//
// Its one job is the trace and its page. record.go turns the kernel's trace events
// (Sim.SetTrace) and the algorithm's per-node state (kernel.NodeStater's line,
// kernel.NodeViewer's heights, next, queue and phase, kernel.TokenHolder) into a Trace: columns
// of events, messages paired send to receipt, each distinct node state once and the changes
// between them. encode.go packs it for the page, page.go writes the page (page.html, page.js
// and page.css, embedded; a Content-Security-Policy that lets the page load nothing), run.go
// runs a trial with a recorder, script.go records a scenario script (algotest),
// at.go says what the page shows at a position, in Go, for the tests.
//
// Choices the kernel's trace leaves open, and what the page does:
//
//   - When a state changes. The kernel reports an event before its handler runs (request,
//     release, recv, link events) and the handler's sends and CS entry after it. A handler's
//     effects all appear at the event that triggered it, so the page never shows the token
//     both at a node and in a message, or nowhere, halfway through a handler.
//   - Which send a receipt pairs with: the message on the same link due at that time, else
//     (a scenario's out-of-turn delivery) the oldest on the link with the same words.
//   - A window that starts mid-trial starts from the state the trial was in: every node's
//     state and section, the links up, the messages in transit (their sends are before the
//     window, so they have no send event and no due time).
//   - Where nodes are drawn: a geometric model's positions, sampled at link events and
//     interpolated between; otherwise a force-directed layout started from a circle, which
//     draws no random number, so a trial's page is the same every time.
//
// Limits: Options.MaxEvents (default DefaultMaxEvents, at most HardMaxEvents) events per page,
// with a note on the page of what was cut; at most maxMoves position samples.
package traceview
