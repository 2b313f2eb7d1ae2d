package wire_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

func TestRegistryIsConsistent(t *testing.T) {
	types := map[wire.MsgType]bool{}
	names := map[string]bool{}
	for _, m := range wire.Messages() {
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

func TestTheChannelTable(t *testing.T) {
	cases := []struct {
		name                string
		ch                  uint8
		reliable, unordered bool
		carries             wire.MsgType
	}{
		{"control is reliable and carries the handshake", wire.ChanControl, true, false, wire.MsgHello},
		{"snapshots are unreliable sequenced", wire.ChanSnapshot, false, false, wire.MsgSnapshot},
		{"events are reliable", wire.ChanEvents, true, false, wire.MsgEvents},
		{"input is unreliable and unordered", wire.ChanInput, false, true, wire.MsgInput},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.reliable, wire.ChannelReliable(tc.ch))
			assert.Equal(t, tc.reliable, wire.ReliableChannels()[tc.ch], "the transport gets the same table")
			assert.Equal(t, tc.unordered, wire.UnorderedChannels()[tc.ch])
			assert.Equal(t, tc.ch, wire.ChannelOf(tc.carries))
		})
	}
	t.Run("the tables the transport gets have one entry per channel", func(t *testing.T) {
		assert.Len(t, wire.ReliableChannels(), wire.NumChannels)
		assert.Len(t, wire.UnorderedChannels(), wire.NumChannels)
	})
	t.Run("no channel past the table is reliable", func(t *testing.T) {
		assert.False(t, wire.ChannelReliable(wire.NumChannels))
		assert.False(t, wire.ChannelReliable(wire.NoChannel))
	})
	t.Run("a caller changing its copy leaves the table alone", func(t *testing.T) {
		wire.ReliableChannels()[wire.ChanSnapshot] = true
		assert.False(t, wire.ChannelReliable(wire.ChanSnapshot))
		assert.False(t, wire.ReliableChannels()[wire.ChanSnapshot])
	})
}

func TestTheRegistryCannotBeChangedThroughItsAccessors(t *testing.T) {
	t.Run("changing the list Messages returned leaves the next one alone", func(t *testing.T) {
		ms := wire.Messages()
		ms[0].Name = "Changed"
		ms[0].Fields[0] = "changed"
		again := wire.Messages()
		assert.Equal(t, "Hello", again[0].Name)
		assert.Equal(t, "name", again[0].Fields[0])
	})
	t.Run("changing what Info returned leaves the registry alone", func(t *testing.T) {
		m, ok := wire.Info(wire.MsgWelcome)
		require.True(t, ok)
		m.Fields[0] = "changed"
		again, _ := wire.Info(wire.MsgWelcome)
		assert.Equal(t, "peerID", again.Fields[0])
	})
	t.Run("Messages lists the types in type order", func(t *testing.T) {
		ms := wire.Messages()
		for i := 1; i < len(ms); i++ {
			assert.Less(t, ms[i-1].Type, ms[i].Type)
		}
	})
}

// A client can only express intent: no field of a client message may name
// a place, an outcome, an item or a destination (docs/NETCODE.md: the
// client sends intent only).
func TestNoClientMessageNamesAnOutcome(t *testing.T) {
	forbidden := []string{"dungeon", "portal", "instance", "pos", "hit", "damage", "hp", "item", "loot",
		"escape", "kill", "death", "transfer", "vx", "vy"}
	for _, m := range wire.Messages() {
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
		{"a type between channels is unknown", []byte{0x0f}, wire.ErrUnknownType},
		{"the last type byte is unknown", []byte{0xff}, wire.ErrUnknownType},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := wire.TypeOf(tc.pkt)
			assert.ErrorIs(t, err, tc.want)
		})
	}
	t.Run("an unknown type has no channel", func(t *testing.T) {
		assert.Equal(t, wire.NoChannel, wire.ChannelOf(0x0f))
		assert.Equal(t, "MsgType(0x0f)", wire.MsgType(0x0f).String())
	})
}

func TestCheckVersion(t *testing.T) {
	t.Run("the same version is accepted", func(t *testing.T) {
		assert.NoError(t, wire.CheckVersion(wire.ProtocolVersion))
	})
	t.Run("another version is refused in words naming both", func(t *testing.T) {
		err := wire.CheckVersion(wire.ProtocolVersion + 1)
		require.ErrorIs(t, err, wire.ErrVersion)
		assert.Equal(t, "server speaks protocol 23, client speaks 24", err.Error())
	})
	t.Run("an old client sending no version is refused", func(t *testing.T) {
		assert.ErrorIs(t, wire.CheckVersion(0), wire.ErrVersion)
	})
}

// A client has intent to express, never outcomes: no client message may
// name a dungeon, a portal, an instance, a position, a hit or an item it
// owns. Which dungeon a player enters is where the player stands; which
// item it uses is a slot of its own bag, on the input frame.
func TestNoClientMessageNamesADecision(t *testing.T) {
	banned := []string{"dungeon", "portal", "instance", "x", "y", "pos", "hit", "damage", "hp", "item", "seed"}
	clientMessages := 0
	for _, m := range wire.Messages() {
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
	assert.Equal(t, 4, clientMessages, "Hello, CharacterCommand, UpgradeChoice (an index into the server's own offer) and Input are all a client says")
}

// The seed that generates a dungeon never leaves the server: no message
// has a field for it.
func TestNoMessageHasASeedField(t *testing.T) {
	for _, m := range wire.Messages() {
		for _, f := range m.Fields {
			assert.NotContains(t, strings.ToLower(f), "seed", "%s carries a field %q", m.Name, f)
		}
	}
}

func TestNoMessageAClientSendsIsLongerThanMaxClientMessage(t *testing.T) {
	name := strings.Repeat("n", wire.MaxNameLen)
	longest := map[wire.MsgType]func() ([]byte, error){
		wire.MsgHello: func() ([]byte, error) {
			return wire.AppendHello(nil, wire.Hello{Name: name, Password: strings.Repeat("p", wire.MaxPasswordLen)})
		},
		wire.MsgCharacterCommand: func() ([]byte, error) {
			return wire.AppendCharacterCommand(nil, wire.CharacterCommand{Op: wire.OpCreate, Name: name, Class: strings.Repeat("c", wire.MaxClassIDLen)})
		},
		wire.MsgUpgradeChoice: func() ([]byte, error) { return wire.AppendUpgradeChoice(nil, wire.UpgradeChoice{Index: 255}), nil },
		wire.MsgInput: func() ([]byte, error) {
			frames := make([]game.Input, game.InputRedundancy)
			for i := range frames {
				frames[i].Tick = uint32(i + 1)
			}
			return wire.AppendInput(nil, frames, 1), nil
		},
	}
	for _, m := range wire.Messages() {
		if m.Dir != wire.ClientToServer {
			continue
		}
		t.Run(m.Name+" at its longest fits", func(t *testing.T) {
			enc, ok := longest[m.Type]
			require.True(t, ok, "no longest %s in this test", m.Name)
			b, err := enc()
			require.NoError(t, err)
			assert.LessOrEqual(t, len(b), wire.MaxClientMessage)
		})
	}
}
