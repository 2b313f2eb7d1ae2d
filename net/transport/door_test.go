package transport

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/enet"
)

func TestTheDoor(t *testing.T) {
	t.Run("a client knocks, proves its address and connects", func(t *testing.T) {
		srv := listen(t, Config{})
		start := time.Now()
		cli := dial(t, srv.Addr(), 7, Config{})
		record(cli).waitFor(t, "the client's connect", isKind(EventConnect))
		t.Logf("connected through the door in %v", time.Since(start).Round(time.Microsecond))
		ev := record(srv).waitFor(t, "the server's connect", isKind(EventConnect))
		assert.EqualValues(t, 7, ev.ConnectData)
		require.Eventually(t, func() bool { return srv.WireStats().DoorProven >= 1 }, waitTimeout, 10*time.Millisecond)
		w := srv.WireStats()
		assert.EqualValues(t, 1, w.DoorKnocks)
		assert.Zero(t, w.DoorDropped)
	})
	t.Run("a raw ENet connect that never knocked is dropped and counted", func(t *testing.T) {
		srv := listen(t, Config{})
		rec := record(srv)
		raw := enet.DefaultHostConfig()
		raw.Compress = true
		host, err := enet.NewHost(nil, raw)
		require.NoError(t, err)
		defer host.Destroy()
		to, err := resolve(srv.Addr())
		require.NoError(t, err)
		_, err = host.Connect(to, len(testChannels), 0)
		require.NoError(t, err)
		for end := time.Now().Add(time.Second); time.Now().Before(end); {
			ev, err := host.Service(1)
			require.NoError(t, err)
			require.NotEqual(t, enet.EventConnect, ev.Type, "the door let a connect in unproven")
		}
		rec.pollOnce()
		assert.Empty(t, rec.events)
		assert.Positive(t, srv.WireStats().DoorDropped, "ENet resends its CONNECT: each one dropped")
	})
	t.Run("a dial to a server with no door ends in a disconnect when the knock times out", func(t *testing.T) {
		la, err := enet.NewAddress("127.0.0.1", 0)
		require.NoError(t, err)
		raw := enet.DefaultHostConfig()
		raw.Compress = true
		host, err := enet.NewHost(&la, raw)
		require.NoError(t, err)
		defer host.Destroy()
		start := time.Now()
		cli := dial(t, host.Address().String(), 0, Config{Timeout: 500 * time.Millisecond})
		rec := record(cli)
		for end := time.Now().Add(waitTimeout); time.Now().Before(end); {
			_, err := host.Service(1)
			require.NoError(t, err)
			rec.pollOnce()
			if len(rec.events) > 0 {
				break
			}
		}
		require.Len(t, rec.events, 1)
		assert.Equal(t, EventDisconnect, rec.events[0].Kind)
		assert.Less(t, time.Since(start), 2*time.Second)
	})
	t.Run("a dial given up at the door ends in a disconnect", func(t *testing.T) {
		la, err := enet.NewAddress("127.0.0.1", 0)
		require.NoError(t, err)
		host, err := enet.NewHost(&la, enet.DefaultHostConfig()) // no door: the knock goes unanswered
		require.NoError(t, err)
		defer host.Destroy()
		cli := dial(t, host.Address().String(), 0, Config{})
		cli.Disconnect()
		record(cli).waitFor(t, "the disconnect", isKind(EventDisconnect))
	})
}

func TestASessionEndsWithItsConnection(t *testing.T) {
	t.Run("a clean disconnect frees it at once", func(t *testing.T) {
		srv := listen(t, Config{})
		rec := record(srv)
		cli := dial(t, srv.Addr(), 0, Config{})
		record(cli).waitFor(t, "the client's connect", isKind(EventConnect))
		rec.waitFor(t, "the server's connect", isKind(EventConnect))
		require.Eventually(t, func() bool { return srv.WireStats().SealSessions == 1 }, waitTimeout, 5*time.Millisecond)
		assert.Zero(t, srv.WireStats().SealUnconnected, "connected, it is no longer bounded as one that never connected")
		require.NoError(t, cli.Close())
		rec.waitFor(t, "the server's disconnect", isKind(EventDisconnect))
		require.Eventually(t, func() bool { return srv.WireStats().SealSessions == 0 }, 100*time.Millisecond, 5*time.Millisecond)
		assert.EqualValues(t, 1, srv.WireStats().SealEnded)
	})
	t.Run("a lost connection frees it when the server gives up on it", func(t *testing.T) {
		srv := listen(t, Config{Timeout: 300 * time.Millisecond})
		rec := record(srv)
		host, err := enet.NewHost(nil, sealedClient())
		require.NoError(t, err)
		to, err := resolve(srv.Addr())
		require.NoError(t, err)
		throughDoor(t, host, to)
		_, err = host.Connect(to, len(testChannels), 0)
		require.NoError(t, err)
		for !rec.has(isKind(EventConnect)) {
			_, err := host.Service(1)
			require.NoError(t, err)
			rec.pollOnce()
		}
		host.Destroy() // gone without a word
		rec.waitFor(t, "the server's disconnect", isKind(EventDisconnect))
		require.Eventually(t, func() bool { return srv.WireStats().SealSessions == 0 }, 100*time.Millisecond, 5*time.Millisecond)
	})
}

func TestABusyDoorEndsTheDialInWords(t *testing.T) {
	srv := listen(t, Config{})
	to, err := resolve(srv.Addr())
	require.NoError(t, err)
	// Sessions that never connect, just made, fill 127.0.1.4's place.
	for range enet.SealUnconnectedPerAddress {
		from, err := enet.NewAddress("127.0.1.4", 0)
		require.NoError(t, err)
		host, err := enet.NewHost(&from, sealedClient())
		require.NoError(t, err)
		defer host.Destroy()
		throughDoor(t, host, to)
	}
	cli := dial(t, srv.Addr(), 0, Config{Bind: "127.0.1.4"})
	ev := record(cli).waitFor(t, "the dial's end", isKind(EventDisconnect))
	assert.Positive(t, ev.Busy)
	assert.LessOrEqual(t, ev.Busy, enet.SealYoungMs*time.Millisecond)
	assert.Equal(t, "the server is busy, try again in 1 s", ev.Reason)
	assert.EqualValues(t, 1, srv.WireStats().SealBusy)

	t.Run("another address gets in meanwhile", func(t *testing.T) {
		cli := dial(t, srv.Addr(), 0, Config{Bind: "127.0.0.2"})
		record(cli).waitFor(t, "the client's connect", isKind(EventConnect))
	})
}
