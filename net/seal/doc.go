// Package seal puts Go's X25519, Ed25519, HKDF and ChaCha20-Poly1305
// together into a sealed session between a Duskfall client and server:
// every datagram after the server's door is encrypted and authenticated,
// the server proves it holds a long-lived identity key, and an on-path
// reader sees neither a player's name nor their account token. Nothing
// here is cryptography of its own; it only says which standard pieces go
// where. docs/NETCODE.md ("Sealed sessions") gives the reasoning.
//
// The handshake rides on the door's cookie round trip (net/enet): the
// client's proof of its address carries its ephemeral X25519 key, and the
// server's answer carries the server's ephemeral key, its identity key and
// a signature over both keys and the cookie. Both ends then derive one key
// per direction with HKDF-SHA256. Every field is big-endian.
//
//	proof (client → server, 136 bytes):
//	  "DKPR" | epoch u32 | MAC u64 | client key [32] | zero [88]
//	hello (server → client, 132 bytes):
//	  "DKSH" | server key [32] | identity key [32] | signature [64]
//
//	signature = Ed25519(identity, "duskfall seal 1" | client key |
//	                    server key | epoch u32 | MAC u64)
//	shared    = X25519(own ephemeral, other's ephemeral)
//	keys      = HKDF-SHA256(shared, salt = client key | server key,
//	                        info = "duskfall seal 1 keys" | identity key)
//	            → client-to-server key [32] | server-to-client key [32]
//
// The proof is padded to be longer than the hello it asks for, so the
// server never answers with more bytes than it was sent.
//
// A sealed datagram is the low 16 bits of its counter and the ENet
// datagram sealed under the direction's key:
//
//	counter u16 | ChaCha20-Poly1305(key, nonce, ENet datagram) (+16 tag)
//
// The nonce is four zero bytes and the full 64-bit counter. Each side
// counts its datagrams from 0 and never reuses a number under a key; the
// receiver rebuilds the full counter from the 16 bits nearest the next one
// it expects (as DTLS 1.3 and QUIC do with packet numbers) and keeps a
// window of the last 256 it accepted, so a replayed or forged datagram is
// dropped and counted, and one reordered by less than the window is not.
package seal
