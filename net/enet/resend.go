package enet

/*
#include <enet/enet.h>
#include <enet/time.h>

// ENet resends a reliable command when it goes unacknowledged for its
// retransmission timeout, and doubles that timeout each time, without a
// ceiling: at 20 % loss each way a command lost three times running waits
// 0.5 + 1 + 2 + 4 s, and everything behind it on its channel waits too.
// dk_cap_resends holds every connected peer's timeouts at a ceiling of
// twice its round trip plus four variances (never under floorMs): a lost
// command goes again within a round trip or two, as long as the path is.
// The peer's next timeout check is moved up to match.
static enet_uint32 dk_resend_ceiling(const ENetPeer *p, enet_uint32 floorMs) {
	enet_uint32 c = 2 * p->roundTripTime + 4 * p->roundTripTimeVariance;
	return c < floorMs ? floorMs : c;
}

static void dk_cap_list(ENetList *list, enet_uint32 ceiling) {
	ENetListIterator it;
	for (it = enet_list_begin(list); it != enet_list_end(list); it = enet_list_next(it)) {
		ENetOutgoingCommand *c = (ENetOutgoingCommand *) it;
		if (c->roundTripTimeout > ceiling) c->roundTripTimeout = ceiling;
	}
}

static void dk_cap_resends(ENetHost *host, enet_uint32 floorMs) {
	for (size_t i = 0; i < host->peerCount; i++) {
		ENetPeer *p = &host->peers[i];
		if (p->state != ENET_PEER_STATE_CONNECTED && p->state != ENET_PEER_STATE_DISCONNECT_LATER) continue;
		enet_uint32 ceiling = dk_resend_ceiling(p, floorMs);
		dk_cap_list(&p->sentReliableCommands, ceiling);
		dk_cap_list(&p->outgoingCommands, ceiling); // those waiting to be resent
		ENetListIterator it;
		for (it = enet_list_begin(&p->sentReliableCommands); it != enet_list_end(&p->sentReliableCommands); it = enet_list_next(it)) {
			ENetOutgoingCommand *c = (ENetOutgoingCommand *) it;
			enet_uint32 due = c->sentTime + c->roundTripTimeout;
			if (ENET_TIME_LESS(due, p->nextTimeout)) p->nextTimeout = due;
		}
	}
}

static enet_uint32 dk_longest_resend(const ENetPeer *p) {
	enet_uint32 longest = 0;
	ENetListIterator it;
	for (it = enet_list_begin((ENetList *) &p->sentReliableCommands); it != enet_list_end((ENetList *) &p->sentReliableCommands); it = enet_list_next(it)) {
		const ENetOutgoingCommand *c = (const ENetOutgoingCommand *) it;
		if (c->roundTripTimeout > longest) longest = c->roundTripTimeout;
	}
	return longest;
}
*/
import "C"

import "time"

// ResendFloor is the least a capped retransmission timeout can be: on
// loopback a round trip is a millisecond, and resending every few
// milliseconds would only add copies.
const ResendFloor = 100 * time.Millisecond

// CapResends holds the retransmission timeout of every connected peer's
// reliable commands at twice its round trip plus four variances (at
// least ResendFloor), where ENet would double it without end. Call it
// after every Service: ENet doubles a timeout as it resends.
//
// ENet's own give-up by resend count (a timeout grown to 32 times its
// first value) then never comes; a peer is dropped only once data has
// gone unacknowledged for its maximum timeout (Peer.SetTimeout).
func (h *Host) CapResends() {
	if h.ptr != nil {
		C.dk_cap_resends(h.ptr, C.enet_uint32(ResendFloor/time.Millisecond))
	}
}

// LongestResend is the longest retransmission timeout among the peer's
// reliable commands in flight; 0 when none is.
func (p *Peer) LongestResend() time.Duration {
	cp, err := p.usable()
	if err != nil {
		return 0
	}
	return time.Duration(C.dk_longest_resend(cp)) * time.Millisecond
}
