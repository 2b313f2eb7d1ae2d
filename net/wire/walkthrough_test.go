package wire_test

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"io/fs"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20poly1305"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/enet"
	"duskfall/net/seal"
	"duskfall/net/wire"
)

// docs/NETCODE.md's "For implementers" is a numbered walk-through of a
// join, from the knock to the first snapshot. Every datagram and message
// it names in bold with a size, "**Hello** (51 + n + k bytes", is held
// here to what the encoders write; the sizes are expressions over
// one-letter lengths, as in the layout tables of doc.go.
const netcodeDoc = "../../docs/NETCODE.md"

var (
	walkStep = regexp.MustCompile(`(?m)^(\d+)\. \*\*`)
	walkSize = regexp.MustCompile(`\*\*([^*]+?)\*\* \(([0-9a-z +·−]+?) bytes`)
	spaces   = regexp.MustCompile(`\s+`)
)

// walkThrough is the "For implementers" section of NETCODE.md, its
// subsections included.
func walkThrough(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(netcodeDoc)
	require.NoError(t, err)
	doc := string(b)
	start := strings.Index(doc, "\n## For implementers")
	require.GreaterOrEqual(t, start, 0, "NETCODE.md has its section For implementers")
	rest := doc[start+1:]
	if end := strings.Index(rest, "\n## "); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// walkMessage makes the real datagram or message a size in the walk-through
// stands for, from the lengths v gives, and returns its length.
type walkMessage struct {
	name   string
	encode func(t *testing.T, v map[string]int) int
}

// text is a string of n bytes.
func text(n int) string { return strings.Repeat("a", n) }

// walkMessages are the walk-through's sizes in the order a join meets them.
var walkMessages = []walkMessage{
	{"knock", func(*testing.T, map[string]int) int { return enet.DoorKnockLen }},
	{"cookie", func(*testing.T, map[string]int) int { return enet.DoorCookieLen }},
	{"version", func(*testing.T, map[string]int) int { return enet.DoorVersionLen }},
	{"proof", func(t *testing.T, _ map[string]int) int {
		return len(seal.AppendProof(nil, [seal.CookieLen]byte{1}, [seal.KeyLen]byte{2}))
	}},
	{"hello", func(t *testing.T, _ map[string]int) int {
		id, err := seal.NewIdentity(rand.Reader)
		require.NoError(t, err)
		c, err := seal.NewClient(rand.Reader)
		require.NoError(t, err)
		acc, err := seal.Accept(id, [seal.CookieLen]byte{1}, c.Key(), rand.Reader)
		require.NoError(t, err)
		return len(acc.Hello)
	}},
	{"busy", func(*testing.T, map[string]int) int { return enet.DoorBusyLen }},
	{"sealed datagram", func(t *testing.T, v map[string]int) int {
		_, sess := sessionPair(t)
		buf := make([]byte, seal.Header+v["d"]+chacha20poly1305.Overhead)
		n, err := sess.SealInPlace(buf, v["d"])
		require.NoError(t, err)
		return n
	}},
	{"Hello", func(t *testing.T, v map[string]int) int {
		b, err := wire.AppendHello(nil, wire.Hello{Name: text(v["n"]), Password: text(v["k"])})
		require.NoError(t, err)
		return len(b)
	}},
	{"Welcome", func(*testing.T, map[string]int) int {
		return len(wire.AppendWelcome(nil, wire.Welcome{PeerID: 1, ServerTick: 600}))
	}},
	{"Reject", func(t *testing.T, v map[string]int) int {
		b, err := wire.AppendReject(nil, wire.Reject{Reason: text(v["n"])})
		require.NoError(t, err)
		return len(b)
	}},
	{"TryAgain", func(t *testing.T, v map[string]int) int {
		b, err := wire.AppendTryAgain(nil, wire.TryAgain{Retry: 300, Reason: text(v["n"])})
		require.NoError(t, err)
		return len(b)
	}},
	{"Characters", func(t *testing.T, v map[string]int) int {
		c := wire.Characters{Note: text(v["n"]), Slots: 8}
		for i := range v["c"] {
			name := text(v["k"] / v["c"])
			if i == 0 {
				name += text(v["k"] % v["c"])
			}
			c.Entries = append(c.Entries, wire.CharacterEntry{ID: uint64(i + 1), Name: name, Level: 1, Health: 10, MaxHealth: 10})
		}
		b, err := wire.AppendCharacters(nil, c)
		require.NoError(t, err)
		return len(b)
	}},
	{"CharacterCommand", func(t *testing.T, v map[string]int) int {
		b, err := wire.AppendCharacterCommand(nil, wire.CharacterCommand{Op: wire.OpCreate, Name: text(v["n"]), Class: text(v["m"])})
		require.NoError(t, err)
		return len(b)
	}},
	{"EnterInstance", func(t *testing.T, v map[string]int) int {
		e := wire.EnterInstance{Epoch: 1, Dungeon: game.HubDungeon, MapW: 64, MapH: 64, ServerTick: 600}
		for i := range v["n"] {
			e.Portals = append(e.Portals, game.Portal{Pos: game.TileCenter(i+1, 2), Dungeon: 0})
		}
		b, err := wire.AppendEnterInstance(nil, e)
		require.NoError(t, err)
		return len(b)
	}},
	{"MapChunk", func(*testing.T, map[string]int) int {
		return len(wire.AppendMapChunk(nil, wire.MapChunk{CX: 1, CY: 2}))
	}},
	{"Snapshot", func(_ *testing.T, v map[string]int) int {
		return len(wire.AppendSnapshot(nil, sampleSnapshot(v["n"], v["m"], v["k"])))
	}},
	{"RoundTrip", func(*testing.T, map[string]int) int {
		return len(wire.AppendRoundTrip(nil, wire.RoundTrip{Millis: 100}))
	}},
	{"Input", func(_ *testing.T, v map[string]int) int {
		frames := make([]game.Input, v["n"])
		for i := range frames {
			frames[i].Tick = uint32(700 + i)
		}
		return len(wire.AppendInput(nil, frames, 690))
	}},
}

// walkLengths are two sets of lengths each size is checked with, so that a
// constant written where a length belongs fails.
var walkLengths = []map[string]int{
	{"n": 3, "m": 5, "k": 6, "c": 2, "d": 40},
	{"n": 1, "m": 0, "k": 4, "c": 1, "d": 101},
}

func TestTheWalkThroughMatchesTheEncoders(t *testing.T) {
	section := walkThrough(t)
	t.Run("the steps are numbered from 1 without a gap", func(t *testing.T) {
		steps := walkStep.FindAllStringSubmatch(section, -1)
		require.NotEmpty(t, steps)
		for i, m := range steps {
			n, _ := strconv.Atoi(m[1])
			require.Equal(t, i+1, n, "step %d", i+1)
		}
	})
	flat := spaces.ReplaceAllString(section, " ") // a bold name may run over a line's end
	sizes := walkSize.FindAllStringSubmatch(flat, -1)
	known := map[string]walkMessage{}
	var want []string
	for _, m := range walkMessages {
		known[m.name] = m
		want = append(want, m.name)
	}
	var order []string
	seen := map[string]bool{}
	for _, s := range sizes {
		name, expr := s[1], s[2]
		m, ok := known[name]
		if !ok {
			t.Errorf("the walk-through gives a size for %q, which this test does not know: add it to walkMessages", name)
			continue
		}
		if !seen[name] {
			seen[name] = true
			order = append(order, name)
		}
		t.Run(name+" is "+expr+" bytes", func(t *testing.T) {
			for _, v := range walkLengths {
				doc, err := evalLayout(expr, v)
				require.NoError(t, err)
				assert.Equal(t, doc, m.encode(t, v), "with %v", v)
			}
		})
	}
	t.Run("a join meets every datagram and message in the walk-through's order", func(t *testing.T) {
		assert.Equal(t, want, order)
	})
}

// sessionPair makes a server's session with a client's key whose private
// half the test keeps, the way a client written from the walk-through
// would: it returns the client's key pair and the server's session.
func sessionPair(t *testing.T) (*ecdh.PrivateKey, *seal.Session) {
	t.Helper()
	priv, _, acc := acceptedBy(t, [seal.CookieLen]byte{9})
	return priv, acc.Session
}

func acceptedBy(t *testing.T, cookie [seal.CookieLen]byte) (*ecdh.PrivateKey, seal.Identity, *seal.Accepted) {
	t.Helper()
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	require.NoError(t, err)
	id, err := seal.NewIdentity(rand.Reader)
	require.NoError(t, err)
	var key [seal.KeyLen]byte
	copy(key[:], priv.PublicKey().Bytes())
	acc, err := seal.Accept(id, cookie, key, rand.Reader)
	require.NoError(t, err)
	return priv, id, acc
}

// TestTheWalkThroughsSealIsTheServers follows steps 4 to 6 of the
// walk-through as a client written from it would, against net/seal's
// server side: the proof's bytes, the hello's signature over the 91 bytes
// it names, the fingerprint, the key schedule, the nonce and the header.
func TestTheWalkThroughsSealIsTheServers(t *testing.T) {
	cookie := [seal.CookieLen]byte{0, 0, 0, 7, 1, 2, 3, 4, 5, 6, 7, 8} // epoch 7, a MAC
	priv, id, acc := acceptedBy(t, cookie)
	clientKey := priv.PublicKey().Bytes()

	t.Run("the proof is the magic, the cookie's 12 bytes, the key and 88 zero bytes", func(t *testing.T) {
		var key [seal.KeyLen]byte
		copy(key[:], clientKey)
		want := append([]byte("DKPR"), cookie[:]...)
		want = append(want, clientKey...)
		want = append(want, make([]byte, 88)...)
		assert.Equal(t, want, seal.AppendProof(nil, cookie, key))
	})

	hello := acc.Hello[:]
	require.Equal(t, "DKSH", string(hello[:4]))
	serverKey, identity, sig := hello[4:36], ed25519.PublicKey(hello[36:68]), hello[68:132]
	t.Run("the hello is signed over the label, both keys and the cookie as it came", func(t *testing.T) {
		msg := append([]byte("duskfall seal 1"), clientKey...)
		msg = append(msg, serverKey...)
		msg = append(msg, cookie[:]...)
		require.Len(t, msg, 91)
		assert.True(t, ed25519.Verify(identity, msg, sig))
		assert.Equal(t, id.Public, identity)
	})
	t.Run("the fingerprint is the key's SHA-256, 20 bytes of it in lower-case base32", func(t *testing.T) {
		sum := sha256.Sum256(identity)
		fp := strings.ToLower(base32NoPad(sum[:20]))
		assert.Len(t, fp, 32)
		assert.Regexp(t, `^[a-z2-7]{32}$`, fp)
		assert.Equal(t, seal.Fingerprint(identity), fp)
	})

	peer, err := ecdh.X25519().NewPublicKey(serverKey)
	require.NoError(t, err)
	shared, err := priv.ECDH(peer)
	require.NoError(t, err)
	salt := append(append([]byte{}, clientKey...), serverKey...)
	info := append([]byte("duskfall seal 1 keys"), identity...)
	require.Len(t, info, 52)
	okm, err := hkdf.Key(sha256.New, shared, salt, string(info), 64)
	require.NoError(t, err)
	c2s, err := chacha20poly1305.New(okm[:32])
	require.NoError(t, err)
	s2c, err := chacha20poly1305.New(okm[32:])
	require.NoError(t, err)
	nonce := func(ctr uint64) []byte {
		n := make([]byte, 12)
		binary.BigEndian.PutUint64(n[4:], ctr)
		return n
	}
	// sealed is a datagram as the walk-through says to seal it.
	sealed := func(ctr uint64, plain []byte) []byte {
		b := binary.BigEndian.AppendUint16(nil, uint16(ctr))
		return c2s.Seal(b, nonce(ctr), plain, nil)
	}

	t.Run("the server opens datagrams sealed as the walk-through says", func(t *testing.T) {
		for ctr, plain := range [][]byte{[]byte("connect"), []byte("an acknowledgement")} {
			b := sealed(uint64(ctr), plain)
			require.Len(t, b, len(plain)+18)
			n, err := acc.Session.OpenInPlace(b)
			require.NoError(t, err, "counter %d", ctr)
			assert.Equal(t, plain, b[seal.Header:seal.Header+n])
		}
	})
	t.Run("a header changed on the way fails the tag", func(t *testing.T) {
		b := sealed(2, []byte("a ping"))
		changed := bytes.Clone(b) // an open that fails wipes what it tried
		changed[1] ^= 0x04        // counter 6: another nonce
		_, err := acc.Session.OpenInPlace(changed)
		assert.ErrorIs(t, err, seal.ErrForged)
		_, err = acc.Session.OpenInPlace(b)
		assert.NoError(t, err, "the datagram as sealed opens")
	})
	t.Run("the walk-through opens the server's datagrams, counted from 0", func(t *testing.T) {
		for ctr := range uint64(3) {
			plain := []byte("a snapshot, or ENet's own")
			buf := make([]byte, len(plain)+seal.Overhead)
			copy(buf[seal.Header:], plain)
			n, err := acc.Session.SealInPlace(buf, len(plain))
			require.NoError(t, err)
			b := buf[:n]
			require.Equal(t, uint16(ctr), binary.BigEndian.Uint16(b), "the header is the counter's low 16 bits, big-endian")
			got, err := s2c.Open(nil, nonce(ctr), b[2:], nil)
			require.NoError(t, err, "no associated data; the nonce is 4 zero bytes and the counter, big-endian")
			assert.Equal(t, plain, got)
		}
	})
}

// base32NoPad is RFC 4648's base32, its alphabet A–Z and 2–7, without
// padding, as the walk-through names it (written out, not encoding/base32).
func base32NoPad(b []byte) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	var out strings.Builder
	var acc uint64
	bits := 0
	for _, c := range b {
		acc, bits = acc<<8|uint64(c), bits+8
		for bits >= 5 {
			out.WriteByte(alphabet[acc>>(bits-5)&31])
			bits -= 5
		}
	}
	if bits > 0 {
		out.WriteByte(alphabet[acc<<(5-bits)&31])
	}
	return out.String()
}

// walkContentHash is the content hash as step 8 says to compute it.
func walkContentHash(t *testing.T, fsys fs.FS) [32]byte {
	t.Helper()
	entries, err := fs.ReadDir(fsys, ".")
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".toml") {
			names = append(names, e.Name())
		}
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	leb128 := func(n int) []byte {
		var b []byte
		for n >= 0x80 {
			b = append(b, byte(n&0x7f)|0x80)
			n >>= 7
		}
		return append(b, byte(n))
	}
	h := sha256.New()
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		require.NoError(t, err)
		data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		h.Write(leb128(len(name)))
		h.Write([]byte(name))
		h.Write(leb128(len(data)))
		h.Write(data)
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

func TestTheWalkThroughsContentHashIsTheGames(t *testing.T) {
	long := strings.Repeat("x", 130) + ".toml" // a name whose length takes two varint bytes
	cases := []struct {
		name string
		fsys fs.FS
	}{
		{"the built-in content", levels.Embedded()},
		{"a folder with CRLF line ends, a long name, a subfolder and other files", fstest.MapFS{
			"items.toml":         {Data: []byte("[[item]]\r\nid = \"a\"\r\n")},
			"B.toml":             {Data: []byte(strings.Repeat("y", 300))},
			long:                 {Data: []byte("z\n")},
			"notes.txt":          {Data: []byte("not content")},
			"maps/deeper.toml":   {Data: []byte("not at the root")},
			"items.toml.orig":    {Data: []byte("no")},
			"hub.toml":           {Data: []byte("rows = []\n")},
			"arena.toml":         {Data: []byte("")},
			"classes.toml":       {Data: []byte("\r\n")},
			"patterns.toml":      {Data: []byte("x = 1")},
			"player.toml":        {Data: []byte("y = 2\r\n\r\n")},
			"upgrades.toml":      {Data: []byte("\n")},
			"loot.toml":          {Data: []byte("[loot]")},
			"dungeons.toml":      {Data: []byte("k = 'v'")},
			"enemies.toml":       {Data: []byte("e = 3")},
			"boss_hall.toml":     {Data: []byte("b = 4")},
			"maps/other.toml.gz": {Data: []byte("no")},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, err := levels.Hash(tc.fsys)
			require.NoError(t, err)
			assert.Equal(t, want, walkContentHash(t, tc.fsys))
		})
	}
}
