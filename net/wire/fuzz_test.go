package wire_test

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// Every decoder has a fuzz target seeded from its golden table (and a few
// hostile packets). Each asserts that the decoder does not panic, that a
// failure is one of the package's sentinel errors, and that whatever
// decodes re-encodes to the very same bytes, which decode to the same value.

var sentinels = []error{wire.ErrShort, wire.ErrUnknownType, wire.ErrWrongType, wire.ErrMalformed, wire.ErrTooLarge, wire.ErrWrongBase}

func requireSentinel(t *testing.T, err error) {
	t.Helper()
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("decoder returned %v, not a sentinel error", err)
}

func fuzzCodec(f *testing.F, typ wire.MsgType, extraSeeds ...string) {
	c := codecOf(typ)
	for _, g := range c.cases {
		f.Add(hx(g.hex))
	}
	for _, s := range extraSeeds {
		f.Add(hx(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := c.decode(b)
		if err != nil {
			requireSentinel(t, err)
			return
		}
		enc, err := c.encode(nil, v)
		require.NoError(t, err, "a decoded value encodes")
		require.Equal(t, b, enc, "the encoding is canonical")
		again, err := c.decode(enc)
		require.NoError(t, err)
		require.Equal(t, v, again)
	})
}

func FuzzParseHello(f *testing.F) {
	fuzzCodec(f, wire.MsgHello, "01 00"+tokHash+"00", "01 04 41e280ae"+tokHash+"00", "01 02 41ff"+tokHash+"00", "01 01 41"+tokHash+"02 41ff",
		"01 01 41"+tokHash+"41"+strings.Repeat("61", 65))
}

func FuzzParseWelcome(f *testing.F) {
	fuzzCodec(f, wire.MsgWelcome, "02 0100", "01 0100 04030201")
}

func FuzzParseReject(f *testing.F) {
	fuzzCodec(f, wire.MsgReject, "03 05 6869", "03 02 c328")
}

func FuzzParseRoundTrip(f *testing.F) {
	fuzzCodec(f, wire.MsgRoundTrip, "0e 6400", "0e ffff 00", "0e 01")
}

func FuzzParseTryAgain(f *testing.F) {
	fuzzCodec(f, wire.MsgTryAgain, "0d 0000 00", "0d 0100 02 c328")
}

func FuzzParseRoster(f *testing.F) {
	fuzzCodec(f, wire.MsgRoster, "04 ff 0100 00 03417661", "04 01 0100 ff 03417661")
}

func FuzzParseEnterInstance(f *testing.F) {
	fuzzCodec(f, wire.MsgEnterInstance,
		"05 0700 0000 ff 2800 1e00 e8030000 ff 0300 0400 00", "05 0700 0000 ff 2800 1e00 e8030000 01 2800 0000 00")
}

func FuzzParseCharacters(f *testing.F) {
	fuzzCodec(f, wire.MsgCharacters, "07 00 00 ff ff 0100000000000000 0141 01 0100 0100 00 0000")
}

func FuzzParseCharacterCommand(f *testing.F) {
	fuzzCodec(f, wire.MsgCharacterCommand, "08 02 0000000000000000 ff41", "08 01 0100000000000000 0141")
}

func FuzzParseNotice(f *testing.F) {
	fuzzCodec(f, wire.MsgNotice, "09 00", "09 02 c328")
}

func FuzzParseMapChunk(f *testing.F) {
	fuzzCodec(f, wire.MsgMapChunk, "06 0000 0000 0102")
}

// FuzzEvents decodes a packet as the first of a stream, re-encodes what it
// yielded through a fresh EventEncoder and decodes that again: the events
// must survive unchanged. (Bytes may differ: the encoder picks its own
// compact forms and template slots.)
func FuzzEvents(f *testing.F) {
	for _, g := range codecOf(wire.MsgEvents).cases {
		f.Add(hx(g.hex))
	}
	for _, s := range []string{"20 f101 0100 06 0000", "20 f101 0100 40 0100 01 02", "20 f101 0100 02 04030201 00",
		streamPacket1Hex} {
		f.Add(hx(s))
	}
	f.Add(hx(streamPacket1Hex)[:60])
	f.Fuzz(func(t *testing.T, b []byte) {
		first, err := decodeEvents(b)
		if err != nil {
			requireSentinel(t, err)
			return
		}
		var enc wire.EventEncoder
		enc.Begin(nil, first.Epoch, first.Tick)
		for i := range first.Events {
			require.NoError(t, enc.Add(&first.Events[i]), "a decoded event encodes")
		}
		again, err := decodeEvents(enc.Bytes())
		require.NoError(t, err)
		require.Equal(t, first, again)
	})
}

func FuzzDecodeInventory(f *testing.F) {
	// The codec round trip, plus: decoding into a sheet with stale lists
	// gives what decoding into a fresh one gives, and a refused packet
	// leaves the stale sheet as it was.
	seeds := []string{
		"0a 01 00000000 64000000 00 11",
		"0a 01 00000000 64000000 00 00 00 00 04 00010203 00 00",
		"0a 01 00000000 64000000 00 02 0708 00 00 00 0a 00",
		"0a 01 00000000 64000000 00 00 00 00 00 07 00 00 16000000 87000000",
	}
	c := codecOf(wire.MsgInventory)
	for _, g := range c.cases {
		seeds = append(seeds, g.hex)
	}
	for _, s := range seeds {
		f.Add(hx(s))
	}
	stale := func() wire.Inventory {
		return wire.Inventory{
			Level: 7, XP: 5, Next: 9, Owed: 2,
			Bag:      append(make([]uint8, 0, wire.MaxBagSlots), 1, 2, 3, 4, 5, 6, 7, 8),
			Equip:    []uint8{4, 0, 2},
			Upgrades: append(make([]uint8, 0, wire.MaxUpgrades), 1, 1, 2),
			Offer:    []uint8{6},
			Action:   wire.ActionEquipped, Item: 4,
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fresh wire.Inventory
		err := wire.DecodeInventory(b, &fresh)
		dirty := stale()
		require.Equal(t, err, wire.DecodeInventory(b, &dirty))
		if err != nil {
			requireSentinel(t, err)
			require.Equal(t, stale(), dirty, "a refused packet leaves dst as it was")
			return
		}
		require.Equal(t, fresh.Level, dirty.Level)
		require.Equal(t, fresh.XP, dirty.XP)
		require.Equal(t, fresh.Next, dirty.Next)
		require.Equal(t, fresh.Owed, dirty.Owed)
		require.Equal(t, fresh.Action, dirty.Action)
		require.Equal(t, fresh.Item, dirty.Item)
		require.Equal(t, fresh.XPKills, dirty.XPKills)
		require.Equal(t, fresh.XPClears, dirty.XPClears)
		for _, l := range [][2][]uint8{{fresh.Bag, dirty.Bag}, {fresh.Equip, dirty.Equip}, {fresh.Upgrades, dirty.Upgrades}, {fresh.Offer, dirty.Offer}} {
			require.Equal(t, len(l[0]), len(l[1]))
			for i := range l[0] {
				require.Equal(t, l[0][i], l[1][i])
			}
		}
		enc, err := wire.AppendInventory(nil, fresh)
		require.NoError(t, err, "a decoded sheet encodes")
		require.Equal(t, b, enc, "the encoding is canonical")
		again, err := c.decode(enc)
		require.NoError(t, err)
		require.Equal(t, fresh, again)
	})
}

func FuzzDecodeUpgradeChoice(f *testing.F) {
	fuzzCodec(f, wire.MsgUpgradeChoice, "0b", "0b 00 00")
}

func FuzzDecodeCleared(f *testing.F) {
	fuzzCodec(f, wire.MsgCleared, "0c 00 21", "0c 00 01 0141 00000000 0000 05 0000")
}

func FuzzApplySnapshotDelta(f *testing.F) {
	fuzzCodec(f, wire.MsgSnapshotDelta, "11 2c01 03 00 09 c0 807f 01 04", "11 2c01 03 00 0f ff 0102030405060708 01 09 01 0a 7f 0b0c0d0e0f101112",
		"11 2c01 03 10 18 c0 fe01 57 02030404 01")
}

// Any two snapshots of one epoch a few ticks apart, whatever their bytes
// say, travel as a delta that rebuilds the newer exactly, and the delta is
// shorter than what it rebuilds.
func FuzzSnapshotDeltaRoundTrip(f *testing.F) {
	f.Add(uint8(3), hx(deltaBaseHex)[7:], hx(deltaBaseHex)[7:])
	f.Add(uint8(1), []byte{1, 2, 3}, make([]byte, 40))
	f.Add(uint8(255), make([]byte, 300), []byte{})
	f.Add(uint8(2), []byte{}, []byte{1}) // a snapshot with no body is never sent as a delta
	f.Fuzz(func(t *testing.T, age uint8, fullBody, baseBody []byte) {
		full := append(hx("10 0100 00010000"), fullBody...)
		base := append(hx("10 0100 00010000"), baseBody...)
		binary.LittleEndian.PutUint32(base[3:], 256-uint32(age))
		d, ok := wire.AppendSnapshotDelta(nil, full, base)
		if !ok {
			// A delta is at most its header (4 bytes and the length
			// change's 1 to 3), the changed bytes, a mask byte for each
			// group of eight and a bits byte for each block of 64.
			changed := 0
			for i := 7; i < len(full); i++ {
				if i >= len(base) || full[i] != base[i] {
					changed++
				}
			}
			n := len(full) - 7
			bound := 7 + changed + (n+7)/8 + (n+63)/64
			require.True(t, age == 0 || len(full) > 0xffff || bound >= len(full),
				"a delta is refused only for a base of the same tick or when it might not be shorter (%d bytes, bound %d)", len(full), bound)
			return
		}
		require.Less(t, len(d), len(full))
		got, err := wire.ApplySnapshotDelta(nil, d, base)
		require.NoError(t, err)
		require.Equal(t, full, got)
	})
}

func FuzzDecodeInput(f *testing.F) {
	fuzzCodec(f, wire.MsgInput, "30 00 0000", "30 04 0000", "30 02 0100 02000000 00 00 0000 00 00 01000000 00 00 0000 00 00",
		"30 01 0300 02000000 00 00 0000 00 00")
}

func FuzzDecodeSnapshot(f *testing.F) {
	// The codec round trip, plus: decoding into a Snapshot full of stale
	// records gives exactly what decoding into a fresh one gives.
	seeds := []string{
		"10 0000 00000000 00 00 ffff 0000000000000000",
		"10 0000 00000000 00 01 0100 0000c07f 00000000 0000 0000 0000 00 0000",
		"10 0000 00000000 00 02 " + ownRecordHex + " 0000",
		"10 0000 00000000 00 02 " + ownRecordHex + " 0200 0400 0800 00 00 00 0000",
		// every compact field at its largest
		"10 0000 ffffffff 00 02 " + ownRecordHex + " ffff ffff ffff ff ff ff 0100 ffff ff ffff ffff ff 00",
		"10 0000 00000000 00 00 0000 02 0100 00 0000 0000 01 0200 01 ffff ffff 00",
		"10 0000 00000000 00 00 0000 ff",
		// one enemy twice, one player twice: refused
		"10 0000 00000000 00 00 0200 0500 03 0000 0000 80 00 0500 03 0000 0000 80 00 00",
		"10 0000 00000000 00 02 " + ownRecordHex + " 0100 0400 0800 00 00 00 0000 00",
	}
	c := codecOf(wire.MsgSnapshot)
	for _, g := range c.cases {
		seeds = append(seeds, g.hex)
	}
	for _, s := range seeds {
		f.Add(hx(s))
	}
	stale := sampleSnapshot(4, 60, 24)
	f.Fuzz(func(t *testing.T, b []byte) {
		var fresh wire.Snapshot
		err := wire.DecodeSnapshot(b, &fresh)
		dirty := wire.Snapshot{
			Tick:    77,
			Players: append([]game.PlayerState(nil), stale.Players...),
			Enemies: append([]game.EnemyState(nil), stale.Enemies...),
			Loot:    []wire.GroundLoot{{ID: 9, Def: 3, X: 1, Y: 2, Flags: wire.LootMine}, {ID: 10}},
		}
		dirtyErr := wire.DecodeSnapshot(b, &dirty)
		require.Equal(t, err, dirtyErr)
		if err != nil {
			requireSentinel(t, err)
			require.Empty(t, dirty.Players)
			require.Empty(t, dirty.Enemies)
			require.Empty(t, dirty.Loot)
			return
		}
		require.Equal(t, fresh.LootKept, dirty.LootKept)
		require.Equal(t, len(fresh.Loot), len(dirty.Loot))
		for i := range fresh.Loot {
			require.Equal(t, fresh.Loot[i], dirty.Loot[i])
		}
		require.Equal(t, len(fresh.Players), len(dirty.Players))
		require.Equal(t, len(fresh.Enemies), len(dirty.Enemies))
		require.Equal(t, fresh.Tick, dirty.Tick)
		require.Equal(t, fresh.LastInputTick, dirty.LastInputTick)
		for i := range fresh.Players {
			require.Equal(t, fresh.Players[i], dirty.Players[i])
		}
		for i := range fresh.Enemies {
			require.Equal(t, fresh.Enemies[i], dirty.Enemies[i])
		}
		enc := wire.AppendSnapshot(nil, &fresh)
		require.Equal(t, b, enc, "the encoding is canonical")
		players, enemies := map[uint16]bool{}, map[uint16]bool{}
		for _, p := range fresh.Players {
			require.NotZero(t, p.ID, "player ids start at 1")
			require.False(t, players[p.ID], "player %d has one record", p.ID)
			players[p.ID] = true
		}
		for _, e := range fresh.Enemies {
			require.False(t, enemies[e.ID], "enemy %d has one record", e.ID)
			enemies[e.ID] = true
		}
	})
}

func FuzzTypeOf(f *testing.F) {
	for _, c := range codecs {
		f.Add(hx(c.cases[0].hex))
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		typ, err := wire.TypeOf(b)
		if err != nil {
			requireSentinel(t, err)
			require.Equal(t, wire.NoChannel, wire.ChannelOf(wire.MsgType(firstByte(b))))
			return
		}
		require.Less(t, wire.ChannelOf(typ), uint8(wire.NumChannels))
	})
}

func firstByte(b []byte) byte {
	if len(b) == 0 {
		return 0
	}
	return b[0]
}
