package netsim

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"
)

const (
	maxDatagram = 64 << 10 // a UDP payload never exceeds this
	maxSessions = 1024     // client addresses served at once; more are refused
)

// ProxyStats are the core's counters plus the proxy's own.
type ProxyStats struct {
	Stats
	Sessions uint64 // client addresses seen
	Refused  uint64 // packets from new clients beyond the session limit
}

// Proxy forwards UDP between clients and a target through a Sim, in both
// directions.
type Proxy struct {
	conn   *net.UDPConn // faces the clients
	target *net.UDPAddr
	start  time.Time

	mu       sync.Mutex
	sim      *Sim[datagram]
	sessions map[netip.AddrPort]*session
	refused  uint64

	wake    chan struct{}
	closing chan struct{}
	once    sync.Once
	wg      sync.WaitGroup
}

// session is one client address and its own socket towards the target.
type session struct {
	client netip.AddrPort
	up     *net.UDPConn
}

// datagram is a packet on its way; down means target → client.
type datagram struct {
	data []byte
	s    *session
	down bool
}

// Start listens on listen ("host:port") and forwards to target.
func Start(listen, target string, cfg Config) (*Proxy, error) {
	sim, err := NewSim[datagram](cfg)
	if err != nil {
		return nil, err
	}
	taddr, err := net.ResolveUDPAddr("udp", target)
	if err != nil {
		return nil, fmt.Errorf("netsim: target %q: %w", target, err)
	}
	laddr, err := net.ResolveUDPAddr("udp", listen)
	if err != nil {
		return nil, fmt.Errorf("netsim: listen %q: %w", listen, err)
	}
	conn, err := net.ListenUDP("udp", laddr)
	if err != nil {
		return nil, fmt.Errorf("netsim: %w", err)
	}
	p := &Proxy{
		conn:     conn,
		target:   taddr,
		start:    time.Now(),
		sim:      sim,
		sessions: make(map[netip.AddrPort]*session),
		wake:     make(chan struct{}, 1),
		closing:  make(chan struct{}),
	}
	p.wg.Add(2)
	go p.readClients()
	go p.deliver()
	return p, nil
}

// Addr is the address clients should send to.
func (p *Proxy) Addr() string { return p.conn.LocalAddr().String() }

// Stats returns the counters so far.
func (p *Proxy) Stats() ProxyStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return ProxyStats{Stats: p.sim.Stats(), Sessions: uint64(len(p.sessions)), Refused: p.refused}
}

// Close stops forwarding and closes every socket. Packets still scheduled
// are dropped. It is idempotent.
func (p *Proxy) Close() error {
	p.once.Do(func() {
		close(p.closing)
		p.conn.Close()
		p.mu.Lock()
		for _, s := range p.sessions {
			s.up.Close()
		}
		p.mu.Unlock()
		p.wg.Wait()
	})
	return nil
}

func (p *Proxy) now() time.Duration { return time.Since(p.start) }

// readClients reads what clients send and offers it to the core.
func (p *Proxy) readClients() {
	defer p.wg.Done()
	buf := make([]byte, maxDatagram)
	for {
		n, from, err := p.conn.ReadFromUDPAddrPort(buf)
		if err != nil {
			if p.closed() {
				return
			}
			continue // a transient error on one datagram must not stop the proxy
		}
		s := p.sessionFor(from)
		if s == nil {
			continue
		}
		p.offer(datagram{data: clone(buf[:n]), s: s})
	}
}

// readTarget reads what the target answers one client.
func (p *Proxy) readTarget(s *session) {
	defer p.wg.Done()
	buf := make([]byte, maxDatagram)
	for {
		n, err := s.up.Read(buf)
		if err != nil {
			if p.closed() || errors.Is(err, net.ErrClosed) {
				return
			}
			continue // e.g. ICMP port unreachable while the target restarts
		}
		p.offer(datagram{data: clone(buf[:n]), s: s, down: true})
	}
}

// sessionFor finds or opens the upstream socket of a client address.
func (p *Proxy) sessionFor(from netip.AddrPort) *session {
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.sessions[from]; s != nil {
		return s
	}
	if len(p.sessions) >= maxSessions || p.closed() {
		p.refused++
		return nil
	}
	up, err := net.DialUDP("udp", nil, p.target)
	if err != nil {
		p.refused++
		return nil
	}
	s := &session{client: from, up: up}
	p.sessions[from] = s
	p.wg.Add(1)
	go p.readTarget(s)
	return s
}

// offer hands a packet to the core and wakes the scheduler.
func (p *Proxy) offer(d datagram) {
	p.mu.Lock()
	p.sim.Push(p.now(), d)
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// deliver sleeps until the next delivery is due and writes it out.
func (p *Proxy) deliver() {
	defer p.wg.Done()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	var due []datagram
	for {
		p.mu.Lock()
		now := p.now()
		due = p.sim.Pop(now, due[:0])
		next, pending := p.sim.Next()
		p.mu.Unlock()
		for i, d := range due {
			p.write(d)
			due[i] = datagram{}
		}
		wait := time.Hour
		if pending {
			wait = next - now
		}
		timer.Reset(wait)
		select {
		case <-timer.C:
		case <-p.wake:
		case <-p.closing:
			return
		}
	}
}

func (p *Proxy) write(d datagram) {
	// Write errors are a lost packet, which is what this tool simulates anyway.
	if d.down {
		_, _ = p.conn.WriteToUDPAddrPort(d.data, d.s.client)
	} else {
		_, _ = d.s.up.Write(d.data)
	}
}

func (p *Proxy) closed() bool {
	select {
	case <-p.closing:
		return true
	default:
		return false
	}
}

func clone(b []byte) []byte { return append([]byte(nil), b...) }
