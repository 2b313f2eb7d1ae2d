package client

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// dyingClient plays a client into dungeon kind 1, the Catacombs, where one enemy
// bullet flies at the ship for four seconds of frames, then hits and kills
// it. It returns the runtime and the killing bullet's uid.
func dyingClient(t *testing.T) (*Runtime, uint32) {
	t.Helper()
	c := builtin(t)
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "ada"})
	s := fakeServer{t: t, srv: srv}
	rt.Receive()
	const start = 100
	s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 7, ServerTick: start}))
	enter, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: 2, Dungeon: 1, Depth: 1, MapW: 16, MapH: 16, ServerTick: start})
	require.NoError(t, err)
	s.send(enter)
	s.floorChunk()
	inv, err := wire.AppendInventory(nil, wire.Inventory{Level: 1, Next: 100, Bag: []uint8{1, 0, 1}, Equip: []uint8{0, 3, 0}})
	require.NoError(t, err)
	s.send(inv)
	rt.Receive()
	require.Equal(t, StatePlaying, rt.State(), "%v", rt.Err())

	ship := game.Vec{X: 200, Y: 100}
	const uid = 900
	var enc wire.EventEncoder
	// A slow bullet that crawls at the ship from 240 u away: it stays in
	// sight all the way.
	enc.Begin(nil, 0, start)
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvBulletSpawn,
		Bullet: game.MakeBulletSpawn(uid, start, float64(ship.X)+0, ship.Y+240, -1.5707963, 1, 0, 0, 5, 600, 8, game.TeamEnemy)}))
	s.send(enc.Bytes())
	frames := 4 * game.TickRate
	for i := range frames {
		snap := wire.Snapshot{Tick: start + uint32(i), Players: []game.PlayerState{{ID: 7, X: float32(ship.X), Y: float32(ship.Y), HP: 10, MaxHP: 10}},
			Enemies: []game.EnemyState{{ID: 3, Kind: 0, X: float32(ship.X), Y: float32(ship.Y) + 250, HP: 10, MaxHP: 10}}}
		s.send(wire.AppendSnapshot(nil, &snap))
		rt.Receive()
	}
	require.Positive(t, rt.Bullets().Len(), "the bullet is in flight")
	warden := -1
	for k := range c.Enemies {
		if c.Enemies[k].ID == "warden" {
			warden = k
		}
	}
	fury := -1
	for k := range c.Patterns {
		if c.Patterns[k].ID == "warden_spiral" {
			fury = k
		}
	}
	tick := rt.ShipTick()
	enc.Begin(nil, 0, tick)
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvHit, Actor: game.ActorPlayer, ID: 7, Amount: 10, HP: 0,
		Bullet: game.BulletSpawn{UID: uid}, Tick: tick}))
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: uid}, Reason: game.DespawnHit}))
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: 7, Other: 3,
		HP: int16(warden + 1), Amount: int16(fury + 1), Bullet: game.BulletSpawn{UID: uid}}))
	s.send(enc.Bytes())
	rt.Receive()
	for range 30 { // frames after the death are not recorded
		rt.Receive()
	}
	return rt, uid
}

func TestTheClientKeepsTheLastThreeSecondsOfADeath(t *testing.T) {
	rt, uid := dyingClient(t)
	d, ok := rt.LastDeath()
	require.True(t, ok, "the own death was noted")
	rp := rt.Replay()

	t.Run("the replay holds three seconds of frames and stops at the death", func(t *testing.T) {
		assert.True(t, rp.Frozen())
		require.Equal(t, ReplayFrames, rp.Len())
		first, last := rp.Frame(0), rp.Frame(rp.Len()-1)
		assert.Equal(t, uint32(ReplayFrames-1), last.Tick-first.Tick, "consecutive ticks, oldest first")
		assert.LessOrEqual(t, int32(d.Tick-last.Tick), int32(2), "its last frame is the frame of the death")
	})
	t.Run("every frame holds the ship, the enemy and the killing bullet as drawn", func(t *testing.T) {
		for i := range rp.Len() {
			f := rp.Frame(i)
			require.InDelta(t, 200, f.Self.Pos.X, 1e-3)
			require.Len(t, f.Enemies, 1)
			var found bool
			for _, b := range f.Bullets {
				if b.UID == uid {
					found = true
					assert.InDelta(t, 200, b.X, 1e-3, "straight down the column")
				}
			}
			require.True(t, found, "frame %d shows the bullet", i)
		}
		a, b := rp.Frame(0).Bullets[0], rp.Frame(rp.Len() - 1).Bullets[0]
		assert.Less(t, b.Y, a.Y, "and it closes on the ship frame by frame")
	})
	t.Run("the report names the killer and how long its bullet was on screen", func(t *testing.T) {
		assert.Equal(t, "the Warden's Fury spiral", d.Killer)
		assert.Equal(t, uid, d.Bullet)
		assert.True(t, d.Seen)
		assert.Greater(t, d.SeenMs(), 3000, "drawn in sight from its spawn, four seconds before")
		assert.Equal(t, "the Catacombs", d.Place, "dungeon kind 1")
	})
	t.Run("the report says the bag was lost and the worn gear kept", func(t *testing.T) {
		assert.Equal(t, []int{0, 0}, d.Lost)
		assert.Equal(t, []int{2}, d.Kept)
	})
	t.Run("the replay keeps the world it was drawn in when the runtime leaves it", func(t *testing.T) {
		rt.leaveWorld() // as the roster that follows a death does
		require.Nil(t, rt.Grid())
		pl := rp.Place()
		require.NotNil(t, pl.Grid, "the map as it was known")
		assert.Equal(t, [3]int{2, 1, 1}, [3]int{int(pl.Instance), int(pl.Dungeon), pl.Depth}, "instance, dungeon kind and depth")
		last := rp.Len() - 1
		fog := rp.Sight(last)
		require.NotNil(t, fog)
		assert.True(t, fog.CanSee(rp.Frame(last).Self.Pos), "the frame's ship sees where it stands")
		assert.True(t, fog.CanSee(game.Vec{X: 200, Y: 300}), "and the bullet's column below it")
		assert.Zero(t, testing.AllocsPerRun(20, func() { rp.Sight(last) }), "seeing a frame allocates nothing")
	})
	t.Run("a friend's death reads in words", func(t *testing.T) {
		rt.names[9] = "Bo"
		ev := game.Event{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: 9, HP: int16(d.Kind + 1), Amount: int16(d.Pattern + 1)}
		assert.Equal(t, "Bo fell to the Warden's Fury spiral", rt.DeathWords(&ev))
		assert.Empty(t, rt.DeathWords(&game.Event{Kind: game.EvDeath, Actor: game.ActorEnemy}))
	})
}

func TestRecordingTheReplayAllocatesNothing(t *testing.T) {
	var rp Replay
	pool := game.NewBulletPool(64)
	for i := range 40 {
		pool.Spawn(game.MakeBulletSpawn(uint32(i+1), 0, float64(100+i), 100, 0, 1, 0, 0, 4, 600, 1, game.TeamEnemy))
	}
	self := Actor{ID: 1, Pos: game.Vec{X: 100, Y: 100}}
	enemies := []Actor{{ID: 2, Pos: game.Vec{X: 150, Y: 100}}}
	rp.record(1, self, nil, enemies, pool) // the ring's one allocation
	allocs := testing.AllocsPerRun(200, func() { rp.record(2, self, nil, enemies, pool) })
	assert.Zero(t, allocs)
}
