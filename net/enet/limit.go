package enet

/*
#include <stdint.h>
#include <pthread.h>
#include <enet/enet.h>

// A per-source byte budget, checked on every datagram a host receives
// before ENet decompresses or parses it (ENet's intercept callback). A
// source is a remote address and port; each host has its own budgets.
// Datagrams over budget are dropped here, for the price of a table lookup:
// a peer firing megabytes at the host costs the players nothing.

#define DK_SLOTS 4096
#define DK_HOSTS 256

typedef struct {
	ENetHost *host;
	enet_uint32 ip;
	enet_uint16 port;
	enet_uint32 last;   // ms
	double tokens;      // bytes
} dk_slot;

typedef struct {
	ENetHost *host;
	double rate, burst; // bytes/s, bytes
	uint64_t dropped, droppedBytes;
} dk_host;

static dk_slot dk_slots[DK_SLOTS];
static dk_host dk_hosts[DK_HOSTS];
static pthread_mutex_t dk_mu = PTHREAD_MUTEX_INITIALIZER;

static dk_host *dk_find(ENetHost *host) {
	for (int i = 0; i < DK_HOSTS; i++) {
		if (dk_hosts[i].host == host) return &dk_hosts[i];
	}
	return NULL;
}

static int ENET_CALLBACK dk_intercept(ENetHost *host, ENetEvent *event) {
	(void)event;
	int drop = 0;
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h != NULL) {
		enet_uint32 ip = host->receivedAddress.host;
		enet_uint16 port = host->receivedAddress.port;
		uintptr_t key = ((uintptr_t)host >> 4) ^ ((uintptr_t)ip * 2654435761u) ^ ((uintptr_t)port * 40503u);
		dk_slot *s = &dk_slots[key % DK_SLOTS];
		enet_uint32 now = enet_time_get();
		if (s->host != host || s->ip != ip || s->port != port) {
			s->host = host; s->ip = ip; s->port = port; s->last = now; s->tokens = h->burst;
		}
		s->tokens += (double)(enet_uint32)(now - s->last) * h->rate / 1000.0;
		if (s->tokens > h->burst) s->tokens = h->burst;
		s->last = now;
		if (s->tokens < (double)host->receivedDataLength) {
			drop = 1;
			h->dropped++;
			h->droppedBytes += host->receivedDataLength;
		} else {
			s->tokens -= (double)host->receivedDataLength;
		}
	}
	pthread_mutex_unlock(&dk_mu);
	return drop;
}

static int dk_limit(ENetHost *host, double rate, double burst) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h == NULL) h = dk_find(NULL);
	if (h == NULL) { pthread_mutex_unlock(&dk_mu); return -1; }
	h->host = host; h->rate = rate; h->burst = burst; h->dropped = 0; h->droppedBytes = 0;
	host->intercept = dk_intercept;
	pthread_mutex_unlock(&dk_mu);
	return 0;
}

static void dk_forget(ENetHost *host) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h != NULL) h->host = NULL;
	for (int i = 0; i < DK_SLOTS; i++) {
		if (dk_slots[i].host == host) dk_slots[i].host = NULL;
	}
	pthread_mutex_unlock(&dk_mu);
}

// Half-open handshakes: a peer that sent CONNECT and never acknowledged
// the reply holds a slot, and counts against its address's duplicate
// peers, until ENet's default timeout (up to 30 s). Since the sender needs
// no reply, a few forged datagrams could lock an address or a server out.
// dk_expire_handshakes gives each such peer a timeout of ms.
static void dk_expire_handshakes(ENetHost *host, enet_uint32 ms) {
	for (size_t i = 0; i < host->peerCount; i++) {
		ENetPeer *p = &host->peers[i];
		if (p->state == ENET_PEER_STATE_ACKNOWLEDGING_CONNECT && p->timeoutMaximum != ms) {
			enet_peer_timeout(p, 0, ms, ms);
		}
	}
}

static void dk_dropped(ENetHost *host, uint64_t *n, uint64_t *bytes) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	*n = h ? h->dropped : 0;
	*bytes = h ? h->droppedBytes : 0;
	pthread_mutex_unlock(&dk_mu);
}
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
