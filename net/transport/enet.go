package transport

import (
	"crypto/rand"
	"fmt"
	"net"
	"strconv"
	"time"

	"duskfall/net/enet"
	"duskfall/net/seal"
)

// ENetServer is a Server on a real ENet host.
type ENetServer struct {
	ep       *endpoint
	addr     string
	identity seal.Identity
}

// ListenENet starts a server on addr ("host:port"; port 0 picks a free
// one, an empty host listens on every interface).
func ListenENet(addr string, cfg Config) (*ENetServer, error) {
	cfg = cfg.withDefaults()
	if cfg.MaxQueuedPerPeer == 0 {
		cfg.MaxQueuedPerPeer = DefaultMaxQueuedPerPeer
	}
	if cfg.HalfOpenTimeout == 0 {
		cfg.HalfOpenTimeout = DefaultHalfOpenTimeout
	}
	ea, err := resolve(addr)
	if err != nil {
		return nil, err
	}
	hc, err := cfg.hostConfig(cfg.MaxPeers)
	if err != nil {
		return nil, err
	}
	hc.Door = true // a CONNECT reaches ENet only from a source that proved it receives there
	if hc.Seal.Identity == nil {
		id, err := seal.NewIdentity(rand.Reader)
		if err != nil {
			return nil, fmt.Errorf("transport: listen on %s: %w", addr, err)
		}
		hc.Seal.Identity = &id
	}
	host, err := enet.NewHost(&ea, hc)
	if err != nil {
		return nil, fmt.Errorf("transport: listen on %s: %w", addr, err)
	}
	s := &ENetServer{ep: newEndpoint(host, cfg, newPeerID), addr: host.Address().String(), identity: *hc.Seal.Identity}
	s.ep.rotateAt = time.Now().Add(enet.DoorRotateEvery)
	s.ep.start()
	return s, nil
}

// Poll implements Server.
func (s *ENetServer) Poll(dst []Event) []Event { return s.ep.poll(dst) }

// Send implements Server.
func (s *ENetServer) Send(peer PeerID, channel uint8, data []byte) { s.ep.send(peer, channel, data) }

// Disconnect implements Server.
func (s *ENetServer) Disconnect(peer PeerID, later bool) { s.ep.disconnect(peer, later) }

// Stats implements Server.
func (s *ENetServer) Stats(peer PeerID) PeerStats { return s.ep.peerStats(peer) }

// Hold keeps the sends that follow together until Release (see Batcher).
func (s *ENetServer) Hold() { s.ep.hold() }

// Release lets the held sends go, together.
func (s *ENetServer) Release() { s.ep.release() }

// WireStats reports what the host's socket has carried, ENet headers
// included: the numbers to quote for bandwidth.
func (s *ENetServer) WireStats() WireStats { return s.ep.wireStats() }

// Addr implements Server.
func (s *ENetServer) Addr() string { return s.addr }

// Fingerprint names the server's identity key (net/seal): a join code
// carries it.
func (s *ENetServer) Fingerprint() string { return s.identity.Fingerprint() }

// Close disconnects every peer gracefully, waits up to a second for them to
// acknowledge, and frees the host. It is idempotent.
func (s *ENetServer) Close() error { return s.ep.close() }

// ENetClient is a Client on a real ENet host.
type ENetClient struct{ ep *endpoint }

// DialENet starts connecting to addr. It returns at once: EventConnect
// arrives through Poll when the server accepts, EventDisconnect if it does
// not answer in time. connectData reaches the server's EventConnect. A host
// name is resolved here, which may block on DNS.
//
// The server's door comes first: the client knocks from its host's socket
// every KnockEvery until the cookie comes back (for up to the Timeout, or
// DefaultKnockTimeout), sends the cookie back, and only then connects,
// sending the cookie again every KnockEvery until the server answers.
func DialENet(addr string, connectData uint32, cfg Config) (*ENetClient, error) {
	cfg = cfg.withDefaults()
	ea, err := resolve(addr)
	if err != nil {
		return nil, err
	}
	hc, err := cfg.hostConfig(1)
	if err != nil {
		return nil, err
	}
	hc.Version = connectData // the knock announces it
	var local *enet.Address
	if cfg.Bind != "" {
		la, err := enet.NewAddress(cfg.Bind, 0)
		if err != nil {
			return nil, fmt.Errorf("transport: dial %s from %s: %w", addr, cfg.Bind, err)
		}
		local = &la
	}
	host, err := enet.NewHost(local, hc)
	if err != nil {
		return nil, fmt.Errorf("transport: dial %s: %w", addr, err)
	}
	_ = host.Knock(ea) // a knock the socket refuses is one lost: the loop knocks again until the deadline
	c := &ENetClient{ep: newEndpoint(host, cfg, func() PeerID { return ServerPeer })}
	wait := cfg.Timeout
	if wait == 0 {
		wait = DefaultKnockTimeout
	}
	now := time.Now()
	c.ep.door = &knock{to: ea, channels: len(cfg.Reliable), data: connectData, next: now.Add(KnockEvery), deadline: now.Add(wait)}
	c.ep.start()
	return c, nil
}

// Poll implements Client.
func (c *ENetClient) Poll(dst []Event) []Event { return c.ep.poll(dst) }

// Send implements Client.
func (c *ENetClient) Send(channel uint8, data []byte) { c.ep.send(ServerPeer, channel, data) }

// Disconnect implements Client.
func (c *ENetClient) Disconnect() { c.ep.disconnect(ServerPeer, false) }

// Stats implements Client.
func (c *ENetClient) Stats() PeerStats { return c.ep.peerStats(ServerPeer) }

// PingEvery sets how long the connection may go without the server
// acknowledging anything before ENet pings it, 0 for ENet's 500 ms. The
// pings keep ENet's round trip fresh and prove the server is there; a
// client that learns both some other way (a playing client's snapshots
// and RoundTrip messages) can ping rarely and spare the server the
// datagrams its acknowledgements take.
func (c *ENetClient) PingEvery(d time.Duration) { c.ep.pingEvery(ServerPeer, d) }

// Close tells the server goodbye reliably, waits up to a second for the
// acknowledgement (so the server frees the player's slot now, not at its
// peer timeout), and frees the host.
func (c *ENetClient) Close() error { return c.ep.close() }

// resolve parses "host:port" into an ENet address.
func resolve(addr string) (enet.Address, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return enet.Address{}, fmt.Errorf("transport: address %q: %w", addr, err)
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil {
		return enet.Address{}, fmt.Errorf("transport: port in %q: %w", addr, err)
	}
	a, err := enet.NewAddress(host, uint16(port))
	if err != nil {
		return enet.Address{}, fmt.Errorf("transport: address %q: %w", addr, err)
	}
	return a, nil
}

// trimOver is the free C heap worth a trim: more than a burst of ordinary
// traffic leaves, less than what a flood of junk packets does.
const trimOver = 1 << 20

// ReleaseMemory hands back to the system the C heap a burst of packets left
// free (ENet allocates every packet there), once more than trimOver is
// held, and reports whether it did. A server calls it now and then, off
// its tick: trimming stalls ENet's allocations while it runs, and done
// every few seconds regardless it cost players hits they could see coming
// (docs/NETCODE.md, Memory).
func ReleaseMemory() bool {
	if enet.HeapFree() <= trimOver {
		return false
	}
	enet.TrimHeap()
	return true
}

// HeapStats is the C heap ENet allocates its packets in, for a server's
// status: bytes allocated (its peers, channels and the packets it holds)
// and bytes held free, not handed back to the system.
type HeapStats struct {
	InUse, Free uint64
}

// ReadHeap reads the C heap in one walk of its arenas. It takes the
// allocator's locks, which a tick should not wait on: call it off the tick,
// as ReleaseMemory.
func ReadHeap() HeapStats {
	inUse, free := enet.HeapCounts()
	return HeapStats{InUse: inUse, Free: free}
}

var (
	_ Server = (*ENetServer)(nil)
	_ Client = (*ENetClient)(nil)
)
