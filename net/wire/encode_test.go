package wire_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

func TestEventPayloadSizeMatchesTheEncoder(t *testing.T) {
	for name, ev := range map[string]game.Event{
		"bullet spawn": bulletSpawn, "despawn": despawn, "hit": hit, "death": death, "portal use": portalUsed,
	} {
		t.Run("the size table agrees with an encoded "+name, func(t *testing.T) {
			b, err := wire.AppendEvent(nil, &ev)
			require.NoError(t, err)
			assert.Equal(t, len(b)-1, wire.EventPayloadSize(ev.Kind))
			assert.Equal(t, wireEventSize[ev.Kind], len(b), "and the layout in doc.go")
		})
	}
	t.Run("the size table agrees with an encoded sibling", func(t *testing.T) {
		var enc wire.EventEncoder
		enc.Begin(nil, 1)
		first, second := bulletSpawn, bulletSpawn
		second.Bullet.UID += 3
		second.Bullet.VX = -second.Bullet.VX
		require.NoError(t, enc.Add(&first))
		before := enc.Len()
		require.Equal(t, 1+wire.EventPayloadSize(wire.EvBulletSibling), enc.Size(&second))
		require.NoError(t, enc.Add(&second))
		assert.Equal(t, 1+wire.EventPayloadSize(wire.EvBulletSibling), enc.Len()-before)
		assert.Equal(t, 10, enc.Len()-before, "and the layout in doc.go")
	})
	t.Run("only the five wire kinds and the sibling have a size", func(t *testing.T) {
		var sized int
		for k := 0; k < 256; k++ {
			if wire.EventPayloadSize(game.EventKind(k)) > 0 {
				sized++
			}
		}
		assert.Equal(t, 6, sized)
	})
}

func TestAppendEventRefusesWhatMayNotTravel(t *testing.T) {
	cases := []struct {
		name string
		ev   game.Event
		want error
	}{
		{"a transfer is server-only", game.Event{Kind: game.EvTransfer, ID: 1, Portal: 2, Dungeon: 3}, wire.ErrServerOnly},
		{"the last kind byte is server-only", game.Event{Kind: 255}, wire.ErrServerOnly},
		{"kind zero is unknown", game.Event{}, wire.ErrUnknownType},
		{"a sibling is written only by the encoder", game.Event{Kind: wire.EvBulletSibling}, wire.ErrUnknownType},
		{"the kind after the last wire kind is unknown", game.Event{Kind: game.EvPortalUsed + 1}, wire.ErrUnknownType},
		{"a despawn without a reason is malformed", game.Event{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: 1}}, wire.ErrMalformed},
		{"a hit with no actor kind is malformed", game.Event{Kind: game.EvHit, ID: 1}, wire.ErrMalformed},
		{"a death with no actor kind is malformed", game.Event{Kind: game.EvDeath, ID: 1}, wire.ErrMalformed},
		{"a bullet of a third team is malformed", game.Event{Kind: game.EvBulletSpawn, Bullet: game.BulletSpawn{Team: 2}}, wire.ErrMalformed},
		{"a bullet with an infinite acceleration is malformed",
			game.Event{Kind: game.EvBulletSpawn, Bullet: game.BulletSpawn{Accel: float32(inf())}}, wire.ErrMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name+" and leaves the buffer unchanged", func(t *testing.T) {
			b := wire.AppendEventsHeader(make([]byte, 0, 64), 9)
			before := append([]byte(nil), b...)
			got, err := wire.AppendEvent(b, &tc.ev)
			assert.ErrorIs(t, err, tc.want)
			assert.Equal(t, before, got)
		})
	}
}

func inf() float64 { return float64(1) / zero }

var zero float64

func TestControlEncodersRefuseWhatDecodersWould(t *testing.T) {
	many := make([]wire.RosterEntry, 256)
	for i := range many {
		many[i] = wire.RosterEntry{ID: uint16(i), Name: "p"}
	}
	cases := []struct {
		name   string
		encode func(b []byte) ([]byte, error)
		want   error
	}{
		{"a Hello with an empty name", func(b []byte) ([]byte, error) { return wire.AppendHello(b, wire.Hello{}) }, wire.ErrMalformed},
		{"a Hello with a seventeen-byte name", func(b []byte) ([]byte, error) {
			return wire.AppendHello(b, wire.Hello{Name: strings.Repeat("a", 17)})
		}, wire.ErrTooLarge},
		{"a Hello with a tab in its name", func(b []byte) ([]byte, error) {
			return wire.AppendHello(b, wire.Hello{Name: "a\tb"})
		}, wire.ErrMalformed},
		{"a Reject with a 201-byte reason", func(b []byte) ([]byte, error) {
			return wire.AppendReject(b, wire.Reject{Reason: strings.Repeat("x", 201)})
		}, wire.ErrTooLarge},
		{"a Reject that is not UTF-8", func(b []byte) ([]byte, error) {
			return wire.AppendReject(b, wire.Reject{Reason: "\xff"})
		}, wire.ErrMalformed},
		{"a Roster of 256 players", func(b []byte) ([]byte, error) {
			return wire.AppendRoster(b, wire.Roster{Entries: many})
		}, wire.ErrTooLarge},
		{"a Roster with a trailing space in a name", func(b []byte) ([]byte, error) {
			return wire.AppendRoster(b, wire.Roster{Entries: []wire.RosterEntry{{ID: 1, Name: "Ava "}}})
		}, wire.ErrMalformed},
		{"an EnterInstance with a portal off the map", func(b []byte) ([]byte, error) {
			return wire.AppendEnterInstance(b, wire.EnterInstance{MapW: 4, MapH: 4, Portals: []wire.Portal{{TileX: 4}}})
		}, wire.ErrMalformed},
		{"an EnterInstance with 256 portals", func(b []byte) ([]byte, error) {
			return wire.AppendEnterInstance(b, wire.EnterInstance{MapW: 4, MapH: 4, Portals: make([]wire.Portal, 256)})
		}, wire.ErrTooLarge},
		{"an EnterInstance with an empty map", func(b []byte) ([]byte, error) {
			return wire.AppendEnterInstance(b, wire.EnterInstance{})
		}, wire.ErrMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused and the buffer is unchanged", func(t *testing.T) {
			got, err := tc.encode([]byte{0xaa})
			assert.ErrorIs(t, err, tc.want)
			assert.Equal(t, []byte{0xaa}, got)
		})
	}
}

func TestValidNameAcceptsOrdinaryNames(t *testing.T) {
	for _, name := range []string{"a", "Ava", "Zoë", "two words", "日本語名", "x_-.!?0"} {
		t.Run(name+" is a valid name", func(t *testing.T) {
			assert.NoError(t, wire.ValidName(name))
		})
	}
}

func sampleSnapshot(players, enemies int) *wire.Snapshot {
	s := &wire.Snapshot{Tick: 3000, LastInputTick: 2994}
	for i := range players {
		s.Players = append(s.Players, game.PlayerState{
			ID: uint16(i + 1), X: float32(i) * 33.5, Y: -float32(i) * 2.25, Aim: uint16(i * 1000), HP: 90, MaxHP: 100,
		})
	}
	for i := range enemies {
		s.Enemies = append(s.Enemies, game.EnemyState{
			ID: uint16(100 + i), Kind: uint8(i % 7), X: float32(i) * 12.5, Y: float32(i) * 7.75, HP: int16(i), MaxHP: 400,
		})
	}
	return s
}

func TestSnapshotEncoderMatchesAppendSnapshot(t *testing.T) {
	s := sampleSnapshot(4, 60)
	var e wire.SnapshotEncoder
	e.Begin([]byte{0xaa}, s.Tick, s.LastInputTick)
	for _, p := range s.Players {
		require.True(t, e.AddPlayer(p))
	}
	e.BeginEnemies()
	for _, x := range s.Enemies {
		require.True(t, e.AddEnemy(x))
	}
	got := e.Finish()
	assert.Equal(t, wire.AppendSnapshot([]byte{0xaa}, s), got)

	var back wire.Snapshot
	require.NoError(t, wire.DecodeSnapshot(got[1:], &back))
	assert.Equal(t, *s, back)
}

func TestSnapshotEncoderKeepsTheLayoutWhole(t *testing.T) {
	t.Run("a player after the enemies began is refused", func(t *testing.T) {
		var e wire.SnapshotEncoder
		e.Begin(nil, 1, 0)
		require.True(t, e.AddEnemy(game.EnemyState{ID: 5}))
		assert.False(t, e.AddPlayer(game.PlayerState{ID: 1}))
		var s wire.Snapshot
		require.NoError(t, wire.DecodeSnapshot(e.Finish(), &s))
		assert.Empty(t, s.Players)
		assert.Equal(t, []game.EnemyState{{ID: 5}}, s.Enemies)
	})
	t.Run("the 256th player is refused and the count stays true", func(t *testing.T) {
		var e wire.SnapshotEncoder
		e.Begin(nil, 1, 0)
		for i := range wire.MaxPlayers {
			require.True(t, e.AddPlayer(game.PlayerState{ID: uint16(i)}))
		}
		assert.False(t, e.AddPlayer(game.PlayerState{ID: 999}))
		var s wire.Snapshot
		require.NoError(t, wire.DecodeSnapshot(e.Finish(), &s))
		assert.Len(t, s.Players, wire.MaxPlayers)
	})
	t.Run("records outside Begin and Finish are refused", func(t *testing.T) {
		var e wire.SnapshotEncoder
		assert.False(t, e.AddPlayer(game.PlayerState{}))
		assert.False(t, e.AddEnemy(game.EnemyState{}))
		e.Begin(nil, 1, 0)
		b := e.Finish()
		assert.False(t, e.AddEnemy(game.EnemyState{}))
		assert.Equal(t, b, e.Finish(), "a second Finish changes nothing")
		assert.Equal(t, hx("10 01000000 00000000 00 0000"), b)
	})
	t.Run("AppendSnapshot leaves out players past the count's reach", func(t *testing.T) {
		s := sampleSnapshot(wire.MaxPlayers+1, 1)
		var back wire.Snapshot
		require.NoError(t, wire.DecodeSnapshot(wire.AppendSnapshot(nil, s), &back))
		assert.Equal(t, s.Players[:wire.MaxPlayers], back.Players)
		assert.Equal(t, s.Enemies, back.Enemies)
	})
}

func TestAppendInputFraming(t *testing.T) {
	frames := []game.Input{{Tick: 1}, {Tick: 2}, {Tick: 3}, {Tick: 4, Slot: 9}}
	t.Run("more frames than fit keep the newest ones", func(t *testing.T) {
		got, err := wire.DecodeInput(wire.AppendInput(nil, frames), nil)
		require.NoError(t, err)
		assert.Equal(t, frames[1:], got)
	})
	t.Run("no frames append nothing", func(t *testing.T) {
		assert.Equal(t, []byte{0xaa}, wire.AppendInput([]byte{0xaa}, nil))
	})
}
