package server

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// denseArena is the arena with every enemy kind of the content placed
// twice around the middle, so every pattern type fires at once.
func denseArena(t testing.TB) (*game.Content, *game.Map) {
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
	return content, &m
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

// replica is one player's bullet view, fed by what the server sent that
// player through the real encoders: its map as streamed and its events
// stream, decoded.
type replica struct {
	grid *game.Grid // the map as the player knows it
	pool *game.BulletPool
	sent map[uint32]bool // bullets the server told this player about
	it   wire.EventIter  // the player's events stream, kept across packets
}

func newReplica(w, h int) *replica {
	return &replica{grid: game.NewGrid(w, h), pool: game.NewBulletPool(4096), sent: map[uint32]bool{}}
}

// receive applies one packet the server sent, as a client does.
func (r *replica) receive(t *testing.T, pkt []byte, now uint32) (wallDespawns int) {
	typ, err := wire.TypeOf(pkt)
	require.NoError(t, err)
	switch typ {
	case wire.MsgMapChunk:
		c, err := wire.ParseMapChunk(pkt)
		require.NoError(t, err)
		wire.CopyChunk(r.grid, &c)
	case wire.MsgEvents:
		var ev game.Event
		r.it.Reset(pkt)
		for r.it.Next(&ev) {
			switch ev.Kind {
			case game.EvBulletSpawn:
				r.sent[ev.Bullet.UID] = true
				r.pool.SpawnAt(ev.Bullet, now, r.grid)
			case game.EvBulletDespawn:
				r.pool.Remove(ev.Bullet.UID)
				if ev.Reason == game.DespawnWall {
					wallDespawns++
				}
			}
		}
		require.NoError(t, r.it.Err())
	}
	return wallDespawns
}

// captureServer is a transport that keeps every packet sent, per peer.
type captureServer struct{ sent map[transport.PeerID][][]byte }

func (c *captureServer) Poll(dst []transport.Event) []transport.Event { return dst }
func (c *captureServer) Send(p transport.PeerID, _ uint8, b []byte) {
	c.sent[p] = append(c.sent[p], append([]byte(nil), b...))
}
func (c *captureServer) Disconnect(transport.PeerID, bool)          {}
func (c *captureServer) Stats(transport.PeerID) transport.PeerStats { return transport.PeerStats{} }
func (c *captureServer) Addr() string                               { return "capture" }
func (c *captureServer) Close() error                               { return nil }

// TestReplicaParity runs 900 ticks of a dense fight through the server's
// real per-peer pipeline: interest, the told marks, wall-kill rules, chunk
// streaming and the events stream encoder. Every player keeps a replica fed
// only what it was sent, decoded. Every live replica bullet must match the
// server's bit for bit, and every live bullet the player was told about
// must be live on its replica, at every snapshot tick (when the events
// of the ticks before it go out).
func TestReplicaParity(t *testing.T) {
	t.Run("plain shots", func(t *testing.T) { replicaParity(t, nil, nil) })
	t.Run("bombs erase the same bullets from every replica on the same tick, and shields hold", func(t *testing.T) {
		c := content(t)
		var classes []uint8
		for _, id := range []string{"sapper", "arcanist", "vanguard", "striker"} {
			i, ok := levels.ClassIndex(c, id)
			require.True(t, ok, id)
			classes = append(classes, i)
		}
		replicaParity(t, nil, classes)
	})
	t.Run("dashes and decoys keep every replica equal: ships untouchable a moment, enemies aiming at lures", func(t *testing.T) {
		c := content(t)
		var classes []uint8
		for _, id := range []string{"corsair", "trickster", "sapper", "corsair"} {
			i, ok := levels.ClassIndex(c, id)
			require.True(t, ok, id)
			classes = append(classes, i)
		}
		replicaParity(t, nil, classes)
	})
	t.Run("with every rider in play: split, pierce, poison and multi-shot", func(t *testing.T) {
		c := content(t)
		var ups []uint8
		for _, id := range []string{"splinter", "lance", "venom", "scattershot"} {
			i := slices.IndexFunc(c.Upgrades, func(u game.UpgradeDef) bool { return u.ID == id })
			require.GreaterOrEqual(t, i, 0, id)
			ups = append(ups, uint8(i), uint8(i))
		}
		replicaParity(t, ups, nil)
	})
}

// abilityEvery is how often a parity bot presses its ability, in ticks.
const abilityEvery = 150

// replicaParity runs the fight; with classes, player i plays classes[i]
// and presses its ability every abilityEvery ticks (each at its own phase).
func replicaParity(t *testing.T, ups []uint8, classes []uint8) {
	content, m := denseArena(t)
	tr := &captureServer{sent: map[transport.PeerID][][]byte{}}
	s, err := New(Config{Content: content, Map: m, Seed: 99}, tr)
	require.NoError(t, err)
	in := s.hub
	w := in.world
	ids := []uint16{1, 2, 3, 4}
	replicas := map[uint16]*replica{}
	for _, id := range ids {
		p := &peer{id: transport.PeerID(id), player: id, state: peerPlaying}
		s.peers[p.id], s.order = p, append(s.order, p)
		s.ids.used = map[uint16]bool{}
		in.add(s, p)
		if classes != nil {
			require.True(t, w.SetPlayerClass(id, classes[int(id)-1]))
		}
		w.SetPlayerUpgrades(id, ups)
		replicas[id] = newReplica(w.Grid().W, w.Grid().H)
	}
	wallDespawns, early := 0, 0
	derivable, underivable, underivableFlushed := 0, 0, 0 // told wall kills on a wall the peer has (not) known for a second
	kinds := patternKindsInFight(w)
	peak, spawns, splits, erased, uses := 0, 0, 0, 0, 0
	usedBy := map[uint8]int{} // abilities used, by class
	for range 900 {
		for _, id := range ids {
			in := botInput(id, w.Tick()+1)
			if classes != nil && (in.Tick+uint32(id)*37)%abilityEvery == 0 {
				in.Buttons |= game.BtnAbility
			}
			w.QueueInput(id, in)
		}
		s.Step()
		now := w.Tick()
		for _, ev := range w.Events() {
			if ev.Kind == game.EvBulletDespawn && ev.Reason == game.DespawnErased {
				erased++
			}
			if ev.Kind == game.EvAbility {
				uses++
				usedBy[ev.Reason]++
			}
			if ev.Kind == game.EvBulletDespawn && ev.Reason == game.DespawnWall {
				for _, id := range ids {
					p := s.peers[transport.PeerID(id)]
					switch {
					case ev.Tag&p.toldMask() == 0:
					case p.knowsWallAt(ev.X, ev.Y, now):
						derivable++
					default:
						underivable++
					}
				}
			}
			if ev.Kind == game.EvBulletSpawn {
				spawns++
				if ev.Bullet.SpawnTick > now && ev.Bullet.Team == game.TeamPlayer {
					splits++ // a split's bullets spawn on the next tick
				}
			}
		}
		for _, id := range ids {
			r := replicas[id]
			r.pool.Step(now, r.grid, nil)
			for _, pkt := range tr.sent[transport.PeerID(id)] {
				n := r.receive(t, pkt, now)
				wallDespawns += n
				if now <= game.TickRate {
					early += n
				}
			}
			tr.sent[transport.PeerID(id)] = tr.sent[transport.PeerID(id)][:0]
			if now%wire.SnapshotInterval == 0 { // events went out: the replica is up to date
				requireSameBullets(t, w.Bullets(), r, now)
			}
		}
		peak = max(peak, w.Bullets().Len())
		if now%wire.SnapshotInterval == 0 {
			underivableFlushed = underivable // what went out with this snapshot
		}
	}
	t.Logf("900 ticks: %d spawns (%d from splits), peak %d live bullets, %d wall despawns sent (%d in the first second)",
		spawns, splits, peak, wallDespawns, early)
	if ups != nil {
		require.Positive(t, splits, "bullets split")
	}
	if classes != nil {
		t.Logf("%d abilities used, %d hostile bullets erased by bombs", uses, erased)
		require.Positive(t, erased, "bombs erased bullets")
		require.GreaterOrEqual(t, uses, 4*(900-game.SpawnGraceTicks)/abilityEvery/4, "abilities fire after grace")
		for _, c := range classes {
			require.Positive(t, usedBy[c], "class %s used its %s", content.Classes[c].ID, content.Classes[c].Ability.Kind)
		}
	}
	t.Logf("told wall kills: %d on walls the peer knew, %d on walls it did not", derivable, underivable)
	require.Positive(t, wallDespawns, "wall kills a peer cannot derive are announced")
	require.Equal(t, underivableFlushed, wallDespawns, "exactly the wall kills a peer cannot derive are announced")
	require.Greater(t, derivable, wallDespawns, "most wall kills are derived by the peer, not sent (and its replica still matches)")
	require.Greater(t, peak, 200, "the fight should be dense")
	for _, k := range []game.PatternKind{game.PatternRing, game.PatternFan, game.PatternSpiral, game.PatternShotgun} {
		require.True(t, kinds[k], "no enemy in the fight fires pattern kind %v", k)
	}
}

// requireSameBullets checks a replica against the server's pool: every
// replica bullet is live on the server with identical bits, and every
// server bullet the player was told about is live on the replica.
func requireSameBullets(t *testing.T, server *game.BulletPool, r *replica, now uint32) {
	t.Helper()
	for i := range r.pool.Len() {
		uid := r.pool.UID[i]
		j, ok := server.Slot(uid)
		if ok && sameBullet(server, j, r.pool, i) {
			continue // the common case, checked without testify's overhead
		}
		require.True(t, ok, "tick %d: replica bullet %d is dead on the server", now, uid)
		require.Equal(t, math.Float32bits(server.X[j]), math.Float32bits(r.pool.X[i]), "tick %d: bullet %d x", now, uid)
		require.Equal(t, math.Float32bits(server.Y[j]), math.Float32bits(r.pool.Y[i]), "tick %d: bullet %d y", now, uid)
		require.Equal(t, math.Float32bits(server.VX[j]), math.Float32bits(r.pool.VX[i]), "tick %d: bullet %d vx", now, uid)
		require.Equal(t, math.Float32bits(server.VY[j]), math.Float32bits(r.pool.VY[i]), "tick %d: bullet %d vy", now, uid)
	}
	for j := range server.Len() {
		uid := server.UID[j]
		if !r.sent[uid] {
			continue
		}
		if _, ok := r.pool.Slot(uid); !ok {
			require.Fail(t, "missing bullet", "tick %d: bullet %d is live on the server but not on the replica", now, uid)
		}
	}
}

// patternKindsInFight lists the pattern kinds the fight's enemies carry:
// every enemy kind is placed, so this is the content's coverage.
func patternKindsInFight(w *game.World) map[game.PatternKind]bool {
	seen := map[game.PatternKind]bool{}
	c := w.Content()
	for _, e := range c.Enemies {
		e.EachEmitter(func(_ int, em game.Emitter) { seen[c.Patterns[em.Pattern].Kind] = true })
	}
	return seen
}

func sameBullet(a *game.BulletPool, i int, b *game.BulletPool, j int) bool {
	return math.Float32bits(a.X[i]) == math.Float32bits(b.X[j]) &&
		math.Float32bits(a.Y[i]) == math.Float32bits(b.Y[j]) &&
		math.Float32bits(a.VX[i]) == math.Float32bits(b.VX[j]) &&
		math.Float32bits(a.VY[i]) == math.Float32bits(b.VY[j])
}
