package transport

import (
	"sync/atomic"
	"time"
)

// PeerID names one connection for the life of the process; IDs are never
// reused. On the client side the server is always ServerPeer.
type PeerID uint32

// Well-known peer IDs. ENet connections are numbered from 2 up.
const (
	ServerPeer PeerID = 0 // the server, as the client sees it
	LocalPeer  PeerID = 1 // the listen server's own player
)

var lastPeerID atomic.Uint32

func init() { lastPeerID.Store(uint32(LocalPeer)) }

// newPeerID hands out the next unused ENet peer ID, process-wide, so that
// several listeners can be merged without clashes.
func newPeerID() PeerID { return PeerID(lastPeerID.Add(1)) }

// EventKind says what an Event reports. The zero value is not a valid kind.
type EventKind uint8

// Event kinds.
const (
	EventConnect EventKind = iota + 1
	EventDisconnect
	EventReceive
	// EventOverflow (server side) says that packets of Peer were dropped
	// because it already had Config.MaxQueuedPerPeer waiting: Dropped
	// says how many since the last Poll. At most one per peer per Poll,
	// after the peer's receives that were kept.
	EventOverflow
	// EventOversized (server side) is a packet of Peer longer than
	// Config.MaxIncoming, dropped unread: Size says how long it was.
	EventOversized
)

var eventKindNames = [...]string{EventConnect: "connect", EventDisconnect: "disconnect", EventReceive: "receive",
	EventOverflow: "overflow", EventOversized: "oversized"}

func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return "invalid"
}

// Event is one thing that happened on a connection.
type Event struct {
	Kind    EventKind
	Peer    PeerID // always ServerPeer on the client side
	Channel uint8  // EventReceive
	// Data is the received payload (EventReceive). The transport recycles
	// its buffer: it is valid until the next Poll call.
	Data []byte
	// ConnectData is the data the client sent with its connect request
	// (server side, EventConnect) or the data sent with a disconnect
	// (EventDisconnect).
	ConnectData uint32
	// From is the connecting peer's IP address, without the port
	// (EventConnect, server side): limits per source address use it.
	From string
	// Channels is how many channels the connection has (EventConnect,
	// server side): fewer than the caller's channel table when the peer
	// asked for fewer, and a message on a missing channel never arrives.
	Channels int
	// Dropped is how many of the peer's packets were dropped (EventOverflow).
	Dropped int
	// Size is the length of a packet dropped unread (EventOversized).
	Size int
	// Reason says why a dial ended before it connected, in words
	// (EventDisconnect, client side): the server's identity was not the
	// one expected, say. Empty when it simply got no answer.
	Reason string
	// ServerVersion is the protocol version a server's door answered the
	// dial's knock with, refusing the one it announced (EventDisconnect,
	// client side); 0 otherwise.
	ServerVersion uint32
	// Busy is how long a server's door asked the dial to wait, having no
	// room for its session (EventDisconnect, client side): the dial may
	// be tried again after it. Reason says so in words. 0 otherwise.
	Busy time.Duration
}

// PeerStats describe one connection. The byte counts are payload bytes the
// transport handed over or delivered, without protocol headers.
type PeerStats struct {
	RTT      time.Duration // smoothed round-trip time
	Loss     float64       // mean loss of reliable packets, 0 to 1
	BytesIn  uint64
	BytesOut uint64
	// Quiet is how long ago anything was last heard from the peer: a
	// packet, or ENet's acknowledgement of one sent to it. Zero on the
	// in-process link, which cannot go quiet.
	Quiet time.Duration
	// Resend is the longest retransmission timeout among the reliable
	// packets in flight to the peer (0 when none is): at most about two
	// round trips, never ENet's doubling without end (enet.Host.CapResends).
	Resend time.Duration

	heard time.Time // when Quiet was last zero (ENet peers)
	acked uint32    // the peer's enet AckedAt when last looked at

	queued   int // receives waiting for the next poll
	overflow int // 1 + the index in the pending batch of this poll's EventOverflow; 0 for none
}

// Server is the server side of the transport. Poll and Send never block.
// Use one goroutine to call Poll; Send, Disconnect and Stats may come from
// the same or another goroutine.
type Server interface {
	// Poll appends every event since the last call to dst.
	Poll(dst []Event) []Event
	// Send queues a copy of data for peer on channel. Unknown peers,
	// channels past the channel table and oversized packets are ignored.
	Send(peer PeerID, channel uint8, data []byte)
	// Disconnect ends a connection. With later, packets already queued are
	// delivered first (a refusal's reason, say). An EventDisconnect follows.
	Disconnect(peer PeerID, later bool)
	// Stats describe a connected peer; the zero value for unknown peers.
	Stats(peer PeerID) PeerStats
	// Addr is the bound address, like "127.0.0.1:7777".
	Addr() string
	// Close says goodbye to every connection, waits a bounded time for the
	// peers to acknowledge, and releases the socket.
	Close() error
}

// Client is the client side of the transport: one connection to a server.
type Client interface {
	// Poll appends every event since the last call to dst; Peer is always
	// ServerPeer. A failed connect shows up as EventDisconnect.
	Poll(dst []Event) []Event
	// Send queues a copy of data on channel. Before EventConnect, and after
	// the connection ended, it is ignored.
	Send(channel uint8, data []byte)
	// Disconnect ends the connection gracefully; EventDisconnect follows.
	Disconnect()
	Stats() PeerStats
	// Close ends the connection gracefully, waiting a bounded time for the
	// server to acknowledge, and releases the socket. It may block for
	// about a second: never call it from a frame.
	Close() error
}

// WireStats counts UDP datagrams and their payload bytes (ENet's protocol
// headers included, UDP/IP headers not) for a whole host.
type WireStats struct {
	BytesSent, BytesReceived     uint64
	PacketsSent, PacketsReceived uint64
	// Datagrams (and their bytes) dropped over a source's budget
	// (Config.SourceRate) before ENet read them.
	SourceDropped, SourceDroppedBytes uint64
	// Packets (and their bytes) dropped because their peer already had
	// Config.MaxQueuedPerPeer waiting for the next Poll.
	QueueDropped, QueueDroppedBytes uint64
	// The server's door: CONNECTs dropped from sources that proved
	// nothing, knocks answered, proofs taken, and proofs or door datagrams
	// refused (a stale or forged cookie, a wrong length).
	DoorDropped, DoorKnocks, DoorProven, DoorRefused uint64
	// Sealing (net/seal): sessions held, datagrams dropped because they
	// failed authentication (forged) or came again (replayed), and
	// datagrams ENet sent with no session to seal them in (dropped,
	// never sent in clear).
	SealSessions                           int
	SealForged, SealReplayed, SealUnsealed uint64
	// Of the sessions, those whose source has not connected (yet); and
	// such sessions evicted to make room, forgotten unconnected after
	// enet.SealUnconnectedMs, and proofs answered "busy" (no room, and
	// nothing old enough to evict).
	SealUnconnected                               int
	SealEvicted, SealExpired, SealBusy, SealEnded uint64
}

// Batcher is a Server that can hold its sends and let them go together. A
// server holds for the length of a tick, so a peer's events and snapshot
// share a datagram instead of racing the network goroutine into two.
type Batcher interface {
	Hold()
	Release()
}
