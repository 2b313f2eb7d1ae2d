package transport

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"time"

	"duskfall/net/enet"
	"duskfall/net/seal"
)

// ErrConfig reports an unusable Config.
var ErrConfig = errors.New("transport: invalid config")

// Config sizes an ENet endpoint. Zero fields take the DefaultConfig value.
type Config struct {
	MaxPeers      int // server connection slots (a client has one)
	MaxPacketSize int // largest packet sent or accepted, bytes
	// MaxIncoming is the largest packet handed to the caller; a larger one
	// arrives as an EventOversized that says its size, its bytes never
	// copied out of ENet. A server sets it to the longest message a client
	// sends, so a flood of big packets costs its heap nothing. Zero: no
	// bound but MaxPacketSize.
	MaxIncoming    int
	MaxWaitingData int // bytes one peer may make the host buffer
	DuplicatePeers int // connections allowed from one IP address
	// Timeout drops a peer whose unacknowledged data is this old; it also
	// bounds a connect attempt. Zero keeps ENet's adaptive 5 to 30 s.
	Timeout           time.Duration
	IncomingBandwidth uint32 // bytes/s, 0 for unlimited
	// SourceRate is each remote address and port's budget of datagram
	// bytes a second (SourceBurst at once); the rest is dropped before ENet
	// reads it. 0 takes DefaultSourceRate; negative turns it off.
	SourceRate, SourceBurst int
	OutgoingBandwidth       uint32 // bytes/s, 0 for unlimited
	// MaxQueuedPerPeer bounds the packets one peer may have waiting for
	// the next Poll; the rest are dropped and counted (WireStats), so a
	// peer firing thousands of packets costs the server's next tick no more
	// than this many. A server takes DefaultMaxQueuedPerPeer when it is
	// zero; a client (which polls what its one server sends) has no bound.
	// Negative turns it off.
	MaxQueuedPerPeer int
	// HalfOpenTimeout forgets a connection the server answered but never
	// heard back from (a handshake left half open) after this long,
	// instead of ENet's 5 to 30 s. A server takes DefaultHalfOpenTimeout
	// when it is zero.
	HalfOpenTimeout time.Duration
	// Reliable is the channel table: Reliable[ch] says whether channel ch
	// delivers every packet in order (true) or unreliably sequenced, the
	// newest winning (false). Its length is the number of channels the
	// host allocates. It has no default: the protocol declares it.
	Reliable []bool
	// Unordered names the unreliable channels that deliver every packet
	// that arrives, in the order it arrives (ENet's unsequenced packets),
	// instead of dropping one older than the newest received. A channel
	// whose packets each repeat the ones before (input frames) loses
	// nothing to reordering this way. Nil leaves every unreliable channel
	// sequenced; otherwise it is as long as Reliable and never names a
	// reliable channel.
	Unordered []bool
	// Identity is a server's long-lived key, which signs its half of every
	// sealed session (net/seal); nil makes one for this listener alone.
	Identity *seal.Identity
	// VerifyServer checks the identity a server shows a client (a join
	// code's fingerprint, a key pinned before); its error ends the dial
	// in its words. Nil takes any server.
	VerifyServer func(ed25519.PublicKey) error
	// Bind is the IP address a client's socket sends from; "" lets the
	// system choose. Tests stand in for other machines with 127.0.0.x.
	Bind string
	// Version is the protocol version a server's door admits: a knock
	// announcing another is answered with this one, and its dial ends with
	// Event.ServerVersion. Zero admits any (the game refuses them later).
	Version uint32
}

// Limits sized for the real protocol (docs/NETCODE.md, "Limits"): its
// largest message, a snapshot of a crowded room, is a few KB; an events
// packet is kept under 1,200 bytes. A peer may make the host buffer at most
// DefaultMaxWaitingData, so a flood of huge packets costs the others
// nothing: ENet drops what does not fit.
const (
	DefaultMaxPacketSize  = 32 << 10
	DefaultMaxWaitingData = 64 << 10
	// DefaultSourceRate is far above what the game sends one way (a
	// client about 1 KB/s, a server under 10 KB/s to each client) and far
	// below a flood.
	DefaultSourceRate  = 256 << 10
	DefaultSourceBurst = 512 << 10
	// DefaultMaxQueuedPerPeer is far above what a client sends in a tick
	// (one input frame, now and then a command) even when the server
	// stalls for a few ticks.
	DefaultMaxQueuedPerPeer = 64
	// DefaultHalfOpenTimeout leaves an honest client on a bad network
	// (ENet resends its reply after half a second, then a second) time to
	// answer, and a flood of forged CONNECTs little to hold.
	DefaultHalfOpenTimeout = 2 * time.Second
	// MaxDuplicatePeers is the most connections Config.DuplicatePeers may
	// allow one IP address: ENet numbers no more peers than this.
	MaxDuplicatePeers = enet.MaxPeerCount
)

// DefaultConfig returns the limits: 64 peers, 32 KiB packets, 64 KiB
// waiting data per peer, 32 connections per IP address (friends behind one
// router, or a tester's bots on one machine, share an address).
func DefaultConfig() Config {
	h := enet.DefaultHostConfig()
	return Config{
		MaxPeers:       h.PeerCount,
		MaxPacketSize:  DefaultMaxPacketSize,
		MaxWaitingData: DefaultMaxWaitingData,
		DuplicatePeers: 32,
	}
}

// withDefaults fills zero fields from DefaultConfig.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.MaxPeers == 0 {
		c.MaxPeers = d.MaxPeers
	}
	if c.MaxPacketSize == 0 {
		c.MaxPacketSize = d.MaxPacketSize
	}
	if c.MaxWaitingData == 0 {
		c.MaxWaitingData = max(d.MaxWaitingData, c.MaxPacketSize)
	}
	if c.DuplicatePeers == 0 {
		c.DuplicatePeers = d.DuplicatePeers
	}
	if c.SourceBurst == 0 {
		c.SourceBurst = DefaultSourceBurst
	}
	return c
}

func (c Config) hostConfig(peers int) (enet.HostConfig, error) {
	if c.Timeout < 0 || c.Timeout > time.Hour {
		return enet.HostConfig{}, fmt.Errorf("%w: Timeout %v", ErrConfig, c.Timeout)
	}
	if len(c.Reliable) == 0 {
		return enet.HostConfig{}, fmt.Errorf("%w: no channel table (Reliable)", ErrConfig)
	}
	if err := c.checkUnordered(); err != nil {
		return enet.HostConfig{}, err
	}
	return enet.HostConfig{
		PeerCount:          peers,
		ChannelCount:       len(c.Reliable),
		IncomingBandwidth:  c.IncomingBandwidth,
		OutgoingBandwidth:  c.OutgoingBandwidth,
		MaximumPacketSize:  c.MaxPacketSize,
		MaximumWaitingData: c.MaxWaitingData,
		DuplicatePeers:     c.DuplicatePeers,
		IncomingRateLimit:  c.sourceRate(),
		IncomingBurst:      c.SourceBurst,
		// Every datagram through ENet's range coder: small structured
		// packets shrink by about a seventh (docs/PERFORMANCE.md), and
		// every host of this transport compresses, so no two disagree.
		Compress: true,
		// Every datagram after the door sealed (docs/NETCODE.md, "Sealed
		// sessions"); a server's identity is set by ListenENet.
		Seal:    &enet.SealConfig{Identity: c.Identity, Verify: c.VerifyServer, PerAddress: 2 * c.DuplicatePeers},
		Version: c.Version,
	}, nil
}

// checkUnordered refuses an Unordered table that does not match Reliable.
func (c Config) checkUnordered() error {
	if c.Unordered == nil {
		return nil
	}
	if len(c.Unordered) != len(c.Reliable) {
		return fmt.Errorf("%w: Unordered has %d channels, Reliable %d", ErrConfig, len(c.Unordered), len(c.Reliable))
	}
	for ch, u := range c.Unordered {
		if u && c.Reliable[ch] {
			return fmt.Errorf("%w: channel %d is both reliable and unordered", ErrConfig, ch)
		}
	}
	return nil
}

// sourceRate is the per-source budget the host applies: 0 for none.
func (c Config) sourceRate() int {
	switch {
	case c.SourceRate < 0:
		return 0
	case c.SourceRate == 0:
		return DefaultSourceRate
	}
	return c.SourceRate
}
