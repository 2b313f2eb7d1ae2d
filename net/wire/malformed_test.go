package wire_test

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// wireEventSize is the on-wire size of each event (kind byte included),
// written from the layout table rather than taken from EventPayloadSize.
var wireEventSize = map[game.EventKind]int{
	game.EvBulletSpawn: 37, game.EvBulletDespawn: 6, game.EvHit: 18, game.EvDeath: 14, game.EvPortalUsed: 5, game.EvPortalOpened: 11, game.EvAbility: 12,
}

// completeLengths lists the prefix lengths of a golden encoding that are
// whole messages themselves: only the full length, except for Events,
// which end validly after any event.
func completeLengths(c *codec, g golden) map[int]bool {
	full := len(hx(g.hex))
	ok := map[int]bool{full: true}
	if c.typ == wire.MsgSnapshotDelta {
		b := hx(g.hex)
		_, k := binary.Varint(b[4:])
		ok[4+k] = true // the header alone: the base again at a new tick
		for n := 4 + k; n < len(b); {
			groups := b[n]
			n++
			for g := range 8 {
				if groups&(1<<g) != 0 {
					n += 1 + bits.OnesCount8(b[n])
				}
			}
			if groups != 0 {
				ok[n] = true // a delta may end after any block that changed
			}
		}
	}
	if c.typ == wire.MsgEvents {
		full := hx(g.hex)
		change, k := binary.Uvarint(full[1:])
		n := 1 + k + 2*int(change&1) // type, change, the epoch if new
		ok[n] = true
		for _, ev := range g.value.(events).Events {
			n += wireEventSize[ev.Kind]
			ok[n] = true
		}
	}
	return ok
}

func TestEveryPrefixOfAGoldenEncodingFails(t *testing.T) {
	for i := range codecs {
		c := &codecs[i]
		for _, g := range c.cases {
			t.Run(c.typ.String()+" refuses every cut of "+g.name+" that is not a whole message", func(t *testing.T) {
				full := hx(g.hex)
				complete := completeLengths(c, g)
				for n := 0; n < len(full); n++ {
					// A copy with no spare capacity, so a read past the cut
					// would show up under the race detector and bounds checks.
					cut := append([]byte(nil), full[:n]...)
					_, err := c.decode(cut)
					if complete[n] {
						assert.NoError(t, err, "prefix of %d bytes is a whole message", n)
					} else {
						assert.Error(t, err, "prefix of %d bytes", n)
					}
				}
			})
		}
	}
}

func TestEveryGoldenEncodingWithATrailingByteFails(t *testing.T) {
	for i := range codecs {
		c := &codecs[i]
		if c.typ == wire.MsgEvents {
			continue // an extra byte is an event kind there; see the events tests
		}
		for _, g := range c.cases {
			t.Run(c.typ.String()+" refuses "+g.name+" followed by a stray byte", func(t *testing.T) {
				_, err := c.decode(append(hx(g.hex), 0))
				assert.ErrorIs(t, err, wire.ErrMalformed)
			})
		}
	}
}

type badCase struct {
	name string
	hex  string
	want error
}

func runBad(t *testing.T, typ wire.MsgType, cases []badCase) {
	c := codecOf(typ)
	for _, tc := range cases {
		t.Run(typ.String()+" refuses "+tc.name, func(t *testing.T) {
			_, err := c.decode(hx(tc.hex))
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

const tok = "000102030405060708090a0b0c0d0e0f"

// tokHash is a token followed by a content hash: what a Hello carries
// between its name and its password.
const tokHash = tok + "0000000000000000000000000000000000000000000000000000000000000000"

func TestHostileControlMessages(t *testing.T) {
	runBad(t, wire.MsgHello, []badCase{
		{"an empty packet", "", wire.ErrShort},
		{"an empty name", "01 00" + tok, wire.ErrMalformed},
		{"a seventeen-byte name", "01 11 " + strings.Repeat("41", 17) + tok, wire.ErrTooLarge},
		{"a name that is not UTF-8", "01 02 41ff" + tok, wire.ErrMalformed},
		{"a name with a terminal escape", "01 04 1b5b3133" + tok, wire.ErrMalformed},
		{"a name with a right-to-left override", "01 04 41e280ae" + tok, wire.ErrMalformed},
		{"a name with a C1 control character", "01 03 41c285" + tok, wire.ErrMalformed},
		{"a name with a leading space", "01 02 2041" + tok, wire.ErrMalformed},
		{"a name that is only spaces", "01 02 2020" + tok, wire.ErrMalformed},
		{"a token one byte short", "01 01 41" + tok[:30], wire.ErrShort},
		{"no content hash after the token", "01 01 41" + tok, wire.ErrShort},
		{"a content hash one byte short", "01 01 41" + tokHash[:len(tokHash)-2], wire.ErrShort},
		{"no password length after the content hash", "01 01 41" + tokHash, wire.ErrShort},
		{"a password cut short", "01 01 41" + tokHash + "03 6f77", wire.ErrShort},
		{"a password that is not UTF-8", "01 01 41" + tokHash + "02 41ff", wire.ErrMalformed},
		{"a 65-byte password", "01 01 41" + tokHash + "41" + strings.Repeat("61", 65), wire.ErrTooLarge},
		{"a byte after the password", "01 01 41" + tokHash + "00 00", wire.ErrMalformed},
		{"a Welcome routed to it", "02 0100 04030201", wire.ErrWrongType},
		{"a type byte no message has", "7f 01 41" + tok, wire.ErrUnknownType},
	})
	runBad(t, wire.MsgWelcome, []badCase{
		{"a Hello routed to it", "01 01 41" + tok, wire.ErrWrongType},
	})
	runBad(t, wire.MsgReject, []badCase{
		{"a 201-byte reason", "03 c9 " + strings.Repeat("78", 201), wire.ErrTooLarge},
		{"a reason that is not UTF-8", "03 02 c328", wire.ErrMalformed},
		{"a length running past the packet", "03 05 6869", wire.ErrShort},
	})
	runBad(t, wire.MsgRoundTrip, []badCase{
		{"a round trip cut to one byte", "0e 64", wire.ErrShort},
		{"a byte after the round trip", "0e 6400 00", wire.ErrMalformed},
	})
	runBad(t, wire.MsgTryAgain, []badCase{
		{"a wait of zero, which is a Reject's refusal", "0d 0000 00", wire.ErrMalformed},
		{"a 201-byte reason", "0d 0100 c9 " + strings.Repeat("78", 201), wire.ErrTooLarge},
		{"a reason that is not UTF-8", "0d 0100 02 c328", wire.ErrMalformed},
		{"a wait cut to one byte", "0d 01", wire.ErrShort},
	})
	runBad(t, wire.MsgRoster, []badCase{
		{"a count of 255 with one entry present", "04 ff 0100 00 03417661", wire.ErrShort},
		{"an entry with an empty name", "04 01 0100 00 00 41", wire.ErrMalformed},
		{"an entry with a control character", "04 01 0100 00 02410a", wire.ErrMalformed},
		{"an entry of a class past the last there can be", "04 01 0100 ff 03417661", wire.ErrMalformed},
	})
	runBad(t, wire.MsgEnterInstance, []badCase{
		{"a map with no width", "05 0700 0000 ff 00 0000 1e00 e8030000 00", wire.ErrMalformed},
		{"a map with no height", "05 0700 0000 ff 00 2800 0000 e8030000 00", wire.ErrMalformed},
		{"a map wider than 512 tiles", "05 0700 0000 ff 00 0102 1e00 e8030000 00", wire.ErrTooLarge},
		{"a map of 65535 by 65535 tiles", "05 0700 0000 ff 00 ffff ffff e8030000 00", wire.ErrTooLarge},
		{"a portal beyond the map's right edge", "05 0700 0000 ff 00 2800 1e00 e8030000 01 2800 0000 00", wire.ErrMalformed},
		{"a portal beyond the map's bottom edge", "05 0700 0000 ff 00 2800 1e00 e8030000 01 0000 1e00 00", wire.ErrMalformed},
		{"a portal count of 255 with one portal present", "05 0700 0000 ff 00 2800 1e00 e8030000 ff 0300 0400 00", wire.ErrShort},
		{"the hub with a depth", "05 0700 0000 ff 01 2800 1e00 e8030000 00", wire.ErrMalformed},
		{"a dungeon without a depth", "05 0700 0000 01 00 2800 1e00 e8030000 00", wire.ErrMalformed},
		{"a dungeon deeper than the deepest floor", "05 0700 0000 01 0a 2800 1e00 e8030000 00", wire.ErrMalformed},
	})
	runBad(t, wire.MsgCharacters, []badCase{
		{"a cause no version defines", "07 03 00 08 00", wire.ErrMalformed},
		{"more characters than slots", "07 00 00 01 02" + strings.Repeat("0100000000000000 0141 01 0100 0100 00 0000 00", 2), wire.ErrTooLarge},
		{"a count of 255 with one entry present", "07 00 00 ff ff 0100000000000000 0141 01 0100 0100 00 0000 00", wire.ErrShort},
		{"a place no version defines", "07 00 00 08 01 0100000000000000 0141 01 0100 0100 02 0000 00", wire.ErrMalformed},
		{"a class beyond the sixteen content may hold", "07 00 00 08 01 0100000000000000 0141 01 0100 0100 00 0000 10", wire.ErrMalformed},
		{"a 201-byte note", "07 01 c9" + strings.Repeat("78", 201) + "08 00", wire.ErrTooLarge},
	})
	runBad(t, wire.MsgCharacterCommand, []badCase{
		{"an op no version defines", "08 05 0100000000000000 00 00", wire.ErrMalformed},
		{"a select that carries a name", "08 01 0100000000000000 0141 00", wire.ErrMalformed},
		{"a select that carries a class", "08 01 0100000000000000 00 0161", wire.ErrMalformed},
		{"a create that names an id", "08 02 0100000000000000 0141 0161", wire.ErrMalformed},
		{"a create with no name", "08 02 0000000000000000 00 0161", wire.ErrMalformed},
		{"a create whose class is not a content id", "08 02 0000000000000000 0141 0241 21", wire.ErrMalformed},
		{"a create with a 17-byte name", "08 02 0000000000000000 11" + strings.Repeat("41", 17) + "0161", wire.ErrTooLarge},
		{"a create whose name runs 10,000 bytes past its length", "08 02 0000000000000000 ff" + strings.Repeat("41", 10000), wire.ErrMalformed},
		{"a delete with no confirming name", "08 03 0100000000000000 00 00", wire.ErrMalformed},
		{"an id one byte short", "08 01 01000000000000", wire.ErrShort},
	})
	runBad(t, wire.MsgNotice, []badCase{
		{"an empty notice", "09 00", wire.ErrMalformed},
		{"a 201-byte notice", "09 c9" + strings.Repeat("78", 201), wire.ErrTooLarge},
	})
	runBad(t, wire.MsgMapChunk, []badCase{
		{"a chunk one tile short", "06 0000 0000" + strings.Repeat("01", 255), wire.ErrShort},
		{"a chunk one tile long", "06 0000 0000" + strings.Repeat("01", 257), wire.ErrMalformed},
	})
}

// ownRecordHex is the receiver's own record, full precision, all zero but its id.
const ownRecordHex = "0100 00000000 00000000 0000 0000 0000 00"

// noXP is a sheet's tail with no XP earned since the last.
const noXP = " 00000000 00000000"

func TestHostileSheets(t *testing.T) {
	runBad(t, wire.MsgInventory, []badCase{
		{"an empty packet", "0a", wire.ErrShort},
		{"level zero", "0a 00 00000000 64000000 00 00 00 00 00 00 00 00" + noXP, wire.ErrMalformed},
		{"XP at or past the next level", "0a 01 64000000 64000000 00 00 00 00 00 00 00 00" + noXP, wire.ErrMalformed},
		{"a bag of 17 slots", "0a 01 00000000 64000000 00 11 " + strings.Repeat("00", 17) + " 00 00 00 00 00 00" + noXP, wire.ErrTooLarge},
		{"an offer of four", "0a 01 00000000 64000000 00 00 00 00 04 00010203 00 00 00" + noXP, wire.ErrTooLarge},
		{"a bag count past the packet", "0a 01 00000000 64000000 00 08 0000 00 00 00 00 00 00" + noXP, wire.ErrShort},
		{"an unknown action", "0a 01 00000000 64000000 00 00 00 00 00 0a 00 00" + noXP, wire.ErrMalformed},
		{"a byte to spare", "0a 01 00000000 64000000 00 00 00 00 00 00 00 00" + noXP + " 00", wire.ErrMalformed},
		{"no stack count", "0a 01 00000000 64000000 00 00 00 00 00 00 00", wire.ErrShort},
		{"no XP from clears", "0a 01 00000000 64000000 00 00 00 00 00 00 00 00 00000000", wire.ErrShort},
		{"half the XP from clears", "0a 01 00000000 64000000 00 00 00 00 00 00 00 00 00000000 0000", wire.ErrShort},
		{"stacks for a bag of another size", "0a 01 00000000 64000000 00 02 0100 00 00 00 00 00 01 01" + noXP, wire.ErrMalformed},
		{"a stack in an empty slot", "0a 01 00000000 64000000 00 02 0100 00 00 00 00 00 02 0101" + noXP, wire.ErrMalformed},
		{"a filled slot holding none", "0a 01 00000000 64000000 00 02 0100 00 00 00 00 00 02 0000" + noXP, wire.ErrMalformed},
		{"a stack of a hundred", "0a 01 00000000 64000000 00 02 0100 00 00 00 00 00 02 6400" + noXP, wire.ErrMalformed},
	})
	runBad(t, wire.MsgUpgradeChoice, []badCase{
		{"no index", "0b", wire.ErrShort},
		{"a byte to spare", "0b 00 00", wire.ErrMalformed},
	})
	runBad(t, wire.MsgCleared, []badCase{
		{"no count", "0c 00", wire.ErrShort},
		{"33 players", "0c 00 21", wire.ErrTooLarge},
		{"a count past the packet", "0c 00 04 0141 00000000 0000 00", wire.ErrShort},
		{"an empty name", "0c 00 01 00 00000000 0000 00 00", wire.ErrMalformed},
		{"33 items", "0c 00 01 0141 00000000 0000 21 " + strings.Repeat("00", 33), wire.ErrTooLarge},
		{"items past the packet", "0c 00 01 0141 00000000 0000 05 0000", wire.ErrShort},
	})
}

func TestHostileSnapshots(t *testing.T) {
	runBad(t, wire.MsgSnapshot, []badCase{
		{"an enemy count of 65535 in a 17-byte packet", "10 0000 00000000 00 00 ffff 0000000000000000", wire.ErrShort},
		{"a player count of 255 with one record present", "10 0000 00000000 00 ff " + ownRecordHex + " 0000", wire.ErrShort},
		{"a player count of two with only the receiver's record", "10 0000 00000000 00 02 " + ownRecordHex + " 0000", wire.ErrShort},
		{"a compact player record cut short", "10 0000 00000000 00 02 " + ownRecordHex + " 0200 0400 0800 00 00", wire.ErrShort},
		{"an enemy record cut short", "10 0000 00000000 00 00 0100 0100 03 0000 0000", wire.ErrShort},
		{"an enemy record with a byte to spare", "10 0000 00000000 00 00 0100 0100 03 0000 0000 80 00 00 00", wire.ErrMalformed},
		{"a snapshot with no loot count", "10 0000 00000000 00 00 0000", wire.ErrShort},
		{"a loot count of 254 with one record present", "10 0000 00000000 00 00 0000 fe 0100 00 0000 0000 00", wire.ErrShort},
		{"a loot record cut short", "10 0000 00000000 00 00 0000 01 0100 00 0000 0000", wire.ErrShort},
		{"a loot record with an unknown flag", "10 0000 00000000 00 00 0000 01 0100 00 0000 0000 02", wire.ErrMalformed},
		{"a kept loot list followed by records", "10 0000 00000000 00 00 0000 ff 0100 00 0000 0000 00", wire.ErrMalformed},
		{"a NaN position in the receiver's record",
			"10 0000 00000000 00 01 0100 0000c07f 00000000 0000 0000 0000 00 0000", wire.ErrMalformed},
		{"an infinite position in the receiver's record",
			"10 0000 00000000 00 02 0100 00000000 000080ff 0000 0000 0000 00 0200 0400 0800 00 00 00 0000", wire.ErrMalformed},
		{"an Events packet routed to it", "20 0100 00000000", wire.ErrWrongType},
		{"the receiver's record with player id 0",
			"10 0000 00000000 00 01 0000 00000000 00000000 0000 0000 0000 00 0000 00", wire.ErrMalformed},
		{"another player with id 0", "10 0000 00000000 00 02 " + ownRecordHex + " 0000 0400 0800 00 00 00 0000 00", wire.ErrMalformed},
		{"another player under the receiver's own id", "10 0000 00000000 00 02 " + ownRecordHex + " 0100 0400 0800 00 00 00 0000 00", wire.ErrMalformed},
		{"one player's record twice", "10 0000 00000000 00 03 " + ownRecordHex +
			" 0200 0400 0800 00 00 00 0200 0400 0800 00 00 00 0000 00", wire.ErrMalformed},
		{"one enemy's record twice", "10 0000 00000000 00 00 0200 0500 03 0000 0000 80 00 0500 03 0000 0000 80 00 00", wire.ErrMalformed},
		{"one enemy twice, the second far down the list", "10 0000 00000000 00 00 0300 ffff 03 0000 0000 80 00 0000 03 0000 0000 80 00 " +
			"ffff 03 0000 0000 80 00 00", wire.ErrMalformed},
	})
}

func TestHostileCountsAllocateNothing(t *testing.T) {
	cases := []struct {
		name   string
		decode func(b []byte) error
		hex    string
	}{
		{"a snapshot claiming 65535 enemies", func(b []byte) error {
			var s wire.Snapshot
			return wire.DecodeSnapshot(b, &s)
		}, "10 0000 00000000 00 00 ffff 0000000000000000"},
		{"a snapshot claiming 255 players", func(b []byte) error {
			var s wire.Snapshot
			return wire.DecodeSnapshot(b, &s)
		}, "10 0000 00000000 00 ff 0000000000000000"},
		{"a roster claiming 255 entries", func(b []byte) error {
			_, err := wire.ParseRoster(b)
			return err
		}, "04 ff 0100 03417661"},
		{"an instance claiming 255 portals", func(b []byte) error {
			_, err := wire.ParseEnterInstance(b)
			return err
		}, "05 0700 0000 ff 00 2800 1e00 e8030000 ff 0300 0400 00"},
		{"a snapshot claiming 254 items on the floor", func(b []byte) error {
			var s wire.Snapshot
			return wire.DecodeSnapshot(b, &s)
		}, "10 0000 00000000 00 00 0000 fe 0100 00 0000 0000 00"},
		{"a sheet claiming a full bag", func(b []byte) error {
			var m wire.Inventory
			return wire.DecodeInventory(b, &m)
		}, "0a 01 00000000 64000000 00 10 000000000000"},
		{"a cleared banner claiming 32 players", func(b []byte) error {
			var m wire.Cleared
			return wire.DecodeCleared(b, &m)
		}, "0c 00 20 0141 00000000 0000 00"},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused without allocating", func(t *testing.T) {
			b := hx(tc.hex)
			require.ErrorIs(t, tc.decode(b), wire.ErrShort)
			allocs := testing.AllocsPerRun(100, func() { _ = tc.decode(b) })
			assert.Zero(t, allocs)
		})
	}
}

func TestHostileEventStreams(t *testing.T) {
	const head = "20 f101 0100 "
	cases := []struct {
		name      string
		hex       string
		wantKinds []game.EventKind // events yielded before the stream stopped
		want      error
	}{
		{"an unknown kind stops the stream after the events before it",
			head + hitHex + "08 0000 0000" + deathHex, []game.EventKind{game.EvHit}, wire.ErrUnknownType},
		{"kind zero is unknown", head + "00", nil, wire.ErrUnknownType},
		{"an ability of a class beyond the sixteen content may hold is malformed", head + "07 0100 10 00004042 000080c1", nil, wire.ErrMalformed},
		{"an ability at a place no float names is malformed", head + "07 0100 01 0000c07f 000080c1", nil, wire.ErrMalformed},
		{"a despawn of a reason no version defines is malformed", head + "02 01000000 04", nil, wire.ErrMalformed},
		{"a server-only transfer is unknown on the wire", head + deathHex + "40 0100 01 02",
			[]game.EventKind{game.EvDeath}, wire.ErrUnknownType},
		{"a truncated payload is short", head + portalUsedHex + "03 02 0500", []game.EventKind{game.EvPortalUsed}, wire.ErrShort},
		{"a bullet of a third team is malformed",
			head + "01 04030201 3a000000 00002041 00008042 00000040 000000c0 0000803e 9cff 3000 b400 07 02", nil, wire.ErrMalformed},
		{"a NaN velocity is malformed",
			head + "01 04030201 3a000000 00002041 00008042 0000c07f 000000c0 0000803e 9cff 3000 b400 07 01", nil, wire.ErrMalformed},
		{"a despawn without a reason is malformed", head + "02 04030201 00", nil, wire.ErrMalformed},
		{"a bullet that never lives is malformed",
			head + "01 04030201 3a000000 00002041 00008042 00000040 000000c0 0000803e 9cff 3000 0000 07 01", nil, wire.ErrMalformed},
		{"a bullet that would live past ten seconds is malformed",
			head + "01 04030201 3a000000 00002041 00008042 00000040 000000c0 0000803e 9cff 3000 5902 07 01", nil, wire.ErrMalformed},
		{"a hit on a third kind of actor is malformed", head + "03 03 0500 0100 0a00 f6ff 01000000 3c000000", nil, wire.ErrMalformed},
		{"a packet of another type is refused", "10 3c000000" + portalUsedHex, nil, wire.ErrWrongType},
		{"a header cut short is short", "20 f1", nil, wire.ErrShort},
		{"a header's new epoch cut short is short", "20 01 01", nil, wire.ErrShort},
		{"a header naming the old epoch as new is malformed", "20 01 0000", nil, wire.ErrMalformed},
		{"a header's change not in its shortest form is malformed", "20 8000", nil, wire.ErrMalformed},
		{"a header's change past 33 bits is malformed", "20 8080808040", nil, wire.ErrMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var it wire.EventIter
			var ev game.Event
			var kinds []game.EventKind
			it.Reset(hx(tc.hex))
			for it.Next(&ev) {
				kinds = append(kinds, ev.Kind)
			}
			assert.Equal(t, tc.wantKinds, kinds)
			assert.ErrorIs(t, it.Err(), tc.want)
			assert.False(t, it.Next(&ev), "the stream stays stopped")
		})
	}
}

func TestEventIterOverwritesTheWholeEvent(t *testing.T) {
	var it wire.EventIter
	it.Reset(hx("20 f101 0100 " + bulletSpawnHex + portalUsedHex))
	var ev game.Event
	require.True(t, it.Next(&ev))
	require.True(t, it.Next(&ev))
	assert.Equal(t, portalUsed, ev, "nothing of the bullet spawn survives in the portal event")
	assert.False(t, it.Next(&ev))
	assert.NoError(t, it.Err())
	assert.Equal(t, uint32(60), it.Tick())
}

func TestHostileInputs(t *testing.T) {
	runBad(t, wire.MsgInput, []badCase{
		{"a count of zero", "30 00 0000", wire.ErrMalformed},
		{"a count over the redundancy", fmt.Sprintf("30 %02x", game.InputRedundancy+1) +
			strings.Repeat("00", 2+wire.InputFrameSize*(game.InputRedundancy+1)), wire.ErrTooLarge},
		{"a count of 255 in a short packet", "30 ff 01000000 00 00 0000 00 00", wire.ErrTooLarge},
		{"two frames of the same tick", "30 02 0000 01000000 00 00 0000 00 00 01000000 00 00 0000 00 00", wire.ErrMalformed},
		{"frames newest first", "30 02 0000 02000000 00 00 0000 00 00 01000000 00 00 0000 00 00", wire.ErrMalformed},
		{"a frame cut short", "30 02 0000 01000000 00 00 0000 00 00 02000000 00", wire.ErrShort},
		{"a Hello routed to it", "01 01 41" + tok, wire.ErrWrongType},
		{"an acknowledgement reaching before tick 1", "30 01 0200 02000000 00 00 0000 00 00", wire.ErrMalformed},
	})
}

func TestHostileSnapshotDeltas(t *testing.T) {
	runBad(t, wire.MsgSnapshotDelta, []badCase{
		// The base is deltaBaseHex: tick 300 (0x012c), 38 bytes.
		{"a base age of zero", "11 2c01 00 00", wire.ErrMalformed},
		{"a header cut before its length change", "11 2c01 03", wire.ErrShort},
		{"a length change in more bytes than it needs", "11 2c01 03 8000", wire.ErrMalformed},
		{"a length change past 65535", "11 2c01 03 808008", wire.ErrMalformed},
		{"a length no longer than the header it rebuilds", "11 2c01 03 3d", wire.ErrMalformed},
		{"a base of another tick", "11 2d01 03 00", wire.ErrWrongBase},
		{"a last block that changed nothing", "11 2c01 03 00 00", wire.ErrMalformed},
		{"a last block that changed nothing after one that did", "11 2c01 03 00 01 01 01 00", wire.ErrMalformed},
		{"a group with an empty mask", "11 2c01 03 00 01 00", wire.ErrMalformed},
		{"a changed byte of zero", "11 2c01 03 00 01 01 00", wire.ErrMalformed},
		{"a mask bit past the snapshot's length", "11 2c01 03 00 08 80 01", wire.ErrMalformed},
		{"a block past the snapshot's length", "11 2c01 03 00 01 01 01 01 01 01", wire.ErrMalformed},
		{"a group bit with no mask", "11 2c01 03 00 01", wire.ErrShort},
		{"a group cut short", "11 2c01 03 00 01 03 01", wire.ErrShort},
		{"a delta no shorter than its snapshot", "11 2c01 03 3b 01 01 01 01", wire.ErrMalformed},
		{"a Snapshot routed to it", "10 0100 2f010000 03 00 0000 ff", wire.ErrWrongType},
	})
}

func TestDecodeInputReusesDst(t *testing.T) {
	dst := make([]game.Input, 5, 8)
	for i := range dst {
		dst[i].Tick = 999
	}
	got, _, err := wire.DecodeInput(hx("30 01 0000 07000000 01 02 0300 04 05"), dst)
	require.NoError(t, err)
	assert.Equal(t, []game.Input{{Tick: 7, MoveX: 1, MoveY: 2, Aim: 3, Buttons: 4, Slot: 5}}, got)
	assert.Same(t, &dst[0], &got[0], "frames land in dst's array")

	got, _, err = wire.DecodeInput(hx("30 00 0000"), dst)
	assert.Error(t, err)
	assert.Empty(t, got)
}

func TestDecodeSnapshotReusesAndClearsDst(t *testing.T) {
	dst := wire.Snapshot{
		Tick:    99,
		Players: make([]game.PlayerState, 3, 8),
		Enemies: make([]game.EnemyState, 7, 80),
		Loot:    make([]wire.GroundLoot, 5, 30),
	}
	players, enemies, loot := &dst.Players[:1][0], &dst.Enemies[:1][0], &dst.Loot[:1][0]

	require.NoError(t, wire.DecodeSnapshot(wire.AppendSnapshot(nil, sampleSnapshot(1, 1, 2)), &dst))
	assert.Len(t, dst.Players, 1)
	assert.Len(t, dst.Enemies, 1)
	assert.Len(t, dst.Loot, 2)
	assert.Same(t, players, &dst.Players[0], "players reuse dst's array")
	assert.Same(t, enemies, &dst.Enemies[0], "enemies reuse dst's array")
	assert.Same(t, loot, &dst.Loot[0], "loot reuses dst's array")

	require.Error(t, wire.DecodeSnapshot(hx("10 0000"), &dst))
	assert.Empty(t, dst.Players, "a failed decode leaves no records behind")
	assert.Empty(t, dst.Enemies)
	assert.Empty(t, dst.Loot)
	assert.Zero(t, dst.Tick)
	assert.Equal(t, 8, cap(dst.Players), "capacity is kept for the next decode")
	assert.Equal(t, 30, cap(dst.Loot))
}

func TestDecodeInventoryReusesDst(t *testing.T) {
	sheet := hx(codecOf(wire.MsgInventory).cases[0].hex)
	dirty := func() wire.Inventory {
		return wire.Inventory{
			Level: 9, XP: 1, Next: 2, Owed: 3,
			Bag:      append(make([]uint8, 0, wire.MaxBagSlots), 9, 9, 9, 9),
			Equip:    append(make([]uint8, 0, wire.MaxEquipSlots), 9),
			Upgrades: append(make([]uint8, 0, wire.MaxUpgrades), 9, 9),
			Offer:    make([]uint8, 0, wire.MaxOffer),
			Action:   wire.ActionUsed, Item: 4,
		}
	}

	t.Run("a sheet lands in dst's arrays", func(t *testing.T) {
		dst := dirty()
		bag, upgrades := &dst.Bag[:1][0], &dst.Upgrades[:1][0]
		require.NoError(t, wire.DecodeInventory(sheet, &dst))
		want, err := codecOf(wire.MsgInventory).decode(sheet)
		require.NoError(t, err)
		assert.Equal(t, want, dst)
		assert.Same(t, bag, &dst.Bag[0], "the bag reuses dst's array")
		assert.Same(t, upgrades, &dst.Upgrades[0], "the upgrades reuse dst's array")
	})

	t.Run("decoding into a sheet that has grown allocates nothing", func(t *testing.T) {
		dst := dirty()
		assert.Zero(t, testing.AllocsPerRun(50, func() { _ = wire.DecodeInventory(sheet, &dst) }))
	})

	t.Run("a refused sheet leaves dst as it was", func(t *testing.T) {
		// a whole bag, then an unknown action: the bag has been read by the
		// time the packet is refused
		bad := hx("0a 01 00000000 64000000 00 02 0708 00 00 00 0a 00 00" + noXP)
		require.ErrorIs(t, wire.DecodeInventory(bad, &wire.Inventory{}), wire.ErrMalformed)
		dst := dirty()
		require.ErrorIs(t, wire.DecodeInventory(bad, &dst), wire.ErrMalformed)
		assert.Equal(t, dirty(), dst)
	})
}
