// Package nt implements the path-reversal token algorithm of M. Naimi, M. Trehel and A.
// Arnold, "A log(N) distributed mutual exclusion algorithm based on path reversal", Journal of
// Parallel and Distributed Computing 34(1), 1996 (doi:10.1006/jpdc.1996.0041), running
// over the ideal routing layer that mutexlab's rr puts under Raymond's algorithm
// (algorithms/rr/routing). It is the worked example of an algorithm in a module of its own:
// it uses mutexlab's public packages only (kernel and algorithms/rr/routing; algorithms for
// its registry entry), and a test guards that.
//
// In the abstract's words: "When a process invokes a critical section, it sends a request to
// the tail of a queue. A dynamical rooted tree gives the path to this tail. The algorithm
// requires only O(Log (n)) messages on average." Each node keeps
//
//   - last, the paper's father: the probable owner, where a request goes; nil at the root;
//   - next: the node that gets the token when this one leaves the CS; nil if none waits;
//   - requesting: the node has asked for the CS and not yet left it;
//   - token, the paper's token_present.
//
// The last pointers form the rooted tree, whose root is the tail of the queue; the next
// pointers form the queue itself, one link per node, from the token holder to the tail.
//
// # The pseudocode, handler by handler (nt.go)
//
//	Initialisation                                  Reset
//	  father := 0 (nil at node 0); next := nil;
//	  requesting := false; token_present := (i = 0)
//	Request_CS                                      RequestCS
//	  requesting := true
//	  if father ≠ nil: send request(i) to father;
//	                   father := nil; wait for the token
//	  (father = nil: the node holds the idle token and enters at once)
//	Release_CS                                      ReleaseCS
//	  requesting := false
//	  if next ≠ nil: send token to next;
//	                 token_present := false; next := nil
//	on request(j)                                   Receive → receiveRequest
//	  if father = nil:
//	    if requesting: next := j
//	    else: token_present := false; send token to j
//	  else: send request(j) to father
//	  father := j                                   (the path reversal)
//	on token                                        Receive
//	  token_present := true; enter the CS
//
// # Choices where the paper is silent
//
//   - The network. Naimi and Trehel's processes send a message to any other process by its
//     id. Here a message to a node id travels a current shortest path of the physical network
//     hop by hop, over the routing layer rr stands on, and every hop is one message and one
//     delay: the setting in which Walter, Welch and Vaidya run Raymond's algorithm ("RR", their
//     section 6), which charges "one message per link traversed". nt, rl and rr then compare
//     on the same physical network, mobility and requests on a seed. route.go says how a
//     message is sent and forwarded; it follows rr's choices, each for rr's reason: the lowest
//     of the ports that start a shortest path, a message in transit when the network changes
//     follows the new shortest path from where it is, route recomputation costs nothing, and
//     LinkUp and LinkDown do nothing (the algorithm sees node ids only).
//   - Reachability. Like rr, Reset refuses an initial network that is not connected (the error
//     says which networks to use), and a send toward a node no route reaches stops the trial
//     with the kernel's invariant error (a send on a port that is down), as rr's does: the
//     pseudocode has no way to wait for a route. On the walter network, which keeps the graph
//     connected, neither happens.
//   - The initial root is node 0, the lowest id, as rr's token starts at node 0; every other
//     node's last is node 0, so the initial tree is a star, as in the published algorithm,
//     whatever the physical network.
//   - A request at the root. Request_CS sends nothing when father is nil; the root then holds
//     the idle token (nobody else can: a node passes the token on only after pointing its last
//     at the receiver) and enters the CS at once.
//   - Message order. nt assumes no order between the messages of two nodes: they may take
//     different routes, and in the random trials (mobility, exponential and uniform delays)
//     they overtake one another. A request that reaches a node before the token it follows
//     finds the node requesting with last nil and queues behind it, as the pseudocode says.
//   - Reliability and crashes. The pseudocode resends nothing: a lost request or token is never
//     replaced. On a lossy network model the kernel's single-token check stops the trial when
//     a token is lost, and a crashed node takes its requests and, if it holds it, the token
//     with it; nt adds no recovery (the algorithm as published has none).
//
// # Messages and metrics
//
// REQUEST carries the requester j (word A), the node it is addressed to (B, read by every
// hop) and the node that sent it there (C); TOKEN carries its sender (A) and recipient (B).
// metrics.go defines nt_request_path_mean (REQUEST messages from node to node per CS request,
// the quantity the paper's title bounds) and nt_route_hops_mean (physical hops per message
// from node to node). NodeState prints "last=… next=…" and the flags "requesting" and
// "token"; testdata/pathreversal.txt is a scenario in mutexlab's script format, and
// mutants.go lists the deliberately broken variants the tests must catch.
package nt
