package seal

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
)

// Sizes of the handshake's datagrams and fields, in bytes.
const (
	KeyLen    = 32  // an X25519 or Ed25519 public key
	CookieLen = 12  // the door's epoch and MAC, as the proof carries them
	ProofLen  = 136 // the client's proof of address, with its key
	HelloLen  = 132 // the server's answer
)

var (
	magicProof = []byte("DKPR")
	magicHello = []byte("DKSH")
	signLabel  = []byte("duskfall seal 1")
	keysLabel  = []byte("duskfall seal 1 keys")
)

// Errors of the handshake.
var (
	ErrMalformed = errors.New("seal: malformed handshake datagram")
	ErrBadHello  = errors.New("seal: the server's signature does not verify")
)

// Accepted is the server's side of a finished handshake: the session, and
// the hello to send back (again, if the proof comes again).
type Accepted struct {
	Session   *Session
	Hello     [HelloLen]byte
	ClientKey [KeyLen]byte
}

// ParseProof splits a proof into the cookie it returns and the client's key.
func ParseProof(b []byte) (cookie [CookieLen]byte, clientKey [KeyLen]byte, err error) {
	if len(b) != ProofLen || !bytes.Equal(b[:4], magicProof) {
		return cookie, clientKey, ErrMalformed
	}
	for _, z := range b[4+CookieLen+KeyLen:] {
		if z != 0 {
			return cookie, clientKey, ErrMalformed // the padding is zeros: anything else is not a proof
		}
	}
	copy(cookie[:], b[4:4+CookieLen])
	copy(clientKey[:], b[4+CookieLen:])
	return cookie, clientKey, nil
}

// AppendProof appends a proof of the cookie carrying the client's key.
func AppendProof(b []byte, cookie [CookieLen]byte, clientKey [KeyLen]byte) []byte {
	b = append(b, magicProof...)
	b = append(b, cookie[:]...)
	b = append(b, clientKey[:]...)
	return append(b, make([]byte, ProofLen-4-CookieLen-KeyLen)...)
}

// Accept answers a proven client: a fresh ephemeral key, the hello signed
// by the server's identity, and the session. rand supplies the key.
func Accept(id Identity, cookie [CookieLen]byte, clientKey [KeyLen]byte, rand io.Reader) (*Accepted, error) {
	peer, err := ecdh.X25519().NewPublicKey(clientKey[:])
	if err != nil {
		return nil, ErrMalformed
	}
	eph, err := ecdh.X25519().GenerateKey(rand)
	if err != nil {
		return nil, err
	}
	shared, err := eph.ECDH(peer)
	if err != nil {
		return nil, ErrMalformed // a low-order key: no shared secret
	}
	var serverKey [KeyLen]byte
	copy(serverKey[:], eph.PublicKey().Bytes())
	c2s, s2c, err := deriveKeys(shared, clientKey, serverKey, id.Public)
	if err != nil {
		return nil, err
	}
	sess, err := newSession(s2c, c2s)
	if err != nil {
		return nil, err
	}
	a := &Accepted{Session: sess, ClientKey: clientKey}
	sig := ed25519.Sign(id.private, transcript(clientKey, serverKey, cookie))
	h := append(a.Hello[:0], magicHello...)
	h = append(h, serverKey[:]...)
	h = append(h, id.Public...)
	_ = append(h, sig...)
	return a, nil
}

// Client is the client's side of the handshake, from its proof to the
// server's hello.
type Client struct {
	eph *ecdh.PrivateKey
	key [KeyLen]byte
}

// NewClient makes a client's ephemeral key from rand.
func NewClient(rand io.Reader) (*Client, error) {
	eph, err := ecdh.X25519().GenerateKey(rand)
	if err != nil {
		return nil, err
	}
	c := &Client{eph: eph}
	copy(c.key[:], eph.PublicKey().Bytes())
	return c, nil
}

// Key is the client's ephemeral public key, which its proof carries.
func (c *Client) Key() [KeyLen]byte { return c.key }

// Finish checks the server's hello against the cookie the client proved
// with and derives the session. verify decides whether the identity key
// is the server's (a join code's fingerprint, or a key pinned before); its
// error is returned as it is.
func (c *Client) Finish(hello []byte, cookie [CookieLen]byte, verify func(identity ed25519.PublicKey) error) (*Session, ed25519.PublicKey, error) {
	if len(hello) != HelloLen || !bytes.Equal(hello[:4], magicHello) {
		return nil, nil, ErrMalformed
	}
	var serverKey [KeyLen]byte
	copy(serverKey[:], hello[4:4+KeyLen])
	identity := ed25519.PublicKey(bytes.Clone(hello[4+KeyLen : 4+2*KeyLen]))
	sig := hello[4+2*KeyLen:]
	if !ed25519.Verify(identity, transcript(c.key, serverKey, cookie), sig) {
		return nil, nil, ErrBadHello
	}
	if verify != nil {
		if err := verify(identity); err != nil {
			return nil, identity, err
		}
	}
	peer, err := ecdh.X25519().NewPublicKey(serverKey[:])
	if err != nil {
		return nil, nil, ErrMalformed
	}
	shared, err := c.eph.ECDH(peer)
	if err != nil {
		return nil, nil, ErrMalformed
	}
	c2s, s2c, err := deriveKeys(shared, c.key, serverKey, identity)
	if err != nil {
		return nil, nil, err
	}
	sess, err := newSession(c2s, s2c)
	return sess, identity, err
}

// transcript is what the server signs: both ephemeral keys and the cookie,
// which ties the hello to this client's knock at this address.
func transcript(clientKey, serverKey [KeyLen]byte, cookie [CookieLen]byte) []byte {
	t := make([]byte, 0, len(signLabel)+2*KeyLen+CookieLen)
	t = append(t, signLabel...)
	t = append(t, clientKey[:]...)
	t = append(t, serverKey[:]...)
	return append(t, cookie[:]...)
}

// deriveKeys turns the shared secret into one key per direction.
func deriveKeys(shared []byte, clientKey, serverKey [KeyLen]byte, identity ed25519.PublicKey) (c2s, s2c []byte, err error) {
	salt := append(append([]byte{}, clientKey[:]...), serverKey[:]...)
	info := append(append([]byte{}, keysLabel...), identity...)
	okm, err := hkdf.Key(sha256.New, shared, salt, string(info), 64)
	if err != nil {
		return nil, nil, fmt.Errorf("seal: %w", err)
	}
	return okm[:32], okm[32:], nil
}
