#include <string.h>
#include <errno.h>
#include <pthread.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include "intercept.h"
#include "_cgo_export.h"

// A per-source byte budget, checked on every datagram a host receives
// before ENet decompresses or parses it (ENet's intercept callback). A
// source is a remote address and port; each host has its own budgets.
// Datagrams over budget are dropped here, for the price of a table lookup:
// a peer firing megabytes at the host costs the players nothing.
//
// The door, on a server's host, answers knocks with a cookie, takes proofs,
// and drops every datagram addressed to no peer yet (which only a CONNECT
// is) from a source that has not proven it receives at its address. It
// keeps no state for a source until that source has proven itself.

#define DK_SLOTS 4096
#define DK_HOSTS 256
#define DK_PROVEN 4096

typedef struct {
	ENetHost *host;
	enet_uint32 ip;
	enet_uint16 port;
	enet_uint32 last;   // ms
	double tokens;      // bytes
} dk_slot;

typedef struct {
	ENetHost *host;
	enet_uint32 ip;
	enet_uint16 port;
	enet_uint32 until;  // ms
} dk_proven;

typedef struct {
	ENetHost *host;
	double rate, burst; // bytes/s, bytes; 0 for no budget
	uint64_t dropped, droppedBytes;

	// The door (a server).
	int door;
	uint8_t key[2][16];   // [0] the current epoch's, [1] the one before
	uint32_t epoch;       // the current epoch
	enet_uint32 provenMs; // how long a proof lets a source connect
	dk_door_counts counts;

	// The knock (a client): the door knocked at, and its cookie.
	int knocking;
	ENetAddress knockTo;
	uint32_t nonce;
	int haveCookie;
	uint8_t cookie[12]; // epoch and MAC, as the door sent them
	uint32_t version;   // the protocol a door admits (0: any), or a knock announces
	uint32_t refusedBy; // the version a door answered a knock with, when it refused it
	uint32_t busyMs;    // the wait a door answered a proof with, when it had no room for it

	// Sealing (seal.go): every datagram to and from a peer is sealed, and
	// the door's proof and hello carry the handshake.
	int seal;
} dk_host;

static dk_slot dk_slots[DK_SLOTS];
static dk_proven dk_provens[DK_PROVEN];
static dk_host dk_hosts[DK_HOSTS];
static pthread_mutex_t dk_mu = PTHREAD_MUTEX_INITIALIZER;

static dk_host *dk_find(ENetHost *host) {
	for (int i = 0; i < DK_HOSTS; i++) {
		if (dk_hosts[i].host == host) return &dk_hosts[i];
	}
	return NULL;
}

static int ENET_CALLBACK dk_intercept(ENetHost *host, ENetEvent *event);

// dk_attach returns the host's entry, making one (and installing the
// intercept) if it has none; NULL when every entry is taken. dk_mu held.
static dk_host *dk_attach(ENetHost *host) {
	dk_host *h = dk_find(host);
	if (h != NULL) return h;
	h = dk_find(NULL);
	if (h == NULL) return NULL;
	memset(h, 0, sizeof *h);
	h->host = host;
	host->intercept = dk_intercept;
	return h;
}

// ---- SipHash-2-4, after the reference implementation by Aumasson and
// Bernstein (public domain, CC0).

#define DK_ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define DK_SIPROUND \
	do { \
		v0 += v1; v1 = DK_ROTL(v1, 13); v1 ^= v0; v0 = DK_ROTL(v0, 32); \
		v2 += v3; v3 = DK_ROTL(v3, 16); v3 ^= v2; \
		v0 += v3; v3 = DK_ROTL(v3, 21); v3 ^= v0; \
		v2 += v1; v1 = DK_ROTL(v1, 17); v1 ^= v2; v2 = DK_ROTL(v2, 32); \
	} while (0)

static uint64_t dk_le64(const uint8_t *p) {
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
	return v;
}

uint64_t dk_siphash24(const uint8_t key[16], const uint8_t *in, size_t len) {
	uint64_t k0 = dk_le64(key), k1 = dk_le64(key + 8);
	uint64_t v0 = 0x736f6d6570736575ULL ^ k0;
	uint64_t v1 = 0x646f72616e646f6dULL ^ k1;
	uint64_t v2 = 0x6c7967656e657261ULL ^ k0;
	uint64_t v3 = 0x7465646279746573ULL ^ k1;
	const uint8_t *end = in + len - (len % 8);
	for (; in != end; in += 8) {
		uint64_t m = dk_le64(in);
		v3 ^= m;
		DK_SIPROUND; DK_SIPROUND;
		v0 ^= m;
	}
	uint64_t b = ((uint64_t)len) << 56;
	for (int i = (int)(len & 7) - 1; i >= 0; i--) b |= ((uint64_t)in[i]) << (8 * i);
	v3 ^= b;
	DK_SIPROUND; DK_SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	DK_SIPROUND; DK_SIPROUND; DK_SIPROUND; DK_SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}

// ---- The door's datagrams. Every field is big-endian.
//
//	knock  (client → server, 32 bytes): "DKNK", nonce u32, protocol version
//	       u32, 20 zero bytes
//	version (server → client, 12 bytes): "DKVR", the knock's nonce u32, the
//	       server's protocol version u32: the knock's version is not its own
//	cookie (server → client, 20 bytes): "DKCK", nonce u32, epoch u32, MAC u64
//	proof  (client → server, 136 bytes): "DKPR", epoch u32, MAC u64,
//	       the client's key of the sealed handshake [32], 88 zero bytes
//	hello  (server → client, 132 bytes, sealed hosts): net/seal's layout
//	busy   (server → client, 20 bytes, sealed hosts): "DKBZ", the proof's
//	       epoch u32 and MAC u64, the wait u32 in ms: no room for a session
//
// MAC = SipHash-2-4 under the epoch's key of (epoch u32, IPv4 address as
// on the wire, port u16). A reply (the cookie, the hello, busy) is shorter than
// the datagram that asks for it, and one of any other length gets none.

static const uint8_t dk_magic_knock[4] = {'D', 'K', 'N', 'K'};
static const uint8_t dk_magic_cookie[4] = {'D', 'K', 'C', 'K'};
static const uint8_t dk_magic_proof[4] = {'D', 'K', 'P', 'R'};
static const uint8_t dk_magic_hello[4] = {'D', 'K', 'S', 'H'};
static const uint8_t dk_magic_version[4] = {'D', 'K', 'V', 'R'};
static const uint8_t dk_magic_busy[4] = {'D', 'K', 'B', 'Z'};

static void dk_put32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }
static void dk_put64(uint8_t *p, uint64_t v) { dk_put32(p, (uint32_t)(v >> 32)); dk_put32(p + 4, (uint32_t)v); }
static uint32_t dk_get32(const uint8_t *p) { return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]; }
static uint64_t dk_get64(const uint8_t *p) { return ((uint64_t)dk_get32(p) << 32) | dk_get32(p + 4); }

// dk_mac computes the cookie of a source for an epoch; 0 when the epoch is
// neither the current nor the one before (no key for it). dk_mu held.
static int dk_mac(dk_host *h, uint32_t epoch, enet_uint32 ip, enet_uint16 port, uint64_t *mac) {
	const uint8_t *key;
	if (epoch == h->epoch) key = h->key[0];
	else if (epoch == h->epoch - 1) key = h->key[1];
	else return 0;
	uint8_t msg[10];
	dk_put32(msg, epoch);
	memcpy(msg + 4, &ip, 4);
	msg[8] = port >> 8; msg[9] = (uint8_t)port;
	*mac = dk_siphash24(key, msg, sizeof msg);
	return 1;
}

static enet_uint32 dk_hash(ENetHost *host, enet_uint32 ip, enet_uint16 port) {
	uintptr_t key = ((uintptr_t)host >> 4) ^ ((uintptr_t)ip * 2654435761u) ^ ((uintptr_t)port * 40503u);
	return (enet_uint32)(key ^ (key >> 17));
}

static dk_proven *dk_proven_slot(ENetHost *host, enet_uint32 ip, enet_uint16 port) {
	return &dk_provens[dk_hash(host, ip, port) % DK_PROVEN];
}

static int dk_is_proven(ENetHost *host, enet_uint32 ip, enet_uint16 port, enet_uint32 now) {
	dk_proven *p = dk_proven_slot(host, ip, port);
	return p->host == host && p->ip == ip && p->port == port && (int32_t)(p->until - now) > 0;
}

// dk_sendmsg sends a datagram as ENet's own enet_socket_send does: 0 when
// the socket would block, -1 on an error.
static int dk_sendmsg(ENetSocket socket, const ENetAddress *address, const ENetBuffer *buffers, size_t count) {
	struct msghdr m;
	struct sockaddr_in sin;
	memset(&m, 0, sizeof m);
	if (address != NULL) {
		memset(&sin, 0, sizeof sin);
		sin.sin_family = AF_INET;
		sin.sin_port = ENET_HOST_TO_NET_16(address->port);
		sin.sin_addr.s_addr = address->host;
		m.msg_name = &sin;
		m.msg_namelen = sizeof sin;
	}
	m.msg_iov = (struct iovec *)buffers;
	m.msg_iovlen = count;
	int sent = sendmsg(socket, &m, MSG_NOSIGNAL);
	if (sent == -1) return errno == EWOULDBLOCK ? 0 : -1;
	return sent;
}

// dk_send sends a door datagram as it is, never sealed.
static int dk_send(ENetHost *host, const ENetAddress *to, const uint8_t *b, size_t n) {
	ENetBuffer buf = {.data = (void *)b, .dataLength = n};
	return dk_sendmsg(host->socket, to, &buf, 1);
}

// ---- Sealing. Every datagram ENet sends goes through enet_socket_send,
// which libenet calls through the dynamic linker: the definition below
// takes its place, so the datagrams of a sealed host's socket are sealed
// (by seal.go) on their way out, whatever ENet command they carry.

static int dk_seal_fds[DK_HOSTS]; // socket + 1 of each sealed host, 0 for none

static int dk_fd_sealed(ENetSocket fd) {
	for (int i = 0; i < DK_HOSTS; i++) {
		if (__atomic_load_n(&dk_seal_fds[i], __ATOMIC_ACQUIRE) == fd + 1) return 1;
	}
	return 0;
}

int enet_socket_send(ENetSocket socket, const ENetAddress *address, const ENetBuffer *buffers, size_t count) {
	if (address == NULL || !dk_fd_sealed(socket)) return dk_sendmsg(socket, address, buffers, count);
	uint8_t buf[DK_SEAL_HEADER + ENET_PROTOCOL_MAXIMUM_MTU + DK_SEAL_TAG];
	size_t n = 0;
	for (size_t i = 0; i < count; i++) {
		if (n + buffers[i].dataLength > ENET_PROTOCOL_MAXIMUM_MTU) return -1;
		memcpy(buf + DK_SEAL_HEADER + n, buffers[i].data, buffers[i].dataLength);
		n += buffers[i].dataLength;
	}
	int m = dkSealOut(socket, address->host, address->port, buf, n, sizeof buf);
	if (m < 0) return (int)n; // no session to seal it in: dropped and counted, never sent in clear
	ENetBuffer one = {.data = buf, .dataLength = (size_t)m};
	return dk_sendmsg(socket, address, &one, 1);
}

// dk_seal_on makes the host sealed. dk_mu held.
static int dk_seal_on_locked(ENetHost *host, dk_host *h) {
	for (int i = 0; i < DK_HOSTS; i++) {
		if (__atomic_load_n(&dk_seal_fds[i], __ATOMIC_ACQUIRE) == 0) {
			__atomic_store_n(&dk_seal_fds[i], host->socket + 1, __ATOMIC_RELEASE);
			h->seal = 1;
			return 0;
		}
	}
	return -1;
}

static void dk_seal_off_locked(ENetHost *host) {
	for (int i = 0; i < DK_HOSTS; i++) {
		if (__atomic_load_n(&dk_seal_fds[i], __ATOMIC_ACQUIRE) == host->socket + 1) {
			__atomic_store_n(&dk_seal_fds[i], 0, __ATOMIC_RELEASE);
		}
	}
}

int dk_seal(ENetHost *host) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_attach(host);
	int r = h == NULL ? -1 : dk_seal_on_locked(host, h);
	pthread_mutex_unlock(&dk_mu);
	return r;
}

// dk_accept answers a proof on a sealed host: the session's hello, sent
// as it is, or busy (the proof's cookie and a wait) when the server has
// no room for a session. Retries of one proof get the same hello.
static void dk_accept(ENetHost *host, const uint8_t *d, size_t n, enet_uint32 now) {
	uint8_t reply[DK_HELLO_LEN];
	uint32_t retry = 0;
	int m = dkSealAccept(host->socket, host->receivedAddress.host, host->receivedAddress.port,
		(uint8_t *)d, n, reply, sizeof reply, now, &retry);
	if (m == 0 && retry > 0 && DK_BUSY_LEN <= n) {
		memcpy(reply, dk_magic_busy, 4);
		memcpy(reply + 4, d + 4, 12);
		dk_put32(reply + 16, retry);
		m = DK_BUSY_LEN;
	}
	if (m > 0 && (size_t)m <= n) dk_send(host, &host->receivedAddress, reply, (size_t)m);
}

// dk_door handles a door datagram (it starts "DK") on a host with the
// door or a knock. It always consumes it. Takes dk_mu; calls seal.go
// without it.
static void dk_door(ENetHost *host, const uint8_t *d, size_t n, enet_uint32 now) {
	enet_uint32 ip = host->receivedAddress.host;
	enet_uint16 port = host->receivedAddress.port;
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h == NULL) { pthread_mutex_unlock(&dk_mu); return; }
	if (h->door && n == DK_KNOCK_LEN && memcmp(d, dk_magic_knock, 4) == 0 &&
	    h->version != 0 && dk_get32(d + 8) != h->version) {
		uint8_t reply[DK_VERSION_LEN];
		memcpy(reply, dk_magic_version, 4);
		memcpy(reply + 4, d + 4, 4);
		dk_put32(reply + 8, h->version);
		h->counts.versions++;
		pthread_mutex_unlock(&dk_mu);
		dk_send(host, &host->receivedAddress, reply, sizeof reply);
		return;
	}
	if (h->door && n == DK_KNOCK_LEN && memcmp(d, dk_magic_knock, 4) == 0) {
		uint8_t reply[DK_COOKIE_LEN];
		uint64_t mac = 0;
		dk_mac(h, h->epoch, ip, port, &mac);
		memcpy(reply, dk_magic_cookie, 4);
		memcpy(reply + 4, d + 4, 4);
		dk_put32(reply + 8, h->epoch);
		dk_put64(reply + 12, mac);
		h->counts.knocks++;
		pthread_mutex_unlock(&dk_mu);
		dk_send(host, &host->receivedAddress, reply, sizeof reply);
		return;
	}
	if (h->door && n == DK_PROOF_LEN && memcmp(d, dk_magic_proof, 4) == 0) {
		uint64_t mac;
		if (!dk_mac(h, dk_get32(d + 4), ip, port, &mac) || mac != dk_get64(d + 8)) {
			h->counts.refused++;
			pthread_mutex_unlock(&dk_mu);
			return;
		}
		dk_proven *p = dk_proven_slot(host, ip, port);
		p->host = host; p->ip = ip; p->port = port;
		p->until = now + h->provenMs;
		h->counts.proven++;
		int seal = h->seal;
		pthread_mutex_unlock(&dk_mu);
		if (seal) dk_accept(host, d, n, now);
		return;
	}
	if (h->knocking && n == DK_COOKIE_LEN && memcmp(d, dk_magic_cookie, 4) == 0 &&
	    ip == h->knockTo.host && port == h->knockTo.port && dk_get32(d + 4) == h->nonce) {
		memcpy(h->cookie, d + 8, sizeof h->cookie);
		h->haveCookie = 1;
		pthread_mutex_unlock(&dk_mu);
		return;
	}
	if (h->knocking && n == DK_VERSION_LEN && memcmp(d, dk_magic_version, 4) == 0 &&
	    ip == h->knockTo.host && port == h->knockTo.port && dk_get32(d + 4) == h->nonce) {
		h->refusedBy = dk_get32(d + 8);
		pthread_mutex_unlock(&dk_mu);
		return;
	}
	if (h->knocking && h->haveCookie && n == DK_BUSY_LEN && memcmp(d, dk_magic_busy, 4) == 0 &&
	    ip == h->knockTo.host && port == h->knockTo.port && memcmp(d + 4, h->cookie, sizeof h->cookie) == 0) {
		h->busyMs = dk_get32(d + 16);
		if (h->busyMs == 0) h->busyMs = 1;
		pthread_mutex_unlock(&dk_mu);
		return;
	}
	if (h->knocking && h->seal && h->haveCookie && n == DK_HELLO_LEN && memcmp(d, dk_magic_hello, 4) == 0 &&
	    ip == h->knockTo.host && port == h->knockTo.port) {
		uint8_t cookie[12];
		memcpy(cookie, h->cookie, sizeof cookie);
		pthread_mutex_unlock(&dk_mu);
		dkSealHello(host->socket, ip, port, (uint8_t *)d, n, cookie);
		return;
	}
	h->counts.malformed++;
	pthread_mutex_unlock(&dk_mu);
}

// dk_budget charges a datagram to its source's budget: 0 when it is over
// and dropped. dk_mu held.
static int dk_budget(ENetHost *host, dk_host *h, enet_uint32 ip, enet_uint16 port, size_t n, enet_uint32 now) {
	if (h->rate <= 0) return 1;
	dk_slot *s = &dk_slots[dk_hash(host, ip, port) % DK_SLOTS];
	if (s->host != host || s->ip != ip || s->port != port) {
		s->host = host; s->ip = ip; s->port = port; s->last = now; s->tokens = h->burst;
	}
	s->tokens += (double)(enet_uint32)(now - s->last) * h->rate / 1000.0;
	if (s->tokens > h->burst) s->tokens = h->burst;
	s->last = now;
	if (s->tokens < (double)n) {
		h->dropped++;
		h->droppedBytes += n;
		return 0;
	}
	s->tokens -= (double)n;
	return 1;
}

static int dk_is_door(const uint8_t *d, size_t n) { return n >= 4 && d[0] == 'D' && d[1] == 'K'; }

// dk_unseal opens a sealed host's datagram for ENet where it lies, or
// hands it to the door, or drops it: 0 to let ENet read it, 1 when it is
// consumed.
//
// A datagram shaped like the door's (it starts "DK" and is no longer than
// a proof) is kept aside first: a failed open wipes what it tried to open,
// and a proof sent again because its hello was lost comes from an address
// that already has a session. Wiped, it would go unanswered, and the
// client would prove forever.
static int dk_unseal(ENetHost *host, enet_uint8 *d, size_t n, enet_uint32 now) {
	enet_uint32 ip = host->receivedAddress.host;
	enet_uint16 port = host->receivedAddress.port;
	uint8_t door[DK_PROOF_LEN];
	int doorShaped = dk_is_door(d, n) && n <= sizeof door;
	if (doorShaped) memcpy(door, d, n);
	int r = dkSealIn(host->socket, ip, port, d, n, now, doorShaped);
	if (r >= 0) {
		host->receivedData = d + DK_SEAL_HEADER;
		host->receivedDataLength = (size_t)r;
		return 0;
	}
	if (doorShaped) {
		dk_door(host, door, n, now);
		return 1;
	}
	if (r == DK_SEAL_NO_SESSION) {
		pthread_mutex_lock(&dk_mu);
		dk_host *h = dk_find(host);
		if (h != NULL) h->counts.dropped++;
		pthread_mutex_unlock(&dk_mu);
	}
	return 1;
}

static int ENET_CALLBACK dk_intercept(ENetHost *host, ENetEvent *event) {
	(void)event;
	enet_uint32 ip = host->receivedAddress.host;
	enet_uint16 port = host->receivedAddress.port;
	size_t n = host->receivedDataLength;
	enet_uint8 *d = host->receivedData;
	enet_uint32 now = enet_time_get();
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h == NULL) { pthread_mutex_unlock(&dk_mu); return 0; }
	if (!dk_budget(host, h, ip, port, n, now)) { pthread_mutex_unlock(&dk_mu); return 1; }
	int seal = h->seal, door = h->door || h->knocking;
	pthread_mutex_unlock(&dk_mu);
	if (seal) return dk_unseal(host, d, n, now);
	if (door && dk_is_door(d, n)) {
		dk_door(host, d, n, now);
		return 1;
	}
	int drop = 0;
	pthread_mutex_lock(&dk_mu);
	h = dk_find(host);
	if (h != NULL && h->door && n >= 2) {
		// The header's peer ID, flags and session bits stripped: the
		// maximum addresses no peer yet, which only a CONNECT may.
		enet_uint16 peerID = ((enet_uint16)d[0] << 8 | d[1]) &
			~(ENET_PROTOCOL_HEADER_FLAG_MASK | ENET_PROTOCOL_HEADER_SESSION_MASK);
		if (peerID == ENET_PROTOCOL_MAXIMUM_PEER_ID && !dk_is_proven(host, ip, port, now)) {
			drop = 1;
			h->counts.dropped++;
		}
	}
	pthread_mutex_unlock(&dk_mu);
	return drop;
}

int dk_limit(ENetHost *host, double rate, double burst) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_attach(host);
	if (h == NULL) { pthread_mutex_unlock(&dk_mu); return -1; }
	h->rate = rate; h->burst = burst; h->dropped = 0; h->droppedBytes = 0;
	pthread_mutex_unlock(&dk_mu);
	return 0;
}

void dk_forget(ENetHost *host) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h != NULL) {
		if (h->seal) dk_seal_off_locked(host);
		memset(h, 0, sizeof *h);
	}
	for (int i = 0; i < DK_SLOTS; i++) {
		if (dk_slots[i].host == host) dk_slots[i].host = NULL;
	}
	for (int i = 0; i < DK_PROVEN; i++) {
		if (dk_provens[i].host == host) dk_provens[i].host = NULL;
	}
	pthread_mutex_unlock(&dk_mu);
}

// Half-open handshakes: a peer that sent CONNECT and never acknowledged
// the reply holds a slot, and counts against its address's duplicate
// peers, until ENet's default timeout (up to 30 s). Since the sender needs
// no reply, a few forged datagrams could lock an address or a server out.
// dk_expire_handshakes gives each such peer a timeout of ms.
void dk_expire_handshakes(ENetHost *host, enet_uint32 ms) {
	for (size_t i = 0; i < host->peerCount; i++) {
		ENetPeer *p = &host->peers[i];
		if (p->state == ENET_PEER_STATE_ACKNOWLEDGING_CONNECT && p->timeoutMaximum != ms) {
			enet_peer_timeout(p, 0, ms, ms);
		}
	}
}

void dk_dropped(ENetHost *host, uint64_t *n, uint64_t *bytes) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	*n = h ? h->dropped : 0;
	*bytes = h ? h->droppedBytes : 0;
	pthread_mutex_unlock(&dk_mu);
}

// dk_door_open shuts the door: from now on the host answers knocks and
// lets a CONNECT in only from a source that proved itself in the last
// provenMs. key is the first epoch's secret (16 bytes).
int dk_door_open(ENetHost *host, const uint8_t *key, enet_uint32 provenMs, uint32_t version) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_attach(host);
	if (h == NULL) { pthread_mutex_unlock(&dk_mu); return -1; }
	h->door = 1;
	h->provenMs = provenMs;
	h->version = version;
	h->epoch = 1;
	memcpy(h->key[0], key, 16);
	memcpy(h->key[1], key, 16); // epoch 0 is never handed out
	memset(&h->counts, 0, sizeof h->counts);
	pthread_mutex_unlock(&dk_mu);
	return 0;
}

// dk_door_rotate starts a new epoch under key; cookies of the epoch before
// stay good until the next rotation, older ones are refused.
int dk_door_rotate(ENetHost *host, const uint8_t *key) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h == NULL || !h->door) { pthread_mutex_unlock(&dk_mu); return -1; }
	memcpy(h->key[1], h->key[0], 16);
	memcpy(h->key[0], key, 16);
	h->epoch++;
	pthread_mutex_unlock(&dk_mu);
	return 0;
}

void dk_door_counts_of(ENetHost *host, dk_door_counts *out) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	if (h != NULL) *out = h->counts;
	else memset(out, 0, sizeof *out);
	pthread_mutex_unlock(&dk_mu);
}

int dk_door_mac(ENetHost *host, uint32_t epoch, enet_uint32 ip, enet_uint16 port, uint64_t *mac) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	int ok = h != NULL && h->door && dk_mac(h, epoch, ip, port, mac);
	pthread_mutex_unlock(&dk_mu);
	return ok;
}

int dk_door_epoch(ENetHost *host, uint32_t *epoch) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	int ok = h != NULL && h->door;
	if (ok) *epoch = h->epoch;
	pthread_mutex_unlock(&dk_mu);
	return ok;
}

// dk_knock sends a knock to the door at to, from the host's own socket,
// and readies the host to take the cookie. A new door, or a new nonce,
// forgets a cookie already taken.
int dk_knock(ENetHost *host, const ENetAddress *to, uint32_t nonce, uint32_t version) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_attach(host);
	if (h == NULL) { pthread_mutex_unlock(&dk_mu); return -1; }
	if (!h->knocking || h->knockTo.host != to->host || h->knockTo.port != to->port || h->nonce != nonce) {
		h->haveCookie = 0;
	}
	h->knocking = 1;
	h->knockTo = *to;
	h->nonce = nonce;
	pthread_mutex_unlock(&dk_mu);
	uint8_t b[DK_KNOCK_LEN] = {0};
	memcpy(b, dk_magic_knock, 4);
	dk_put32(b + 4, nonce);
	dk_put32(b + 8, version);
	return dk_send(host, to, b, sizeof b) < 0 ? -1 : 0;
}

// dk_prove sends the door at to the cookie it answered with, and key (the
// client's key of the sealed handshake, 32 bytes): 1 when it went, 0 when
// no cookie has come from there yet, -1 on a socket error.
int dk_prove(ENetHost *host, const ENetAddress *to, const uint8_t *key) {
	uint8_t b[DK_PROOF_LEN] = {0};
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	int have = h != NULL && h->knocking && h->haveCookie && h->knockTo.host == to->host && h->knockTo.port == to->port;
	if (have) {
		memcpy(b, dk_magic_proof, 4);
		memcpy(b + 4, h->cookie, sizeof h->cookie);
		memcpy(b + 4 + sizeof h->cookie, key, 32);
	}
	pthread_mutex_unlock(&dk_mu);
	if (!have) return 0;
	return dk_send(host, to, b, sizeof b) < 0 ? -1 : 1;
}

// dk_busy_for is the wait a door answered this host's proof with, having
// no room for its session; 0 when none did.
uint32_t dk_busy_for(ENetHost *host) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	uint32_t ms = h != NULL ? h->busyMs : 0;
	pthread_mutex_unlock(&dk_mu);
	return ms;
}

// dk_refused_by is the version a door answered this host's knock with,
// refusing its own; 0 when none did.
uint32_t dk_refused_by(ENetHost *host) {
	pthread_mutex_lock(&dk_mu);
	dk_host *h = dk_find(host);
	uint32_t v = h != NULL ? h->refusedBy : 0;
	pthread_mutex_unlock(&dk_mu);
	return v;
}
