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
