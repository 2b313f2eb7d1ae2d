package server

import (
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// Network is the transport configuration a server of c listens with, the
// one both the dedicated server and Host and play use: the protocol's
// channel table and version, from wire (never the caller's to choose),
// and, where base leaves them zero, connection slots for c.MaxPlayers
// (PeerSlots), the longest message a client sends (wire.MaxClientMessage:
// nothing longer is read) and PeerTimeout (a crashed game becomes a body
// that channels out, soon). The rest of base, the identity and the
// connections allowed per address, is the caller's.
func (c *Config) Network(base transport.Config) transport.Config {
	n := base
	n.Reliable, n.Unordered = wire.ReliableChannels(), wire.UnorderedChannels()
	n.Version = wire.ProtocolVersion
	if n.MaxPeers == 0 {
		n.MaxPeers = PeerSlots(c.MaxPlayers)
	}
	if n.MaxIncoming == 0 {
		n.MaxIncoming = wire.MaxClientMessage
	}
	if n.Timeout == 0 {
		n.Timeout = PeerTimeout
	}
	return n
}
