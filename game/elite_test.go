package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eliteContent is testContent with an elite variant of the turret (kind 1)
// appended after every ordinary kind, as package levels appends them.
func eliteContent() *Content {
	c := testContent()
	base := c.Enemies[1]
	elite := base
	elite.ID, elite.Name, elite.EliteOf, elite.MaxHP = "turret_elite", "Elite Turret", "turret", 2*base.MaxHP
	c.Enemies[1].Elite = len(c.Enemies)
	c.Enemies = append(c.Enemies, elite)
	return c
}

// kindsOn builds a world on a floor of the given depth whose every place
// is a turret's, and counts the kinds that stand there.
func kindsOn(t *testing.T, c *Content, depth int, seed uint64) map[int]int {
	m := openMap(t)
	m.Depth = depth
	m.EnemySpawns = nil
	for i := range 200 {
		m.EnemySpawns = append(m.EnemySpawns, EnemySpawn{Pos: TileCenter(2+i%16, 2+i/16%8), Kind: 1})
	}
	w := NewWorld(m, c, seed)
	kinds := map[int]int{}
	for _, e := range w.AppendEnemyStates(nil) {
		kinds[int(e.Kind)]++
	}
	return kinds
}

func TestElitesWalkOnlyTheDeepFloors(t *testing.T) {
	c := eliteContent()
	elite := c.Enemies[1].Elite
	t.Run("no elite stands on floors one to three", func(t *testing.T) {
		for depth := range EliteDepth {
			assert.Equal(t, map[int]int{1: 200}, kindsOn(t, c, depth, 7), "floor %d", depth)
		}
	})
	for _, depth := range []int{EliteDepth, MaxDepth} {
		t.Run("about a share of a kind's places hold its elite from floor four on", func(t *testing.T) {
			kinds := kindsOn(t, c, depth, 7)
			require.Equal(t, 200, kinds[1]+kinds[elite], "every place is the kind or its elite")
			share := float64(kinds[elite]) / 200
			assert.InDelta(t, EliteShare, share, 0.1, "floor %d: %d elites of 200", depth, kinds[elite])
		})
	}
	t.Run("the same seed puts the same elites in the same places", func(t *testing.T) {
		a, b := kindsOn(t, c, EliteDepth, 11), kindsOn(t, c, EliteDepth, 11)
		assert.Equal(t, a, b)
		assert.NotEqual(t, a, kindsOn(t, c, EliteDepth, 12), "and another seed others")
	})
	t.Run("an elite is as strong as its content says: its own health, scaled by the floor", func(t *testing.T) {
		m := openMap(t)
		m.Depth = EliteDepth
		m.EnemySpawns = []EnemySpawn{{Pos: TileCenter(5, 5), Kind: elite}}
		w := NewWorld(m, c, 1)
		st := w.AppendEnemyStates(nil)
		require.Len(t, st, 1)
		assert.Equal(t, scaleI16(c.Enemies[elite].MaxHP, DepthHealth(EliteDepth)), st[0].MaxHP)
		assert.Greater(t, st[0].MaxHP, scaleI16(c.Enemies[1].MaxHP, DepthHealth(EliteDepth)))
	})
	t.Run("a kind without an elite is never changed", func(t *testing.T) {
		c := testContent()
		assert.Equal(t, map[int]int{1: 200}, kindsOn(t, c, MaxDepth, 7))
	})
}
