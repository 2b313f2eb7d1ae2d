package transport

import "duskfall/net/enet"

// The channels of the game protocol (DESIGN.md §3).
const (
	ChannelControl  uint8 = 0 // handshake, roster, instance transitions, map chunks
	ChannelSnapshot uint8 = 1 // snapshots, newest wins
	ChannelEvents   uint8 = 2 // bullet spawns and despawns, hits, deaths, items
	ChannelInput    uint8 = 3 // client input frames
	NumChannels           = 4
)

// Mode is how a channel delivers.
type Mode uint8

// Delivery modes.
const (
	// Reliable packets all arrive, in the order they were sent.
	Reliable Mode = iota + 1
	// Sequenced packets may be lost, and one that arrives after a newer one
	// on its channel is dropped: the newest wins.
	Sequenced
)

// Channels is the mode of each channel. Callers name a channel; the
// transport applies its mode. Treat it as read-only.
var Channels = [NumChannels]Mode{
	ChannelControl:  Reliable,
	ChannelSnapshot: Sequenced,
	ChannelEvents:   Reliable,
	ChannelInput:    Sequenced,
}

// enetFlags maps a mode to ENet packet flags. Sequenced packets larger than
// the MTU are fragmented unreliably: otherwise ENet would send a big
// snapshot's fragments reliably, and a lost fragment would hold back newer
// snapshots instead of simply losing this one.
func enetFlags(m Mode) enet.PacketFlags {
	if m == Reliable {
		return enet.Reliable
	}
	return enet.UnreliableFragment
}
