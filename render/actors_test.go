package render

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/levels"
)

// offGPU loads a sheet's frames and pixels without uploading it: the
// drawing builds vertices, and nothing here flushes them.
func offGPU(dir, name string) (*spriteSheet, error) {
	s, err := assets.LoadSheet(assets.FS(), dir, name)
	if err != nil {
		return nil, err
	}
	return &spriteSheet{frames: s.Frames, pixels: s.Image}, nil
}

func testArt(t testing.TB) (*actorArt, *game.Content) {
	t.Helper()
	c, err := levels.Shared()
	require.NoError(t, err)
	a, err := loadActorArt(c, offGPU)
	require.NoError(t, err)
	return a, c
}

func TestEveryActorDrawsFromItsOwnFrames(t *testing.T) {
	a, c := testArt(t)
	for i, e := range c.Enemies {
		t.Run(fmt.Sprintf("the %s has its idle, charge, glow, flash and shards on the %s sheet", e.ID, map[bool]string{false: "enemies", true: "bosses"}[e.Boss]), func(t *testing.T) {
			k, ok := a.kind(uint8(i))
			require.True(t, ok)
			for _, f := range append(k.idle[:], k.charge, k.glow, k.flash) {
				assert.False(t, f.Rect.Empty())
			}
			assert.GreaterOrEqual(t, len(k.shards), 6)
			assert.Equal(t, e.Boss, k.boss)
			want := a.enemies
			if e.Boss {
				want = a.bosses
			}
			assert.Same(t, want, k.layer)
		})
		t.Run(fmt.Sprintf("the %s's sparks are in its own light, not a default", e.ID), func(t *testing.T) {
			k, _ := a.kind(uint8(i))
			assert.NotEqual(t, rgb8(255, 230, 160, 1), k.hue)
			assert.InDelta(t, 1, max(k.hue.R, k.hue.G, k.hue.B), 1e-6)
		})
	}
	t.Run("a kind the art does not know is told, not drawn from nothing", func(t *testing.T) {
		_, ok := a.kind(uint8(len(c.Enemies)))
		assert.False(t, ok)
	})
	for i, it := range c.Items {
		t.Run(fmt.Sprintf("the %s has an icon of its own", it.ID), func(t *testing.T) {
			assert.False(t, a.icon(i, it.Kind).Rect.Empty())
			assert.NotEqual(t, a.mark(it.Kind), a.icon(i, it.Kind))
		})
	}
	t.Run("an item without an icon is drawn with its kind's mark", func(t *testing.T) {
		assert.Equal(t, a.mark(game.ItemCharm), a.icon(len(c.Items)+5, game.ItemCharm))
	})
	for i, d := range assets.ShipDesigns {
		t.Run(fmt.Sprintf("the %s ship has its body, glow and flash", d), func(t *testing.T) {
			for _, f := range []assets.Frame{a.ship[i].body, a.ship[i].glow, a.ship[i].flash} {
				assert.False(t, f.Rect.Empty())
			}
		})
	}
	t.Run("the keeper, loot, portals and effects have their frames", func(t *testing.T) {
		for _, f := range []assets.Frame{a.keeper, a.keeperGlow, a.plate, a.plateGlow, a.mine, a.portalFrame,
			a.portalExit, a.portalDown, a.portalSwirl, a.portalGlow, a.spark, a.ring, a.dot} {
			assert.False(t, f.Rect.Empty())
		}
	})
}
