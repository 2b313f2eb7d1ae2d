package enet

/*
#include "intercept.h"
*/
import "C"

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"time"
	"unsafe"
)

// The door: before ENet spends a peer slot on a CONNECT, its source must
// prove it receives at its address. It knocks (a datagram from the socket
// it will connect from), the door answers with a cookie, a MAC of the
// source's address and port under a secret that rotates, and the source
// sends the cookie back. Only then, for DoorProvenFor, does the door let a
// CONNECT from that address and port through to ENet. The door keeps no
// state for a source until it has proven itself, and answers a knock with
// a datagram shorter than the knock. Everything happens in the host's
// intercept, before ENet reads a datagram.
//
// Sizes of the door's datagrams, in bytes (layouts in intercept.c).
const (
	DoorVersionLen = C.DK_VERSION_LEN
	DoorKnockLen   = C.DK_KNOCK_LEN
	DoorCookieLen  = C.DK_COOKIE_LEN
	DoorProofLen   = C.DK_PROOF_LEN
	DoorBusyLen    = C.DK_BUSY_LEN
)

const (
	// DoorProvenFor is how long a proof lets its source connect: ENet
	// resends a CONNECT for a few seconds, and the client proves itself
	// again while it waits.
	DoorProvenFor = 10 * time.Second
	// DoorMaxPeers bounds a door host's slots: a door datagram begins "DK",
	// which read as an ENet header addresses peer 1099; a host with no such
	// peer never mistakes one of its own datagrams for the door's.
	DoorMaxPeers = 1024
)

// DoorStats counts what the door did.
type DoorStats struct {
	Dropped   uint64 // CONNECTs from sources that proved nothing, dropped
	Knocks    uint64 // knocks answered with a cookie
	Proven    uint64 // proofs accepted
	Refused   uint64 // proofs with a wrong or stale cookie
	Malformed uint64 // door datagrams of the wrong length or kind
	Versions  uint64 // knocks of another protocol version, answered with ours
}

// openDoor shuts the host's door (HostConfig.Door).
func (h *Host) openDoor() error {
	key := doorKey()
	if C.dk_door_open(h.ptr, (*C.uint8_t)(unsafe.Pointer(&key[0])), C.enet_uint32(DoorProvenFor/time.Millisecond), C.uint32_t(h.version)) != 0 {
		return fmt.Errorf("%w: too many hosts with a door or a budget", ErrConfig)
	}
	return nil
}

// RotateDoor gives the door a new secret. Cookies made under the one
// before stay good until the next rotation; older ones are refused. A
// server rotates every DoorRotateEvery.
func (h *Host) RotateDoor() error {
	if h.ptr == nil {
		return ErrHostDestroyed
	}
	key := doorKey()
	if C.dk_door_rotate(h.ptr, (*C.uint8_t)(unsafe.Pointer(&key[0]))) != 0 {
		return fmt.Errorf("%w: the host has no door", ErrConfig)
	}
	return nil
}

// DoorRotateEvery is how often a server's door takes a new secret: a
// cookie is good for 30 to 60 s.
const DoorRotateEvery = 30 * time.Second

// DoorStats reports the door's counters.
func (h *Host) DoorStats() DoorStats {
	if h.ptr == nil {
		return DoorStats{}
	}
	var c C.dk_door_counts
	C.dk_door_counts_of(h.ptr, &c)
	return DoorStats{Dropped: uint64(c.dropped), Knocks: uint64(c.knocks), Proven: uint64(c.proven),
		Refused: uint64(c.refused), Malformed: uint64(c.malformed), Versions: uint64(c.versions)}
}

// Knock sends the door at to a knock from the host's socket; the cookie
// it answers with is taken by Service. Prove sends it back.
func (h *Host) Knock(to Address) error {
	if h.ptr == nil {
		return ErrHostDestroyed
	}
	if h.nonce == 0 {
		var b [4]byte
		rand.Read(b[:])
		h.nonce = binary.BigEndian.Uint32(b[:]) | 1
	}
	ca := to.toC()
	if C.dk_knock(h.ptr, &ca, C.uint32_t(h.nonce), C.uint32_t(h.version)) != 0 {
		return fmt.Errorf("%w: knock at %s", ErrService, to)
	}
	return nil
}

// Prove sends the door at to the cookie it answered the last Knock with,
// and a sealed host's handshake key. It reports false when no cookie has
// come yet. A sealed host connects once SealState says the session is made.
func (h *Host) Prove(to Address) (bool, error) {
	if h.ptr == nil {
		return false, ErrHostDestroyed
	}
	key, err := h.clientKey()
	if err != nil {
		return false, err
	}
	ca := to.toC()
	switch C.dk_prove(h.ptr, &ca, (*C.uint8_t)(unsafe.Pointer(&key[0]))) {
	case 1:
		return true, nil
	case 0:
		return false, nil
	}
	return false, fmt.Errorf("%w: proof to %s", ErrService, to)
}

// RefusedBy is the protocol version a door answered this host's knock
// with, refusing the one the knock announced; 0 when none did.
func (h *Host) RefusedBy() uint32 {
	if h.ptr == nil {
		return 0
	}
	return uint32(C.dk_refused_by(h.ptr))
}

// BusyFor is the wait a door answered this host's proof with, having no
// room for its session ("DKBZ"); 0 when none did.
func (h *Host) BusyFor() time.Duration {
	if h.ptr == nil {
		return 0
	}
	return time.Duration(C.dk_busy_for(h.ptr)) * time.Millisecond
}

// doorMAC is the cookie the door would make for a source in an epoch;
// false when the epoch is neither the current nor the one before.
func (h *Host) doorMAC(epoch uint32, src Address) (uint64, bool) {
	ca := src.toC()
	var mac C.uint64_t
	ok := C.dk_door_mac(h.ptr, C.uint32_t(epoch), ca.host, ca.port, &mac) != 0
	return uint64(mac), ok
}

// doorEpoch is the door's current epoch.
func (h *Host) doorEpoch() uint32 {
	var e C.uint32_t
	C.dk_door_epoch(h.ptr, &e)
	return uint32(e)
}

func doorKey() [16]byte {
	var k [16]byte
	rand.Read(k[:]) // never fails (crypto/rand panics rather than return short)
	return k
}

// sipHash is the door's MAC over b under key (for tests against the
// reference's vectors).
func sipHash(key [16]byte, b []byte) uint64 {
	return uint64(C.dk_siphash24((*C.uint8_t)(unsafe.Pointer(&key[0])), (*C.uint8_t)(unsafe.Pointer(&b[0])), C.size_t(len(b))))
}
