package e2e

import (
	"bytes"
	"log"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/transport/netsim"
	"duskfall/server"
	"duskfall/server/store"
)

// lockedBuffer is a log the server's writer goroutine and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Every way out runs the same channel, over real ENet with a real store:
// a player who disconnects (the menu's call), one whose cable is pulled
// (a proxy that stops carrying anything, as a killed process does) and one
// who holds ESCAPE. The first two reach the server as the same event and
// the same code path (one log line, one counter), and each leaves a body
// that channels out for the second everyone pays before it is saved in
// the hub; the third channels out alive.
func TestEveryExitRunsTheSameChannel(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	logs := &lockedBuffer{}
	srv, addr := storedServerWith(t, dir, transport.Config{Timeout: time.Second},
		func(c *server.Config) { c.Log = log.New(logs, "", 0) })
	proxy, err := netsim.Start("127.0.0.1:0", addr, netsim.Config{Seed: 1})
	require.NoError(t, err)
	defer proxy.Close()

	names := []string{"Closer", "Cable", "Runner"}
	addrs := []string{addr, proxy.Addr(), addr}
	rts := make([]*client.Runtime, len(names))
	for i := range rts {
		rts[i], err = client.Dial(addrs[i], client.Config{Content: builtinContent, Name: names[i], Token: [16]byte{byte(i + 1)}})
		require.NoError(t, err)
	}
	intents := make([]client.Intent, len(names))
	frame := func() {
		for i, rt := range rts {
			if rt != nil {
				rt.Frame(intents[i])
			}
		}
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
	}
	playing := func() bool {
		for _, rt := range rts {
			if rt.State() != client.StatePlaying {
				return false
			}
		}
		return true
	}
	for i := 0; i < 5*game.TickRate && !playing(); i++ {
		frame()
	}
	require.True(t, playing(), "all three play")

	// Into the Proving Grounds, all three.
	ids := make([]uint16, len(rts))
	for i, rt := range rts {
		ids[i] = rt.PlayerID()
		w := srv.World(ids[i])
		w.Teleport(ids[i], w.Portals()[0].Pos)
		intents[i] = client.Intent{Interact: true}
	}
	inDungeon := func(i int) bool { w := srv.World(ids[i]); return w != nil && !w.Map().HasNPC }
	for i := 0; i < 3*game.TickRate && !(inDungeon(0) && inDungeon(1) && inDungeon(2)); i++ {
		frame()
	}
	require.True(t, inDungeon(0) && inDungeon(1) && inDungeon(2), "through the portal")
	for i := range intents {
		intents[i] = client.Intent{}
	}
	dungeon := srv.World(ids[0])

	rts[0].Close() // Disconnect to menu
	rts[0] = nil
	require.NoError(t, proxy.Close()) // the cable
	rts[1].Close()                    // its goodbye never arrives: only the timeout tells the server
	rts[1] = nil
	intents[2] = client.Intent{Escape: true}

	linkdeadFrom := map[uint16]int{}
	goneAt := map[uint16]int{}
	for tick := 0; tick < 6*game.TickRate && len(goneAt) < 3; tick++ {
		frame()
		for _, id := range ids {
			st, here := dungeon.PlayerState(id)
			if _, seen := linkdeadFrom[id]; here && st.Flags&game.PlayerLinkdead != 0 && !seen {
				linkdeadFrom[id] = tick
			}
			if _, gone := goneAt[id]; !here && !gone {
				goneAt[id] = tick
			}
		}
	}
	require.Len(t, goneAt, 3, "all three left the dungeon")
	c := srv.Counters()
	assert.Equal(t, 2, c.Linkdead, "a disconnect and a pulled cable each left a body")
	assert.Equal(t, 3, c.Escapes, "and all three ways out ran the channel")
	for _, id := range ids[:2] {
		require.Contains(t, linkdeadFrom, id)
		assert.GreaterOrEqual(t, goneAt[id]-linkdeadFrom[id], game.EscapeTicks-1, "player %d's body stayed for the channel's second", id)
	}
	t.Logf("bodies: %v linkdead from tick, %v gone at tick", linkdeadFrom, goneAt)
	_, d := rts[2].Instance()
	for i := 0; i < game.TickRate && d != game.HubDungeon; i++ {
		frame()
		_, d = rts[2].Instance()
	}
	assert.Equal(t, uint8(game.HubDungeon), d, "the runner is in the hub")
	rts[2].Close()
	for range game.EscapeTicks + 10 {
		frame()
	}
	srv.Shutdown("test over")
	logText := logs.String()
	for _, name := range names[:2] {
		assert.Contains(t, logText, name+" (player", name)
		assert.Contains(t, logText, "lost its connection: its body channels out (linkdead)")
	}
	assert.Equal(t, 3, countLines(logText, "lost its connection: its body channels out (linkdead)"),
		"the disconnect, the cable and the runner's goodbye: one code path, one line each")

	st2, err := store.Open(filepath.Join(dir, server.DataFile))
	require.NoError(t, err)
	defer st2.Close()
	for _, name := range names {
		chars, err := st2.Characters(name)
		require.NoError(t, err)
		require.Len(t, chars, 1, name)
		assert.Equal(t, store.PlaceHub, chars[0].Where.Kind, "%s ended in the hub", name)
		assert.Positive(t, chars[0].Health, "%s came out alive", name)
	}
}

func countLines(s, sub string) int {
	n := 0
	for _, l := range bytes.Split([]byte(s), []byte("\n")) {
		if bytes.Contains(l, []byte(sub)) {
			n++
		}
	}
	return n
}
