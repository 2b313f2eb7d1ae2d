package listen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/net/lan"
	"duskfall/server"
)

// frames runs the host and the friends until done or 600 frames pass.
func frames(h *Host, done func() bool, friends ...*client.Runtime) {
	for range 600 {
		h.Frame(client.Intent{})
		for _, f := range friends {
			f.Frame(client.Intent{})
		}
		if done() {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

func dialFriend(t *testing.T, h *Host, name, password string) *client.Runtime {
	t.Helper()
	f, err := client.Dial(h.Addr(), client.Config{Content: builtin(t).Content, Name: name, Password: password})
	require.NoError(t, err)
	t.Cleanup(f.Close)
	return f
}

func TestAPrivateGameIsNotAnnounced(t *testing.T) {
	l, err := lan.Listen("127.0.0.1:0", nil)
	require.NoError(t, err)
	defer l.Close()
	to := []string{l.Addr().String()}
	private, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3, Client: client.Config{Name: "Hush"},
		Announce: true, AnnounceTo: to, Private: true})
	require.NoError(t, err)
	defer private.Close()
	public, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3, Client: client.Config{Name: "Ava"},
		Announce: true, AnnounceTo: to})
	require.NoError(t, err)
	defer public.Close()

	require.Eventually(t, func() bool { return len(l.Games()) > 0 }, 3*time.Second, 10*time.Millisecond)
	for range 3 { // announced at start and once a second: the private one had its chances too
		private.Frame(client.Intent{})
		public.Frame(client.Intent{})
	}
	var heard []string
	for _, g := range l.Games() {
		heard = append(heard, g.Addr)
	}
	assert.Equal(t, []string{public.Addr()}, heard, "only the public game is listed")
	assert.False(t, private.Announcing())
	assert.True(t, public.Announcing())
}

func TestTheHostsControls(t *testing.T) {
	t.Run("a friend needs the host's password; the host does not", func(t *testing.T) {
		h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3, Client: client.Config{Name: "host"}, Password: "owl"})
		require.NoError(t, err)
		defer h.Close()
		cases := []struct{ name, password, refusal string }{
			{"nopass", "", server.NeedsPassword},
			{"wrongpass", "hawk", server.WrongPassword},
			{"rightpass", "owl", ""},
		}
		for _, c := range cases {
			f := dialFriend(t, h, c.name, c.password)
			frames(h, func() bool { return f.State() == client.StatePlaying || f.State() == client.StateFailed }, f)
			if c.refusal == "" {
				assert.Equal(t, client.StatePlaying, f.State(), "%s: %v", c.name, f.Err())
				continue
			}
			require.Equal(t, client.StateFailed, f.State(), c.name)
			assert.Contains(t, f.Err().Error(), c.refusal, c.name)
		}
		assert.Equal(t, client.StatePlaying, h.Client.State(), "the host plays without the password")
	})
	t.Run("the host kicks and bans friends by player id, and each reads why", func(t *testing.T) {
		h := startHost(t)
		kate, bob := dialFriend(t, h, "kate", ""), dialFriend(t, h, "bob", "")
		frames(h, func() bool { return kate.State() == client.StatePlaying && bob.State() == client.StatePlaying }, kate, bob)
		require.Equal(t, client.StatePlaying, bob.State())
		assert.Equal(t, "kicked kate", h.KickPlayer(kate.PlayerID()))
		assert.Contains(t, h.BanPlayer(bob.PlayerID()), "banned bob")
		assert.Equal(t, "host is the host", h.KickPlayer(h.Client.PlayerID()))
		frames(h, func() bool { return kate.State() == client.StateFailed && bob.State() == client.StateFailed }, kate, bob)
		assert.EqualError(t, kate.Err(), server.KickedWords)
		assert.Contains(t, bob.Err().Error(), server.BannedWords)
	})
}

func TestABanFromTheWindowOutlivesTheHostedGame(t *testing.T) {
	dir := t.TempDir()
	host := func() *Host {
		h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "hub", Seed: 3, DataDir: dir, Client: client.Config{Name: "host", Token: [16]byte{9}}})
		require.NoError(t, err)
		return h
	}
	first := host()
	kate := dialFriend(t, first, "kate", "")
	frames(first, func() bool { return kate.State() == client.StatePlaying }, kate)
	require.Equal(t, client.StatePlaying, kate.State(), "%v", kate.Err())
	assert.Contains(t, first.BanPlayer(kate.PlayerID()), "banned kate")
	frames(first, func() bool { return kate.State() == client.StateFailed }, kate)
	first.Close()

	again := host()
	defer again.Close()
	back := dialFriend(t, again, "kate", "")
	frames(again, func() bool { return back.State() == client.StateFailed }, back)
	require.Equal(t, client.StateFailed, back.State())
	assert.Contains(t, back.Err().Error(), server.BannedWords, "the ban is in the store the next game opens")
	assert.Equal(t, "unbanned kate", again.Server.Unban("kate"))
}

// The Players list names each friend's class, level and place, and the
// host's End the game counts the friends it sends back to their menu.
func TestTheHostKnowsWhoItsFriendsAreAndWhere(t *testing.T) {
	cases := []struct {
		name, enter, class string
		xp                 int
		want               string
	}{
		{"a friend new to the hub", "", "", 0, "Vanguard  ·  level 1  ·  in the hub"},
		{"a friend of another class, grown, on the first floor of a dungeon", "catacombs", "arcanist", 500,
			"Arcanist  ·  level 3  ·  The Catacombs, floor 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "hub", Seed: 3, Client: client.Config{Name: "host"}, Enter: c.enter})
			require.NoError(t, err)
			defer h.Close()
			assert.Zero(t, h.Friends(), "alone")
			kate, err := client.Dial(h.Addr(), client.Config{Content: builtin(t).Content, Name: "kate", Class: c.class})
			require.NoError(t, err)
			defer kate.Close()
			frames(h, func() bool { return kate.State() == client.StatePlaying && h.About(kate.PlayerID()) != "" }, kate)
			require.Equal(t, client.StatePlaying, kate.State(), "%v", kate.Err())
			if c.xp > 0 {
				require.True(t, h.Server.GrantXP(kate.PlayerID(), c.xp))
			}
			frames(h, func() bool { return h.About(kate.PlayerID()) == c.want }, kate)
			assert.Equal(t, c.want, h.About(kate.PlayerID()))
			assert.Equal(t, 1, h.Friends(), "kate is the host's one friend")
			assert.Empty(t, h.About(999), "no such player")
		})
	}
}
