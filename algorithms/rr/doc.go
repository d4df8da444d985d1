// Package rr implements the baseline of section 6 of J. E. Walter, J. L. Welch and N. H.
// Vaidya, "A Mutual Exclusion Algorithm for Ad Hoc Mobile Networks" (Wireless Networks
// 7(6):585–600, 2001): Raymond's tree-based token algorithm (K. Raymond, "A tree-based
// algorithm for distributed mutual exclusion", ACM TOCS 7(1):61–77, 1989) running over an
// ideal routing layer ("RR").
//
// Raymond's algorithm runs on a static virtual spanning tree: HOLDER points toward the token,
// REQUEST_Q holds the tree neighbours (and the node itself) that asked, ASKED records an
// outstanding request; ASSIGN_PRIVILEGE and MAKE_REQUEST run after every event. The token
// starts at the tree's root, node 0.
//
// The simulation is the paper's, and its best case for RR:
//
//   - The virtual tree is a breadth-first spanning tree of a random graph that is then randomly
//     relabelled to give the physical network, so tree neighbours are in general not physical
//     neighbours (see Reset for how this is drawn so that RL and RR share the physical network
//     on a seed).
//   - Each message to a tree neighbour travels a current shortest path in the physical
//     network, hop by hop; every hop is one message and one delay unit. A message in transit
//     when the network changes follows the new shortest path from where it is.
//   - Route recomputation after link changes costs nothing: the layer is an oracle
//     (rr/routing) that reads the whole current network, the one global view the paper
//     grants; rr alone stands on it, so it lives here and not in the kernel.
//
// Ties between equally short routes go to the lowest port. The routing oracle computes
// distances on demand with bounded memory per node (package routing says how), so rr runs at
// every n the kernel accepts. For speed, a message carries the rest of its route (words C and
// D: the ports and the topology version they were found at) and takes the carried port only
// while the network is unchanged, which is exactly the port the oracle would answer there;
// after a change it asks the oracle at every hop, as the model above says
// (TestEveryHopLowestShortest checks every send against a search of the network of the
// moment). C and D are the routing layer's, not Raymond's: traces do not show them.
package rr
