package server

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// sunkenKeep generates the largest dungeon kind as a start map.
func sunkenKeep(t *testing.T) (*game.Content, *game.Dungeon) {
	t.Helper()
	c := content(t)
	for i := range c.Dungeons {
		if c.Dungeons[i].ID == "sunken_keep" {
			d, err := game.GenerateDungeon(&c.Dungeons[i], 11, 1)
			require.NoError(t, err)
			return c, d
		}
	}
	t.Fatal("no sunken_keep in the content")
	return nil, nil
}

// chunksNear lists the chunks whose square comes within MapStreamRadius of
// pos: the streaming rule, written out again here from its definition.
func chunksNear(g *game.Grid, pos game.Vec, into map[[2]int]bool) {
	span := float64(wire.ChunkTiles * game.TileSize)
	for cy := 0; cy*wire.ChunkTiles < g.H; cy++ {
		for cx := 0; cx*wire.ChunkTiles < g.W; cx++ {
			x0, y0 := float64(cx)*span, float64(cy)*span
			dx := math.Max(math.Max(x0-pos.X, 0), pos.X-(x0+span))
			dy := math.Max(math.Max(y0-pos.Y, 0), pos.Y-(y0+span))
			if math.Hypot(dx, dy) <= MapStreamRadius {
				into[[2]int{cx, cy}] = true
			}
		}
	}
}

// walkPath is a tile path from a to b over floor, by breadth-first search.
func walkPath(g *game.Grid, a, b [2]int) [][2]int {
	var f game.Flood
	g.Flood(&f, a[0], a[1], func(x, y, _ int) bool { return [2]int{x, y} != b })
	path, _ := f.PathTo(b[0], b[1], nil)
	return path
}

func TestAClientAtTheEntranceNeverReceivesTheBossRoom(t *testing.T) {
	c, d := sunkenKeep(t)
	lp := joinLocal(t, Config{Content: c, Map: d.Map, Seed: 1})
	for range 120 {
		lp.step(t)
	}
	g := d.Map.Grid
	pos, _ := lp.world().PlayerPos(lp.id)
	want := map[[2]int]bool{}
	chunksNear(g, pos, want)
	require.Equal(t, want, lp.chunks, "exactly the chunks around the entrance")
	boss := d.Rooms[d.BossRoom]
	for ch := range lp.chunks {
		x0, y0 := ch[0]*wire.ChunkTiles, ch[1]*wire.ChunkTiles
		overlaps := x0 < boss.X+boss.W && boss.X < x0+wire.ChunkTiles && y0 < boss.Y+boss.H && boss.Y < y0+wire.ChunkTiles
		require.False(t, overlaps, "chunk %v holds part of the boss room", ch)
	}
	total := ((g.W + 15) / 16) * ((g.H + 15) / 16)
	t.Logf("%d of %d chunks streamed at the entrance", len(lp.chunks), total)
}

func TestAClientThatWalksTheDungeonHasExactlyTheChunksAlongItsPath(t *testing.T) {
	c, d := sunkenKeep(t)
	lp := joinLocal(t, Config{Content: c, Map: d.Map, Seed: 1})
	w := lp.world()
	g := d.Map.Grid
	want := map[[2]int]bool{}
	pos, _ := w.PlayerPos(lp.id)
	at := [2]int{int(pos.X) / game.TileSize, int(pos.Y) / game.TileSize}
	chunksNear(g, pos, want)
	lp.step(t)
	steps := 0
	for _, room := range d.Rooms {
		cx, cy := room.Center()
		for _, tile := range walkPath(g, at, [2]int{cx, cy}) {
			p := game.TileCenter(tile[0], tile[1])
			w.Teleport(lp.id, p)
			chunksNear(g, p, want)
			lp.step(t)
			at = tile
			steps++
		}
	}
	total := ((g.W + 15) / 16) * ((g.H + 15) / 16)
	t.Logf("walked %d tiles through %d rooms: %d of %d chunks", steps, len(d.Rooms), len(lp.chunks), total)
	require.Equal(t, want, lp.chunks)
}

func TestNoMessageCarriesTheGenerationSeed(t *testing.T) {
	// The seed is server config; it must not appear in any byte sent. A
	// distinctive 64-bit seed is searched for, in both byte orders, in
	// everything a client receives while walking a dungeon.
	c, _ := sunkenKeep(t)
	for i := range c.Dungeons {
		if c.Dungeons[i].ID == "sunken_keep" {
			const seed = 0x5EEDC0DE1234ABCD
			d, err := game.GenerateDungeon(&c.Dungeons[i], seed, 1)
			require.NoError(t, err)
			lp := joinLocal(t, Config{Content: c, Map: d.Map, Seed: seed})
			raw := &rawTap{}
			lp.tap = raw.record
			for range 300 {
				lp.step(t)
			}
			require.NotEmpty(t, raw.bytes)
			for _, needle := range seedPatterns(seed) {
				require.NotContains(t, string(raw.bytes), string(needle), "a message carries the seed")
			}
		}
	}
}

// seedPatterns are a seed's 8 bytes in each byte order, and its low 32
// bits likewise.
func seedPatterns(seed uint64) [][]byte {
	var le, be [8]byte
	for i := range 8 {
		le[i] = byte(seed >> (8 * i))
		be[7-i] = byte(seed >> (8 * i))
	}
	return [][]byte{le[:], be[:], le[:4], be[4:]}
}

type rawTap struct{ bytes []byte }

func (r *rawTap) record(b []byte) { r.bytes = append(r.bytes, b...) }
