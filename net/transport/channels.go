package transport

import "duskfall/net/enet"

// The transport knows channels only by number. Which channels exist and
// how each delivers is the protocol's business: the caller passes its
// channel table in Config.Reliable and Config.Unordered (and a count to NewLocal), so the table
// is declared once, above the transport, and applied here.

// channelFlags is the channel table as ENet packet flags, one per channel.
// Unreliable packets larger than the MTU are fragmented unreliably:
// otherwise ENet would send a big snapshot's fragments reliably, and a lost
// fragment would hold back newer snapshots instead of simply losing this
// one. An unordered channel's packets are unsequenced: ENet delivers each
// that arrives, dropping only duplicates.
func channelFlags(c Config) []enet.PacketFlags {
	flags := make([]enet.PacketFlags, len(c.Reliable))
	for ch, reliable := range c.Reliable {
		switch {
		case reliable:
			flags[ch] = enet.Reliable
		case ch < len(c.Unordered) && c.Unordered[ch]:
			flags[ch] = enet.Unsequenced | enet.UnreliableFragment
		default:
			flags[ch] = enet.UnreliableFragment
		}
	}
	return flags
}
