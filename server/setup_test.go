package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/levels"
	"duskfall/net/wire"
)

func TestConfigFor(t *testing.T) {
	pack, err := levels.Builtin()
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
			cfg, err := ConfigFor(pack, c.mapName, 7)
			if c.wantErr != "" {
				require.ErrorContains(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Same(t, pack.Content, cfg.Content, "the pack's content")
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
		assert.EqualError(t, err, `no portal of the map Hub leads to "nowhere" (its portals lead to [proving_grounds catacombs sunken_keep star_vault])`)
	})
}

// A client playing other content is refused at its Hello, in words that
// name both hashes; one playing the server's content is let on.
func TestAHelloOfOtherContentIsRefusedInWords(t *testing.T) {
	other := builtinHash
	other[0] ^= 0xff
	cases := []struct {
		name    string
		content [32]byte
		refusal string // "" means let on
	}{
		{"the server's own content is let on", builtinHash, ""},
		{"other content is refused naming both hashes", other, "this server plays different content (its hash " +
			levels.ShortHash(builtinHash) + ", yours " + levels.ShortHash(other) + ")"},
		{"a client that sends no hash is refused too", [32]byte{}, "yours 00000000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, d := guardedServer(t, Config{})
			d.connect(1, "203.0.113.5")
			b, err := wire.AppendHello(nil, wire.Hello{Name: "Modder", Content: c.content})
			require.NoError(t, err)
			d.receive(1, b)
			srv.Step()
			if c.refusal == "" {
				assert.Empty(t, d.refusal(t, 1))
				assert.False(t, d.disconnected[1])
				return
			}
			assert.Contains(t, d.refusal(t, 1), c.refusal)
			assert.Contains(t, d.refusal(t, 1), "--content DIR")
			assert.True(t, d.disconnected[1])
		})
	}
}
