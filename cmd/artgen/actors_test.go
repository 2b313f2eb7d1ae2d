package main

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/levels"
)

// maxSilhouetteOverlap is how much two enemy kinds' silhouettes may
// overlap, as the intersection over union of their masks once both are
// scaled to the same spread. On this measure a disc and a square overlap
// by 0.84 and a disc and a triangle by 0.66: a kind must differ from
// every other clearly more than a square differs from a disc, so a player
// tells them apart by outline alone, before colour or size.
const maxSilhouetteOverlap = 0.75

// silhouetteGrid is the side, in cells, of the normalised masks compared.
const silhouetteGrid = 96

// mask is an actor's idle silhouette: where its idle frame (with its part
// under it) is at least half opaque, sampled on a grid about its position
// and scaled by its spread (the root mean square distance of its pixels
// from its position), so a large kind and a small one of the same outline
// compare equal.
type mask [silhouetteGrid * silhouetteGrid]bool

func silhouetteOf(t *testing.T, s *assets.Sheet, id string) *mask {
	t.Helper()
	frames := []assets.Frame{}
	for _, n := range []string{assets.Part(id), assets.Idle(id, 0)} {
		if f, ok := s.Frame(n); ok {
			frames = append(frames, f)
		}
	}
	require.NotEmpty(t, frames)
	opaque := func(dx, dy int) bool { // at (dx, dy) sheet pixels from the position
		for _, f := range frames {
			x, y := f.Anchor.X+dx, f.Anchor.Y+dy
			if x >= f.Rect.Min.X && y >= f.Rect.Min.Y && x < f.Rect.Max.X && y < f.Rect.Max.Y {
				if color.NRGBAModel.Convert(s.Image.At(x, y)).(color.NRGBA).A >= 128 {
					return true
				}
			}
		}
		return false
	}
	reach := 0
	for _, f := range frames {
		reach = max(reach, f.Rect.Dx(), f.Rect.Dy())
	}
	m, ok := maskOf(opaque, reach)
	require.True(t, ok, "%s has an opaque idle frame", id)
	return m
}

// maskOf samples a silhouette given by opaque (whether the pixel at an
// offset from the position is opaque), which lies within reach pixels.
func maskOf(opaque func(dx, dy int) bool, reach int) (*mask, bool) {
	sum, n := 0.0, 0
	for dy := -reach; dy <= reach; dy++ {
		for dx := -reach; dx <= reach; dx++ {
			if opaque(dx, dy) {
				sum += float64(dx*dx + dy*dy)
				n++
			}
		}
	}
	if n == 0 {
		return nil, false
	}
	spread := math.Sqrt(sum / float64(n))
	var m mask
	const span = 2.6 // spreads from the position to the grid's edge
	for gy := range silhouetteGrid {
		for gx := range silhouetteGrid {
			u := (float64(gx)+0.5)/silhouetteGrid*2 - 1
			v := (float64(gy)+0.5)/silhouetteGrid*2 - 1
			m[gy*silhouetteGrid+gx] = opaque(int(math.Floor(u*span*spread)), int(math.Floor(v*span*spread)))
		}
	}
	return &m, true
}

// overlap is the intersection over union of two masks.
func overlap(a, b *mask) float64 {
	both, either := 0, 0
	for i := range a {
		if a[i] && b[i] {
			both++
		}
		if a[i] || b[i] {
			either++
		}
	}
	return float64(both) / float64(either)
}

// enemySheetOf is the sheet an enemy kind's art is on.
func enemySheetOf(t *testing.T, e game.EnemyDef) *assets.Sheet {
	if e.Boss {
		return sheet(t, assets.BossesSheet)
	}
	return sheet(t, assets.EnemiesSheet)
}

// sheets are the committed sprite sheets, each decoded once.
var sheets = map[string]*assets.Sheet{}

// sheet is one of the committed sprite sheets.
func sheet(t *testing.T, name string) *assets.Sheet {
	t.Helper()
	if s, ok := sheets[name]; ok {
		return s
	}
	s, err := assets.LoadSheet(assets.FS(), "sprites", name)
	require.NoError(t, err)
	sheets[name] = s
	return s
}

func TestEveryEnemyKindHasASilhouetteOfItsOwn(t *testing.T) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	masks := make([]*mask, len(c.Enemies))
	for i, e := range c.Enemies {
		masks[i] = silhouetteOf(t, enemySheetOf(t, e), e.ID)
	}
	for i, a := range c.Enemies {
		for j := i + 1; j < len(c.Enemies); j++ {
			b := c.Enemies[j]
			if a.EliteOf != "" || b.EliteOf != "" {
				continue // an elite wears its kind's outline under a crown on purpose (docs/ART.md)
			}
			t.Run(fmt.Sprintf("the %s and the %s differ in outline", a.ID, b.ID), func(t *testing.T) {
				o := overlap(masks[i], masks[j])
				t.Logf("overlap %.2f", o)
				assert.Less(t, o, maxSilhouetteOverlap)
			})
		}
	}
}

// The measure itself, on shapes whose overlaps are known: the same
// outline at two sizes overlaps entirely, a disc and a regular hexagon
// much, a disc and a square less, a disc and a thin cross little.
func TestTheSilhouetteOverlapMeasuresOutlines(t *testing.T) {
	disc := func(r int) func(dx, dy int) bool {
		return func(dx, dy int) bool { return dx*dx+dy*dy <= r*r }
	}
	square := func(dx, dy int) bool { return max(abs(dx), abs(dy)) <= 30 }
	hexagon := func(dx, dy int) bool {
		x, y := math.Abs(float64(dx)), math.Abs(float64(dy))
		return y <= 30*math.Sqrt(3)/2 && x*math.Sqrt(3)/2+y/2 <= 30*math.Sqrt(3)/2
	}
	triangle := func(dx, dy int) bool { // its centre at the position
		return dy <= 20 && float64(dy) >= -40+math.Sqrt(3)*math.Abs(float64(dx))
	}
	cross := func(dx, dy int) bool { return min(abs(dx), abs(dy)) <= 4 && max(abs(dx), abs(dy)) <= 40 }
	m := func(f func(dx, dy int) bool) *mask {
		mk, ok := maskOf(f, 60)
		require.True(t, ok)
		return mk
	}
	for _, c := range []struct {
		name     string
		a, b     *mask
		min, max float64
	}{
		{"a disc overlaps a larger disc entirely", m(disc(20)), m(disc(40)), 0.97, 1},
		{"a disc overlaps a hexagon of its spread by more than the limit", m(disc(30)), m(hexagon), maxSilhouetteOverlap, 1},
		{"a disc overlaps a square of its spread by more than the limit", m(disc(30)), m(square), maxSilhouetteOverlap, 1},
		{"a disc overlaps a triangle by less than the limit", m(disc(30)), m(triangle), 0, maxSilhouetteOverlap},
		{"a disc overlaps a thin cross by less than the limit", m(disc(30)), m(cross), 0, maxSilhouetteOverlap},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := overlap(c.a, c.b)
			t.Logf("overlap %.2f", o)
			assert.GreaterOrEqual(t, o, c.min)
			assert.LessOrEqual(t, o, c.max)
		})
	}
}

func abs(v int) int { return max(v, -v) }

// countShards is how many shards an actor has, numbered from 0.
func countShards(s *assets.Sheet, id string) int {
	n := 0
	for {
		if _, ok := s.Frame(assets.Shard(id, n)); !ok {
			return n
		}
		n++
	}
}

// Every enemy kind, boss, item and ship of the content has its frames,
// so content added without art fails here by name.
func TestEveryActorHasItsFrames(t *testing.T) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	for _, e := range c.Enemies {
		s, minShards := sheet(t, assets.EnemiesSheet), 6
		if e.Boss {
			s, minShards = sheet(t, assets.BossesSheet), 12
		}
		t.Run(fmt.Sprintf("the %s has idle, charge, glow and flash frames", e.ID), func(t *testing.T) {
			names := []string{assets.Charge(e.ID), assets.Glow(e.ID), assets.Flash(e.ID)}
			for i := range assets.IdleFrames {
				names = append(names, assets.Idle(e.ID, i))
			}
			for _, n := range names {
				_, ok := s.Frame(n)
				assert.True(t, ok, "%s has no frame %s", s.Name, n)
			}
		})
		t.Run(fmt.Sprintf("the %s breaks into at least %d shards", e.ID, minShards), func(t *testing.T) {
			assert.GreaterOrEqual(t, countShards(s, e.ID), minShards)
		})
	}
	loot := sheet(t, assets.LootSheet)
	for _, it := range c.Items {
		t.Run(fmt.Sprintf("the %s has an icon", it.ID), func(t *testing.T) {
			_, ok := loot.Frame(assets.Icon(it.ID))
			assert.True(t, ok)
		})
	}
	for _, k := range []game.ItemKind{game.ItemConsumable, game.ItemWeapon, game.ItemArmour, game.ItemCharm} {
		t.Run(fmt.Sprintf("the %s kind has its mark", k), func(t *testing.T) {
			_, ok := loot.Frame(assets.KindIcon(k.String()))
			assert.True(t, ok)
		})
	}
	ships := sheet(t, assets.ShipsSheet)
	for _, d := range assets.ShipDesigns {
		t.Run(fmt.Sprintf("the %s ship has its body, glow and flash", d), func(t *testing.T) {
			for _, n := range []string{assets.Ship(d), assets.Glow(assets.Ship(d)), assets.Flash(assets.Ship(d))} {
				_, ok := ships.Frame(n)
				assert.True(t, ok, n)
			}
		})
	}
}

// A shard drawn at its actor's position lies where that piece of the
// actor is: its anchor is the actor's, outside the shard's own pixels.
func TestShardsLineUpWithTheWhole(t *testing.T) {
	s := sheet(t, assets.EnemiesSheet)
	idle, ok := s.Frame(assets.Idle("grunt", 0))
	require.True(t, ok)
	for i := range countShards(s, "grunt") {
		f, _ := s.Frame(assets.Shard("grunt", i))
		t.Run(fmt.Sprintf("shard %d lies within the grunt's idle frame", i), func(t *testing.T) {
			at := f.Rect.Sub(f.Anchor).Add(idle.Anchor)
			assert.True(t, at.In(idle.Rect.Inset(-2)), "%v in %v", at, idle.Rect)
		})
	}
}
