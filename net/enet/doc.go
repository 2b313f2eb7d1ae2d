// Package enet is a thin cgo binding of the system ENet library (libenet,
// found with pkg-config), shaped like the usual Go ENet wrappers.
//
// Data flow: a Host owns one UDP socket and the ENet state behind it. The
// caller drives it from a single goroutine by calling Host.Service, which
// sends queued commands, reads the socket and returns at most one Event.
// Received packets are copied into a host-owned buffer and the C packet is
// freed at once, so no C memory outlives the call; Event.Packet stays valid
// until the next Service call. Peer.SendBytes copies Go bytes into a new
// ENet packet that ENet frees once it has been sent.
//
// ENet is not thread-safe: a Host and its Peers must be used from one
// goroutine at a time. Peers are Go handles that hold the C peer pointer and
// the connection's connect ID; no Go pointer is ever stored in C memory. A
// Peer whose connection ended, or whose Host was destroyed, refuses further
// use instead of touching recycled C memory.
package enet
