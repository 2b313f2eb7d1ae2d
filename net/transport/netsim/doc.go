// Package netsim impairs UDP traffic between real ENet peers: loss,
// latency, jitter, duplication and reordering, for tests and play under a
// bad network.
//
// It is built like kcp-go: a pure core with no I/O and no clock (Sim), and
// a thin socket layer (Proxy). Sim takes packets with the current time and
// keeps a schedule of deliveries; the caller pops what is due. Every random
// choice comes from a seeded PCG, so a seed and a sequence of (time,
// packet) inputs always give the same schedule.
//
// Proxy listens on a UDP port. Each client source address gets its own
// upstream socket to the target, so the target sees one peer per client.
// Packets read in either direction go through one Sim; a scheduler
// goroutine sleeps until the next delivery is due and writes it out of the
// right socket.
//
// From the command line (wired as "duskfall netsim"), Main parses flags
// and runs a Proxy until SIGINT or SIGTERM.
package netsim
