package server

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// localPlayer is a server with one player connected over the in-memory
// transport, and everything that player has been sent, decoded.
type localPlayer struct {
	srv    *Runtime
	cli    *transport.LocalClient
	id     uint16
	chunks map[[2]int]bool
	snap   wire.Snapshot
	snaps  int
	spawns map[uint32]game.BulletSpawn // every spawn announced, by uid
	it     wire.EventIter
	inbox  []transport.Event
	tap    func([]byte) // sees every packet received, when set
	roster []byte       // the last Characters packet, until answered
	notice string       // the last Notice
	enters []uint8      // the dungeon kind of every EnterInstance, in order
	order  []wire.MsgType
}

func joinLocal(t *testing.T, cfg Config) *localPlayer {
	t.Helper()
	ls, lc := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	srv, err := New(cfg, ls)
	require.NoError(t, err)
	lp := &localPlayer{srv: srv, cli: lc, chunks: map[[2]int]bool{}, spawns: map[uint32]game.BulletSpawn{}}
	lp.read(t) // the connect event
	hello, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: "tester"})
	require.NoError(t, err)
	lc.Send(wire.ChanControl, hello)
	// The Welcome and the roster; a character made; that character played.
	// A store answers from its own goroutine, so that may take a while.
	for i := 0; i < 3 || (cfg.Store != nil && lp.srv.Players() == 0 && i < 2000); i++ {
		lp.step(t)
		if lp.roster != nil {
			lc.Send(wire.ChanControl, playNamed(t, lp.roster, "tester"))
			lp.roster = nil
		}
		if cfg.Store != nil {
			time.Sleep(time.Millisecond)
		}
	}
	require.NotZero(t, lp.id, "the player was welcomed")
	require.Equal(t, 1, lp.srv.Players(), "the player plays a character")
	return lp
}

// step runs one server tick and reads what it sent.
func (lp *localPlayer) step(t *testing.T) {
	t.Helper()
	lp.srv.Step()
	lp.read(t)
}

func (lp *localPlayer) read(t *testing.T) {
	t.Helper()
	lp.inbox = lp.cli.Poll(lp.inbox[:0])
	for _, ev := range lp.inbox {
		if ev.Kind != transport.EventReceive {
			continue
		}
		if lp.tap != nil {
			lp.tap(ev.Data)
		}
		typ, err := wire.TypeOf(ev.Data)
		require.NoError(t, err)
		lp.order = append(lp.order, typ)
		switch typ {
		case wire.MsgNotice:
			n, err := wire.ParseNotice(ev.Data)
			require.NoError(t, err)
			lp.notice = n.Text
		case wire.MsgEnterInstance:
			e, err := wire.ParseEnterInstance(ev.Data)
			require.NoError(t, err)
			lp.enters = append(lp.enters, e.Dungeon)
		case wire.MsgWelcome:
			w, err := wire.ParseWelcome(ev.Data)
			require.NoError(t, err)
			lp.id = w.PeerID
		case wire.MsgCharacters:
			lp.roster = append([]byte(nil), ev.Data...)
		case wire.MsgMapChunk:
			c, err := wire.ParseMapChunk(ev.Data)
			require.NoError(t, err)
			lp.chunks[[2]int{int(c.CX), int(c.CY)}] = true
		case wire.MsgSnapshot:
			require.NoError(t, wire.DecodeSnapshot(ev.Data, &lp.snap))
			lp.snaps++
		case wire.MsgEvents:
			lp.it.Reset(ev.Data)
			var e game.Event
			for lp.it.Next(&e) {
				if e.Kind == game.EvBulletSpawn {
					lp.spawns[e.Bullet.UID] = e.Bullet
				}
			}
			require.NoError(t, lp.it.Err())
		}
	}
}

func (lp *localPlayer) world() *game.World { return lp.srv.World(lp.id) }

// builtinHash is the built-in content's hash: the Hello of a client that
// plays it, as every server of these tests does.
var builtinHash = func() [32]byte {
	h, err := levels.Hash(levels.Embedded())
	if err != nil {
		panic(err)
	}
	return h
}()

func content(t testing.TB) *game.Content {
	t.Helper()
	c, err := levels.LoadContent()
	require.NoError(t, err)
	return c
}

// walledRoom is an open floor of w×h tiles inside a one-tile wall.
func walledRoom(w, h int) *game.Grid {
	g := game.NewGrid(w, h)
	for y := range h {
		for x := range w {
			tile := game.TileFloor
			if x == 0 || y == 0 || x == w-1 || y == h-1 {
				tile = game.TileWall
			}
			g.Set(x, y, tile)
		}
	}
	return g
}

// corridor is a long open hall: every hostile kind at the west end, with
// room for a player far to the east.
func corridor(t *testing.T, c *game.Content, tilesW int) *game.Map {
	t.Helper()
	m := &game.Map{Name: "corridor", Grid: walledRoom(tilesW, 20), PlayerSpawns: []game.Vec{game.TileCenter(tilesW-3, 10)}}
	for i, e := range c.Enemies {
		if e.Hostile {
			m.EnemySpawns = append(m.EnemySpawns, game.EnemySpawn{Pos: game.TileCenter(4+i*2, 5+i%10), Kind: i})
		}
	}
	return m
}

func TestNoEnemyBulletIsAnnouncedAcrossTheMap(t *testing.T) {
	c := content(t)
	lp := joinLocal(t, Config{Content: c, Map: corridor(t, c, 200), Seed: 3, IdleTimeoutTicks: -1}) // moved by teleport: it sends nothing
	w := lp.world()
	// A body with no connection draws the enemies' fire at the west end.
	w.AddPlayer(999)
	near := game.TileCenter(12, 10)
	far, _ := w.PlayerPos(lp.id)
	require.Greater(t, far.X-near.X, 5000.0, "the listening player is across the map")
	fired := 0
	for range 600 {
		w.Teleport(999, near)
		lp.step(t)
		for _, ev := range w.Events() {
			if ev.Kind == game.EvBulletSpawn && ev.Bullet.Team == game.TeamEnemy {
				fired++
			}
		}
	}
	require.Greater(t, fired, 100, "the enemies fought the body at the west end")
	for uid, s := range lp.spawns {
		require.NotEqual(t, game.TeamEnemy, s.Team, "enemy bullet %d was announced across the map", uid)
	}
}

func TestAnArrivingPlayerIsSentExactlyTheLiveBulletsThatConcernIt(t *testing.T) {
	c := content(t)
	hall, err := levels.LoadMap("boss_hall", c)
	require.NoError(t, err)
	ls, lc := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	srv, err := New(Config{Content: c, Map: hall, Seed: 8, HelloTicks: 10 * game.TickRate}, ls) // it says Hello mid-fight
	require.NoError(t, err)
	w := srv.hub.world
	// Two bodies with no connection fight the boss for nine seconds from
	// the hall's west side, so its volleys reach walls far from a
	// newcomer too.
	w.AddPlayer(900)
	w.AddPlayer(901)
	w.Teleport(900, game.TileCenter(3, 10))
	w.Teleport(901, game.TileCenter(3, 20))
	for range 9 * game.TickRate {
		srv.Step()
	}
	require.Greater(t, w.Bullets().Len(), 50, "the fight is under way")

	lp := &localPlayer{srv: srv, cli: lc, chunks: map[[2]int]bool{}, spawns: map[uint32]game.BulletSpawn{}}
	lp.read(t)
	hello, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: "latecomer"})
	require.NoError(t, err)
	lc.Send(wire.ChanControl, hello)
	for range 2 { // the Welcome and the roster, then the character made
		lp.step(t)
		lc.Send(wire.ChanControl, playNamed(t, lp.roster, "latecomer"))
	}
	// The select is handled at the start of the next Step, before the
	// world moves: the live bullets are those in the pool now, at this tick.
	type live struct {
		rec  game.BulletSpawn
		x, y float64
	}
	var before []live
	pool := w.Bullets()
	for i := range pool.Len() {
		before = append(before, live{pool.Record[i], float64(pool.X[i]), float64(pool.Y[i])})
	}
	lp.step(t)
	require.NotZero(t, lp.id)
	for w.Tick()%wire.SnapshotInterval != 0 {
		lp.step(t) // the first snapshot tick tells the newcomer what concerns it
	}
	now := w.Tick()
	pos, ok := w.PlayerPos(lp.id)
	require.True(t, ok)
	want := []uint32{}
	for i := range pool.Len() {
		if bulletConcerns(&pool.Record[i], float64(pool.X[i]), float64(pool.Y[i]), now, pos) {
			want = append(want, pool.UID[i])
		}
	}
	require.NotEmpty(t, want)
	require.Less(t, len(want), pool.Len(), "some bullets do not concern the newcomer")
	got := []uint32{}
	for uid := range lp.spawns {
		got = append(got, uid)
	}
	t.Logf("%d live bullets before the arrival, %d live now, %d concern the newcomer", len(before), pool.Len(), len(want))
	require.ElementsMatch(t, want, got)
}

// Interest is not decided once at spawn: a player who moves, respawns or
// is carried toward bullets already flying is told of every one that now
// concerns it by the next snapshot tick, and hears of the death only of
// bullets it was told of.
func TestAMovingPlayerIsToldEveryBulletThatComesToConcernIt(t *testing.T) {
	c := content(t)
	lp := joinLocal(t, Config{Content: c, Map: corridor(t, c, 200), Seed: 3, IdleTimeoutTicks: -1}) // moved by teleport: it sends nothing
	w := lp.world()
	w.AddPlayer(999) // a body with no connection draws the enemies' fire at the west end
	near := game.TileCenter(14, 10)
	far, _ := w.PlayerPos(lp.id)
	despawnsOfUntold := 0
	var it wire.EventIter
	lp.tap = func(pkt []byte) {
		if typ, _ := wire.TypeOf(pkt); typ != wire.MsgEvents {
			return
		}
		it.Reset(pkt)
		var ev game.Event
		for it.Next(&ev) {
			if ev.Kind == game.EvBulletDespawn {
				if _, told := lp.spawns[ev.Bullet.UID]; !told {
					despawnsOfUntold++
				}
			}
		}
	}
	checked := 0
	for tick := range 1200 {
		w.Teleport(999, game.TileCenter(10, 10))
		switch tick % 400 { // the player jumps into the fight and out again, as a respawn would
		case 100:
			w.Teleport(lp.id, near)
		case 300:
			w.Teleport(lp.id, far)
		}
		lp.step(t)
		if w.Tick()%wire.SnapshotInterval != 0 {
			continue
		}
		pos, _ := w.PlayerPos(lp.id)
		pool := w.Bullets()
		for i := range pool.Len() {
			if bulletConcerns(&pool.Record[i], float64(pool.X[i]), float64(pool.Y[i]), w.Tick(), pos) {
				_, told := lp.spawns[pool.UID[i]]
				require.True(t, told, "tick %d: bullet %d concerns the player and was not sent", w.Tick(), pool.UID[i])
				checked++
			}
		}
	}
	require.Greater(t, checked, 1000, "the player spent time among live bullets")
	require.Zero(t, despawnsOfUntold, "a despawn went to a player never told of the bullet")
}

func TestSnapshotsCarryNearbyActorsAndAlwaysTheOwnPlayer(t *testing.T) {
	c := content(t)
	arena, err := levels.LoadMap("arena", c)
	require.NoError(t, err)
	lp := joinLocal(t, Config{Content: c, Map: arena, Seed: 4})
	w := lp.world()
	check := func(t *testing.T) {
		for range wire.SnapshotInterval {
			lp.step(t)
		}
		pos, _ := w.PlayerPos(lp.id)
		require.NotEmpty(t, lp.snap.Players)
		require.Equal(t, lp.id, lp.snap.Players[0].ID, "the own record comes first")
		require.InDelta(t, pos.X, float64(lp.snap.Players[0].X), 0.001)
		sent := map[uint16]bool{}
		for _, e := range lp.snap.Enemies {
			sent[e.ID] = true
		}
		near, far := 0, 0
		w.EachEnemy(func(e game.EnemyState, at game.Vec) {
			if math.Hypot(at.X-pos.X, at.Y-pos.Y) <= ActorInterestRadius {
				near++
				require.True(t, sent[e.ID], "enemy %d is within interest but missing", e.ID)
			} else {
				far++
				require.False(t, sent[e.ID], "enemy %d is beyond interest but sent", e.ID)
			}
		})
		require.Positive(t, far, "the check needs an enemy out of interest")
	}
	t.Run("at the spawn point", check)
	t.Run("after a teleport to the far corner", func(t *testing.T) {
		g := w.Grid()
		w.Teleport(lp.id, game.Vec{X: float64(g.W*game.TileSize) - 48, Y: float64(g.H*game.TileSize) - 48})
		check(t)
	})
}

// Garbage on any channel is dropped and counted; the player stays in the
// game and the server keeps stepping.
func TestGarbageOnEveryChannelIsDroppedAndCounted(t *testing.T) {
	c := content(t)
	arena, err := levels.LoadMap("arena", c)
	require.NoError(t, err)
	lp := joinLocal(t, Config{Content: c, Map: arena, Seed: 4})
	garbage := [][]byte{
		{}, {0xff}, {0x00, 0x01, 0x02},
		{byte(wire.MsgSnapshot), 1, 2, 3},       // a server message from a client
		{byte(wire.MsgInput), 3, 1, 2},          // an input packet cut short
		{byte(wire.MsgHello), 4, 'e', 'v', 'e'}, // a second Hello, cut short
		append([]byte{byte(wire.MsgInput), 200}, make([]byte, 40)...),
	}
	sent := 0
	for ch := range uint8(wire.NumChannels) {
		for _, g := range garbage {
			lp.cli.Send(ch, g)
			sent++
		}
	}
	counted := func() int { c := lp.srv.Counters(); return c.Garbage + c.RateLimited }
	before := counted()
	lp.step(t)
	lp.step(t)
	require.Equal(t, sent, counted()-before, "every bad packet is counted: as garbage, or as over the peer's allowance")
	require.Equal(t, 1, lp.srv.Players(), "the player is still in the game")
	snaps := lp.snaps
	for range 6 {
		lp.step(t)
	}
	require.Greater(t, lp.snaps, snaps, "and still receives snapshots")
}

// Health lives on the player, not the world: whatever a portal leads to,
// the player arrives with the health it left with.
func TestAPortalDoesNotHeal(t *testing.T) {
	c := content(t)
	hub, err := levels.LoadMap("hub", c)
	require.NoError(t, err)
	lp := joinLocal(t, Config{Content: c, Map: hub, Seed: 4})
	p := lp.srv.order[0]
	require.True(t, lp.world().SetPlayerHealth(lp.id, 37))
	dest, err := lp.srv.dungeonBehind(lp.srv.hub, 0, 0)
	require.NoError(t, err)
	lp.srv.move(p, dest)
	st, ok := dest.world.PlayerState(lp.id)
	require.True(t, ok)
	assert.Equal(t, int16(37), st.HP, "into the dungeon")
	lp.srv.move(p, lp.srv.hub)
	st, _ = lp.srv.hub.world.PlayerState(lp.id)
	assert.Equal(t, int16(37), st.HP, "and back to the hub")
}
