package server

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/wire"
)

// denseFight builds the arena with every enemy kind of the content placed
// twice around the middle, so every pattern type fires at once, and four
// players.
func denseFight(t testing.TB) (*game.World, []uint16) {
	t.Helper()
	content, err := levels.LoadContent()
	require.NoError(t, err)
	arena, err := levels.LoadMap("arena", content)
	require.NoError(t, err)
	m := *arena
	m.EnemySpawns = nil
	floor := floorTiles(m.Grid)
	for kind := range content.Enemies {
		for copyN := range 2 {
			tile := floor[(kind*2+copyN)*len(floor)/(2*len(content.Enemies)+1)]
			m.EnemySpawns = append(m.EnemySpawns, game.EnemySpawn{Pos: game.TileCenter(tile[0], tile[1]), Kind: kind})
		}
	}
	w := game.NewWorld(&m, content, 99)
	ids := []uint16{1, 2, 3, 4}
	for _, id := range ids {
		w.AddPlayer(id)
	}
	return w, ids
}

func floorTiles(g *game.Grid) [][2]int {
	var out [][2]int
	for y := range g.H {
		for x := range g.W {
			if g.At(x, y) == game.TileFloor {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}

// botInput walks each player in its own slow circle, aiming and firing.
func botInput(id uint16, tick uint32) game.Input {
	a := float64(tick)/90 + float64(id)*1.7
	return game.Input{
		Tick:    tick,
		MoveX:   int8(math.Round(math.Cos(a) * 100)),
		MoveY:   int8(math.Round(math.Sin(a) * 100)),
		Aim:     game.AimFromAngle(-a),
		Buttons: game.BtnFire,
	}
}

// replica is one player's bullet view, fed either directly or through the
// wire codec.
type replica struct {
	grid *game.Grid // the map as the player knows it: all of it, here
	pool *game.BulletPool
	sent map[uint32]bool // bullets the server told this player about
	enc  wire.EventEncoder
	it   wire.EventIter // the player's events stream, kept across packets
}

func newReplica(g *game.Grid) *replica {
	return &replica{grid: g, pool: game.NewBulletPool(4096), sent: map[uint32]bool{}}
}

func (r *replica) apply(ev *game.Event, now uint32) {
	switch ev.Kind {
	case game.EvBulletSpawn:
		r.sent[ev.Bullet.UID] = true
		r.pool.SpawnAt(ev.Bullet, now, r.grid)
	case game.EvBulletDespawn:
		r.pool.Remove(ev.Bullet.UID)
	}
}

// TestReplicaParity runs 900 ticks of a dense fight. Every player keeps two
// replicas: one fed the server's events in process, one fed the same events
// encoded and decoded through the wire format. Every live replica bullet
// must match the server's bit for bit, and the set of live bullets the
// player was told about must be the same on both sides at every tick.
func TestReplicaParity(t *testing.T) {
	t.Run("with every wall kill announced", func(t *testing.T) { replicaParity(t, false) })
	t.Run("with peers that know the walls killing bullets on their own", func(t *testing.T) { replicaParity(t, true) })
}

func replicaParity(t *testing.T, knowWalls bool) {
	w, ids := denseFight(t)
	direct := map[uint16]*replica{}
	viaWire := map[uint16]*replica{}
	peers := map[uint16]*peer{}
	g := w.Grid()
	for _, id := range ids {
		direct[id], viaWire[id] = newReplica(g), newReplica(g)
		peers[id] = &peer{player: id}
		if knowWalls { // every chunk sent on the first tick
			in := &instance{chunksX: (g.W + game.ChunkTiles - 1) / game.ChunkTiles, chunksY: (g.H + game.ChunkTiles - 1) / game.ChunkTiles}
			peers[id].inst, peers[id].chunks = in, make([]uint32, in.chunksX*in.chunksY)
			for i := range peers[id].chunks {
				peers[id].chunks[i] = 1
			}
		}
	}
	wallDespawnsSent := 0
	kinds := patternKindsInFight(w)
	var buf []byte
	var decoded game.Event
	peak, spawns := 0, 0
	for range 900 {
		for _, id := range ids {
			w.QueueInput(id, botInput(id, w.Tick()+1))
		}
		w.Step()
		now := w.Tick()
		for _, id := range ids {
			pos, _ := w.PlayerPos(id)
			d, v := direct[id], viaWire[id]
			d.pool.Step(now, w.Grid(), nil)
			v.pool.Step(now, w.Grid(), nil)
			v.enc.Begin(buf[:0], now)
			for i := range w.Events() {
				ev := &w.Events()[i]
				if !concerns(peers[id], ev, now, pos) {
					continue
				}
				if ev.Kind == game.EvBulletDespawn && ev.Reason == game.DespawnWall {
					wallDespawnsSent++
				}
				d.apply(ev, now)
				require.NoError(t, v.enc.Add(ev))
			}
			buf = v.enc.Bytes()
			v.it.Reset(buf)
			for v.it.Next(&decoded) {
				v.apply(&decoded, now)
			}
			require.NoError(t, v.it.Err())
			requireSameBullets(t, w.Bullets(), d, now, "in-process")
			requireSameBullets(t, w.Bullets(), v, now, "through the wire")
		}
		for _, ev := range w.Events() {
			if ev.Kind == game.EvBulletSpawn {
				spawns++
			}
		}
		peak = max(peak, w.Bullets().Len())
	}
	t.Logf("900 ticks: %d spawns, peak %d live bullets, %d wall despawns sent", spawns, peak, wallDespawnsSent)
	if knowWalls {
		require.Less(t, wallDespawnsSent, spawns/20, "wall kills after the first second go unannounced")
	} else {
		require.Positive(t, wallDespawnsSent, "the fight should put bullets into walls")
	}
	require.Greater(t, peak, 200, "the fight should be dense")
	for _, k := range []game.PatternKind{game.PatternRing, game.PatternFan, game.PatternSpiral, game.PatternShotgun} {
		require.True(t, kinds[k], "no enemy in the fight fires pattern kind %v", k)
	}
}

// requireSameBullets checks a replica against the server's pool: every
// replica bullet is live on the server with identical bits, and every
// server bullet the player was told about is live on the replica.
func requireSameBullets(t *testing.T, server *game.BulletPool, r *replica, now uint32, how string) {
	t.Helper()
	for i := range r.pool.Len() {
		uid := r.pool.UID[i]
		j, ok := server.Slot(uid)
		if ok && sameBullet(server, j, r.pool, i) {
			continue // the common case, checked without testify's overhead
		}
		require.True(t, ok, "tick %d (%s): replica bullet %d is dead on the server", now, how, uid)
		require.Equal(t, math.Float32bits(server.X[j]), math.Float32bits(r.pool.X[i]), "tick %d (%s): bullet %d x", now, how, uid)
		require.Equal(t, math.Float32bits(server.Y[j]), math.Float32bits(r.pool.Y[i]), "tick %d (%s): bullet %d y", now, how, uid)
		require.Equal(t, math.Float32bits(server.VX[j]), math.Float32bits(r.pool.VX[i]), "tick %d (%s): bullet %d vx", now, how, uid)
		require.Equal(t, math.Float32bits(server.VY[j]), math.Float32bits(r.pool.VY[i]), "tick %d (%s): bullet %d vy", now, how, uid)
		dist := math.Hypot(float64(server.X[j]-r.pool.X[i]), float64(server.Y[j]-r.pool.Y[i]))
		require.LessOrEqual(t, dist, 0.01)
	}
	for j := range server.Len() {
		uid := server.UID[j]
		if !r.sent[uid] {
			continue
		}
		if _, ok := r.pool.Slot(uid); !ok {
			require.Fail(t, "missing bullet", "tick %d (%s): bullet %d is live on the server but not on the replica", now, how, uid)
		}
	}
}

// patternKindsInFight lists the pattern kinds the fight's enemies carry:
// every enemy kind is placed, so this is the content's coverage.
func patternKindsInFight(w *game.World) map[game.PatternKind]bool {
	seen := map[game.PatternKind]bool{}
	c := w.Content()
	for _, e := range c.Enemies {
		for _, em := range e.Emitters {
			seen[c.Patterns[em.Pattern].Kind] = true
		}
	}
	return seen
}

func sameBullet(a *game.BulletPool, i int, b *game.BulletPool, j int) bool {
	return math.Float32bits(a.X[i]) == math.Float32bits(b.X[j]) &&
		math.Float32bits(a.Y[i]) == math.Float32bits(b.Y[j]) &&
		math.Float32bits(a.VX[i]) == math.Float32bits(b.VX[j]) &&
		math.Float32bits(a.VY[i]) == math.Float32bits(b.VY[j])
}
