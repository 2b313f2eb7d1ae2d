package lan_test

import (
	"encoding/hex"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/lan"
)

// key is a fingerprint as a host announces it (net/seal, Fingerprint).
const key = "nvpvcmm3cemk6e6m5hseodk24gfqegee"

func TestAnnouncementLayout(t *testing.T) {
	t.Run("an announcement encodes to its golden bytes", func(t *testing.T) {
		b := lan.Append(nil, lan.Announcement{Port: 7777, Players: 2, MaxPlayers: 32, Fingerprint: key, Name: "Ava"})
		assert.Equal(t, "444b4632611e0220"+hex.EncodeToString([]byte(key))+"417661", hex.EncodeToString(b))
		a, err := lan.Parse(b)
		require.NoError(t, err)
		assert.Equal(t, lan.Announcement{Port: 7777, Players: 2, MaxPlayers: 32, Fingerprint: key, Name: "Ava"}, a)
	})
	t.Run("an older host's announcement is read, with no key", func(t *testing.T) {
		b, err := hex.DecodeString("444b4631611e0220417661")
		require.NoError(t, err)
		a, err := lan.Parse(b)
		require.NoError(t, err)
		assert.Equal(t, lan.Announcement{Port: 7777, Players: 2, MaxPlayers: 32, Name: "Ava"}, a)
		assert.Equal(t, b, lan.Append(nil, a), "and a host with no key announces that form")
	})
	t.Run("a name that would break the layout is cleaned, never refused", func(t *testing.T) {
		b := lan.Append(nil, lan.Announcement{Port: 1, Fingerprint: key, Name: "A\nB" + strings.Repeat("x", 100)})
		assert.Len(t, b, lan.MaxAnnounce)
		a, err := lan.Parse(b)
		require.NoError(t, err)
		assert.Equal(t, "AB"+strings.Repeat("x", 30), a.Name)
		a, err = lan.Parse(lan.Append(nil, lan.Announcement{Port: 1}))
		require.NoError(t, err)
		assert.Equal(t, "Duskfall", a.Name)
	})
	t.Run("a key not in the fingerprint's form is left out, never refused", func(t *testing.T) {
		a, err := lan.Parse(lan.Append(nil, lan.Announcement{Port: 1, Fingerprint: strings.ToUpper(key), Name: "Bo"}))
		require.NoError(t, err)
		assert.Empty(t, a.Fingerprint)
		assert.Equal(t, "Bo", a.Name)
	})
	keyHex := hex.EncodeToString([]byte(key))
	for _, tc := range []struct {
		name string
		hex  string
		err  error
	}{
		{"a datagram too short is refused", "444b4631611e02", lan.ErrShort},
		{"an announcement cut inside its key is refused", "444b4632611e0220" + keyHex[:20], lan.ErrShort},
		{"an announcement with a key and no name is refused", "444b4632611e0220" + keyHex, lan.ErrShort},
		{"another program's datagram is refused", "58585858611e022041", lan.ErrMagic},
		{"port 0 is refused", "444b463100000220417661", lan.ErrMalformed},
		{"more players than room is refused", "444b4631611e0902417661", lan.ErrMalformed},
		{"a control character in the name is refused", "444b4631611e02204107", lan.ErrMalformed},
		{"invalid UTF-8 is refused", "444b4631611e0220ff", lan.ErrMalformed},
		{"a key with a letter base32 lacks is refused", "444b4632611e0220" + "31" + keyHex[2:] + "417661", lan.ErrMalformed},
		{"a key in upper case is refused: a host sends it as made", "444b4632611e0220" + hex.EncodeToString([]byte(strings.ToUpper(key))) + "417661", lan.ErrMalformed},
		{"a name past 32 bytes is refused", "444b4632611e0220" + keyHex + strings.Repeat("41", 33), lan.ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := hex.DecodeString(tc.hex)
			require.NoError(t, err)
			_, err = lan.Parse(b)
			assert.ErrorIs(t, err, tc.err)
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add(lan.Append(nil, lan.Announcement{Port: 7777, Players: 1, MaxPlayers: 8, Fingerprint: key, Name: "Bo"}))
	f.Add(lan.Append(nil, lan.Announcement{Port: 7777, Players: 1, MaxPlayers: 8, Name: "Bo"}))
	f.Add([]byte("DKF1"))
	f.Add([]byte("DKF2"))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := lan.Parse(b)
		if err != nil {
			return
		}
		require.LessOrEqual(t, len(b), lan.MaxAnnounce)
		back, err := lan.Parse(lan.Append(nil, a))
		require.NoError(t, err)
		require.Equal(t, a, back, "a parsed announcement survives a round trip")
	})
}

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestFindingGamesOnTheNetwork(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1000, 0)}
	l, err := lan.Listen("127.0.0.1:0", clock.now)
	require.NoError(t, err)
	defer l.Close()
	an, err := lan.Announce(lan.Announcement{Port: 7777, Players: 1, MaxPlayers: 32, Fingerprint: key, Name: "Ava"}, l.Addr().String())
	require.NoError(t, err)
	defer an.Close()
	require.Eventually(t, func() bool { return len(l.Games()) == 1 }, 3*time.Second, 10*time.Millisecond)
	g := l.Games()[0]
	assert.Equal(t, "127.0.0.1:7777", g.Addr, "the host's address is where the announcement came from")
	assert.Equal(t, "Ava", g.Name)
	assert.Equal(t, 1, g.Players)
	assert.Equal(t, "127.0.0.1:7777/"+key, g.Code(), "with the key the host announced, its join code")

	t.Run("garbage on the port is dropped and counted", func(t *testing.T) {
		c, err := net.Dial("udp4", l.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		for range 5 {
			_, err := c.Write([]byte("not a game at all"))
			require.NoError(t, err)
		}
		require.Eventually(t, func() bool { return l.Dropped() == 5 }, 3*time.Second, 10*time.Millisecond)
		assert.Len(t, l.Games(), 1)
	})
	t.Run("a game not heard from for a while is forgotten", func(t *testing.T) {
		an.Close()
		clock.add(lan.ForgetAfter + time.Second)
		assert.Empty(t, l.Games())
	})
}
