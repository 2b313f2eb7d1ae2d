package enet

/*
#include "intercept.h"
*/
import "C"

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"duskfall/net/seal"
)

// Sealing: every datagram between a sealed host and its peers is sealed
// (net/seal). A server's door answers a proof with the session's hello; a
// client's proof carries its key and its knock ends in a session before it
// connects. The intercept opens what arrives and libenet's socket send,
// replaced in intercept.c, seals what leaves; both call the functions
// below. A datagram that does not open is dropped and counted, and one
// with no session to seal it in is dropped, never sent in clear.

// SealConfig makes a host sealed (HostConfig.Seal).
type SealConfig struct {
	// Identity signs a server's hellos; a server (Door) must have one.
	Identity *seal.Identity
	// Verify checks the identity a server shows (a client); nil takes any.
	// Its error ends the dial in the words it has (SealErr).
	Verify func(ed25519.PublicKey) error
	// PerAddress bounds the sessions one IP address may hold (a server).
	PerAddress int
}

// SealStats counts what sealing dropped and holds.
type SealStats struct {
	Sessions    int    // sessions held
	Unconnected int    // of them, sessions whose source has not connected (yet)
	Forged      uint64 // datagrams that failed authentication
	Replayed    uint64 // datagrams seen before or older than the window
	Unsealed    uint64 // datagrams ENet sent with no session to seal them in
	Refused     uint64 // proofs refused: another key for a live session, or a bad key
	Busy        uint64 // proofs answered "busy": no room, and nothing old enough to evict
	Evicted     uint64 // sessions that never connected, evicted to make room
	Expired     uint64 // sessions that never connected, forgotten after SealUnconnectedMs
	Ended       uint64 // sessions ended with their connection
}

type sealHost struct {
	mu     sync.Mutex
	cfg    SealConfig
	peers  map[sealAddr]*sealPeer
	perIP  map[uint32]int // sessions per address, connected or not
	unconn unconnected    // a server's sessions that never connected (sessions.go)
	client *seal.Client
	err    error // why the client's handshake was refused
	swept  uint32
	// sweptIdle is when connected sessions were last checked for idleness.
	sweptIdle uint32
	stats     SealStats
}

var sealHosts struct {
	sync.RWMutex
	m map[C.int]*sealHost
}

// ErrSealed is a sealed host's handshake that failed for want of a
// session slot or a key.
var ErrSealed = errors.New("enet: sealed handshake failed")

// seal makes the host sealed.
func (h *Host) seal(cfg SealConfig) error {
	if C.dk_seal(h.ptr) != 0 {
		return fmt.Errorf("%w: too many sealed hosts", ErrConfig)
	}
	sh := &sealHost{cfg: cfg, peers: map[sealAddr]*sealPeer{}, perIP: map[uint32]int{},
		unconn: unconnected{perIP: map[uint32]int{}, perNet: map[uint32]int{}}}
	if sh.cfg.PerAddress <= 0 {
		sh.cfg.PerAddress = 64
	}
	sealHosts.Lock()
	if sealHosts.m == nil {
		sealHosts.m = map[C.int]*sealHost{}
	}
	sealHosts.m[C.int(h.ptr.socket)] = sh
	sealHosts.Unlock()
	h.sealed = sh
	return nil
}

// unseal forgets the host's sessions (Destroy, before the socket closes).
func (h *Host) unseal() {
	if h.sealed == nil {
		return
	}
	sealHosts.Lock()
	delete(sealHosts.m, C.int(h.ptr.socket))
	sealHosts.Unlock()
	h.sealed = nil
}

func sealHostOf(fd C.int) *sealHost {
	sealHosts.RLock()
	sh := sealHosts.m[fd]
	sealHosts.RUnlock()
	return sh
}

// SealStats reports the host's sealing counters; zero for a plain host.
func (h *Host) SealStats() SealStats {
	sh := h.sealed
	if sh == nil {
		return SealStats{}
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	s := sh.stats
	s.Sessions, s.Unconnected = len(sh.peers), sh.unconn.n
	return s
}

// SealConnected marks the session of a peer ENet has connected as that
// connection's: from now on it lasts as long as the connection does, and
// no longer counts as one that never connected.
func (h *Host) SealConnected(a Address) {
	if sh := h.sealed; sh != nil {
		sh.mu.Lock()
		sh.connected(sealAddrOf(a))
		sh.mu.Unlock()
	}
}

// SealRelease ends the session of a connection that ended, however it
// ended (when it was the last of the connections a host opened from that
// socket): nothing more will be sealed or opened for it, and the
// address's budget has its place back at once.
func (h *Host) SealRelease(a Address) {
	sh := h.sealed
	if sh == nil {
		return
	}
	sh.mu.Lock()
	sh.released(sealAddrOf(a))
	sh.mu.Unlock()
}

// SealSweep forgets the sessions that never connected in time, and connected
// ones long unused; a server calls it often (it does the work at most every
// 250 ms), since proofs, which sweep too, may stop coming.
func (h *Host) SealSweep() {
	sh := h.sealed
	if sh == nil || h.ptr == nil {
		return
	}
	now := uint32(C.enet_time_get())
	sh.mu.Lock()
	sh.sweep(now)
	sh.mu.Unlock()
}

func sealAddrOf(a Address) sealAddr {
	ca := a.toC()
	return sealAddr{uint32(ca.host), uint16(ca.port)}
}

// SealState says whether a client host's handshake with to has ended in a
// session (true), is still under way (false, nil), or was refused (its
// error, in words).
func (h *Host) SealState(to Address) (bool, error) {
	sh := h.sealed
	if sh == nil {
		return true, nil
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.err != nil {
		return false, sh.err
	}
	ca := to.toC()
	_, ok := sh.peers[sealAddr{uint32(ca.host), uint16(ca.port)}]
	return ok, nil
}

// clientKey is a client host's handshake key, made at the first proof.
func (h *Host) clientKey() ([seal.KeyLen]byte, error) {
	sh := h.sealed
	if sh == nil {
		return [seal.KeyLen]byte{}, nil
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.client == nil {
		c, err := seal.NewClient(rand.Reader)
		if err != nil {
			return [seal.KeyLen]byte{}, fmt.Errorf("%w: %v", ErrSealed, err)
		}
		sh.client = c
	}
	return sh.client.Key(), nil
}

func cBytes(p *C.uint8_t, n C.size_t) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n))
}

//export dkSealOut
func dkSealOut(fd C.int, ip C.enet_uint32, port C.enet_uint16, buf *C.uint8_t, n, capacity C.size_t) C.int {
	sh := sealHostOf(fd)
	if sh == nil {
		return -1
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	p := sh.peers[sealAddr{uint32(ip), uint16(port)}]
	if p == nil {
		sh.stats.Unsealed++
		return -1
	}
	m, err := p.s.SealInPlace(cBytes(buf, capacity), int(n))
	if err != nil {
		sh.stats.Unsealed++
		return -1
	}
	return C.int(m)
}

// dkSealIn opens a datagram in place. One that does not open is counted
// forged, unless it is shaped like the door's (door != 0): the door then
// reads it, and counts it if it is not the door's either.
//
//export dkSealIn
func dkSealIn(fd C.int, ip C.enet_uint32, port C.enet_uint16, buf *C.uint8_t, n C.size_t, now C.enet_uint32, door C.int) C.int {
	sh := sealHostOf(fd)
	if sh == nil {
		return C.DK_SEAL_NO_SESSION
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	p := sh.peers[sealAddr{uint32(ip), uint16(port)}]
	if p == nil {
		return C.DK_SEAL_NO_SESSION
	}
	m, err := p.s.OpenInPlace(cBytes(buf, n))
	switch {
	case err == nil:
		p.last = uint32(now)
		return C.int(m)
	case errors.Is(err, seal.ErrReplayed):
		sh.stats.Replayed++
	case door == 0:
		sh.stats.Forged++
	}
	return C.DK_SEAL_REFUSED
}

// dkSealAccept answers a proof: the session's hello (its length), or
// nothing (-1), or, when the server has no room for it, 0 with how long
// the client should wait in *retry.
//
//export dkSealAccept
func dkSealAccept(fd C.int, ip C.enet_uint32, port C.enet_uint16, proof *C.uint8_t, n C.size_t, reply *C.uint8_t, capacity C.size_t, now C.enet_uint32, retry *C.uint32_t) C.int {
	sh := sealHostOf(fd)
	if sh == nil || sh.cfg.Identity == nil || capacity < seal.HelloLen {
		return -1
	}
	cookie, key, err := seal.ParseProof(cBytes(proof, n))
	if err != nil {
		return -1
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	p, wait, err := sh.accept(sealAddr{uint32(ip), uint16(port)}, cookie, key, uint32(now))
	switch {
	case errors.Is(err, ErrBusy):
		*retry = C.uint32_t(wait)
		return 0
	case err != nil:
		return -1
	}
	copy(cBytes(reply, capacity), p.hello[:])
	return seal.HelloLen
}

// dkSealHello takes a server's hello on a client. A hello again for a
// proof sent again leaves the session as it is; a different one, signed
// for this dial, means the server made a new session for it (it forgot
// the first, which never connected) and replaces it until ENet connects.
//
//export dkSealHello
func dkSealHello(fd C.int, ip C.enet_uint32, port C.enet_uint16, hello *C.uint8_t, n C.size_t, cookie *C.uint8_t) {
	sh := sealHostOf(fd)
	if sh == nil {
		return
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	a := sealAddr{uint32(ip), uint16(port)}
	if sh.client == nil || sh.err != nil {
		return
	}
	if p := sh.peers[a]; p != nil && (p.connected || bytes.Equal(p.hello[:], cBytes(hello, n))) {
		return // a hello again, for a proof sent again: the session stands
	}
	var ck [seal.CookieLen]byte
	copy(ck[:], cBytes(cookie, seal.CookieLen))
	s, _, err := sh.client.Finish(cBytes(hello, n), ck, sh.cfg.Verify)
	switch {
	case errors.Is(err, seal.ErrBadHello), errors.Is(err, seal.ErrMalformed):
		sh.stats.Forged++ // not the server's: wait for the real hello
	case err != nil:
		sh.err = err
	default:
		p := &sealPeer{s: s, addr: a}
		copy(p.hello[:], cBytes(hello, n))
		sh.peers[a] = p
	}
}
