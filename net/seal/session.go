package seal

import (
	"crypto/cipher"
	"encoding/binary"
	"errors"

	"golang.org/x/crypto/chacha20poly1305"
)

// Sizes of a sealed datagram's framing.
const (
	// Header is the counter's low 16 bits before the sealed bytes.
	Header = 2
	// Overhead is what sealing adds to a datagram: the header and the tag.
	Overhead = Header + chacha20poly1305.Overhead
)

// Errors from Open. Every one means the datagram was dropped.
var (
	ErrShort    = errors.New("seal: datagram too short")
	ErrForged   = errors.New("seal: datagram failed authentication")
	ErrReplayed = errors.New("seal: datagram replayed or too old")
	ErrSpent    = errors.New("seal: counter exhausted")
)

// Session seals one side's datagrams and opens the other side's. It is
// not safe for concurrent use.
type Session struct {
	send, recv cipher.AEAD
	next       uint64 // the counter of the next datagram sealed
	win        window
	nonce      [chacha20poly1305.NonceSize]byte
}

func newSession(sendKey, recvKey []byte) (*Session, error) {
	send, err := chacha20poly1305.New(sendKey)
	if err != nil {
		return nil, err
	}
	recv, err := chacha20poly1305.New(recvKey)
	if err != nil {
		return nil, err
	}
	return &Session{send: send, recv: recv}, nil
}

// SealInPlace seals the n bytes of plaintext at b[Header:] where they lie
// and writes the counter before them; b must have room for n+Overhead
// bytes. It returns the sealed datagram's length.
func (s *Session) SealInPlace(b []byte, n int) (int, error) {
	if s.next == ^uint64(0) {
		return 0, ErrSpent
	}
	if len(b) < n+Overhead {
		return 0, ErrShort
	}
	ctr := s.next
	s.next++
	binary.BigEndian.PutUint16(b, uint16(ctr))
	binary.BigEndian.PutUint64(s.nonce[4:], ctr)
	out := s.send.Seal(b[Header:Header], s.nonce[:], b[Header:Header+n], nil)
	return Header + len(out), nil
}

// OpenInPlace opens a sealed datagram where it lies: the plaintext is
// b[Header:Header+n]. A forged, replayed or too old datagram is refused
// and changes nothing.
func (s *Session) OpenInPlace(b []byte) (n int, err error) {
	if len(b) < Overhead {
		return 0, ErrShort
	}
	ctr := s.win.expand(binary.BigEndian.Uint16(b))
	if !s.win.fresh(ctr) {
		return 0, ErrReplayed
	}
	binary.BigEndian.PutUint64(s.nonce[4:], ctr)
	out, err := s.recv.Open(b[Header:Header], s.nonce[:], b[Header:], nil)
	if err != nil {
		return 0, ErrForged
	}
	s.win.mark(ctr)
	return len(out), nil
}

// Sent is how many datagrams the session has sealed.
func (s *Session) Sent() uint64 { return s.next }

// windowBits is how far behind the newest datagram one may arrive.
const windowBits = 256

// window remembers which of the last windowBits counters were accepted.
type window struct {
	top  uint64 // the highest counter accepted
	any  bool   // whether any was
	bits [windowBits / 64]uint64
}

// expand rebuilds a full counter from its low 16 bits: the value with
// those bits nearest to the next counter expected.
func (w *window) expand(low uint16) uint64 {
	const span, half = 1 << 16, 1 << 15
	var expected uint64
	if w.any {
		expected = w.top + 1
	}
	c := expected&^(span-1) | uint64(low)
	switch {
	case expected >= half && c <= expected-half && c < ^uint64(0)-span:
		return c + span
	case c > expected+half && c >= span:
		return c - span
	}
	return c
}

// fresh says whether ctr is newer than the window or in it and unseen.
func (w *window) fresh(ctr uint64) bool {
	if !w.any || ctr > w.top {
		return true
	}
	d := w.top - ctr
	if d >= windowBits {
		return false
	}
	return w.bits[d/64]&(1<<(d%64)) == 0
}

// mark records ctr as accepted, sliding the window when it is the newest.
func (w *window) mark(ctr uint64) {
	if !w.any {
		w.any, w.top = true, ctr
		w.bits = [windowBits / 64]uint64{1}
		return
	}
	if ctr > w.top {
		w.shift(ctr - w.top)
		w.top = ctr
		w.bits[0] |= 1
		return
	}
	d := w.top - ctr
	w.bits[d/64] |= 1 << (d % 64)
}

// shift moves every bit k places older, forgetting those that fall off.
func (w *window) shift(k uint64) {
	if k >= windowBits {
		w.bits = [windowBits / 64]uint64{}
		return
	}
	words, bits := int(k/64), k%64
	for i := len(w.bits) - 1; i >= 0; i-- {
		var v uint64
		if j := i - words; j >= 0 {
			v = w.bits[j] << bits
			if bits > 0 && j > 0 {
				v |= w.bits[j-1] >> (64 - bits)
			}
		}
		w.bits[i] = v
	}
}
