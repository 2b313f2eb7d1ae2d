package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/levels"
)

func TestConfigFor(t *testing.T) {
	content, err := levels.Shared()
	require.NoError(t, err)
	cases := []struct {
		name    string
		mapName string
		wantErr string // "" means the config is built
	}{
		{"the hub is a start map", "hub", ""},
		{"the arena is a start map", "arena", ""},
		{"an unknown map is refused by name", "nowhere", "the map nowhere does not load"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := ConfigFor(c.mapName, 7)
			if c.wantErr != "" {
				require.ErrorContains(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Same(t, content, cfg.Content, "the embedded content, loaded once")
			require.NotNil(t, cfg.Map)
			assert.Positive(t, cfg.Map.Grid.W)
			assert.Equal(t, uint64(7), cfg.Seed)
		})
	}
}

// --enter sends every character on into a dungeon kind as it enters play,
// through the hub's portal to it; a kind no portal leads to is refused
// when the server is made.
func TestEnterSendsCharactersIntoADungeon(t *testing.T) {
	t.Run("a character entering play is in the Catacombs a tick later", func(t *testing.T) {
		cfg := hubConfig(t)
		cfg.Enter = "catacombs"
		lp := joinLocal(t, cfg)
		lp.step(t)
		p := lp.srv.order[0]
		require.NotNil(t, p.inst)
		assert.Equal(t, "catacombs", cfg.Content.Dungeons[p.inst.dungeon].ID)
		assert.Equal(t, 1, p.inst.depth)
	})
	t.Run("a kind no portal of the start map leads to is refused in words", func(t *testing.T) {
		cfg := hubConfig(t)
		cfg.Enter = "nowhere"
		_, err := New(cfg, newDoorway())
		assert.EqualError(t, err, `no portal of the map Hub leads to "nowhere" (its portals lead to [proving_grounds catacombs sunken_keep])`)
	})
}
