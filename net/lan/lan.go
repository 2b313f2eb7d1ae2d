// Package lan lets players find games on their local network. A host
// announces its game once a second with one small UDP broadcast to
// DiscoveryPort; a join screen listens there and lists what it heard in
// the last few seconds. Nothing here is trusted: an announcement only
// fills in an address, or a join code, the player may choose to join, and
// the join itself goes through the normal handshake, which checks the
// server's key against the code's (net/seal).
//
// Announcement layout, 40 + n bytes:
//
//	off  size  field
//	0    4     magic "DKF2"
//	4    2     game port u16, little endian, ≥ 1
//	6    1     players u8
//	7    1     maxPlayers u8, ≥ players
//	8    32    the server's key fingerprint, as its join code holds it:
//	           32 lower-case base32 characters (net/seal, Fingerprint)
//	40   n     host's name, UTF-8, 1 to 32 bytes, no control characters
//
// The host's address is the datagram's source address; with the
// fingerprint it is the game's join code. An older host announces "DKF1":
// the same without the fingerprint (8 + n bytes), read as a game with an
// address and no code. An announcement is never longer than MaxAnnounce.
package lan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"unicode"
	"unicode/utf8"

	"duskfall/net/seal"
)

// DiscoveryPort is where announcements go.
const DiscoveryPort = 7778

// Limits of an announcement.
const (
	headerSize  = 8                                // magic, port, players, maxPlayers
	keyedSize   = headerSize + seal.FingerprintLen // and the fingerprint
	MaxNameLen  = 32
	MaxAnnounce = keyedSize + MaxNameLen
)

// magic begins an announcement with the fingerprint; oldMagic one without.
var (
	magic    = [4]byte{'D', 'K', 'F', '2'}
	oldMagic = [4]byte{'D', 'K', 'F', '1'}
)

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
	// Fingerprint is the server's key's (net/seal), in lower case; ""
	// from an older host, which does not say it.
	Fingerprint string
	Name        string
}

// Append appends a's bytes to b. A name that would break the layout is
// cut or replaced, so a host never announces something a listener drops;
// an announcement without a valid fingerprint is the older form, which
// has none.
func Append(b []byte, a Announcement) []byte {
	keyed := validFingerprint(a.Fingerprint)
	if keyed {
		b = append(b, magic[:]...)
	} else {
		b = append(b, oldMagic[:]...)
	}
	b = binary.LittleEndian.AppendUint16(b, a.Port)
	b = append(b, a.Players, max(a.MaxPlayers, a.Players))
	if keyed {
		b = append(b, a.Fingerprint...)
	}
	return append(b, cleanName(a.Name)...)
}

// validFingerprint says whether fp is a fingerprint in the form
// seal.Fingerprint makes: the only form an announcement carries.
func validFingerprint(fp string) bool {
	got, err := seal.ParseFingerprint(fp)
	return err == nil && got == fp
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

// Parse decodes an announcement, of either form.
func Parse(b []byte) (Announcement, error) {
	if len(b) < 4 {
		return Announcement{}, ErrShort
	}
	size, keyed := headerSize, bytes.Equal(b[:4], magic[:])
	if keyed {
		size = keyedSize
	} else if !bytes.Equal(b[:4], oldMagic[:]) {
		return Announcement{}, ErrMagic
	}
	if len(b) < size+1 {
		return Announcement{}, ErrShort
	}
	a := Announcement{Port: binary.LittleEndian.Uint16(b[4:6]), Players: b[6], MaxPlayers: b[7], Name: string(b[size:])}
	if keyed {
		a.Fingerprint = string(b[headerSize:keyedSize])
	}
	if a.Port == 0 || a.MaxPlayers < a.Players || len(b) > size+MaxNameLen || !utf8.ValidString(a.Name) ||
		keyed && !validFingerprint(a.Fingerprint) {
		return Announcement{}, ErrMalformed
	}
	for _, r := range a.Name {
		if unicode.IsControl(r) {
			return Announcement{}, ErrMalformed
		}
	}
	return a, nil
}
