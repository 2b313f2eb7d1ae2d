package game

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scriptedInput is a fixed, busy script: each player circles, sweeps its aim
// and fires most of the time.
func scriptedInput(id uint16, tick uint32) Input {
	phase := float64(tick)/40 + float64(id)
	in := Input{
		Tick:  tick,
		MoveX: int8(100 * math.Cos(phase)), MoveY: int8(100 * math.Sin(phase*1.3)),
		Aim: uint16(tick*300) + uint16(id)*9000,
	}
	if (tick/50+uint32(id))%4 != 0 {
		in.Buttons = BtnFire
	}
	return in
}

// runScript steps a fresh arena world with four scripted players, calling
// each for every tick's events.
func runScript(t testing.TB, seed uint64, ticks int, each func(w *World)) {
	runScriptWith(t, seed, ticks, nil, each)
}

// runScriptWith is runScript with every player holding the upgrades ups.
func runScriptWith(t testing.TB, seed uint64, ticks int, ups []uint8, each func(w *World)) {
	w := NewWorld(arenaMap(t), testContent(), seed)
	for id := uint16(1); id <= 4; id++ {
		w.AddPlayer(id)
		w.SetPlayerUpgrades(id, ups)
	}
	for range ticks {
		for id := uint16(1); id <= 4; id++ {
			w.QueueInput(id, scriptedInput(id, w.Tick()+1))
		}
		w.Step()
		each(w)
	}
}

func TestWorldIsDeterministic(t *testing.T) {
	record := func(seed uint64) []Event {
		var all []Event
		runScript(t, seed, 600, func(w *World) { all = append(all, w.Events()...) })
		return all
	}
	a, b := record(42), record(42)
	t.Run("the script exercises spawns, hits and wall kills", func(t *testing.T) {
		assert.Greater(t, countEvents(a, EvBulletSpawn, 0), 500) // enemies fire only at players they can see
		assert.Positive(t, countEvents(a, EvHit, 0))
		assert.Positive(t, countEvents(a, EvBulletDespawn, DespawnWall))
		assert.Positive(t, countEvents(a, EvBulletDespawn, DespawnHit))
	})
	t.Run("the same seed and inputs give an identical event stream over 600 ticks", func(t *testing.T) {
		require.Equal(t, len(a), len(b))
		require.Equal(t, a, b)
	})
	t.Run("a different seed gives a different stream", func(t *testing.T) {
		assert.NotEqual(t, a, record(43))
	})
}

// TestReplicaParity is the test that keeps bullets-as-events honest: a
// replica fed only the spawn and despawn events (late, so it fast-forwards)
// holds every bullet the server holds, at bit-identical positions.
func TestReplicaParity(t *testing.T) {
	riders := []uint8{upSplit, upPierce, upVenom, upScatter}
	for _, tc := range []struct {
		name  string
		delay int
		ups   []uint8
	}{
		{"a replica fed events on time matches the server bit for bit", 0, nil},
		{"a replica fed events 5 ticks late matches the server bit for bit", 5, nil},
		{"with every rider in play (split, pierce, poison, multi-shot) the replica still matches", 0, riders},
		{"with every rider in play and events 5 ticks late the replica still matches", 5, riders},
	} {
		t.Run(tc.name, func(t *testing.T) {
			replica := NewBulletPool(64)
			var backlog [][]Event
			checked, splits, pierced := 0, 0, 0
			runScriptWith(t, 7, 600, tc.ups, func(w *World) {
				evs := w.Events()
				backlog = append(backlog, append([]Event(nil), evs...))
				for i := range evs {
					if evs[i].Kind == EvBulletSpawn && evs[i].Bullet.Kind == splitKind {
						splits++
					}
					if evs[i].Kind == EvHit && evs[i].Actor == ActorEnemy {
						if _, live := w.Bullets().Slot(evs[i].Bullet.UID); live {
							pierced++
						}
					}
				}
				replica.Step(w.Tick(), w.Grid(), nil)
				if len(backlog) <= tc.delay {
					return
				}
				for _, e := range backlog[0] {
					switch e.Kind {
					case EvBulletSpawn:
						replica.SpawnAt(e.Bullet, w.Tick(), w.Grid())
					case EvBulletDespawn:
						replica.Remove(e.Bullet.UID)
					}
				}
				backlog = backlog[1:]
				checked += assertReplicaHolds(t, w.Bullets(), replica, w.Tick()-uint32(tc.delay))
			})
			assert.Greater(t, checked, 10000, "many bullet-ticks were compared")
			if tc.ups != nil {
				t.Logf("%d split bullets, %d pierced hits", splits, pierced)
				assert.Positive(t, splits, "splits happened")
				assert.Positive(t, pierced, "bullets pierced")
			}
		})
	}
}

// assertReplicaHolds checks every server bullet spawned by tick upTo is in
// the replica, bit-identical, and returns how many it compared.
func assertReplicaHolds(t *testing.T, server, replica *BulletPool, upTo uint32) int {
	n := 0
	for i, uid := range server.UID {
		if server.Born[i] > upTo {
			continue
		}
		j, ok := replica.Slot(uid)
		require.True(t, ok, "bullet %d missing from the replica", uid)
		require.Equal(t, math.Float32bits(server.X[i]), math.Float32bits(replica.X[j]), "bullet %d X", uid)
		require.Equal(t, math.Float32bits(server.Y[i]), math.Float32bits(replica.Y[j]), "bullet %d Y", uid)
		n++
	}
	return n
}

func TestSpawnEventsCarryTheSimulatedRecord(t *testing.T) {
	runScript(t, 3, 120, func(w *World) {
		for _, e := range w.Events() {
			if e.Kind != EvBulletSpawn {
				continue
			}
			slot, ok := w.Bullets().Slot(e.Bullet.UID)
			if !ok {
				continue // hit on its spawn tick
			}
			require.Equal(t, e.Bullet, w.Bullets().Record[slot])
			want := w.Tick()
			if e.Bullet.Team == TeamEnemy {
				want += VolleyLeadTicks // decided now, flies later
			}
			require.Equal(t, want, e.Bullet.SpawnTick)
		}
	})
}

func TestPlayerFire(t *testing.T) {
	w := NewWorld(openMap(t), testContent(), 1)
	w.AddPlayer(1)
	placePlayer(w, 1, Vec{300, 200})
	var shots []Event
	for range 40 {
		feed(w, 1, Input{Buttons: BtnFire, Aim: 16384}) // straight down
		w.Step()
		for _, e := range w.Events() {
			if e.Kind == EvBulletSpawn {
				shots = append(shots, e)
			}
		}
	}
	st := testStats()
	require.Len(t, shots, 5, "holding fire for 40 ticks fires every FireCooldown (8) ticks")
	assert.Equal(t, uint32(st.FireCooldown), shots[1].Bullet.SpawnTick-shots[0].Bullet.SpawnTick)
	s := shots[0].Bullet
	assert.Equal(t, TeamPlayer, s.Team)
	assert.InDelta(t, 300, s.X, 1e-3)
	assert.InDelta(t, 200+st.MuzzleOffset, s.Y, 1e-3, "from the muzzle, along the aim")
	assert.InDelta(t, st.BulletSpeed, s.VY, 1e-4)
}

func TestRespawns(t *testing.T) {
	t.Run("a dead player returns after 3 s at a spawn point, whole and under grace", func(t *testing.T) {
		w := NewWorld(openMap(t), testContent(), 1)
		w.AddPlayer(1)
		placePlayer(w, 1, Vec{300, 200})
		w.spawnBullet(enemyBullet(w, 300, 200, 4), 0, 500)
		w.Step()
		require.Equal(t, 1, countEvents(w.Events(), EvDeath, 0))
		died := w.Tick()
		st, _ := w.PlayerState(1)
		assert.Equal(t, PlayerDead, st.Flags)
		for w.Tick() < died+PlayerRespawnTicks-1 {
			w.Step()
		}
		st, _ = w.PlayerState(1)
		require.Equal(t, PlayerDead, st.Flags, "still dead one tick early")
		w.Step()
		st, _ = w.PlayerState(1)
		assert.Equal(t, PlayerGrace, st.Flags)
		assert.Equal(t, st.MaxHP, st.HP)
		pos, _ := w.PlayerPos(1)
		assert.Contains(t, w.Map().PlayerSpawns, pos)
	})
	t.Run("a dead enemy returns to its slot after 5 s", func(t *testing.T) {
		w := NewWorld(asciiMap(t, "#######", "#P...0#", "#######"), testContent(), 1)
		w.AddPlayer(1)
		home := w.enemies[0].pos
		w.enemies[0].pos = Vec{100, 48}
		w.enemies[0].hp = 1
		w.spawnBullet(MakeBulletSpawn(w.newUID(), w.Tick(), 100, 48, 0, 0, 0, 0, 4, 60, 0, TeamPlayer), 1, 10)
		w.Step()
		require.Equal(t, []Event{{Kind: EvDeath, Actor: ActorEnemy, ID: 0, Other: 1}}, eventsOf(w.Events(), EvDeath))
		stepN(w, EnemyRespawnTicks-1)
		assert.Empty(t, w.AppendEnemyStates(nil))
		w.Step()
		got := w.AppendEnemyStates(nil)
		require.Len(t, got, 1)
		assert.Equal(t, float32(home.X), got[0].X)
		assert.Equal(t, got[0].MaxHP, got[0].HP)
	})
}

func TestEnemiesWanderInsideWalkableSpace(t *testing.T) {
	w := NewWorld(arenaMap(t), testContent(), 5)
	var walkers []int
	for i, e := range w.enemies {
		if e.ph().Speed > 0 {
			walkers = append(walkers, i)
		}
	}
	require.NotEmpty(t, walkers)
	moved := false
	for range 600 {
		w.Step()
		for _, i := range walkers {
			e := &w.enemies[i]
			require.False(t, w.grid.CircleSolid(e.pos, e.def.Radius), "enemy %d in a wall at %v", i, e.pos)
			require.LessOrEqual(t, e.pos.Sub(e.home).Len(), idleLeash+e.ph().Speed+e.def.Radius)
			moved = moved || e.pos != e.home
		}
	}
	assert.True(t, moved)
}

func eventsOf(evs []Event, kind EventKind) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// Health comes back only where the map says so (the hub), one point every
// RegenTicks, never past the maximum and never for the dead.
func TestHealthRegeneratesOnlyWhereTheMapSaysSo(t *testing.T) {
	cases := []struct {
		name  string
		regen int
		want  int16
	}{
		{"a map without regeneration heals no one", 0, 40},
		{"a map with one point every 30 ticks heals 4 in 120 ticks", 30, 44},
		{"healing stops at the maximum", 1, 100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := openMap(t)
			m.RegenTicks = c.regen
			w := NewWorld(m, testContent(), 1)
			w.AddPlayer(1)
			require.True(t, w.SetPlayerHealth(1, 40))
			for range 120 {
				w.Step()
			}
			st, _ := w.PlayerState(1)
			assert.Equal(t, c.want, st.HP)
		})
	}
}
