package enet

import (
	"crypto/rand"
	"encoding/binary"
	"errors"

	"duskfall/net/seal"
)

// A server's sessions (docs/NETCODE.md, "Sealed sessions"). A proof makes
// a session; the session is connected once ENet has taken its source's
// connection (SealConnected), and it ends with that connection
// (SealRelease): a clean disconnect, a timeout, a kick. A session that
// never connects is the one thing a source that receives at its address
// can make the server hold without holding a connection, so it is bounded
// in time, and its count per address, per network and in all; when one of
// those is full, the oldest that never connected makes room, and only
// when every one in the way is still young is the proof answered "busy".
const (
	// SealMaxSessions bounds every session a server holds.
	SealMaxSessions = 4096
	// SealIdleMs forgets a connected session unused this long: its
	// connection's end should have released it, and this is the backstop.
	SealIdleMs = 60_000
	// SealUnconnectedMs forgets a session whose source has neither
	// connected nor proved again for this long. A client proves every
	// 250 ms (transport.KnockEvery) until its ENet has connected, and the
	// server's ENet forgets a handshake it answered and never heard back
	// on after 2 s (transport.DefaultHalfOpenTimeout): 3 s after its last
	// proof, a session can no longer become a connection.
	SealUnconnectedMs = 3_000
	// SealMaxUnconnected bounds the sessions that never connected, in all.
	SealMaxUnconnected = 1024
	// SealUnconnectedPerAddress bounds them per IP address: eight games
	// starting at one instant behind one router (the server's own limit
	// of joins in flight per address is four).
	SealUnconnectedPerAddress = 8
	// SealUnconnectedPerNetwork bounds them per /24: a few households, or
	// a carrier's NAT pool, behind one network. ENet 1.3 speaks IPv4
	// only; over IPv6 the network would be the /48 a provider hands one
	// customer, since a customer holds 65,536 /64s.
	SealUnconnectedPerNetwork = 32
	// SealYoungMs is how long a session that has not connected yet is
	// kept from eviction: an honest client's connect takes a round trip or
	// two after its proof, and a table whose newest entries were evicted
	// as soon as they were made would let nobody in.
	SealYoungMs = 1_000
	// SealBusyMs is the wait a busy answer asks for when nothing in the
	// way can ever be evicted (every session there is connected).
	SealBusyMs = 5_000

	sealSweepEveryMs  = 250
	sealIdleEveryMs   = 5_000
	sealReplaceIdleMs = 5_000 // a new proof replaces an address's session quiet this long
)

// ErrBusy is a proof the server had no room for; the client is told how
// long to wait.
var ErrBusy = errors.New("enet: the server's door is busy")

type sealAddr struct {
	ip   uint32 // as ENet holds it: the address's bytes in network order
	port uint16
}

// network is the /24 the address belongs to.
func (a sealAddr) network() uint32 {
	var b [4]byte
	binary.NativeEndian.PutUint32(b[:], a.ip)
	return uint32(b[0])<<16 | uint32(b[1])<<8 | uint32(b[2])
}

// local says whether the address is the machine's own (127.0.0.1): its
// bots, its tests, a relay on it. The rest of 127.0.0.0/8 stands for other
// machines in tests, as in the server's account budget.
func (a sealAddr) local() bool {
	var b [4]byte
	binary.NativeEndian.PutUint32(b[:], a.ip)
	return b == [4]byte{127, 0, 0, 1}
}

type sealPeer struct {
	s         *seal.Session
	hello     [seal.HelloLen]byte
	key       [seal.KeyLen]byte
	addr      sealAddr
	last      uint32 // ms, enet_time_get, when it last opened a datagram
	made      uint32 // ms, when its proof made it
	proved    uint32 // ms, the last proof for it
	connected bool
	conns     int // its connections: a host may open several from one socket
	// The sessions that never connected, oldest first.
	prev, next *sealPeer
}

// unconnected is the list of sessions that never connected, oldest made
// first, with their counts per address and per network.
type unconnected struct {
	head, tail *sealPeer
	n          int
	perIP      map[uint32]int
	perNet     map[uint32]int
}

func (u *unconnected) push(p *sealPeer) {
	p.prev, p.next = u.tail, nil
	if u.tail != nil {
		u.tail.next = p
	} else {
		u.head = p
	}
	u.tail = p
	u.n++
	u.perIP[p.addr.ip]++
	u.perNet[p.addr.network()]++
}

func (u *unconnected) remove(p *sealPeer) {
	if p.prev != nil {
		p.prev.next = p.next
	} else {
		u.head = p.next
	}
	if p.next != nil {
		p.next.prev = p.prev
	} else {
		u.tail = p.prev
	}
	p.prev, p.next = nil, nil
	u.n--
	decrement(u.perIP, p.addr.ip)
	decrement(u.perNet, p.addr.network())
}

func decrement(m map[uint32]int, k uint32) {
	if m[k]--; m[k] <= 0 {
		delete(m, k)
	}
}

// oldest is the oldest session that never connected and matches; nil for
// none.
func (u *unconnected) oldest(match func(*sealPeer) bool) *sealPeer {
	for p := u.head; p != nil; p = p.next {
		if match(p) {
			return p
		}
	}
	return nil
}

// accept finds or makes the session of a proven source. A proof it has no
// room for is answered with how long to wait (ErrBusy). sh.mu held.
func (sh *sealHost) accept(a sealAddr, cookie [seal.CookieLen]byte, key [seal.KeyLen]byte, now uint32) (*sealPeer, uint32, error) {
	sh.sweep(now)
	if p := sh.peers[a]; p != nil {
		if p.key == key {
			// The proof again: its hello was lost, or ENet has not
			// connected yet and the client proves while it waits.
			p.proved = now
			return p, 0, nil
		}
		if now-p.last < sealReplaceIdleMs {
			sh.stats.Refused++
			return nil, 0, ErrSealed
		}
		sh.drop(p)
	}
	if wait, ok := sh.makeRoom(a, now); !ok {
		sh.stats.Busy++
		return nil, wait, ErrBusy
	}
	acc, err := seal.Accept(*sh.cfg.Identity, cookie, key, rand.Reader)
	if err != nil {
		sh.stats.Refused++
		return nil, 0, err
	}
	p := &sealPeer{s: acc.Session, hello: acc.Hello, key: key, addr: a, last: now, made: now, proved: now}
	sh.peers[a] = p
	sh.perIP[a.ip]++
	sh.unconn.push(p)
	return p, 0, nil
}

// makeRoom evicts what stands in the way of a new session from a: the
// oldest session that never connected, in all, in a's network or from a
// itself, whichever bound is full. It reports false, and how long to wait,
// when what is in the way is too young to evict or connected.
func (sh *sealHost) makeRoom(a sealAddr, now uint32) (uint32, bool) {
	u := &sh.unconn
	net := a.network()
	for {
		var match func(*sealPeer) bool
		switch {
		case len(sh.peers) >= SealMaxSessions, u.n >= SealMaxUnconnected:
			match = func(*sealPeer) bool { return true }
		case a.local():
			return 0, true
		case u.perNet[net] >= SealUnconnectedPerNetwork:
			match = func(p *sealPeer) bool { return p.addr.network() == net }
		case u.perIP[a.ip] >= SealUnconnectedPerAddress, sh.perIP[a.ip] >= sh.cfg.PerAddress:
			match = func(p *sealPeer) bool { return p.addr.ip == a.ip }
		default:
			return 0, true
		}
		p := u.oldest(match)
		switch {
		case p == nil:
			return SealBusyMs, false
		case now-p.made < SealYoungMs:
			return SealYoungMs - (now - p.made), false
		}
		sh.stats.Evicted++
		sh.drop(p)
	}
}

// connected marks a's session as its connection's: it is no longer
// bounded as one that never connected. sh.mu held.
func (sh *sealHost) connected(a sealAddr) {
	p := sh.peers[a]
	if p == nil {
		return
	}
	p.conns++
	if p.connected {
		return
	}
	p.connected = true
	if sh.cfg.Identity != nil { // a server's: a client keeps no list
		sh.unconn.remove(p)
	}
}

// released ends a's session when the last of its connections has ended.
// sh.mu held.
func (sh *sealHost) released(a sealAddr) {
	p := sh.peers[a]
	if p == nil {
		return
	}
	if p.conns--; p.conns > 0 {
		return
	}
	sh.stats.Ended++
	sh.drop(p)
}

// sweep forgets sessions that never connected and were not proved for
// SealUnconnectedMs, and connected ones unused for SealIdleMs. sh.mu held.
func (sh *sealHost) sweep(now uint32) {
	if now-sh.swept < sealSweepEveryMs {
		return
	}
	sh.swept = now
	for p := sh.unconn.head; p != nil; {
		next := p.next
		if now-p.proved > SealUnconnectedMs {
			sh.stats.Expired++
			sh.drop(p)
		}
		p = next
	}
	if now-sh.sweptIdle < sealIdleEveryMs {
		return
	}
	sh.sweptIdle = now
	for _, p := range sh.peers {
		if p.connected && now-p.last > SealIdleMs {
			sh.drop(p)
		}
	}
}

// drop forgets a session. sh.mu held.
func (sh *sealHost) drop(p *sealPeer) {
	if sh.peers[p.addr] != p {
		return
	}
	delete(sh.peers, p.addr)
	decrement(sh.perIP, p.addr.ip)
	if !p.connected && sh.cfg.Identity != nil {
		sh.unconn.remove(p)
	}
}
