package enet

/*
#include <enet/enet.h>
*/
import "C"

import (
	"time"
	"unsafe"
)

// PacketFlags choose how a packet is delivered. The zero value is
// unreliable and sequenced: late packets are dropped, the newest wins.
type PacketFlags uint32

// Packet flags. ENet's NO_ALLOCATE is deliberately not offered: it would
// let C keep a pointer into Go memory.
const (
	Reliable           PacketFlags = C.ENET_PACKET_FLAG_RELIABLE
	Unsequenced        PacketFlags = C.ENET_PACKET_FLAG_UNSEQUENCED
	UnreliableFragment PacketFlags = C.ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT

	allowedFlags = Reliable | Unsequenced | UnreliableFragment
)

// Peer is a handle on one connection of a Host.
type Peer struct {
	host      *Host
	ptr       *C.ENetPeer
	connectID uint32
	gone      bool // the connection ended; ptr may already serve another one
}

// usable returns the C peer if the handle still names a live connection.
func (p *Peer) usable() (*C.ENetPeer, error) {
	if p == nil || p.host == nil || p.host.ptr == nil {
		return nil, ErrHostDestroyed
	}
	if p.gone || uint32(p.ptr.connectID) != p.connectID {
		return nil, ErrPeerGone
	}
	return p.ptr, nil
}

// ConnectID identifies this connection; ENet picks it at random per connect.
func (p *Peer) ConnectID() uint32 { return p.connectID }

// SendBytes queues a copy of data on channel. It fails if the peer is not
// connected, the channel does not exist or data exceeds the host's
// MaximumPacketSize.
func (p *Peer) SendBytes(data []byte, channel uint8, flags PacketFlags) error {
	cp, err := p.usable()
	if err != nil {
		return err
	}
	var src unsafe.Pointer
	if len(data) > 0 {
		src = unsafe.Pointer(&data[0])
	}
	pkt := C.enet_packet_create(src, C.size_t(len(data)), C.enet_uint32(flags&allowedFlags))
	if pkt == nil {
		return ErrSend
	}
	if C.enet_peer_send(cp, C.enet_uint8(channel), pkt) < 0 {
		if pkt.referenceCount == 0 { // ENet leaves a refused packet to its creator
			C.enet_packet_destroy(pkt)
		}
		return ErrSend
	}
	return nil
}

// Disconnect asks the peer to disconnect; queued packets are discarded. A
// Disconnect event follows once the peer acknowledges or times out, except
// for a connection still being set up: ENet drops that at once, without an
// event, and the handle is no longer Alive.
func (p *Peer) Disconnect(data uint32) {
	if cp, err := p.usable(); err == nil {
		C.enet_peer_disconnect(cp, C.enet_uint32(data))
		p.retireIfReset(cp)
	}
}

// DisconnectLater disconnects once every queued packet has been sent, so a
// final message (a refusal, say) still arrives. Like Disconnect, it drops a
// connection still being set up at once.
func (p *Peer) DisconnectLater(data uint32) {
	if cp, err := p.usable(); err == nil {
		C.enet_peer_disconnect_later(cp, C.enet_uint32(data))
		p.retireIfReset(cp)
	}
}

// retireIfReset retires the handle when ENet reset the peer on the spot.
func (p *Peer) retireIfReset(cp *C.ENetPeer) {
	if cp.state == C.ENET_PEER_STATE_DISCONNECTED {
		p.host.release(p)
	}
}

// Alive reports whether the handle still names a connection: being set
// up, connected or disconnecting. It turns false after the Disconnect
// event, after DisconnectNow and when the host is destroyed.
func (p *Peer) Alive() bool {
	_, err := p.usable()
	return err == nil
}

// DisconnectNow sends one unacknowledged disconnect and drops the peer at
// once; no Disconnect event follows on this side.
func (p *Peer) DisconnectNow(data uint32) {
	if cp, err := p.usable(); err == nil {
		C.enet_peer_disconnect_now(cp, C.enet_uint32(data))
		p.host.release(p)
	}
}

// SetTimeout tunes when an unresponsive peer is dropped (enet_peer_timeout):
// once unacknowledged data is older than maxMs, or older than minMs after
// limit retransmissions. Zeros restore ENet's defaults.
func (p *Peer) SetTimeout(limit, minMs, maxMs uint32) {
	if cp, err := p.usable(); err == nil {
		C.enet_peer_timeout(cp, C.enet_uint32(limit), C.enet_uint32(minMs), C.enet_uint32(maxMs))
	}
}

// ConfigureThrottle sets how ENet's packet throttle, which drops a share
// of unreliable packets at the sender while round trips grow, moves
// (enet_peer_throttle_configure): every intervalMs it may rise by accel
// or fall by decel, of ThrottleScale. ENet tells the remote end, which
// then throttles its own sends to this peer the same way.
func (p *Peer) ConfigureThrottle(intervalMs, accel, decel uint32) {
	if cp, err := p.usable(); err == nil {
		C.enet_peer_throttle_configure(cp, C.enet_uint32(intervalMs), C.enet_uint32(accel), C.enet_uint32(decel))
	}
}

// ThrottleScale is the packet throttle's full scale: a throttle of
// ThrottleScale sends every unreliable packet.
const ThrottleScale = C.ENET_PEER_PACKET_THROTTLE_SCALE

// Address is the remote address of the peer.
func (p *Peer) Address() Address {
	if _, err := p.usable(); err != nil {
		return Address{}
	}
	return fromC(p.ptr.address)
}

// RTT is ENet's smoothed round-trip time.
func (p *Peer) RTT() time.Duration {
	cp, err := p.usable()
	if err != nil {
		return 0
	}
	return time.Duration(cp.roundTripTime) * time.Millisecond
}

// PacketLoss is ENet's mean loss of reliable packets, from 0 to 1.
func (p *Peer) PacketLoss() float64 {
	cp, err := p.usable()
	if err != nil {
		return 0
	}
	return float64(cp.packetLoss) / C.ENET_PEER_PACKET_LOSS_SCALE
}

// AckedAt is the host's service time, in ms, of the last acknowledgement
// the peer sent (0 before the first): ENet counts only acknowledgements as
// hearing from a peer, so it pings a peer that sends it nothing reliable.
// The value only ever changes when an acknowledgement arrives.
func (p *Peer) AckedAt() uint32 {
	cp, err := p.usable()
	if err != nil {
		return 0
	}
	return uint32(cp.lastReceiveTime)
}

// SetPingInterval sets how long the peer may go without acknowledging
// anything before ENet pings it; 0 restores ENet's default of 500 ms.
func (p *Peer) SetPingInterval(d time.Duration) {
	cp, err := p.usable()
	if err != nil {
		return
	}
	C.enet_peer_ping_interval(cp, C.enet_uint32(d.Milliseconds()))
}

// ChannelCount is how many channels the connection has: on a host that
// accepted it, the fewer of what the remote side asked for and the host's
// own count.
func (p *Peer) ChannelCount() int {
	cp, err := p.usable()
	if err != nil {
		return 0
	}
	return int(cp.channelCount)
}

// Connected reports whether the handshake has completed and the peer is live.
func (p *Peer) Connected() bool {
	cp, err := p.usable()
	return err == nil && cp.state == C.ENET_PEER_STATE_CONNECTED
}
