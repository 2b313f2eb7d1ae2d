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

// referencePeak is the arena with one boss in the middle and nothing else:
// the reference peak of about 350 live bullets with four players.
func referencePeak(t testing.TB) Config {
	t.Helper()
	content, err := levels.LoadContent()
	require.NoError(t, err)
	arena, err := levels.LoadMap("arena", content)
	require.NoError(t, err)
	boss := -1
	for i, e := range content.Enemies {
		if e.Boss {
			boss = i
		}
	}
	require.GreaterOrEqual(t, boss, 0, "the content needs a boss-like enemy")
	m := *arena
	g := m.Grid
	centre := nearestFloor(g, g.W/2, g.H/2)
	m.EnemySpawns = []game.EnemySpawn{{Pos: centre, Kind: boss}}
	m.PlayerSpawns = nil
	for i := range 4 {
		a := float64(i) * math.Pi / 2
		m.PlayerSpawns = append(m.PlayerSpawns, game.Vec{X: centre.X + 260*math.Cos(a), Y: centre.Y + 260*math.Sin(a)})
	}
	return Config{Content: content, Map: &m, Seed: 5}
}

func nearestFloor(g *game.Grid, tx, ty int) game.Vec {
	for r := 0; r < max(g.W, g.H); r++ {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				if g.At(tx+dx, ty+dy) == game.TileFloor {
					return game.TileCenter(tx+dx, ty+dy)
				}
			}
		}
	}
	return game.TileCenter(tx, ty)
}

// rawClient is the least a client can be: it says Hello and sends input
// frames for the server's next tick. It decodes nothing but the Welcome.
type rawClient struct {
	tr    *transport.ENetClient
	id    uint16
	inbox []transport.Event
	buf   []byte
}

func (c *rawClient) frame(t testing.TB, name string, serverTick uint32) {
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
		}
	}
	if c.id == 0 {
		return
	}
	tick := serverTick + 1
	a := float64(tick)/120 + float64(c.id)
	in := game.Input{Tick: tick, MoveX: int8(60 * math.Cos(a)), MoveY: int8(60 * math.Sin(a)),
		Aim: game.AimFromAngle(a + math.Pi), Buttons: game.BtnFire}
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
	tr, err := transport.ListenENet("127.0.0.1:0", transport.DefaultConfig())
	require.NoError(t, err)
	srv, err := New(referencePeak(t), tr)
	require.NoError(t, err)
	defer srv.Shutdown("test over")
	clients := make([]*rawClient, 4)
	for i := range clients {
		ct, err := transport.DialENet(tr.Addr(), wire.ProtocolVersion, transport.DefaultConfig())
		require.NoError(t, err)
		defer ct.Close()
		clients[i] = &rawClient{tr: ct}
	}
	const warmup, measured = 2 * game.TickRate, 10 * game.TickRate
	var start transport.WireStats
	liveSum := 0
	frame := time.NewTicker(time.Second / game.TickRate)
	defer frame.Stop()
	for step := range warmup + measured {
		<-frame.C
		for i, c := range clients {
			c.frame(t, fmt.Sprintf("peak-%d", i+1), srv.Tick())
		}
		srv.Step()
		if step == warmup-1 {
			require.Equal(t, 4, srv.Players(), "all four clients should be in by the end of the warm-up")
			start = tr.WireStats()
		}
		if step >= warmup {
			liveSum += srv.instances[0].world.Bullets().Len()
		}
	}
	end := tr.WireStats()
	secs := float64(measured) / game.TickRate
	bytes := float64(end.BytesSent-start.BytesSent) + udpIPHeader*float64(end.PacketsSent-start.PacketsSent)
	perClient := bytes / secs / float64(len(clients))
	meanLive := float64(liveSum) / measured
	fmt.Printf("bytes_per_s_per_client=%.0f\n", perClient)
	fmt.Printf("mean_live_bullets=%.0f datagrams_per_s_per_client=%.1f\n", meanLive,
		float64(end.PacketsSent-start.PacketsSent)/secs/float64(len(clients)))
	require.Greater(t, meanLive, 250.0, "the reference peak should hold about 350 live bullets")
	require.LessOrEqual(t, perClient, 3000.0, "bandwidth per client at the reference peak")
}
