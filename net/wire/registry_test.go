package wire_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/wire"
)

func TestRegistryIsConsistent(t *testing.T) {
	types := map[wire.MsgType]bool{}
	names := map[string]bool{}
	for _, m := range wire.Registry {
		t.Run(m.Name+" is registered once with a usable channel", func(t *testing.T) {
			assert.False(t, types[m.Type], "type 0x%02x registered twice", uint8(m.Type))
			assert.False(t, names[m.Name], "name %s registered twice", m.Name)
			types[m.Type], names[m.Name] = true, true

			assert.Less(t, m.Channel, uint8(wire.NumChannels))
			assert.Equal(t, m.Channel, uint8(m.Type)>>4, "the type's high nibble names its channel")
			assert.Equal(t, m.Channel, wire.ChannelOf(m.Type))
			assert.Equal(t, m.Name, m.Type.String())
			assert.Contains(t, []wire.Direction{wire.ClientToServer, wire.ServerToClient}, m.Dir)
			assert.NotEmpty(t, m.Fields)

			typ, err := wire.TypeOf([]byte{uint8(m.Type)})
			require.NoError(t, err)
			assert.Equal(t, m.Type, typ)
		})
	}
}

func TestChannelsFollowTheDesign(t *testing.T) {
	assert.True(t, wire.ChannelReliable(wire.ChanControl))
	assert.False(t, wire.ChannelReliable(wire.ChanSnapshot))
	assert.True(t, wire.ChannelReliable(wire.ChanEvents))
	assert.False(t, wire.ChannelReliable(wire.ChanInput))
	assert.Equal(t, wire.ChanSnapshot, wire.ChannelOf(wire.MsgSnapshot))
	assert.Equal(t, wire.ChanEvents, wire.ChannelOf(wire.MsgEvents))
	assert.Equal(t, wire.ChanInput, wire.ChannelOf(wire.MsgInput))
}

// A client can only express intent: no field of a client message may name
// a place, an outcome, an item or a destination (DESIGN.md §3).
func TestNoClientMessageNamesAnOutcome(t *testing.T) {
	forbidden := []string{"dungeon", "portal", "instance", "pos", "hit", "damage", "hp", "item", "loot",
		"escape", "kill", "death", "transfer", "vx", "vy"}
	for _, m := range wire.Registry {
		if m.Dir != wire.ClientToServer {
			continue
		}
		t.Run(m.Name+" carries intent only", func(t *testing.T) {
			assert.Contains(t, []uint8{wire.ChanControl, wire.ChanInput}, m.Channel)
			for _, f := range m.Fields {
				lf := strings.ToLower(f)
				assert.NotContains(t, []string{"x", "y"}, lf, "field %q is a coordinate", f)
				for _, w := range forbidden {
					assert.NotContains(t, lf, w, "field %q", f)
				}
			}
		})
	}
}

func TestTypeOf(t *testing.T) {
	cases := []struct {
		name string
		pkt  []byte
		want error
	}{
		{"an empty packet is short", nil, wire.ErrShort},
		{"type zero is unknown", []byte{0}, wire.ErrUnknownType},
		{"a type between channels is unknown", []byte{0x07}, wire.ErrUnknownType},
		{"the last type byte is unknown", []byte{0xff}, wire.ErrUnknownType},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := wire.TypeOf(tc.pkt)
			assert.ErrorIs(t, err, tc.want)
		})
	}
	t.Run("an unknown type has no channel", func(t *testing.T) {
		assert.Equal(t, wire.NoChannel, wire.ChannelOf(0x07))
		assert.Equal(t, "MsgType(0x07)", wire.MsgType(0x07).String())
	})
}

func TestCheckVersion(t *testing.T) {
	t.Run("the same version is accepted", func(t *testing.T) {
		assert.NoError(t, wire.CheckVersion(wire.ProtocolVersion))
	})
	t.Run("another version is refused in words naming both", func(t *testing.T) {
		err := wire.CheckVersion(wire.ProtocolVersion + 1)
		require.ErrorIs(t, err, wire.ErrVersion)
		assert.Equal(t, "server speaks protocol 2, client speaks 3", err.Error())
	})
	t.Run("an old client sending no version is refused", func(t *testing.T) {
		assert.ErrorIs(t, wire.CheckVersion(0), wire.ErrVersion)
	})
}

// A client has intent to express, never outcomes: no client message may
// name a dungeon, a portal, an instance, a position, a hit or an item it
// owns. Which dungeon a player enters is where the player stands.
func TestNoClientMessageNamesADecision(t *testing.T) {
	banned := []string{"dungeon", "portal", "instance", "x", "y", "pos", "hit", "damage", "hp", "item", "seed"}
	clientMessages := 0
	for _, m := range wire.Registry {
		if m.Dir != wire.ClientToServer {
			continue
		}
		clientMessages++
		for _, f := range m.Fields {
			for _, b := range banned {
				assert.NotEqual(t, b, strings.ToLower(f), "%s carries a field %q", m.Name, f)
				assert.NotContains(t, strings.ToLower(f), "dungeon", "%s carries a field %q", m.Name, f)
			}
		}
	}
	assert.Equal(t, 2, clientMessages, "Hello and Input are all a client says")
}

// The seed that generates a dungeon never leaves the server: no message
// has a field for it.
func TestNoMessageHasASeedField(t *testing.T) {
	for _, m := range wire.Registry {
		for _, f := range m.Fields {
			assert.NotContains(t, strings.ToLower(f), "seed", "%s carries a field %q", m.Name, f)
		}
	}
}
