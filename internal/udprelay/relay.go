// Package udprelay is a UDP relay for tests that stands where a network
// path would: every datagram between clients and a server passes through
// it and is recorded, and a test can send any of them again, or a changed
// copy, from the client's own relayed address. It serves loopback only.
package udprelay

import (
	"errors"
	"net"
	"sync"
)

// Datagram is one recorded datagram.
type Datagram struct {
	Up   bool   // client to server
	Data []byte // a copy
}

// Relay forwards between clients that send to Addr and the server.
type Relay struct {
	conn   *net.UDPConn
	server *net.UDPAddr

	mu       sync.Mutex
	upstream map[string]*net.UDPConn // by client address
	sent     map[string]int          // datagrams each client sent
	captured []Datagram
	wg       sync.WaitGroup
	closed   bool
}

// New starts a relay on loopback to the server at addr.
func New(server string) (*Relay, error) {
	sa, err := net.ResolveUDPAddr("udp4", server)
	if err != nil {
		return nil, err
	}
	if !sa.IP.IsLoopback() {
		return nil, errors.New("udprelay: loopback servers only")
	}
	conn, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		return nil, err
	}
	r := &Relay{conn: conn, server: sa, upstream: map[string]*net.UDPConn{}, sent: map[string]int{}}
	r.wg.Add(1)
	go r.down()
	return r, nil
}

// Addr is where clients send.
func (r *Relay) Addr() string { return r.conn.LocalAddr().String() }

// Captured is every datagram relayed so far.
func (r *Relay) Captured() []Datagram {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Datagram(nil), r.captured...)
}

// SendUp sends b to the server from the relayed address of the client
// that sent the most, as if that client had sent it.
func (r *Relay) SendUp(b []byte) error {
	r.mu.Lock()
	var up *net.UDPConn
	most := 0
	for from, c := range r.upstream {
		if r.sent[from] > most {
			up, most = c, r.sent[from]
		}
	}
	r.mu.Unlock()
	if up == nil {
		return errors.New("udprelay: no client yet")
	}
	_, err := up.Write(b)
	return err
}

// Close stops relaying.
func (r *Relay) Close() {
	r.mu.Lock()
	r.closed = true
	for _, c := range r.upstream {
		c.Close()
	}
	r.mu.Unlock()
	r.conn.Close()
	r.wg.Wait()
}

func (r *Relay) record(up bool, b []byte) {
	r.mu.Lock()
	r.captured = append(r.captured, Datagram{Up: up, Data: append([]byte(nil), b...)})
	r.mu.Unlock()
}

// down reads what clients send and forwards it upstream.
func (r *Relay) down() {
	defer r.wg.Done()
	buf := make([]byte, 65536)
	for {
		n, from, err := r.conn.ReadFromUDP(buf)
		if err != nil {
			return
		}
		up, err := r.upstreamFor(from)
		if err != nil {
			continue
		}
		r.record(true, buf[:n])
		r.mu.Lock()
		r.sent[from.String()]++
		r.mu.Unlock()
		_, _ = up.Write(buf[:n])
	}
}

// upstreamFor is the client's own socket to the server, made at its
// first datagram, with a reader that sends the answers back.
func (r *Relay) upstreamFor(client *net.UDPAddr) (*net.UDPConn, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c := r.upstream[client.String()]; c != nil || r.closed {
		if c == nil {
			return nil, net.ErrClosed
		}
		return c, nil
	}
	c, err := net.DialUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)}, r.server)
	if err != nil {
		return nil, err
	}
	r.upstream[client.String()] = c
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		buf := make([]byte, 65536)
		for {
			n, err := c.Read(buf)
			if errors.Is(err, net.ErrClosed) {
				return
			}
			if err != nil {
				continue // a refused port (ICMP) is not the end
			}
			r.record(false, buf[:n])
			_, _ = r.conn.WriteToUDP(buf[:n], client)
		}
	}()
	return c, nil
}
