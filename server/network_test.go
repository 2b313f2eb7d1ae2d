package server

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"duskfall/net/seal"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

func TestNetwork(t *testing.T) {
	id := &seal.Identity{}
	cases := []struct {
		name       string
		maxPlayers int
		base       transport.Config
		want       transport.Config
	}{
		{"a bare config gets the server's limits for its players", 8, transport.Config{},
			transport.Config{MaxPeers: PeerSlots(8), MaxIncoming: wire.MaxClientMessage, Timeout: PeerTimeout}},
		{"the caller's limits stand", 8, transport.Config{MaxPeers: 3, MaxIncoming: 100, Timeout: time.Second},
			transport.Config{MaxPeers: 3, MaxIncoming: 100, Timeout: time.Second}},
		{"the identity and the connections per address are the caller's", 0, transport.Config{Identity: id, DuplicatePeers: 5},
			transport.Config{Identity: id, DuplicatePeers: 5, MaxPeers: PeerSlots(DefaultMaxPlayers), MaxIncoming: wire.MaxClientMessage, Timeout: PeerTimeout}},
		{"the channel table and version are the protocol's, whatever the caller says", 8,
			transport.Config{Reliable: []bool{true}, Unordered: []bool{true}, Version: 1},
			transport.Config{MaxPeers: PeerSlots(8), MaxIncoming: wire.MaxClientMessage, Timeout: PeerTimeout}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{MaxPlayers: c.maxPlayers}
			want := c.want
			want.Reliable, want.Unordered, want.Version = wire.ReliableChannels(), wire.UnorderedChannels(), wire.ProtocolVersion
			assert.Equal(t, want, cfg.Network(c.base))
		})
	}
}
