package render

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// offGPU loads a sheet's frames and pixels without uploading it: the
// drawing builds vertices, and nothing here flushes them.
func offGPU(dir, name string) (*world.SpriteSheet, error) {
	s, err := assets.LoadSheet(assets.FS(), dir, name)
	if err != nil {
		return nil, err
	}
	return &world.SpriteSheet{Frames: s.Frames, Pixels: s.Image}, nil
}

func testArt(t testing.TB) (*world.ActorArt, *game.Content) {
	t.Helper()
	c := builtin(t).Content
	a, err := world.LoadActorArt(c, offGPU)
	require.NoError(t, err)
	return a, c
}

func TestEveryActorDrawsFromItsOwnFrames(t *testing.T) {
	a, c := testArt(t)
	for i, e := range c.Enemies {
		t.Run(fmt.Sprintf("the %s has its idle, charge, glow, flash and shards on the %s sheet", e.ID, map[bool]string{false: "enemies", true: "bosses"}[e.Boss]), func(t *testing.T) {
			k, ok := a.Kind(uint8(i))
			require.True(t, ok)
			for _, f := range append(k.Idle[:], k.Charge, k.Glow, k.Flash) {
				assert.False(t, f.Rect.Empty())
			}
			assert.GreaterOrEqual(t, len(k.Shards), 6)
			assert.Equal(t, e.Boss, k.Boss)
			want := a.Enemies
			if e.Boss {
				want = a.Bosses
			}
			assert.Same(t, want, k.Layer)
		})
		t.Run(fmt.Sprintf("the %s's sparks are in its own light, not a default", e.ID), func(t *testing.T) {
			k, _ := a.Kind(uint8(i))
			assert.NotEqual(t, ui.Rgb8(255, 230, 160, 1), k.Hue)
			assert.InDelta(t, 1, max(k.Hue.R, k.Hue.G, k.Hue.B), 1e-6)
		})
	}
	t.Run("a kind the art does not know is told, not drawn from nothing", func(t *testing.T) {
		_, ok := a.Kind(uint8(len(c.Enemies)))
		assert.False(t, ok)
	})
	for i, it := range c.Items {
		t.Run(fmt.Sprintf("the %s has an icon of its own", it.ID), func(t *testing.T) {
			assert.False(t, a.Icon(i, it.Kind).Rect.Empty())
			assert.NotEqual(t, a.Mark(it.Kind), a.Icon(i, it.Kind))
		})
	}
	t.Run("an item without an icon is drawn with its kind's mark", func(t *testing.T) {
		assert.Equal(t, a.Mark(game.ItemCharm), a.Icon(len(c.Items)+5, game.ItemCharm))
	})
	for i, d := range assets.ShipDesigns {
		t.Run(fmt.Sprintf("the %s ship has its body, glow and flash", d), func(t *testing.T) {
			for _, f := range []assets.Frame{a.Ship[i].Body, a.Ship[i].Glow, a.Ship[i].Flash} {
				assert.False(t, f.Rect.Empty())
			}
		})
	}
	t.Run("the keeper, loot, portals and effects have their frames", func(t *testing.T) {
		for _, f := range []assets.Frame{a.Keeper, a.KeeperGlow, a.Plate, a.PlateGlow, a.Mine, a.PortalFrame,
			a.PortalExit, a.PortalDown, a.PortalSwirl, a.PortalGlow, a.Spark, a.Ring, a.WideRing, a.Dot} {
			assert.False(t, f.Rect.Empty())
		}
	})
}

// kindIndex is the index of an enemy kind by id.
func kindIndex(t testing.TB, c *game.Content, id string) uint8 {
	for i, e := range c.Enemies {
		if e.ID == id {
			return uint8(i)
		}
	}
	t.Fatalf("no enemy kind %q", id)
	return 0
}

func TestEnemiesMoveAndCharge(t *testing.T) {
	a, c := testArt(t)
	v := &world.ActorView{Cam: world.Camera{W: 1280, H: 720}, Glow: true}
	var m world.EnemyMemory
	grunt := client.Actor{ID: 7, Kind: kindIndex(t, c, "grunt"), Pos: game.Vec{X: 300, Y: 300}}
	t.Run("a planted enemy's telegraph starts its charge from nothing", func(t *testing.T) {
		v.Frame = 100
		m.Note(grunt, v, false)
		tele := grunt
		tele.Flags |= game.EnemyTelegraph
		v.Frame = 110
		n := m.Note(tele, v, false)
		assert.Equal(t, 110, n.TeleFrom)
	})
	t.Run("a facing kind turns toward where it moves", func(t *testing.T) {
		st := client.Actor{ID: 9, Kind: kindIndex(t, c, "stalker"), Pos: game.Vec{X: 500, Y: 500}}
		for f := range 60 {
			v.Frame = 200 + f
			st.Pos.X -= 2 // westward
			m.Note(st, v, false)
		}
		assert.InDelta(t, 0, m[9].Heading-3.14159, 0.05)
	})
	t.Run("a hit flashes at once and fades, and steady fire flickers", func(t *testing.T) {
		k, _ := a.Kind(grunt.Kind)
		v.Frame = 300
		n := m.Note(grunt, v, true)
		assert.InDelta(t, world.FlashPeak, world.FlashAlpha(n, k, v.Frame), 1e-6)
		v.Frame = 300 + world.FlashFade - 1
		n = m.Note(grunt, v, true)
		assert.Less(t, world.FlashAlpha(n, k, v.Frame), float32(0.1))
		v.Frame = 300 + world.FlashFade
		assert.InDelta(t, world.FlashPeak, world.FlashAlpha(n, k, v.Frame), 1e-6, "still under fire: it flashes again")
		v.Frame++
		n = m.Note(grunt, v, false)
		assert.Zero(t, world.FlashAlpha(n, k, v.Frame))
	})
	t.Run("a boss flashes fainter than a common kind", func(t *testing.T) {
		boss, _ := a.Kind(kindIndex(t, c, "warden"))
		n := &world.EnemyNote{WasHit: true, HitFrom: 5}
		assert.InDelta(t, world.BossFlashPeak, world.FlashAlpha(n, boss, 5), 1e-6)
	})
}

// deathMark is the hit mark of an enemy's death.
func deathMark(id uint16) client.HitMark {
	return client.HitMark{Event: game.Event{Kind: game.EvDeath, Actor: game.ActorEnemy, ID: id}}
}

func TestDeathsBreakActorsApart(t *testing.T) {
	a, c := testArt(t)
	v := &world.ActorView{Cam: world.Camera{W: 1280, H: 720}, Glow: true}
	var m world.EnemyMemory
	mite := client.Actor{ID: 3, Kind: kindIndex(t, c, "mite"), Pos: game.Vec{X: 200, Y: 200}}
	regent := client.Actor{ID: 4, Kind: kindIndex(t, c, "regent"), Pos: game.Vec{X: 600, Y: 300}}
	d := world.NewDeathFX()
	d.Enemies, d.Art, d.Memory, d.Frame = []client.Actor{mite, regent}, a, &m, 50
	d.Mark(deathMark(3))
	d.Mark(deathMark(4))
	d.Mark(client.HitMark{Event: game.Event{Kind: game.EvHit, Actor: game.ActorEnemy, ID: 3}})
	d.Mark(deathMark(99)) // not in view: nothing to break
	alive := func() (n int) {
		for _, dd := range d.Deaths {
			if dd.Alive {
				n++
			}
		}
		return n
	}
	t.Run("a death in view starts a burst where the enemy was; a hit or an unseen death does not", func(t *testing.T) {
		assert.Equal(t, 2, alive())
		assert.Equal(t, game.Vec{X: 200, Y: 200}, game.Vec{X: d.Deaths[0].X, Y: d.Deaths[0].Y})
	})
	t.Run("the dying enemy is hidden while its burst stands in for it", func(t *testing.T) {
		assert.True(t, d.Hidden(3, 60))
		assert.False(t, d.Hidden(3, 50+world.HideFrames))
		assert.False(t, d.Hidden(5, 60))
	})
	t.Run("its shards start where its pieces are and fly out", func(t *testing.T) {
		k, _ := a.Kind(mite.Kind)
		v.Frame = 50
		d.Draw(nil, a, v)
		first := append([]float32(nil), shardCentres(k.Layer)...)
		k.Layer.Reset()
		a.Fx.Reset()
		v.Frame = 60
		d.Draw(nil, a, v)
		later := shardCentres(k.Layer)
		require.Len(t, later, len(first))
		for i := 0; i < len(first); i += 2 {
			from := dist(first[i], first[i+1], 200, 200)
			assert.Less(t, from, float32(2*k.Radius), "shard %d starts on the body", i/2)
			assert.Greater(t, dist(later[i], later[i+1], 200, 200), from, "shard %d flies out", i/2)
		}
		k.Layer.Reset()
		a.Fx.Reset()
	})
	t.Run("a common enemy is gone in 0.4 s, a boss takes a second", func(t *testing.T) {
		v.Frame = 50 + world.DeathFrames
		d.Draw(nil, a, v)
		assert.Equal(t, 1, alive())
		v.Frame = 50 + world.BossDeathFrames
		d.Draw(nil, a, v)
		assert.Zero(t, alive())
		for _, l := range a.Layers() {
			l.Reset()
		}
	})
}

// shardCentres are the centres of the quads in a layer's body batch, x
// then y.
func shardCentres(l *world.ArtLayer) []float32 {
	var out []float32
	for q := 0; q+3 < len(l.Body.Vs); q += 4 {
		vs := l.Body.Vs[q : q+4]
		out = append(out, (vs[0].DstX+vs[3].DstX)/2, (vs[0].DstY+vs[3].DstY)/2)
	}
	return out
}

func dist(x0, y0, x1, y1 float32) float32 {
	dx, dy := x1-x0, y1-y0
	return float32(math.Sqrt(float64(dx*dx + dy*dy)))
}

// crowd is a frame's worth of actors: every enemy kind many times over,
// a party of ships and deaths under way.
type crowd struct {
	art     *world.ActorArt
	enemies []client.Actor
	ships   []client.Actor
	deaths  *world.DeathFX
	memory  world.EnemyMemory
	view    world.ActorView
}

func newCrowd(t testing.TB, perKind int) *crowd {
	a, c := testArt(t)
	cr := &crowd{art: a, deaths: world.NewDeathFX(), view: world.ActorView{Cam: world.Camera{W: 1280, H: 720}, Glow: true, HasSelf: true, Self: game.Vec{X: 640, Y: 360}}}
	id := uint16(1)
	for k := range c.Enemies {
		for j := range perKind {
			e := client.Actor{ID: id, Kind: uint8(k), Pos: game.Vec{X: float64(60 + (int(id)*97)%1160), Y: float64(60 + (int(id)*53)%600)}}
			if j%3 == 0 {
				e.Flags |= game.EnemyTelegraph
			}
			cr.enemies = append(cr.enemies, e)
			id++
		}
	}
	for i := range 4 {
		cr.ships = append(cr.ships, client.Actor{ID: uint16(i + 1), Pos: game.Vec{X: 500 + 60*float64(i), Y: 400}, Aim: float64(i)})
	}
	cr.deaths.Enemies, cr.deaths.Art, cr.deaths.Memory = cr.enemies, a, &cr.memory
	for i := range 12 {
		cr.deaths.Mark(deathMark(uint16(1 + i*7)))
	}
	return cr
}

// frame builds one frame's vertices, as the play scene does, then drops
// them as a flush would. The deaths are kept under way: n stays within a
// common death's life.
func (cr *crowd) frame(n int) {
	cr.view.Frame = n % world.DeathFrames
	for i := range cr.deaths.Deaths {
		cr.deaths.Deaths[i].Alive = true
	}
	for i, e := range cr.enemies {
		k, _ := cr.art.Kind(e.Kind)
		note := cr.memory.Note(e, &cr.view, i%5 == 0)
		world.DrawEnemyArt(nil, cr.art, k, e, note, &cr.view)
	}
	cr.deaths.Draw(nil, cr.art, &cr.view)
	for i, p := range cr.ships {
		x, y := cr.view.Cam.ToScreen(p.Pos.X, p.Pos.Y)
		world.DrawShipArt(nil, cr.art, x, y, p.Aim, p.ID, world.ShipLook{Tint: world.ColFriend, Hurt: i == 1}, &cr.view)
	}
	for _, l := range cr.art.Layers() {
		l.Reset()
	}
}

func TestDrawingActorsAllocatesNothingOnceWarm(t *testing.T) {
	cr := newCrowd(t, 10)
	cr.frame(0)
	f := 1
	allocs := allocsPerRun(50, func() { cr.frame(f); f++ })
	assert.Zero(t, allocs)
}

// BenchmarkActorDrawing builds a frame of 120 enemies (every kind ten
// times, a third charging, a fifth hit), four ships and every death slot
// breaking apart.
func BenchmarkActorDrawing(b *testing.B) {
	cr := newCrowd(b, 10)
	cr.frame(0)
	f := 1
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		cr.frame(f)
		f++
	}
	b.ReportMetric(float64(len(cr.enemies)), "enemies")
}

func TestEveryClassHasItsOwnShipDesign(t *testing.T) {
	c := builtin(t).Content
	seen := map[int]string{}
	for _, cl := range c.Classes {
		t.Run("the "+cl.Name+" flies a drawn design", func(t *testing.T) {
			require.Contains(t, assets.ShipDesigns, cl.Ship)
			d := world.ShipDesign(cl.Ship)
			_, taken := seen[d]
			assert.False(t, taken, "shared with %s", seen[d])
			seen[d] = cl.ID
		})
	}
}
