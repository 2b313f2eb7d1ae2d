package enet

/*
#include <enet/enet.h>
*/
import "C"

import "unsafe"

// EventType says what an Event reports.
type EventType int

// Event types, matching ENet's.
const (
	EventNone       EventType = C.ENET_EVENT_TYPE_NONE
	EventConnect    EventType = C.ENET_EVENT_TYPE_CONNECT
	EventDisconnect EventType = C.ENET_EVENT_TYPE_DISCONNECT
	EventReceive    EventType = C.ENET_EVENT_TYPE_RECEIVE
)

func (t EventType) String() string {
	switch t {
	case EventNone:
		return "none"
	case EventConnect:
		return "connect"
	case EventDisconnect:
		return "disconnect"
	case EventReceive:
		return "receive"
	}
	return "unknown"
}

// Event is one thing Service observed.
type Event struct {
	Type      EventType
	Peer      *Peer  // nil for EventNone
	ChannelID uint8  // EventReceive: the channel the packet came on
	Data      uint32 // EventConnect: the connect data; EventDisconnect: the disconnect data
	// Packet is the received payload (EventReceive). It aliases a buffer the
	// host reuses: it is valid until the next Service call; copy to keep it.
	Packet []byte
}

// Service sends queued commands, receives from the socket and returns the
// next event, waiting up to timeoutMs milliseconds for one. An event of type
// EventNone means nothing happened. After a Disconnect event the Peer is
// gone: its methods return ErrPeerGone.
func (h *Host) Service(timeoutMs uint32) (Event, error) {
	if h.ptr == nil {
		return Event{}, ErrHostDestroyed
	}
	rc := C.enet_host_service(h.ptr, h.event, C.enet_uint32(timeoutMs))
	if rc < 0 {
		return Event{}, ErrService
	}
	if rc == 0 {
		return Event{Type: EventNone}, nil
	}
	return h.translate(), nil
}

// translate turns the C event into a Go one, freeing the packet at once.
func (h *Host) translate() Event {
	ce := h.event
	ev := Event{Type: EventType(ce._type), ChannelID: uint8(ce.channelID), Data: uint32(ce.data)}
	switch ev.Type {
	case EventConnect:
		ev.Peer = h.adopt(ce.peer)
	case EventDisconnect:
		ev.Peer = h.closing(ce.peer)
	case EventReceive:
		ev.Peer = h.adopt(ce.peer)
		ev.Packet = h.copyPacket(ce.packet)
		ce.packet = nil
	}
	return ev
}

// closing returns the handle of a peer whose connection just ended and
// retires it. ENet has already reset the C peer (its connect ID is 0), so
// the handle is found by slot.
func (h *Host) closing(cp *C.ENetPeer) *Peer {
	slot := int(cp.incomingPeerID)
	var p *Peer
	if slot < len(h.peers) && h.peers[slot] != nil && h.peers[slot].ptr == cp {
		p = h.peers[slot]
	} else {
		p = &Peer{host: h, ptr: cp}
	}
	h.release(p)
	return p
}

// copyPacket copies the packet into the host's reusable buffer and destroys it.
func (h *Host) copyPacket(pkt *C.ENetPacket) []byte {
	if pkt == nil {
		return h.buf[:0]
	}
	n := int(pkt.dataLength)
	if cap(h.buf) < n {
		h.buf = make([]byte, n)
	}
	h.buf = h.buf[:n]
	if n > 0 {
		copy(h.buf, unsafe.Slice((*byte)(unsafe.Pointer(pkt.data)), n))
	}
	C.enet_packet_destroy(pkt)
	return h.buf
}
