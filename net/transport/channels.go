package transport

import "duskfall/net/enet"

// The transport knows channels only by number. Which channels exist and
// how each delivers is the protocol's business: the caller passes its
// channel table in Config.Reliable (and a count to NewLocal), so the table
// is declared once, above the transport, and applied here.

// enetFlags maps a channel's delivery to ENet packet flags. Unreliable
// packets larger than the MTU are fragmented unreliably: otherwise ENet
// would send a big snapshot's fragments reliably, and a lost fragment
// would hold back newer snapshots instead of simply losing this one.
func enetFlags(reliable bool) enet.PacketFlags {
	if reliable {
		return enet.Reliable
	}
	return enet.UnreliableFragment
}
