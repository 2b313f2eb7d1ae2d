package server

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// udpIPHeader is what every datagram costs below ENet: 20 bytes of IPv4
// and 8 of UDP.
const udpIPHeader = 28

// referencePeak is the boss hall: the Warden in the middle of a bare hall,
// four players strafing around it, about 350 live bullets.
func referencePeak(t testing.TB) Config {
	t.Helper()
	content, err := levels.LoadContent()
	require.NoError(t, err)
	hall, err := levels.LoadMap("boss_hall", content)
	require.NoError(t, err)
	return Config{Content: content, Map: hall, Seed: 5}
}

// rawClient is the least a client can be: it says Hello, plays the
// character named after it and sends input frames for the server's next
// tick. It decodes nothing but the Welcome and the roster.
type rawClient struct {
	tr      *transport.ENetClient
	id      uint16
	playing bool
	inbox   []transport.Event
	buf     []byte
}

func (c *rawClient) frame(t testing.TB, name string, serverTick uint32, w *game.World) {
	c.inbox = c.tr.Poll(c.inbox[:0])
	for _, ev := range c.inbox {
		switch {
		case ev.Kind == transport.EventConnect:
			b, err := wire.AppendHello(nil, wire.Hello{Name: name})
			require.NoError(t, err)
			c.tr.Send(wire.ChanControl, b)
		case ev.Kind == transport.EventReceive && len(ev.Data) > 0 && wire.MsgType(ev.Data[0]) == wire.MsgWelcome:
			w, err := wire.ParseWelcome(ev.Data)
			require.NoError(t, err)
			c.id = w.PeerID
		case ev.Kind == transport.EventReceive && len(ev.Data) > 0 && wire.MsgType(ev.Data[0]) == wire.MsgCharacters:
			c.tr.Send(wire.ChanControl, playNamed(t, ev.Data, name))
		case ev.Kind == transport.EventReceive && len(ev.Data) > 0 && wire.MsgType(ev.Data[0]) == wire.MsgEnterInstance:
			c.playing = true
		}
	}
	if !c.playing {
		return
	}
	// Strafe around the boss and fire at it, like the content's own peak test.
	tick := serverTick + 1
	pos, _ := w.PlayerPos(c.id)
	boss := game.Vec{}
	w.EachEnemy(func(_ game.EnemyState, at game.Vec) { boss = at })
	a := math.Atan2(boss.Y-pos.Y, boss.X-pos.X)
	in := game.Input{Tick: tick, MoveX: int8(60 * math.Cos(a+math.Pi/2)), MoveY: int8(60 * math.Sin(a+math.Pi/2)),
		Aim: game.AimFromAngle(a), Buttons: game.BtnFire}
	c.buf = wire.AppendInput(c.buf[:0], []game.Input{in})
	c.tr.Send(wire.ChanInput, c.buf)
}

// TestBandwidthReferencePeak measures what the server sends each client at
// the reference peak over real ENet on loopback, counting ENet's own
// protocol bytes and 28 bytes of UDP/IP per datagram.
func TestBandwidthReferencePeak(t *testing.T) {
	if testing.Short() {
		t.Skip("12 s of play in real time")
	}
	tr, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: wire.ReliableChannels()})
	require.NoError(t, err)
	srv, err := New(referencePeak(t), tr)
	require.NoError(t, err)
	defer srv.Shutdown("test over")
	clients := make([]*rawClient, 4)
	for i := range clients {
		ct, err := transport.DialENet(tr.Addr(), wire.ProtocolVersion, transport.Config{Reliable: wire.ReliableChannels()})
		require.NoError(t, err)
		defer ct.Close()
		clients[i] = &rawClient{tr: ct}
	}
	const warmup, measured = 2 * game.TickRate, 10 * game.TickRate
	var start transport.WireStats
	var startCounters Counters
	spawns := 0
	liveSum, peak := 0, 0
	frame := time.NewTicker(time.Second / game.TickRate)
	defer frame.Stop()
	for step := range warmup + measured {
		<-frame.C
		for i, c := range clients {
			c.frame(t, fmt.Sprintf("peak-%d", i+1), srv.Tick(), srv.instances[0].world)
		}
		srv.Step()
		if step == warmup-1 {
			require.Equal(t, 4, srv.Players(), "all four clients should be in by the end of the warm-up")
			start, startCounters = tr.WireStats(), srv.Counters()
		}
		if step >= warmup {
			live := srv.instances[0].world.Bullets().Len()
			liveSum += live
			peak = max(peak, live)
			for _, ev := range srv.instances[0].world.Events() {
				if ev.Kind == game.EvBulletSpawn {
					spawns++
				}
			}
		}
	}
	end := tr.WireStats()
	secs := float64(measured) / game.TickRate
	bytes := float64(end.BytesSent-start.BytesSent) + udpIPHeader*float64(end.PacketsSent-start.PacketsSent)
	perClient := bytes / secs / float64(len(clients))
	meanLive := float64(liveSum) / measured
	fmt.Printf("bytes_per_s_per_client=%.0f\n", perClient)
	fmt.Printf("mean_live_bullets=%.0f peak_live_bullets=%d datagrams_per_s_per_client=%.1f\n", meanLive, peak,
		float64(end.PacketsSent-start.PacketsSent)/secs/float64(len(clients)))
	c := srv.Counters()
	for _, m := range wire.Messages() {
		if n := c.BytesOutBy[m.Type] - startCounters.BytesOutBy[m.Type]; n > 0 {
			fmt.Printf("  %-14s %7.0f B/s per client (payload)\n", m.Name, float64(n)/secs/float64(len(clients)))
		}
	}
	fmt.Printf("  spawns per second: %.0f\n", float64(spawns)/secs)
	for k, n := range c.EventsOut {
		if n -= startCounters.EventsOut[k]; n > 0 {
			fmt.Printf("  event kind %d: %.1f per second per client\n", k, float64(n)/secs/float64(len(clients)))
		}
	}
	require.GreaterOrEqual(t, peak, 300, "the reference peak should reach about 350 live bullets")
	require.Greater(t, meanLive, 200.0, "and stay dense")
	require.LessOrEqual(t, perClient, 3000.0, "bandwidth per client at the reference peak")
}
