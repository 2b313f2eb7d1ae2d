package seal

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A join code is the address a friend joins, a slash and the server's
// fingerprint: "192.168.1.20:7777/nvpvcmm3cemk6e6m5hseodk24gfqegee". A
// player gives either a join code or a bare address; ParseTarget reads
// both, for the Join screen, --join, the client's dial and the bots alike,
// and says in words what is wrong with anything else (docs/NETCODE.md,
// "Sealed sessions").

// JoinCode is the join code of a server at addr with the identity pub.
func JoinCode(addr string, pub ed25519.PublicKey) string {
	return addr + "/" + Fingerprint(pub)
}

// Target is what a player gives to join a game.
type Target struct {
	Host string // a computer's name or IP address; an IPv6 one without brackets
	Port uint16 // 1 to 65535
	// Fingerprint is the server's, in lower case, when the player gave a
	// join code; "" for a bare address.
	Fingerprint string
}

// Addr is the target's address, host:port, brackets round an IPv6 host.
func (t Target) Addr() string { return net.JoinHostPort(t.Host, strconv.Itoa(int(t.Port))) }

// String is the join code, or the bare address when there is no
// fingerprint: ParseTarget of it is t again.
func (t Target) String() string {
	if t.Fingerprint == "" {
		return t.Addr()
	}
	return t.Addr() + "/" + t.Fingerprint
}

// Errors of ParseTarget, for errors.Is; the error's own text says what to
// write instead.
var (
	ErrBadAddress     = errors.New("not an address to join")
	ErrBadPort        = errors.New("not a port")
	ErrBadFingerprint = errors.New("not a join code")
)

// TargetError is text ParseTarget refused: Words say why and what to
// write instead, Kind is one of its Err values.
type TargetError struct {
	Words string
	Kind  error
}

func (e *TargetError) Error() string { return e.Words }
func (e *TargetError) Unwrap() error { return e.Kind }

// ExampleCode is the join code the words show as an example.
const ExampleCode = "192.168.1.20:7777/nvpvcmm3cemk6e6m5hseodk24gfqegee"

// codeShape ends every refusal of a join code's key.
const codeShape = "A join code is the address, a slash and 32 letters and digits, such as " + ExampleCode

// ParseTarget reads an address or a join code as a player gives it,
// typed or pasted: spaces round it and round the slash are forgiven, and
// the fingerprint may be in upper case. It never looks the host up.
func ParseTarget(text string) (Target, error) {
	text = strings.TrimSpace(text)
	addr, fp, coded := strings.Cut(text, "/")
	t, err := parseAddr(strings.TrimSpace(addr), coded)
	if err != nil {
		return Target{}, err
	}
	if coded {
		if t.Fingerprint, err = ParseFingerprint(strings.TrimSpace(fp)); err != nil {
			return Target{}, err
		}
	}
	return t, nil
}

// parseAddr reads host:port; coded says a slash and a key followed it.
func parseAddr(addr string, coded bool) (Target, error) {
	if addr == "" {
		what := "the address or the join code the host gave you"
		if coded {
			what = "the address before the slash"
		}
		return Target{}, &TargetError{Kind: ErrBadAddress, Words: fmt.Sprintf(
			"no address: write %s, such as 192.168.1.20:7777 or %s", what, ExampleCode)}
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return Target{}, addrError(addr, err)
	}
	host, port = strings.TrimSpace(host), strings.TrimSpace(port)
	switch {
	case host == "":
		return Target{}, &TargetError{Kind: ErrBadAddress, Words: fmt.Sprintf(
			"%q has no host before the port: write the computer's name or address, as in 192.168.1.20:7777", addr)}
	case port == "":
		return Target{}, noPort(addr)
	}
	p, err := strconv.ParseUint(strings.TrimSpace(port), 10, 16)
	if err != nil || p == 0 {
		return Target{}, &TargetError{Kind: ErrBadPort, Words: fmt.Sprintf(
			"the port must be a number from 1 to 65535, and %q is not (the game's port is 7777 unless the host chose another)", port)}
	}
	return Target{Host: host, Port: uint16(p)}, nil
}

// addrError says what net.SplitHostPort found wrong with addr.
func addrError(addr string, err error) error {
	var ae *net.AddrError
	if errors.As(err, &ae) {
		switch ae.Err {
		case "missing port in address":
			return noPort(addr)
		case "too many colons in address":
			return &TargetError{Kind: ErrBadAddress, Words: fmt.Sprintf(
				"%q: an IPv6 address goes in brackets before the port, as in [2001:db8::1]:7777", addr)}
		}
	}
	return &TargetError{Kind: ErrBadAddress, Words: fmt.Sprintf(
		"%q is not an address to join: write the host, a colon and the port, as in 192.168.1.20:7777", addr)}
}

func noPort(addr string) error {
	return &TargetError{Kind: ErrBadAddress, Words: fmt.Sprintf(
		"%q has no port: write the host, a colon and the port, as in 192.168.1.20:7777 (the game's port is 7777 unless the host chose another)", addr)}
}

// ParseFingerprint reads a fingerprint as a join code holds it after its
// slash, in either case, and gives it in lower case, as Fingerprint makes
// it.
func ParseFingerprint(fp string) (string, error) {
	fp = strings.ToLower(fp)
	var why string
	switch {
	case fp == "":
		why = "nothing follows the slash, where the server's key goes"
	case strings.IndexFunc(fp, notKeyRune) >= 0:
		r, _ := utf8.DecodeRuneInString(fp[strings.IndexFunc(fp, notKeyRune):])
		why = fmt.Sprintf("the server's key after the slash holds only the letters a to z and the digits 2 to 7, and %q is not one of them", r)
	case len(fp) != FingerprintLen:
		why = fmt.Sprintf("the server's key after the slash is %d letters and digits, and this one has %d", FingerprintLen, len(fp))
	}
	if why != "" {
		return "", &TargetError{Kind: ErrBadFingerprint, Words: "not a join code: " + why + ". " + codeShape}
	}
	if _, err := fingerprintEncoding.DecodeString(strings.ToUpper(fp)); err != nil {
		return "", &TargetError{Kind: ErrBadFingerprint, Words: "not a join code: its key does not decode. " + codeShape}
	}
	return fp, nil
}

// notKeyRune is a rune a fingerprint (lower-case base32) never holds.
func notKeyRune(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '2' && r <= '7') }
