// Package transport is the one network interface the server and the client
// use: connect, disconnect and receive events come out of Poll, bytes go in
// through Send on a numbered channel, and the transport delivers each
// channel as the caller's channel table says (Config.Reliable and
// Config.Unordered).
//
// Two implementations stand behind the interfaces:
//
//   - ENet (ListenENet, DialENet). One goroutine owns the ENet host and
//     services it in a loop. Received packets are copied into pooled
//     buffers and appended to a mutex-protected inbox that Poll swaps out;
//     Send copies the caller's bytes into a pooled buffer and queues them
//     for that goroutine. The game loop never waits on the network, and in
//     steady state neither side allocates.
//   - Local (NewLocal). An in-memory pair for the listen server's own
//     player: the same encoded bytes, copied, in order, with no goroutine.
//
// Merge joins several servers (the local peer and the ENet listener) into
// one, routing by PeerID. The netsim subpackage impairs real UDP traffic
// between ENet peers for tests under bad networks.
package transport
