package wire_test

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

func TestEventPayloadSizeMatchesTheEncoder(t *testing.T) {
	for name, ev := range map[string]game.Event{
		"bullet spawn": bulletSpawn, "despawn": despawn, "hit": hit, "death": death, "portal use": portalUsed, "portal opened": portalOpened,
	} {
		t.Run("the size table agrees with an encoded "+name, func(t *testing.T) {
			b, err := wire.AppendEvent(nil, &ev)
			require.NoError(t, err)
			assert.Equal(t, len(b)-1, wire.EventPayloadSize(ev.Kind))
			assert.Equal(t, wireEventSize[ev.Kind], len(b), "and the layout in doc.go")
		})
	}
	t.Run("only the seven wire kinds and the ten stream kinds have a size", func(t *testing.T) {
		var sized int
		for k := 0; k < 256; k++ {
			if wire.EventPayloadSize(game.EventKind(k)) > 0 {
				sized++
			}
		}
		assert.Equal(t, 17, sized)
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
		{"a stream kind is written only by the encoder", game.Event{Kind: 0x3D}, wire.ErrUnknownType},
		{"the kind after the last wire kind is unknown", game.Event{Kind: game.EvAbility + 1}, wire.ErrUnknownType},
		{"a despawn without a reason is malformed", game.Event{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: 1}}, wire.ErrMalformed},
		{"a hit with no actor kind is malformed", game.Event{Kind: game.EvHit, ID: 1}, wire.ErrMalformed},
		{"a death with no actor kind is malformed", game.Event{Kind: game.EvDeath, ID: 1}, wire.ErrMalformed},
		{"a bullet of a third team is malformed", game.Event{Kind: game.EvBulletSpawn, Bullet: game.BulletSpawn{Team: 2}}, wire.ErrMalformed},
		{"a bullet with an infinite acceleration is malformed",
			game.Event{Kind: game.EvBulletSpawn, Bullet: game.BulletSpawn{Accel: float32(inf())}}, wire.ErrMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name+" and leaves the buffer unchanged", func(t *testing.T) {
			b := wire.AppendEventsHeader(make([]byte, 0, 64), 1, 9)
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
		{"a Hello with a 65-byte password", func(b []byte) ([]byte, error) {
			return wire.AppendHello(b, wire.Hello{Name: "a", Password: strings.Repeat("p", 65)})
		}, wire.ErrTooLarge},
		{"a Hello whose password is not UTF-8", func(b []byte) ([]byte, error) {
			return wire.AppendHello(b, wire.Hello{Name: "a", Password: "\xff"})
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
			return wire.AppendEnterInstance(b, wire.EnterInstance{MapW: 4, MapH: 4, Portals: []game.Portal{{Pos: game.TileCenter(4, 0)}}})
		}, wire.ErrMalformed},
		{"an EnterInstance with 256 portals", func(b []byte) ([]byte, error) {
			return wire.AppendEnterInstance(b, wire.EnterInstance{MapW: 4, MapH: 4, Portals: make([]game.Portal, 256)})
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

// sampleSnapshot builds a snapshot that decodes back to itself: the
// receiver's record in full precision, every other record already
// quantized (quarter-unit positions, aim in whole 1/256 turns, health out
// of ShareMax). TestCompactRecordsAreQuantized covers values that are not.
func sampleSnapshot(players, enemies, loot int) *wire.Snapshot {
	s := &wire.Snapshot{Tick: 3000, LastInputTick: 2994}
	if players > 0 {
		s.Players = append(s.Players, game.PlayerState{ID: 1, X: 10.1, Y: -2.3, Aim: 1000, HP: 90, MaxHP: 100})
	}
	for i := 1; i < players; i++ {
		s.Players = append(s.Players, game.PlayerState{
			ID: uint16(i + 1), X: float32(i) * 33.5, Y: float32(i) * 2.25, Aim: uint16(i*5) << 8,
			HP: int16(i % 256), MaxHP: wire.ShareMax, Flags: uint8(i % 8),
		})
	}
	for i := range enemies {
		s.Enemies = append(s.Enemies, game.EnemyState{
			ID: uint16(100 + i), Kind: uint8(i % 7), X: float32(i) * 12.5, Y: float32(i) * 7.75,
			HP: int16(i % 256), MaxHP: wire.ShareMax,
		})
	}
	for i := range loot {
		s.Loot = append(s.Loot, wire.GroundLoot{
			ID: uint16(500 + i), Def: uint8(i % 5), X: float32(i) * 9.25, Y: float32(i) * 3.5, Flags: uint8(i % 2),
		})
	}
	return s
}

func TestSnapshotEncoderMatchesAppendSnapshot(t *testing.T) {
	s := sampleSnapshot(4, 60, 24)
	var e wire.SnapshotEncoder
	e.Begin([]byte{0xaa}, s.Epoch, s.Tick, s.LastInputTick)
	for _, p := range s.Players {
		require.True(t, e.AddPlayer(p))
	}
	e.BeginEnemies()
	for _, x := range s.Enemies {
		require.True(t, e.AddEnemy(x))
	}
	e.BeginLoot()
	for _, l := range s.Loot {
		require.True(t, e.AddLoot(l))
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
		e.Begin(nil, 0, 1, 0)
		require.True(t, e.AddEnemy(game.EnemyState{ID: 5}))
		assert.False(t, e.AddPlayer(game.PlayerState{ID: 1}))
		var s wire.Snapshot
		require.NoError(t, wire.DecodeSnapshot(e.Finish(), &s))
		assert.Empty(t, s.Players)
		assert.Equal(t, []game.EnemyState{{ID: 5, MaxHP: wire.ShareMax}}, s.Enemies)
	})
	t.Run("the 256th player is refused and the count stays true", func(t *testing.T) {
		var e wire.SnapshotEncoder
		e.Begin(nil, 0, 1, 0)
		for i := range wire.MaxPlayers {
			require.True(t, e.AddPlayer(game.PlayerState{ID: uint16(i + 1)}))
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
		e.Begin(nil, 0, 1, 0)
		b := e.Finish()
		assert.False(t, e.AddEnemy(game.EnemyState{}))
		assert.Equal(t, b, e.Finish(), "a second Finish changes nothing")
		assert.Equal(t, hx("10 0000 01000000 01 00 0000 00"), b)
	})
	t.Run("AppendSnapshot leaves out players past the count's reach", func(t *testing.T) {
		s := sampleSnapshot(wire.MaxPlayers+1, 1, 0)
		var back wire.Snapshot
		require.NoError(t, wire.DecodeSnapshot(wire.AppendSnapshot(nil, s), &back))
		assert.Equal(t, s.Players[:wire.MaxPlayers], back.Players)
		assert.Equal(t, s.Enemies, back.Enemies)
	})
}

func TestCompactRecordsAreQuantized(t *testing.T) {
	s := &wire.Snapshot{
		Tick: 9, LastInputTick: 8,
		Players: []game.PlayerState{
			{ID: 1, X: 1.3, Y: 2.7, Aim: 0x12ff, HP: 1, MaxHP: 100, Flags: game.PlayerGrace},
			{ID: 2, X: 1.3, Y: 2.7, Aim: 0x12ff, HP: 1, MaxHP: 100, Flags: game.PlayerGrace},
		},
		Enemies: []game.EnemyState{{ID: 3, Kind: 4, X: -5, Y: 0.125, HP: 250, MaxHP: 500}},
	}
	b := wire.AppendSnapshot(nil, s)
	require.Equal(t, hx(`10 0000 09000000 01
		02 0100 6666a63f cdcc2c40 ff12 0100 6400 01
		   0200 0500 0b00 12 03 01
		0100 0300 04 0000 0100 80 00 00`), b, "1.3 u is 5 quarters, 2.7 u is 11, 1 hp of 100 a share of 3, 250 of 500 a share of 128")

	var back wire.Snapshot
	require.NoError(t, wire.DecodeSnapshot(b, &back))
	t.Run("the receiver's own record keeps full precision", func(t *testing.T) {
		assert.Equal(t, s.Players[0], back.Players[0])
	})
	t.Run("another player comes back quantized", func(t *testing.T) {
		assert.Equal(t, game.PlayerState{ID: 2, X: 1.25, Y: 2.75, Aim: 0x1200, HP: 3, MaxHP: wire.ShareMax, Flags: game.PlayerGrace},
			back.Players[1])
	})
	t.Run("an enemy comes back quantized, clamped at the map's edge", func(t *testing.T) {
		assert.Equal(t, []game.EnemyState{{ID: 3, Kind: 4, X: 0, Y: 0.25, HP: 128, MaxHP: wire.ShareMax}}, back.Enemies)
	})
	t.Run("the quantized snapshot re-encodes to the same bytes", func(t *testing.T) {
		assert.Equal(t, b, wire.AppendSnapshot(nil, &back))
	})
}

func TestQuarter(t *testing.T) {
	cases := []struct {
		name string
		v    float32
		want uint16
	}{
		{"zero is zero", 0, 0},
		{"a whole unit is four quarters", 100, 400},
		{"an eighth rounds up to one quarter", 0.125, 1},
		{"three eighths round up to two quarters", 0.375, 2},
		{"a little over a quarter rounds down to one", 0.3, 1},
		{"a negative position clamps to zero", -5, 0},
		{"a position just below zero clamps to zero", -0.1, 0},
		{"NaN is zero", float32(math.NaN()), 0},
		{"minus infinity is zero", float32(math.Inf(-1)), 0},
		{"the last quarter a u16 holds is 65535", 16383.75, 65535},
		{"a position past the last quarter clamps to 65535", 16384, 65535},
		{"a far position clamps to 65535", 1e30, 65535},
		{"plus infinity clamps to 65535", float32(math.Inf(1)), 65535},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, wire.Quarter(tc.v))
		})
	}
}

func TestShare(t *testing.T) {
	cases := []struct {
		name      string
		hp, maxHP int16
		want      uint8
	}{
		{"full health is a share of 255", 100, 100, 255},
		{"1 hp of 100 rounds up to a share of 3", 1, 100, 3},
		{"1 hp of the most there can be is still a share of 1", 1, math.MaxInt16, 1},
		{"99 hp of 100 rounds up to 253", 99, 100, 253},
		{"half of 500 rounds up to 128", 250, 500, 128},
		{"a share out of 255 is itself", 254, 255, 254},
		{"no health is a share of 0", 0, 100, 0},
		{"negative health is a share of 0", -5, 100, 0},
		{"a max of 0 is a share of 0", 50, 0, 0},
		{"a negative max is a share of 0", 50, -100, 0},
		{"health over the max clamps to 255", 200, 100, 255},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, wire.Share(tc.hp, tc.maxHP))
		})
	}
}

func TestAppendInputFraming(t *testing.T) {
	frames := make([]game.Input, game.InputRedundancy+1)
	for i := range frames {
		frames[i] = game.Input{Tick: uint32(i + 1), Slot: uint8(i)}
	}
	t.Run("more frames than fit keep the newest ones", func(t *testing.T) {
		got, _, err := wire.DecodeInput(wire.AppendInput(nil, frames, 0), nil)
		require.NoError(t, err)
		assert.Equal(t, frames[1:], got)
	})
	t.Run("no frames append nothing", func(t *testing.T) {
		assert.Equal(t, []byte{0xaa}, wire.AppendInput([]byte{0xaa}, nil, 1))
	})
}

func TestTheInputCarriesTheSnapshotAcknowledgement(t *testing.T) {
	frames := []game.Input{{Tick: 70000}, {Tick: 70001}}
	cases := []struct {
		name     string
		ack, got uint32
	}{
		{"a snapshot a few ticks behind the newest frame is acknowledged", 69990, 69990},
		{"the tick just before the newest frame is acknowledged", 70000, 70000},
		{"no snapshot held is none", 0, 0},
		{"a snapshot not before the newest frame cannot be said and is none", 70001, 0},
		{"a snapshot 65,535 ticks back is the oldest that can be said", 70001 - 65535, 70001 - 65535},
		{"one older than that is none", 70001 - 65536, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, ack, err := wire.DecodeInput(wire.AppendInput(nil, frames, tc.ack), nil)
			require.NoError(t, err)
			assert.Equal(t, tc.got, ack)
		})
	}
	t.Run("an acknowledgement reaching before tick 1 is refused", func(t *testing.T) {
		_, ack, err := wire.DecodeInput(hx("30 01 0500 05000000 00 00 0000 00 00"), nil)
		assert.ErrorIs(t, err, wire.ErrMalformed)
		assert.Zero(t, ack)
	})
}

func TestEnemyRecordsEncodedOnceMatchAddEnemy(t *testing.T) {
	s := sampleSnapshot(3, 20, 0)
	var direct, cached wire.SnapshotEncoder
	direct.Begin(nil, s.Epoch, s.Tick, s.LastInputTick)
	cached.Begin(nil, s.Epoch, s.Tick, s.LastInputTick)
	for _, p := range s.Players {
		direct.AddPlayer(p)
		cached.AddPlayer(p)
	}
	for _, e := range s.Enemies {
		require.True(t, direct.AddEnemy(e))
		require.True(t, cached.AddEnemyRecord(wire.AppendEnemyRecord(nil, e)))
	}
	require.Equal(t, direct.Finish(), cached.Finish())
	require.False(t, cached.AddEnemyRecord(make([]byte, wire.EnemyRecordSize)), "not after Finish")
	cached.Begin(nil, 0, 1, 0)
	require.False(t, cached.AddEnemyRecord([]byte{1, 2, 3}), "a record of the wrong length")
}
