package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLineClear(t *testing.T) {
	g := asciiMap(t,
		"##########",
		"#........#",
		"#...#....#",
		"#........#",
		"#....#...#",
		"#...#....#",
		"##########",
	).Grid
	cases := []struct {
		name string
		a, b Vec
		want bool
	}{
		{"open floor is clear", TileCenter(1, 1), TileCenter(8, 1), true},
		{"a wall between is not", TileCenter(2, 2), TileCenter(7, 2), false},
		{"a diagonal past a wall's corner is clear", TileCenter(1, 1), TileCenter(3, 3), true},
		{"a crack between two diagonal walls is not", TileCenter(4, 4), TileCenter(5, 5), false},
		{"a shallow line past the crack, through open tiles, is", TileCenter(3, 4), TileCenter(4, 3), true},
		{"the exact corner between two walls is no way through", Vec{5 * TileSize, 5 * TileSize}, Vec{4.5 * TileSize, 4.5 * TileSize}, false},
		{"a segment into a wall is not", TileCenter(1, 2), TileCenter(4, 2), false},
		{"a point is clear to itself", TileCenter(3, 3), TileCenter(3, 3), true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, g.LineClear(tc.a, tc.b))
			assert.Equal(t, tc.want, g.LineClear(tc.b, tc.a), "both ways")
		})
	}
}

// Aggro needs a line of sight: an enemy behind a wall from the only player
// holds its fire; with the wall gone it fires.
func TestEnemiesFireOnlyAtWhatTheySee(t *testing.T) {
	build := func(wall byte) *World {
		row := []byte("#P...#...1.#")
		row[5] = wall
		m := asciiMap(t, "############", string(row), "############")
		w := NewWorld(m, testContent(), 2)
		w.AddPlayer(1)
		placePlayer(w, 1, TileCenter(1, 1))
		return w
	}
	hidden := build('#')
	assert.Zero(t, countEvents(stepN(hidden, 3*60), EvBulletSpawn, 0), "behind a wall: no aggro, no fire")
	seen := build('.')
	assert.Positive(t, countEvents(stepN(seen, 3*60), EvBulletSpawn, 0), "in sight: it fires")
}

// A boss's health follows the party that finds it: content gives it for
// four; it is set the first time one of them is in its sight and reach.
func TestBossHealthFollowsTheParty(t *testing.T) {
	for _, tc := range []struct {
		players int
		want    int16
	}{{1, 400}, {2, 600}, {4, 1000}, {8, 1800}} {
		t.Run(fmt.Sprintf("%d players face %d health", tc.players, tc.want), func(t *testing.T) {
			m := asciiMap(t, "############", "#P......2..#", "############")
			c := testContent()
			c.Enemies[kindBoss].Phases[0].Emitters = []Emitter{{Pattern: patRing, Cooldown: 1000, Range: 600}}
			w := NewWorld(m, c, 1)
			for id := range tc.players {
				w.AddPlayer(uint16(id + 1))
				placePlayer(w, uint16(id+1), TileCenter(1, 1))
			}
			w.Step()
			st := w.AppendEnemyStates(nil)[0]
			assert.Equal(t, tc.want, st.MaxHP)
			assert.Equal(t, tc.want, st.HP)
			w.AddPlayer(99)
			stepN(w, 5)
			assert.Equal(t, tc.want, w.AppendEnemyStates(nil)[0].MaxHP, "a later arrival changes nothing")
		})
	}
	t.Run("a boss nobody has seen keeps its content health", func(t *testing.T) {
		m := asciiMap(t, "############", "#P...#..2..#", "############")
		w := NewWorld(m, testContent(), 1)
		w.AddPlayer(1)
		placePlayer(w, 1, TileCenter(1, 1))
		stepN(w, 5)
		assert.Equal(t, int16(1000), w.AppendEnemyStates(nil)[0].MaxHP)
	})
}
