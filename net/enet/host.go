package enet

/*
#include <stdlib.h>
#include <enet/enet.h>
*/
import "C"

import (
	"fmt"
	"syscall"
	"unsafe"
)

// Limits ENet itself imposes on a host.
const (
	MaxPeerCount    = C.ENET_PROTOCOL_MAXIMUM_PEER_ID
	MaxChannelCount = C.ENET_PROTOCOL_MAXIMUM_CHANNEL_COUNT
)

// HostConfig sizes a host. The limits on packet size and waiting data cap
// what one peer can make the host buffer, so keep them near what the game
// really sends.
type HostConfig struct {
	PeerCount          int    // connection slots
	ChannelCount       int    // channels per connection
	IncomingBandwidth  uint32 // bytes/s, 0 for unlimited
	OutgoingBandwidth  uint32 // bytes/s, 0 for unlimited
	MaximumPacketSize  int    // largest packet sent or accepted, bytes
	MaximumWaitingData int    // bytes one peer may hold waiting for reassembly or dispatch
	DuplicatePeers     int    // connections allowed from one IP address
	// Compress runs every datagram through ENet's range coder (when that
	// makes it smaller). A host that compresses can read both kinds; one
	// that does not cannot read compressed datagrams, so both ends of a
	// protocol must agree.
	Compress bool
	// IncomingRateLimit, when above 0, is each remote address and port's
	// budget of datagram bytes a second this host reads (IncomingBurst at
	// once, at least the rate); the rest is dropped before ENet parses or
	// decompresses it.
	IncomingRateLimit, IncomingBurst int
	// Door lets a CONNECT reach ENet only from a source that proved, by a
	// cookie round trip, that it receives at its address (door.go). A
	// server's host has one; its clients Knock and Prove before Connect.
	Door bool
	// Seal, when set, seals every datagram to and from the host's peers
	// (seal.go): a server (Door) answers proofs with a signed hello; a
	// client's Knock and Prove make the session before it connects.
	Seal *SealConfig
	// Version is the protocol version a door admits (0: any; a knock of
	// another is answered with this one, so its client can say so in
	// words), or the one a client's knock announces.
	Version uint32
}

// DefaultHostConfig returns limits far below ENet's 32 MiB defaults, which
// would let one hostile peer make the host buffer that much.
func DefaultHostConfig() HostConfig {
	return HostConfig{
		PeerCount:          64,
		ChannelCount:       4,
		MaximumPacketSize:  256 << 10,
		MaximumWaitingData: 1 << 20,
		DuplicatePeers:     4,
	}
}

func (c HostConfig) validate() error {
	switch {
	case c.PeerCount < 1 || c.PeerCount > MaxPeerCount:
		return fmt.Errorf("%w: PeerCount %d not in [1, %d]", ErrConfig, c.PeerCount, MaxPeerCount)
	case c.ChannelCount < 1 || c.ChannelCount > MaxChannelCount:
		return fmt.Errorf("%w: ChannelCount %d not in [1, %d]", ErrConfig, c.ChannelCount, MaxChannelCount)
	case c.MaximumPacketSize < 1:
		return fmt.Errorf("%w: MaximumPacketSize %d", ErrConfig, c.MaximumPacketSize)
	case c.MaximumWaitingData < c.MaximumPacketSize:
		return fmt.Errorf("%w: MaximumWaitingData %d below MaximumPacketSize", ErrConfig, c.MaximumWaitingData)
	case c.DuplicatePeers < 1:
		return fmt.Errorf("%w: DuplicatePeers %d", ErrConfig, c.DuplicatePeers)
	case c.Door && c.Seal != nil && c.Seal.Identity == nil:
		return fmt.Errorf("%w: a sealed server needs an identity", ErrConfig)
	case c.Door && c.PeerCount > DoorMaxPeers:
		return fmt.Errorf("%w: PeerCount %d above %d behind a door", ErrConfig, c.PeerCount, DoorMaxPeers)
	}
	return nil
}

// Host is one ENet endpoint: a UDP socket and its peers. Use it from one
// goroutine at a time.
type Host struct {
	ptr   *C.ENetHost
	event *C.ENetEvent // C memory, so passing it to enet_host_service costs no allocation
	peers []*Peer      // Go handles by incomingPeerID
	buf   []byte       // received packet bytes, valid until the next Service

	// ENet's traffic counters are 32-bit and wrap; they are folded into
	// these and reset after every Service.
	sentBytes, recvBytes     uint64
	sentPackets, recvPackets uint64

	// droppedN and droppedB receive DroppedIncoming's counts: fields of
	// the host, so the pointers C writes through are not a new heap
	// allocation on every call.
	droppedN, droppedB C.uint64_t

	nonce uint32 // the knocks' (Knock), picked at the first

	sealed  *sealHost // nil for a plain host
	version uint32    // HostConfig.Version
}

// NewHost creates a host. A nil addr makes a client host that binds no fixed
// port; otherwise the host listens on addr (port 0 picks a free one).
func NewHost(addr *Address, cfg HostConfig) (*Host, error) {
	if err := Initialize(); err != nil {
		return nil, err
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	var cp *C.ENetAddress
	if addr != nil {
		ca := addr.toC()
		cp = &ca
	}
	ptr := createHost(cp, cfg)
	if ptr == nil {
		if addr != nil {
			return nil, fmt.Errorf("%w on %s", ErrCreateHost, addr)
		}
		return nil, ErrCreateHost
	}
	ptr.maximumPacketSize = C.size_t(cfg.MaximumPacketSize)
	ptr.maximumWaitingData = C.size_t(cfg.MaximumWaitingData)
	ptr.duplicatePeers = C.size_t(cfg.DuplicatePeers)
	if cfg.Compress && C.enet_host_compress_with_range_coder(ptr) != 0 {
		C.enet_host_destroy(ptr)
		return nil, fmt.Errorf("%w: the range coder could not be set up", ErrCreateHost)
	}
	h := &Host{
		ptr:     ptr,
		event:   (*C.ENetEvent)(C.calloc(1, C.sizeof_ENetEvent)),
		peers:   make([]*Peer, cfg.PeerCount),
		version: cfg.Version,
	}
	if cfg.IncomingRateLimit > 0 {
		if err := h.limitIncoming(cfg.IncomingRateLimit, max(cfg.IncomingBurst, cfg.IncomingRateLimit)); err != nil {
			h.Destroy()
			return nil, fmt.Errorf("%w: too many rate-limited hosts", err)
		}
	}
	if cfg.Door {
		if err := h.openDoor(); err != nil {
			h.Destroy()
			return nil, err
		}
	}
	if cfg.Seal != nil {
		if err := h.seal(*cfg.Seal); err != nil {
			h.Destroy()
			return nil, err
		}
	}
	return h, nil
}

// createHost is enet_host_create with its socket closed on exec. ENet
// makes the socket without SOCK_CLOEXEC, so every program the game starts
// (the clipboard's tool, which lives on in the background holding the
// clipboard) would inherit it and keep the port bound after the game
// quits. The fork lock, which os/exec takes to start a program, is held
// from the socket's making until the flag is set, so no program started
// on another goroutine meanwhile gets it either.
func createHost(addr *C.ENetAddress, cfg HostConfig) *C.ENetHost {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	ptr := C.enet_host_create(addr, C.size_t(cfg.PeerCount), C.size_t(cfg.ChannelCount),
		C.enet_uint32(cfg.IncomingBandwidth), C.enet_uint32(cfg.OutgoingBandwidth))
	if ptr != nil {
		syscall.CloseOnExec(int(ptr.socket))
	}
	return ptr
}

// Destroy closes the socket and frees the host. Peers are dropped without
// a word to the other side, which will time out. Destroy is idempotent.
func (h *Host) Destroy() {
	if h.ptr == nil {
		return
	}
	h.unseal()
	h.forgetLimits()
	h.foldCounters()
	for i, p := range h.peers {
		if p != nil {
			p.gone = true
			h.peers[i] = nil
		}
	}
	C.enet_host_destroy(h.ptr)
	C.free(unsafe.Pointer(h.event))
	h.ptr, h.event = nil, nil
}

// Address returns the address the host is bound to, with the port the
// system picked when 0 was asked for.
func (h *Host) Address() Address {
	if h.ptr == nil {
		return Address{}
	}
	return fromC(h.ptr.address)
}

// Connect starts connecting to addr. data travels with the request and shows
// up as Event.Data in the server's Connect event. The returned Peer reports
// Connect once the handshake completes, or Disconnect if it fails.
func (h *Host) Connect(addr Address, channelCount int, data uint32) (*Peer, error) {
	if h.ptr == nil {
		return nil, ErrHostDestroyed
	}
	if channelCount < 1 || channelCount > MaxChannelCount {
		return nil, fmt.Errorf("%w: channelCount %d", ErrConfig, channelCount)
	}
	ca := addr.toC()
	cp := C.enet_host_connect(h.ptr, &ca, C.size_t(channelCount), C.enet_uint32(data))
	if cp == nil {
		return nil, ErrNoPeerSlot
	}
	return h.adopt(cp), nil
}

// Flush sends every queued command now instead of at the next Service.
func (h *Host) Flush() {
	if h.ptr != nil {
		C.enet_host_flush(h.ptr)
	}
}

// TotalSentBytes is the UDP payload the host has sent, ENet headers included.
func (h *Host) TotalSentBytes() uint64 { h.foldCounters(); return h.sentBytes }

// TotalReceivedBytes is the UDP payload the host has received.
func (h *Host) TotalReceivedBytes() uint64 { h.foldCounters(); return h.recvBytes }

// TotalSentPackets counts UDP datagrams sent.
func (h *Host) TotalSentPackets() uint64 { h.foldCounters(); return h.sentPackets }

// TotalReceivedPackets counts UDP datagrams received.
func (h *Host) TotalReceivedPackets() uint64 { h.foldCounters(); return h.recvPackets }

func (h *Host) foldCounters() {
	if h.ptr == nil {
		return
	}
	h.sentBytes += uint64(h.ptr.totalSentData)
	h.recvBytes += uint64(h.ptr.totalReceivedData)
	h.sentPackets += uint64(h.ptr.totalSentPackets)
	h.recvPackets += uint64(h.ptr.totalReceivedPackets)
	h.ptr.totalSentData, h.ptr.totalReceivedData = 0, 0
	h.ptr.totalSentPackets, h.ptr.totalReceivedPackets = 0, 0
}

// adopt returns the Go handle for a C peer, creating one when the slot is
// empty or holds a handle of an earlier connection.
func (h *Host) adopt(cp *C.ENetPeer) *Peer {
	slot := int(cp.incomingPeerID)
	if slot >= len(h.peers) {
		return nil // cannot happen for a peer of this host; refuse rather than panic
	}
	if p := h.peers[slot]; p != nil && p.ptr == cp && p.connectID == uint32(cp.connectID) && !p.gone {
		return p
	}
	if old := h.peers[slot]; old != nil {
		old.gone = true
	}
	p := &Peer{host: h, ptr: cp, connectID: uint32(cp.connectID)}
	h.peers[slot] = p
	return p
}

// release forgets a peer whose connection ended.
func (h *Host) release(p *Peer) {
	p.gone = true
	slot := int(p.ptr.incomingPeerID)
	if slot < len(h.peers) && h.peers[slot] == p {
		h.peers[slot] = nil
	}
}

// socketFD is the host's UDP socket's descriptor (tests).
func (h *Host) socketFD() int { return int(h.ptr.socket) }
