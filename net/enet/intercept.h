// The host's intercept: per-source byte budgets (limit.go) and the door
// (door.go), both checked on every datagram before ENet parses it.
#ifndef DK_INTERCEPT_H
#define DK_INTERCEPT_H

#include <stdint.h>
#include <enet/enet.h>

#define DK_KNOCK_LEN 32
#define DK_COOKIE_LEN 20
#define DK_PROOF_LEN 136
#define DK_HELLO_LEN 132
#define DK_VERSION_LEN 12
#define DK_BUSY_LEN 20

// A sealed datagram's framing (net/seal): the counter's low bits before,
// the tag after.
#define DK_SEAL_HEADER 2
#define DK_SEAL_TAG 16

// What dkSealIn says when it opens nothing.
#define DK_SEAL_NO_SESSION (-1)
#define DK_SEAL_REFUSED (-2)

typedef struct {
	uint64_t dropped;   // connects from sources that proved nothing
	uint64_t knocks;    // knocks answered with a cookie
	uint64_t proven;    // proofs accepted
	uint64_t refused;   // proofs with a wrong or stale cookie
	uint64_t malformed; // door datagrams of the wrong length or kind
	uint64_t versions;  // knocks of another protocol version, answered with ours
} dk_door_counts;

int dk_limit(ENetHost *host, double rate, double burst);
void dk_forget(ENetHost *host);
void dk_expire_handshakes(ENetHost *host, enet_uint32 ms);
void dk_dropped(ENetHost *host, uint64_t *n, uint64_t *bytes);

int dk_door_open(ENetHost *host, const uint8_t *key, enet_uint32 provenMs, uint32_t version);
int dk_door_rotate(ENetHost *host, const uint8_t *key);
void dk_door_counts_of(ENetHost *host, dk_door_counts *out);
int dk_door_mac(ENetHost *host, uint32_t epoch, enet_uint32 ip, enet_uint16 port, uint64_t *mac);
int dk_door_epoch(ENetHost *host, uint32_t *epoch);
int dk_knock(ENetHost *host, const ENetAddress *to, uint32_t nonce, uint32_t version);
uint32_t dk_refused_by(ENetHost *host);
uint32_t dk_busy_for(ENetHost *host);
int dk_prove(ENetHost *host, const ENetAddress *to, const uint8_t *key);
int dk_seal(ENetHost *host);

uint64_t dk_siphash24(const uint8_t key[16], const uint8_t *in, size_t len);

#endif
