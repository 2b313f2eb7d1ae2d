package transport

import (
	"net"
	"sync"
	"sync/atomic"
	"time"

	"duskfall/net/enet"
)

const (
	serviceWaitMs   = 1                     // longest the loop sleeps in ENet before looking at the outbox
	serviceBurst    = 256                   // events drained per loop turn before sends get a look in
	statsInterval   = 50 * time.Millisecond // how often RTT and loss are copied out
	serviceErrPause = time.Millisecond      // back-off after a socket error, so the loop cannot spin
	// closeLinger bounds how long close keeps servicing the host so every
	// peer acknowledges a graceful disconnect. ENet's one-shot
	// DisconnectNow is unreliable: on a lossy path the other side would
	// only notice after its peer timeout, up to 30 s.
	closeLinger = time.Second
)

type opKind uint8

const (
	opSend opKind = iota
	opDisconnect
	opDisconnectLater
	opPingEvery
)

// op is one request from the game to the service goroutine.
type op struct {
	kind  opKind
	peer  PeerID
	ch    uint8
	buf   []byte
	every time.Duration // opPingEvery's interval
}

// endpoint is the machinery ENetServer and ENetClient share: one goroutine
// owns the host; everything else talks to it through mu-guarded queues.
type endpoint struct {
	host      *enet.Host
	timeoutMs uint32
	maxPacket int
	maxQueued int                // per peer between polls; 0 for no bound
	maxIn     int                // longest packet handed over; 0 for no bound (Config.MaxIncoming)
	halfOpen  uint32             // ms a half-open handshake is kept; 0 for ENet's own timeout
	flags     []enet.PacketFlags // the channel table, one entry per channel
	assignID  func() PeerID

	// Owned by the service goroutine.
	byPeer    map[*enet.Peer]PeerID
	byID      map[PeerID]*enet.Peer
	addrOf    map[*enet.Peer]enet.Address // a connected peer's, whose session ends with it
	leaving   map[*enet.Peer]bool         // peers already told to disconnect
	work      []op
	lastStats time.Time
	door      *knock    // a client still at the server's door; nil once through
	rotateAt  time.Time // a server's next door secret; zero for none

	mu     sync.Mutex
	in     inbox
	out    []op
	pool   bufPool
	stats  map[PeerID]*PeerStats // connected peers only
	wire   WireStats
	held   int // while > 0 the service goroutine leaves the outbox alone
	closed bool

	stopping atomic.Bool
	done     chan struct{}
	once     sync.Once
}

func newEndpoint(host *enet.Host, cfg Config, assignID func() PeerID) *endpoint {
	return &endpoint{
		host:      host,
		timeoutMs: uint32(cfg.Timeout / time.Millisecond),
		maxPacket: cfg.MaxPacketSize,
		maxQueued: max(cfg.MaxQueuedPerPeer, 0),
		maxIn:     max(cfg.MaxIncoming, 0),
		halfOpen:  uint32(max(cfg.HalfOpenTimeout, 0) / time.Millisecond),
		flags:     channelFlags(cfg),
		assignID:  assignID,
		byPeer:    make(map[*enet.Peer]PeerID),
		byID:      make(map[PeerID]*enet.Peer),
		addrOf:    make(map[*enet.Peer]enet.Address),
		leaving:   make(map[*enet.Peer]bool),
		stats:     make(map[PeerID]*PeerStats),
		done:      make(chan struct{}),
	}
}

// track registers a peer before the loop starts (the client's one peer).
func (e *endpoint) track(p *enet.Peer, id PeerID) {
	e.byPeer[p] = id
	e.byID[id] = p
	e.applyTimeout(p)
}

// openThrottle keeps ENet from throttling the connection's unreliable
// packets, on both ends (ENet tells the other). ENet's throttle drops a
// share of them at the sender whenever a round trip comes back longer than
// the last by twice its variance, which jitter and retransmissions on a
// lossy path do again and again: at 20 % loss and 150 ms it went to
// nothing for seconds at a time, and a playing client heard no snapshot
// for 5 s. What the game sends unreliably is a few KB/s of snapshots and
// inputs that the next ones replace; there is no bulk to back off from.
func openThrottle(p *enet.Peer) {
	p.ConfigureThrottle(throttleIntervalMs, enet.ThrottleScale, 0)
}

// throttleIntervalMs is ENet's default interval; with no deceleration
// the throttle only ever rises, to full at the first interval.
const throttleIntervalMs = 5000

// applyTimeout sets a connected peer's timeout: the configured one, or
// ENet's own (zeros) in place of the short one its handshake had.
func (e *endpoint) applyTimeout(p *enet.Peer) {
	p.SetTimeout(0, e.timeoutMs, e.timeoutMs)
}

func (e *endpoint) start() { go e.run() }

func (e *endpoint) run() {
	defer close(e.done)
	for !e.stopping.Load() {
		e.flushOutbox()
		e.knock()
		e.service()
		e.host.CapResends()
		if e.halfOpen > 0 {
			e.host.ExpireHandshakes(e.halfOpen)
		}
		e.host.SealSweep()
		e.refreshStats()
		e.refreshWire()
	}
	e.shutdown()
}

// flushOutbox hands the queued requests to ENet.
func (e *endpoint) flushOutbox() {
	e.mu.Lock()
	if e.held > 0 {
		e.mu.Unlock()
		return
	}
	e.work, e.out = e.out, e.work[:0]
	e.mu.Unlock()
	if len(e.work) == 0 {
		return
	}
	for _, o := range e.work {
		p := e.byID[o.peer]
		if p == nil {
			if o.kind != opSend && e.door != nil && o.peer == ServerPeer {
				e.leaveDoor() // a dial given up while still at the door
			}
			continue
		}
		switch o.kind {
		case opSend:
			// A refusal means the peer is going away; its disconnect event
			// is on the way, so the packet is simply dropped.
			_ = p.SendBytes(o.buf, o.ch, e.flags[o.ch])
		case opDisconnect:
			p.Disconnect(0)
			e.leaving[p] = true
		case opDisconnectLater:
			p.DisconnectLater(0)
			e.leaving[p] = true
		case opPingEvery:
			p.SetPingInterval(o.every)
		}
		if !p.Alive() {
			// ENet dropped a connection still being set up without an
			// event; report it so every dial ends in EventDisconnect.
			e.forget(p, 0)
		}
	}
	e.mu.Lock()
	for i := range e.work {
		if e.work[i].buf != nil {
			e.pool.put(e.work[i].buf)
		}
		e.work[i] = op{}
	}
	e.mu.Unlock()
}

// service waits briefly for traffic, then drains what arrived.
func (e *endpoint) service() {
	wait := uint32(serviceWaitMs)
	for range serviceBurst {
		if ev := e.serviceOne(wait); ev.Type == enet.EventNone {
			return
		}
		wait = 0
	}
}

func (e *endpoint) handle(ev enet.Event) {
	switch ev.Type {
	case enet.EventConnect:
		e.door = nil // through: the cookie need not be sent again
		id, known := e.byPeer[ev.Peer]
		if !known {
			id = e.assignID()
			e.track(ev.Peer, id)
		}
		openThrottle(ev.Peer)
		e.addrOf[ev.Peer] = ev.Peer.Address()
		e.host.SealConnected(ev.Peer.Address()) // its session lasts as long as the connection
		e.mu.Lock()
		e.stats[id] = &PeerStats{heard: time.Now()}
		ip := ev.Peer.Address().IP()
		from := net.IP(ip[:]).String()
		e.in.push(Event{Kind: EventConnect, Peer: id, ConnectData: ev.Data, From: from, Channels: ev.Peer.ChannelCount()}, nil, &e.pool)
		e.mu.Unlock()
	case enet.EventDisconnect:
		e.forget(ev.Peer, ev.Data)
	case enet.EventReceive:
		id, known := e.byPeer[ev.Peer]
		if !known {
			return
		}
		e.mu.Lock()
		st := e.stats[id]
		if st != nil {
			st.heard = time.Now()
		}
		switch {
		case st == nil:
		case e.maxQueued > 0 && st.queued >= e.maxQueued:
			e.wire.QueueDropped++
			e.wire.QueueDroppedBytes += uint64(len(ev.Packet))
			if st.overflow == 0 {
				e.in.push(Event{Kind: EventOverflow, Peer: id}, nil, &e.pool)
				st.overflow = len(e.in.pending)
			}
			e.in.pending[st.overflow-1].Dropped++
		default:
			st.BytesIn += uint64(len(ev.Packet))
			st.queued++
			if e.maxIn > 0 && len(ev.Packet) > e.maxIn {
				e.in.push(Event{Kind: EventOversized, Peer: id, Channel: ev.ChannelID, Size: len(ev.Packet)}, nil, &e.pool)
			} else {
				e.in.push(Event{Kind: EventReceive, Peer: id, Channel: ev.ChannelID}, ev.Packet, &e.pool)
			}
		}
		e.mu.Unlock()
	}
}

// forget drops an ended connection and reports it.
func (e *endpoint) forget(p *enet.Peer, data uint32) {
	id, known := e.byPeer[p]
	if !known {
		return
	}
	e.door = nil
	delete(e.byPeer, p)
	delete(e.byID, id)
	delete(e.leaving, p)
	if a, ok := e.addrOf[p]; ok {
		// The connection is over: so is its session, at once, whether it
		// ended in a goodbye, a kick or a timeout (docs/NETCODE.md,
		// "Sealed sessions").
		delete(e.addrOf, p)
		e.host.SealRelease(a)
	}
	e.mu.Lock()
	delete(e.stats, id)
	e.in.push(Event{Kind: EventDisconnect, Peer: id, ConnectData: data}, nil, &e.pool)
	e.mu.Unlock()
}

// refreshStats copies ENet's RTT and loss out of C memory, which only this
// goroutine may read, and notes an acknowledgement heard since the last
// look (the only sign of life of a peer that sends nothing itself).
func (e *endpoint) refreshStats() {
	now := time.Now()
	if now.Sub(e.lastStats) < statsInterval {
		return
	}
	e.lastStats = now
	e.mu.Lock()
	for id, p := range e.byID {
		if st := e.stats[id]; st != nil {
			st.RTT, st.Loss, st.Resend = p.RTT(), p.PacketLoss(), p.LongestResend()
			if a := p.AckedAt(); a != st.acked {
				st.acked, st.heard = a, now
			}
		}
	}
	e.mu.Unlock()
}

// refreshWire copies the host's datagram counters out of C memory.
func (e *endpoint) refreshWire() {
	w := WireStats{
		BytesSent: e.host.TotalSentBytes(), BytesReceived: e.host.TotalReceivedBytes(),
		PacketsSent: e.host.TotalSentPackets(), PacketsReceived: e.host.TotalReceivedPackets(),
	}
	w.SourceDropped, w.SourceDroppedBytes = e.host.DroppedIncoming()
	if !e.rotateAt.IsZero() {
		d := e.host.DoorStats()
		w.DoorDropped, w.DoorKnocks, w.DoorProven, w.DoorRefused = d.Dropped, d.Knocks, d.Proven, d.Refused+d.Malformed
	}
	sl := e.host.SealStats()
	w.SealSessions, w.SealForged, w.SealReplayed, w.SealUnsealed = sl.Sessions, sl.Forged, sl.Replayed, sl.Unsealed
	w.SealUnconnected, w.SealEvicted, w.SealExpired, w.SealBusy, w.SealEnded = sl.Unconnected, sl.Evicted, sl.Expired, sl.Busy, sl.Ended
	e.mu.Lock()
	w.QueueDropped, w.QueueDroppedBytes = e.wire.QueueDropped, e.wire.QueueDroppedBytes // counted here, not by ENet
	e.wire = w
	e.mu.Unlock()
}

func (e *endpoint) wireStats() WireStats {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.wire
}

// shutdown says goodbye to every peer the reliable way and keeps servicing
// the host until each one acknowledged or closeLinger passed; only then
// does it drop the rest with DisconnectNow and free the host. Requests
// queued before close (a last disconnect, a refusal) go out first.
func (e *endpoint) shutdown() {
	e.mu.Lock()
	e.held = 0 // nobody will release a hold once the transport is closed
	e.mu.Unlock()
	e.flushOutbox()
	for _, p := range e.byID {
		e.sayGoodbye(p)
	}
	e.linger(time.Now().Add(closeLinger))
	for _, p := range e.byID {
		p.DisconnectNow(0)
	}
	e.host.Flush()
	e.host.Destroy()
	e.mu.Lock()
	e.out = nil
	clear(e.stats)
	e.mu.Unlock()
}

// sayGoodbye starts a graceful disconnect, unless one is already under way:
// disconnecting again would discard a refusal queued by DisconnectLater.
func (e *endpoint) sayGoodbye(p *enet.Peer) {
	if e.leaving[p] {
		return
	}
	p.Disconnect(0)
	e.leaving[p] = true
	if !p.Alive() {
		e.forget(p, 0) // a connection still being set up ends at once
	}
}

// linger services the host until every peer's disconnect is acknowledged
// or the deadline passes. A peer that connects meanwhile is sent away too.
func (e *endpoint) linger(deadline time.Time) {
	for len(e.byID) > 0 && time.Now().Before(deadline) {
		if ev := e.serviceOne(serviceWaitMs); ev.Type == enet.EventConnect {
			e.sayGoodbye(ev.Peer)
		}
	}
}

// serviceOne waits up to wait ms for one event and handles it. It returns
// the event, of type EventNone when nothing came; after a socket error it
// pauses first, so no loop around it can spin.
func (e *endpoint) serviceOne(wait uint32) enet.Event {
	ev, err := e.host.Service(wait)
	if err != nil {
		time.Sleep(serviceErrPause)
		return enet.Event{}
	}
	if ev.Type != enet.EventNone {
		e.handle(ev)
	}
	return ev
}

// poll swaps out the inbox.
func (e *endpoint) poll(dst []Event) []Event {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return dst
	}
	batch := e.in.swap(&e.pool)
	for _, st := range e.stats {
		st.queued, st.overflow = 0, 0
	}
	e.mu.Unlock()
	return append(dst, batch...)
}

// hold keeps the sends that follow together until release, so ENet puts
// everything a tick sends a peer into as few datagrams as it can, every
// tick the same way.
func (e *endpoint) hold() {
	e.mu.Lock()
	e.held++
	e.mu.Unlock()
}

func (e *endpoint) release() {
	e.mu.Lock()
	if e.held > 0 {
		e.held--
	}
	e.mu.Unlock()
}

// send queues a copy of data for the service goroutine.
func (e *endpoint) send(id PeerID, ch uint8, data []byte) {
	if int(ch) >= len(e.flags) || len(data) > e.maxPacket {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	st := e.stats[id]
	if e.closed || st == nil {
		return
	}
	st.BytesOut += uint64(len(data))
	e.out = append(e.out, op{kind: opSend, peer: id, ch: ch, buf: e.pool.copyOf(data)})
}

func (e *endpoint) disconnect(id PeerID, later bool) {
	kind := opDisconnect
	if later {
		kind = opDisconnectLater
	}
	e.mu.Lock()
	if !e.closed {
		e.out = append(e.out, op{kind: kind, peer: id})
	}
	e.mu.Unlock()
}

// pingEvery sets how long ENet lets the peer go unacknowledged before
// pinging it; 0 is ENet's default.
func (e *endpoint) pingEvery(id PeerID, every time.Duration) {
	e.mu.Lock()
	if !e.closed {
		e.out = append(e.out, op{kind: opPingEvery, peer: id, every: every})
	}
	e.mu.Unlock()
}

func (e *endpoint) peerStats(id PeerID) PeerStats {
	e.mu.Lock()
	defer e.mu.Unlock()
	if st := e.stats[id]; st != nil {
		out := *st
		out.Quiet = time.Since(st.heard)
		return out
	}
	return PeerStats{}
}

// close stops the service goroutine and waits for it to free the host,
// which takes up to closeLinger while peers acknowledge the goodbye.
func (e *endpoint) close() error {
	e.once.Do(func() {
		e.mu.Lock()
		e.closed = true
		e.mu.Unlock()
		e.stopping.Store(true)
		<-e.done
	})
	return nil
}
