package enet

/*
#include "intercept.h"
*/
import "C"

// limitIncoming gives every remote address and port a budget of rate
// bytes a second, burst at once, of datagrams this host reads; the rest is
// dropped before ENet looks at it.
func (h *Host) limitIncoming(rate, burst int) error {
	if C.dk_limit(h.ptr, C.double(rate), C.double(burst)) != 0 {
		return ErrConfig
	}
	return nil
}

// forgetLimits releases the host's budgets (Destroy calls it).
func (h *Host) forgetLimits() { C.dk_forget(h.ptr) }

// ExpireHandshakes gives every connection this host has answered but not
// yet heard back from (a handshake half open) a timeout of ms
// milliseconds. Call it often: connections that arrived since the last
// call get theirs then.
func (h *Host) ExpireHandshakes(ms uint32) { C.dk_expire_handshakes(h.ptr, C.enet_uint32(ms)) }

// DroppedIncoming reports the datagrams, and their bytes, dropped over a
// source's budget (HostConfig.IncomingRateLimit).
func (h *Host) DroppedIncoming() (datagrams, bytes uint64) {
	C.dk_dropped(h.ptr, &h.droppedN, &h.droppedB)
	return uint64(h.droppedN), uint64(h.droppedB)
}
