package transport

import "sync"

// localLink is the shared state of an in-memory pair. Delivery is
// immediate: a Send lands in the other side's inbox before it returns.
type localLink struct {
	mu           sync.Mutex
	channels     int // channels 0..channels-1 exist; others are ignored, as ENet ignores them
	pool         bufPool
	toServer     inbox
	toClient     inbox
	connected    bool
	serverClosed bool
	clientClosed bool
	serverStats  PeerStats // the server's view of LocalPeer
	clientStats  PeerStats // the client's view of the server
}

// LocalServer is the server end of an in-memory pair. Its one peer is
// LocalPeer.
type LocalServer struct{ l *localLink }

// LocalClient is the client end of an in-memory pair.
type LocalClient struct{ l *localLink }

// NewLocal returns a connected in-memory pair. The server's first event is
// EventConnect for LocalPeer carrying connectData, exactly as an ENet peer
// would arrive; the client's first event is EventConnect too. channels is
// the length of the protocol's channel table: every channel of the pair is
// delivered reliably and in order, so only the count matters here.
func NewLocal(connectData uint32, channels int) (*LocalServer, *LocalClient) {
	l := &localLink{connected: true, channels: channels}
	l.toServer.push(Event{Kind: EventConnect, Peer: LocalPeer, ConnectData: connectData, Channels: channels}, nil, &l.pool)
	l.toClient.push(Event{Kind: EventConnect, Peer: ServerPeer}, nil, &l.pool)
	return &LocalServer{l}, &LocalClient{l}
}

// deliver copies data into q as a receive from peer and counts it.
func (l *localLink) deliver(q *inbox, from, to *PeerStats, peer PeerID, ch uint8, data []byte) {
	if int(ch) >= l.channels {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.connected {
		return
	}
	q.push(Event{Kind: EventReceive, Peer: peer, Channel: ch}, data, &l.pool)
	from.BytesOut += uint64(len(data))
	to.BytesIn += uint64(len(data))
}

// hangUp ends the connection once, telling both sides.
func (l *localLink) hangUp() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.connected {
		return
	}
	l.connected = false
	l.toServer.push(Event{Kind: EventDisconnect, Peer: LocalPeer}, nil, &l.pool)
	l.toClient.push(Event{Kind: EventDisconnect, Peer: ServerPeer}, nil, &l.pool)
}

func (l *localLink) poll(q *inbox, closed *bool, dst []Event) []Event {
	l.mu.Lock()
	if *closed {
		l.mu.Unlock()
		return dst
	}
	batch := q.swap(&l.pool)
	l.mu.Unlock()
	return append(dst, batch...)
}

func (l *localLink) stats(st *PeerStats) PeerStats {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.connected {
		return PeerStats{}
	}
	return *st
}

func (l *localLink) close(closed *bool) {
	l.hangUp()
	l.mu.Lock()
	*closed = true
	l.mu.Unlock()
}

// Poll implements Server.
func (s *LocalServer) Poll(dst []Event) []Event {
	return s.l.poll(&s.l.toServer, &s.l.serverClosed, dst)
}

// Send implements Server.
func (s *LocalServer) Send(peer PeerID, channel uint8, data []byte) {
	if peer == LocalPeer {
		s.l.deliver(&s.l.toClient, &s.l.serverStats, &s.l.clientStats, ServerPeer, channel, data)
	}
}

// Disconnect implements Server. Nothing is ever queued in memory, so later
// makes no difference: everything sent has already arrived.
func (s *LocalServer) Disconnect(peer PeerID, later bool) {
	if peer == LocalPeer {
		s.l.hangUp()
	}
}

// Stats implements Server; RTT and loss are zero in memory.
func (s *LocalServer) Stats(peer PeerID) PeerStats {
	if peer != LocalPeer {
		return PeerStats{}
	}
	return s.l.stats(&s.l.serverStats)
}

// Addr implements Server.
func (s *LocalServer) Addr() string { return "local" }

// Close disconnects the local player; the client sees EventDisconnect.
func (s *LocalServer) Close() error {
	s.l.close(&s.l.serverClosed)
	return nil
}

// Poll implements Client.
func (c *LocalClient) Poll(dst []Event) []Event {
	return c.l.poll(&c.l.toClient, &c.l.clientClosed, dst)
}

// Send implements Client.
func (c *LocalClient) Send(channel uint8, data []byte) {
	c.l.deliver(&c.l.toServer, &c.l.clientStats, &c.l.serverStats, LocalPeer, channel, data)
}

// Disconnect implements Client.
func (c *LocalClient) Disconnect() { c.l.hangUp() }

// Stats implements Client.
func (c *LocalClient) Stats() PeerStats { return c.l.stats(&c.l.clientStats) }

// Close disconnects; the server sees EventDisconnect for LocalPeer.
func (c *LocalClient) Close() error {
	c.l.close(&c.l.clientClosed)
	return nil
}

var (
	_ Server = (*LocalServer)(nil)
	_ Client = (*LocalClient)(nil)
)
