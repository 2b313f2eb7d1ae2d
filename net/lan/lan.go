// Package lan lets players find games on their local network. A host
// announces its game once a second with one small UDP broadcast to
// DiscoveryPort; a join screen listens there and lists what it heard in
// the last few seconds. Nothing here is trusted: an announcement only
// fills in an address the player may choose to join, and the join itself
// goes through the normal handshake.
//
// Announcement layout, 8 + n bytes:
//
//	off  size  field
//	0    4     magic "DKF1"
//	4    2     game port u16, little endian, ≥ 1
//	6    1     players u8
//	7    1     maxPlayers u8, ≥ players
//	8    n     host's name, UTF-8, 1 to 32 bytes, no control characters
//
// The host's address is the datagram's source address.
package lan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"unicode"
	"unicode/utf8"
)

// DiscoveryPort is where announcements go.
const DiscoveryPort = 7778

// Limits of an announcement.
const (
	headerSize  = 8
	MaxNameLen  = 32
	MaxAnnounce = headerSize + MaxNameLen
)

var magic = [4]byte{'D', 'K', 'F', '1'}

// Errors Parse returns.
var (
	ErrShort     = errors.New("lan: announcement too short")
	ErrMagic     = errors.New("lan: not a Duskfall announcement")
	ErrMalformed = errors.New("lan: malformed announcement")
)

// Announcement is what a host says about its game.
type Announcement struct {
	Port       uint16
	Players    uint8
	MaxPlayers uint8
	Name       string
}

// Append appends a's bytes to b. A name that would break the layout is
// cut or replaced, so a host never announces something a listener drops.
func Append(b []byte, a Announcement) []byte {
	b = append(b, magic[:]...)
	b = binary.LittleEndian.AppendUint16(b, a.Port)
	b = append(b, a.Players, max(a.MaxPlayers, a.Players))
	name := cleanName(a.Name)
	return append(b, name...)
}

func cleanName(s string) string {
	var out []byte
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) {
			continue
		}
		if len(out)+utf8.RuneLen(r) > MaxNameLen {
			break
		}
		out = utf8.AppendRune(out, r)
	}
	if len(out) == 0 {
		return "Duskfall"
	}
	return string(out)
}

// Parse decodes an announcement.
func Parse(b []byte) (Announcement, error) {
	if len(b) < headerSize+1 {
		return Announcement{}, ErrShort
	}
	if !bytes.Equal(b[:4], magic[:]) {
		return Announcement{}, ErrMagic
	}
	a := Announcement{Port: binary.LittleEndian.Uint16(b[4:6]), Players: b[6], MaxPlayers: b[7], Name: string(b[headerSize:])}
	if a.Port == 0 || a.MaxPlayers < a.Players || len(b) > MaxAnnounce || !utf8.ValidString(a.Name) {
		return Announcement{}, ErrMalformed
	}
	for _, r := range a.Name {
		if unicode.IsControl(r) {
			return Announcement{}, ErrMalformed
		}
	}
	return a, nil
}
