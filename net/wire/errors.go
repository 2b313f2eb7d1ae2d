package wire

import "errors"

// Sentinel errors. Decoders return them bare (no wrapping) so the hot paths
// never allocate; compare with errors.Is.
var (
	// ErrShort: the packet ends before the message does.
	ErrShort = errors.New("wire: message too short")
	// ErrUnknownType: the message type or event kind is not one this
	// protocol version defines.
	ErrUnknownType = errors.New("wire: unknown message type or event kind")
	// ErrWrongType: a decoder was handed a packet of another message type.
	ErrWrongType = errors.New("wire: packet holds another message type")
	// ErrMalformed: the bytes are all there but say something the protocol
	// forbids (invalid UTF-8, a NaN coordinate, trailing bytes, ...).
	ErrMalformed = errors.New("wire: malformed message")
	// ErrTooLarge: a count or length is over its protocol limit.
	ErrTooLarge = errors.New("wire: field over its limit")
	// ErrServerOnly: the event kind never leaves the server.
	ErrServerOnly = errors.New("wire: server-only event kind cannot be encoded")
	// ErrWrongBase: a snapshot delta was applied to a base other than the
	// snapshot it names.
	ErrWrongBase = errors.New("wire: snapshot delta applied to another base")
	// ErrVersion: the peers speak different protocol versions.
	ErrVersion = errors.New("wire: protocol version mismatch")
)
