package wire_test

import (
	"encoding/binary"
	"encoding/hex"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// layoutCase is one message encoded from a value whose fields carry
// distinct, recognisable bytes, with the bytes each documented field must
// show. A field of a repeated record is named record.field and checked in
// the record's first instance.
type layoutCase struct {
	typ    wire.MsgType
	encode func() ([]byte, error)
	vars   map[string]int    // the values of n, m, k and p for this value
	fields map[string]string // field path → its bytes, in hex
}

// counting returns n bytes counting up from first.
func counting(first byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = first + byte(i)
	}
	return b
}

var layoutCases = []layoutCase{
	{
		typ: wire.MsgHello,
		encode: func() ([]byte, error) {
			return wire.AppendHello(nil, wire.Hello{Name: "Ava", Token: token(0x10), Content: contentHash(0x40), Password: "owl"})
		},
		vars: map[string]int{"n": 3, "k": 3},
		fields: map[string]string{"type": "01", "name": "03 417661", "token": hex.EncodeToString(counting(0x10, 16)),
			"content": hex.EncodeToString(counting(0x40, 32)), "password": "03 6f776c"},
	},
	{
		typ: wire.MsgWelcome,
		encode: func() ([]byte, error) {
			return wire.AppendWelcome(nil, wire.Welcome{PeerID: 0x0201, ServerTick: 0x06050403}), nil
		},
		fields: map[string]string{"type": "02", "peerID": "0102", "serverTick": "03040506"},
	},
	{
		typ:    wire.MsgReject,
		encode: func() ([]byte, error) { return wire.AppendReject(nil, wire.Reject{Reason: "no"}) },
		vars:   map[string]int{"n": 2},
		fields: map[string]string{"type": "03", "reason": "02 6e6f"},
	},
	{
		typ:    wire.MsgRoundTrip,
		encode: func() ([]byte, error) { return wire.AppendRoundTrip(nil, wire.RoundTrip{Millis: 0x0201}), nil },
		fields: map[string]string{"type": "0e", "rtt": "0102"},
	},
	{
		typ:    wire.MsgTryAgain,
		encode: func() ([]byte, error) { return wire.AppendTryAgain(nil, wire.TryAgain{Retry: 0x0201, Reason: "no"}) },
		vars:   map[string]int{"n": 2},
		fields: map[string]string{"type": "0d", "retry": "0102", "reason": "02 6e6f"},
	},
	{
		typ: wire.MsgRoster,
		encode: func() ([]byte, error) {
			return wire.AppendRoster(nil, wire.Roster{Entries: []wire.RosterEntry{{ID: 0x0201, Class: 0x05, Name: "Ava"}, {ID: 0x0403, Name: "Bo"}}})
		},
		vars:   map[string]int{"k": 3},
		fields: map[string]string{"type": "04", "count": "02", "entries.id": "0102", "entries.class": "05", "entries.name": "03 417661"},
	},
	{
		typ: wire.MsgEnterInstance,
		encode: func() ([]byte, error) {
			return wire.AppendEnterInstance(nil, wire.EnterInstance{
				Instance: 0x0201, Epoch: 0x0403, Dungeon: 0x05, Depth: 0x09, MapW: 0x0106, MapH: 0x0107, ServerTick: 0x0b0a0908,
				Portals: []game.Portal{{Pos: game.TileCenter(0x000c, 0x000d), Dungeon: 0x0e}, {Pos: game.TileCenter(1, 2), Dungeon: 3}},
			})
		},
		vars: map[string]int{"n": 2},
		fields: map[string]string{
			"type": "05", "instance": "0102", "epoch": "0304", "dungeon": "05", "depth": "09", "mapW": "0601", "mapH": "0701",
			"serverTick": "08090a0b", "portalCount": "02",
			"portals.tileX": "0c00", "portals.tileY": "0d00", "portals.dungeon": "0e",
		},
	},
	{
		typ: wire.MsgCharacters,
		encode: func() ([]byte, error) {
			return wire.AppendCharacters(nil, wire.Characters{Cause: wire.CauseRefused, Note: "no", Slots: 8,
				Entries: []wire.CharacterEntry{
					{ID: 0x0807060504030201, Name: "Ava", Level: 0x09, Health: 0x0b0a, MaxHealth: 0x0d0c, Where: 1, Lockout: 0x0f0e, Class: 0x03},
					{ID: 1, Name: "Bo", Level: 1, Health: 1, MaxHealth: 1},
				}})
		},
		vars: map[string]int{"n": 2, "k": 3},
		fields: map[string]string{
			"type": "07", "cause": "01", "note": "02 6e6f", "slots": "08", "count": "02",
			"characters.id": "0102030405060708", "characters.name": "03 417661", "characters.level": "09",
			"characters.health": "0a0b", "characters.maxHealth": "0c0d", "characters.where": "01", "characters.lockout": "0e0f", "characters.class": "03",
		},
	},
	{
		typ: wire.MsgCharacterCommand,
		encode: func() ([]byte, error) {
			return wire.AppendCharacterCommand(nil, wire.CharacterCommand{Op: wire.OpCreate, Name: "Ava", Class: "ab"})
		},
		vars:   map[string]int{"n": 3, "m": 2},
		fields: map[string]string{"type": "08", "op": "02", "id": "0000000000000000", "name": "03 417661", "class": "02 6162"},
	},
	{
		typ:    wire.MsgNotice,
		encode: func() ([]byte, error) { return wire.AppendNotice(nil, wire.Notice{Text: "no"}) },
		vars:   map[string]int{"n": 2},
		fields: map[string]string{"type": "09", "text": "02 6e6f"},
	},
	{
		typ: wire.MsgMapChunk,
		encode: func() ([]byte, error) {
			c := wire.MapChunk{CX: 0x0201, CY: 0x0403}
			copy(c.Tiles[:], counting(0, wire.ChunkTileSize))
			return wire.AppendMapChunk(nil, c), nil
		},
		fields: map[string]string{"type": "06", "cx": "0102", "cy": "0304", "tiles": hex.EncodeToString(counting(0, wire.ChunkTileSize))},
	},
	{
		typ: wire.MsgSnapshot,
		encode: func() ([]byte, error) {
			return wire.AppendSnapshot(nil, &wire.Snapshot{
				Epoch: 0x0201, Tick: 0x06050403, LastInputTick: 0x06050403 - 7,
				Players: []game.PlayerState{
					{ID: 0x0908, X: 1, Y: 2, Aim: 0x0b0a, HP: 0x0d0c, MaxHP: 0x0f0e, Flags: 0x10},
					{ID: 0x1211, X: 0x1413 / 4.0, Y: 0x1615 / 4.0, Aim: 0x1700, HP: 0x18, MaxHP: wire.ShareMax, Flags: 0x19},
				},
				Enemies: []game.EnemyState{{ID: 0x1b1a, Kind: 0x1c, X: 0x1e1d / 4.0, Y: 0x201f / 4.0, HP: 0x21, MaxHP: wire.ShareMax, Flags: 0x29}},
				Loot:    []wire.GroundLoot{{ID: 0x2322, Def: 0x24, X: 0x2625 / 4.0, Y: 0x2827 / 4.0, Flags: wire.LootMine}},
			}), nil
		},
		vars: map[string]int{"n": 2, "m": 1, "k": 1},
		fields: map[string]string{
			"type": "10", "epoch": "0102", "tick": "03040506", "inputAge": "07", "playerCount": "02",
			"own.id": "0809", "own.x": "0000803f", "own.y": "00000040", "own.aim": "0a0b",
			"own.hp": "0c0d", "own.maxHP": "0e0f", "own.flags": "10",
			"others.id": "1112", "others.x": "1314", "others.y": "1516", "others.aim": "17",
			"others.hpShare": "18", "others.flags": "19",
			"enemyCount": "0100",
			"enemies.id": "1a1b", "enemies.kind": "1c", "enemies.x": "1d1e", "enemies.y": "1f20", "enemies.hpShare": "21", "enemies.flags": "29",
			"lootCount": "01", "loot.id": "2223", "loot.def": "24", "loot.x": "2526", "loot.y": "2728", "loot.flags": "01",
		},
	},
	{
		typ: wire.MsgSnapshotDelta,
		encode: func() ([]byte, error) {
			full := hx("10 0100 2f010000 03 01 0100 00000040 00000040 0080 6400 6400 00 0100 0500 02 0404 0004 ff 00 ff")
			d, _ := wire.AppendSnapshotDelta(nil, full, hx(deltaBaseHex))
			return d, nil
		},
		vars: map[string]int{"k": 1, "n": 6},
		fields: map[string]string{
			"type": "11", "baseTick": "2c01", "age": "03", "lengthChange": "00", "changes": "09c0807f0104",
		},
	},
	{
		typ: wire.MsgEvents,
		encode: func() ([]byte, error) {
			b := wire.AppendEventsHeader(nil, 0x0201, 0x06050403)
			return wire.AppendEvent(b, &game.Event{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: 0x0807, Other: 0x0a09})
		},
		vars:   map[string]int{"p": 5, "k": 5, "e": 2},
		fields: map[string]string{"type": "20", "change": "8da0d0c001", "epoch": "0102", "events.kind": "04", "events.payload": "01 0708 090a"},
	},
	{
		typ: wire.MsgInventory,
		encode: func() ([]byte, error) {
			return wire.AppendInventory(nil, wire.Inventory{Level: 1, XP: 0x05040302, Next: 0x09080706, Owed: 0x0a,
				Bag: []uint8{0x0b, 0x0c}, Equip: []uint8{0x0d}, Upgrades: []uint8{0x0e, 0x0f, 0x10}, Offer: []uint8{0x11},
				Action: 9, Item: 0x12, Stacks: []uint8{0x13, 0x14}, XPKills: 0x18171615, XPClears: 0x1c1b1a19})
		},
		vars: map[string]int{"n": 2, "m": 1, "k": 3, "p": 1},
		fields: map[string]string{
			"type": "0a", "level": "01", "xp": "02030405", "next": "06070809", "owed": "0a",
			"bagCount": "02", "bag": "0b0c", "equipCount": "01", "equip": "0d", "upgradeCount": "03", "upgrades": "0e0f10",
			"offerCount": "01", "offer": "11", "action": "09", "item": "12", "stackCount": "02", "stacks": "1314",
			"xpKills": "15161718", "xpClears": "191a1b1c",
		},
	},
	{
		typ:    wire.MsgUpgradeChoice,
		encode: func() ([]byte, error) { return wire.AppendUpgradeChoice(nil, wire.UpgradeChoice{Index: 2}), nil },
		fields: map[string]string{"type": "0b", "index": "02"},
	},
	{
		typ: wire.MsgCleared,
		encode: func() ([]byte, error) {
			return wire.AppendCleared(nil, wire.Cleared{Dungeon: 1, Players: []wire.ClearedPlayer{
				{Name: "Ava", XP: 0x05040302, Kills: 0x0706, Items: []uint8{8, 9}},
				{Name: "Bo", XP: 1},
			}})
		},
		vars: map[string]int{"k": 3, "p": 2},
		fields: map[string]string{
			"type": "0c", "dungeon": "01", "count": "02", "players.name": "03 417661", "players.xp": "02030405",
			"players.kills": "0607", "players.itemCount": "02", "players.items": "0809",
		},
	},
	{
		typ: wire.MsgInput,
		encode: func() ([]byte, error) {
			return wire.AppendInput(nil, []game.Input{
				{Tick: 0x04030201, MoveX: 5, MoveY: 6, Aim: 0x0807, Buttons: 9, Slot: 0x0a},
				{Tick: 0x04030202},
			}, 0x04030202-0x0c0b), nil
		},
		vars: map[string]int{"n": 2},
		fields: map[string]string{
			"type": "30", "count": "02", "ack": "0b0c", "frames.tick": "01020304", "frames.moveX": "05", "frames.moveY": "06",
			"frames.aim": "0708", "frames.buttons": "09", "frames.slot": "0a",
		},
	},
}

func TestTheLayoutDocMatchesTheEncoders(t *testing.T) {
	doc := readDocLayouts(t)
	require.NotEmpty(t, doc.messages, "doc.go has message tables")
	for _, c := range layoutCases {
		m := docMessageOf(doc, uint8(c.typ))
		t.Run(c.typ.String()+"'s documented fields sit where the encoder puts them", func(t *testing.T) {
			require.NotNil(t, m, "doc.go has no table for type 0x%02x", uint8(c.typ))
			pkt, err := c.encode()
			require.NoError(t, err)
			seen, end := checkRows(t, pkt, 0, len(pkt), m.rows, "", c)
			assert.Equal(t, len(pkt), end, "the rows cover the whole packet")
			for path := range c.fields {
				assert.Contains(t, seen, path, "the encoder writes %s, which doc.go does not show", path)
			}
		})
		t.Run(c.typ.String()+"'s documented size is the encoded size", func(t *testing.T) {
			require.NotNil(t, m)
			if m.size == "" {
				t.Skip("doc.go gives no size: the message runs to the end of the packet")
			}
			pkt, err := c.encode()
			require.NoError(t, err)
			want, err := evalLayout(m.size, c.vars)
			require.NoError(t, err)
			assert.Equal(t, want, len(pkt))
		})
	}
}

// checkRows checks that rows follow one another from pkt[from:] and that
// each field's bytes are the case's, descending into the first record of a
// repeated group. It returns the paths of the fields it found and where
// the last row ends.
func checkRows(t *testing.T, pkt []byte, from, to int, rows []docRow, prefix string, c layoutCase) ([]string, int) {
	t.Helper()
	var seen []string
	at := from
	for _, r := range rows {
		path := prefix + r.name
		off, size := rowSpan(t, r, from, to, c.vars)
		require.Equal(t, at, off, "%s starts where the field before it ends", path)
		require.LessOrEqual(t, off+size, to, "%s ends inside the packet", path)
		at = off + size
		if r.record == nil {
			want, ok := c.fields[path]
			require.True(t, ok, "doc.go shows %s, which this test has no bytes for", path)
			assert.Equal(t, hex.EncodeToString(hx(want)), hex.EncodeToString(pkt[off:at]), "the bytes of %s", path)
			seen = append(seen, path)
			continue
		}
		inRecord, end := checkRows(t, pkt, off, at, r.record, path+".", c)
		seen = append(seen, inRecord...)
		if r.size != "…" {
			assert.Zero(t, size%(end-off), "%s holds whole records of %d bytes", path, end-off)
		}
	}
	return seen, at
}

// rowSpan evaluates a row's offset, relative to from, and its size; a size
// of … runs to to.
func rowSpan(t *testing.T, r docRow, from, to int, vars map[string]int) (off, size int) {
	t.Helper()
	rel, err := evalLayout(r.off, vars)
	require.NoError(t, err)
	off = from + rel
	if r.size == "…" {
		return off, to - off
	}
	size, err = evalLayout(r.size, vars)
	require.NoError(t, err)
	return off, size
}

func docMessageOf(doc docLayouts, typ uint8) *docMessage {
	for i := range doc.messages {
		if doc.messages[i].typ == typ {
			return &doc.messages[i]
		}
	}
	return nil
}

// leafNames lists a table's field names as MsgInfo.Fields does: in order,
// a record's fields once, without the type byte every packet starts with.
func leafNames(rows []docRow) []string {
	var names []string
	for _, r := range rows {
		switch {
		case r.record != nil:
			names = append(names, leafNames(r.record)...)
		case r.name != "type":
			names = append(names, r.name)
		}
	}
	return names
}

func TestTheRegistryMatchesTheLayoutDoc(t *testing.T) {
	doc := readDocLayouts(t)
	for _, info := range wire.Messages() {
		t.Run(info.Name+" is documented with the registry's name, direction, channel and fields", func(t *testing.T) {
			m := docMessageOf(doc, uint8(info.Type))
			require.NotNil(t, m, "doc.go has no table for %s", info.Name)
			assert.Equal(t, info.Name, m.name)
			assert.Equal(t, info.Dir.String(), m.dir)
			assert.Equal(t, info.Channel, m.channel, "the channel section it sits in")
			assert.Equal(t, wire.ChannelReliable(info.Channel), m.reliable, "the section's delivery")
			assert.Equal(t, wire.UnorderedChannels()[info.Channel], m.unordered, "the section's delivery")
			assert.Equal(t, info.Fields, leafNames(m.rows))
		})
		t.Run(info.Name+" has a layout case", func(t *testing.T) {
			assert.True(t, slices.ContainsFunc(layoutCases, func(c layoutCase) bool { return c.typ == info.Type }))
		})
	}
	t.Run("every documented message is registered", func(t *testing.T) {
		for _, m := range doc.messages {
			_, ok := wire.Info(wire.MsgType(m.typ))
			assert.True(t, ok, "doc.go documents %s 0x%02x", m.name, m.typ)
		}
	})
}

// eventCase is one event kind's payload as an encoder wrote it, with the
// bytes each documented field must show.
type eventCase struct {
	kind   game.EventKind
	fields map[string]string
}

var eventCases = []eventCase{
	{game.EvBulletSpawn, map[string]string{
		"uid": "01020304", "spawnTick": "05060708", "x": "0000803f", "y": "00000040", "vx": "0000003f",
		"vy": "000000c0", "accel": "0000803e", "turn": "090a", "radius": "0b0c", "life": "0302", "kind": "0e", "team": "01",
	}},
	{game.EvBulletDespawn, map[string]string{"uid": "01020304", "reason": "02"}},
	{game.EvHit, map[string]string{
		"actor": "02", "id": "0304", "other": "0506", "amount": "0708", "hp": "090a", "bulletUID": "0b0c0d0e", "tick": "0f101112",
	}},
	{game.EvDeath, map[string]string{"actor": "01", "id": "0203", "other": "0405", "cause": "0607", "kind": "0809", "bulletUID": "0a0b0c0d"}},
	{game.EvPortalUsed, map[string]string{"id": "0102", "portal": "03", "dungeon": "04"}},
	{game.EvPortalOpened, map[string]string{"portal": "01", "dungeon": "02", "x": "0000803f", "y": "00000040"}},
	{game.EvAbility, map[string]string{"id": "0102", "class": "01", "x": "0000803f", "y": "00000040"}},
	{0x36, map[string]string{"actor": "02", "id": "0304", "other": "0506", "amount": "0708", "hp": "090a",
		"uidDelta": "fefe", "tickOffset": "fe"}},
	{0x37, map[string]string{"slot": "00", "uidDelta": "05", "tickOffset": "fd", "x": "0b0c", "y": "0d0e", "aim": "0f10"}},
	{0x38, map[string]string{"uidDelta": "fd"}},
	{0x39, map[string]string{"uidDelta": "fd"}},
	{0x3A, map[string]string{"uidDelta": "fcfe"}},
	{0x3B, map[string]string{"uidDelta": "fcfe"}},
	{0x3C, map[string]string{
		"slot": "00", "speed": "00000040", "accel": "0000803e", "turn": "090a", "radius": "0b0c", "life": "0302", "kind": "0e", "team": "01",
	}},
	{0x3D, map[string]string{"slot": "00", "uidDelta": "0506", "tickOffset": "fd", "x": "0102", "y": "0304", "aim": "0708"}},
	{0x3E, map[string]string{"uidDelta": "07", "aim": "1112"}},
	{0x3F, map[string]string{"n": "02", "step": "00000010", "phase": "ff7f"}},
}

// plainEvents are the events AppendEvent writes as they are.
var plainEvents = []game.Event{
	{Kind: game.EvBulletSpawn, Bullet: game.BulletSpawn{
		UID: 0x04030201, SpawnTick: 0x08070605, X: 1, Y: 2, VX: 0.5, VY: -2, Accel: 0.25,
		Turn: 0x0a09, Radius: 0x0c0b, Life: 0x0203, Kind: 0x0e, Team: game.TeamEnemy,
	}},
	{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: 0x04030201}, Reason: game.DespawnWall},
	{Kind: game.EvHit, Actor: game.ActorEnemy, ID: 0x0403, Other: 0x0605, Amount: 0x0807, HP: 0x0a09,
		Bullet: game.BulletSpawn{UID: 0x0e0d0c0b}, Tick: 0x1211100f},
	{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: 0x0302, Other: 0x0504, Amount: 0x0706, HP: 0x0908,
		Bullet: game.BulletSpawn{UID: 0x0d0c0b0a}},
	{Kind: game.EvPortalUsed, ID: 0x0201, Portal: 3, Dungeon: 4},
	{Kind: game.EvPortalOpened, Portal: 1, Dungeon: 2, X: 1, Y: 2},
	{Kind: game.EvAbility, ID: 0x0201, Reason: 1, X: 1, Y: 2},
}

// streamPacket makes the encoder write every stream kind: a full spawn
// sets the last uid; a spawn on the grid with a canonical velocity defines
// a template and goes short, three ticks before the packet's; a bullet of
// the same volley goes as a sibling, and the two after it, one uid apart
// and turned by the same step, as a fan; a despawn of an earlier uid, by a
// hit and by a wall, goes by its delta; a spawn a few uids on goes near,
// despawns a few uids back by a one-byte delta, and a hit by its bullet's
// delta and its tick's offset.
func streamPacket(t *testing.T) []byte {
	t.Helper()
	const tick, first = 1000, 100
	template := game.BulletSpawn{Accel: 0.25, Turn: 0x0a09, Radius: 0x0c0b, Life: 0x0203, Kind: 0x0e, Team: game.TeamEnemy}
	short := template
	short.UID, short.SpawnTick = first+0x0605, tick-3
	short.X, short.Y = 0x0201/float32(game.SpawnGridScale), 0x0403/float32(game.SpawnGridScale)
	short.VX, short.VY = game.BulletVelocity(0x0807, 2)
	sibling := short
	sibling.UID += 7
	sibling.VX, sibling.VY = game.BulletVelocity(0x1211, 2)
	fan1, fan2 := sibling, sibling
	fan1.UID, fan2.UID = sibling.UID+1, sibling.UID+2
	fan1.VX, fan1.VY = game.BulletVelocity(0x2211, 2)
	fan2.VX, fan2.VY = game.BulletVelocity(0x3211, 2)
	near := short
	near.UID = fan2.UID + 5
	near.X, near.Y = 0x0c0b/float32(game.SpawnGridScale), 0x0e0d/float32(game.SpawnGridScale)
	near.VX, near.VY = game.BulletVelocity(0x100f, 2)
	evs := []game.Event{
		plainEvents[0],
		{Kind: game.EvBulletSpawn, Bullet: short},
		{Kind: game.EvBulletSpawn, Bullet: sibling},
		{Kind: game.EvBulletSpawn, Bullet: fan1},
		{Kind: game.EvBulletSpawn, Bullet: fan2},
		{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: fan2.UID - 0x0104}, Reason: game.DespawnHit},
		{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: fan2.UID - 0x0104}, Reason: game.DespawnWall},
		{Kind: game.EvBulletSpawn, Bullet: near},
		{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: near.UID - 3}, Reason: game.DespawnWall},
		{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: near.UID - 3}, Reason: game.DespawnHit},
		{Kind: game.EvHit, Actor: game.ActorEnemy, ID: 0x0403, Other: 0x0605, Amount: 0x0807, HP: 0x0a09,
			Bullet: game.BulletSpawn{UID: near.UID - 0x0102}, Tick: tick - 2},
	}
	evs[0].Bullet.UID = first
	var enc wire.EventEncoder
	enc.Begin(nil, 0, tick)
	for i := range evs {
		require.NoError(t, enc.Add(&evs[i]))
	}
	return enc.Bytes()
}

// payloadsOf splits the events of a packet into their payloads by kind,
// keeping the first of each kind.
func payloadsOf(t *testing.T, pkt []byte, into map[game.EventKind][]byte) {
	t.Helper()
	for b := pkt[eventsHeaderLen(t, pkt):]; len(b) > 0; {
		k := game.EventKind(b[0])
		n := wire.EventPayloadSize(k)
		require.NotZero(t, n, "kind %d is on the wire", k)
		require.GreaterOrEqual(t, len(b), 1+n)
		if _, ok := into[k]; !ok {
			into[k] = b[1 : 1+n]
		}
		b = b[1+n:]
	}
}

// eventsHeaderLen is the length of an Events packet's header: the type,
// the varint change, and the epoch when the change's low bit says so.
func eventsHeaderLen(t *testing.T, pkt []byte) int {
	t.Helper()
	change, k := binary.Uvarint(pkt[1:])
	require.Positive(t, k)
	return 1 + k + 2*int(change&1)
}

func encodedPayloads(t *testing.T) map[game.EventKind][]byte {
	t.Helper()
	out := map[game.EventKind][]byte{}
	for i := range plainEvents {
		b, err := wire.AppendEvent(wire.AppendEventsHeader(nil, 0, 0), &plainEvents[i])
		require.NoError(t, err)
		payloadsOf(t, b, out)
	}
	payloadsOf(t, streamPacket(t), out)
	return out
}

func TestTheEventKindTableMatchesTheEncoders(t *testing.T) {
	doc := readDocLayouts(t)
	require.NotEmpty(t, doc.events, "doc.go has an event-kind table")
	payloads := encodedPayloads(t)
	documented := map[game.EventKind]bool{}
	for _, e := range doc.events {
		k := game.EventKind(e.kind)
		documented[k] = true
		t.Run(e.name+"'s documented payload size is the codec's", func(t *testing.T) {
			assert.Equal(t, wire.EventPayloadSize(k), e.payload)
			total := 0
			for _, f := range e.fields {
				total += f.size
			}
			assert.Equal(t, e.payload, total, "the sizes of the documented fields add up to the payload")
		})
		t.Run(e.name+"'s documented fields sit where the encoder puts them", func(t *testing.T) {
			c := eventCaseOf(k)
			require.NotNil(t, c, "no event case for kind %d", k)
			payload, ok := payloads[k]
			require.True(t, ok, "the encoders wrote no kind %d", k)
			off := 0
			for _, f := range e.fields {
				want, ok := c.fields[f.name]
				require.True(t, ok, "doc.go shows %s, which this test has no bytes for", f.name)
				require.LessOrEqual(t, off+f.size, len(payload))
				assert.Equal(t, hex.EncodeToString(hx(want)), hex.EncodeToString(payload[off:off+f.size]), "the bytes of %s", f.name)
				off += f.size
			}
			assert.Len(t, e.fields, len(c.fields), "every field the encoder writes is documented")
		})
	}
	t.Run("every kind on the wire is documented", func(t *testing.T) {
		for k := range game.EvServerOnly {
			if wire.EventPayloadSize(k) > 0 {
				assert.True(t, documented[k], "kind %d (0x%02x) is on the wire but not in doc.go", k, uint8(k))
			}
		}
	})
	t.Run("no kind is documented twice", func(t *testing.T) {
		assert.Len(t, documented, len(doc.events))
	})
}

func eventCaseOf(k game.EventKind) *eventCase {
	for i := range eventCases {
		if eventCases[i].kind == k {
			return &eventCases[i]
		}
	}
	return nil
}

// The parser of doc.go's tables is itself code: these cases pin what it
// accepts, so a table it silently skipped could not pass as checked.
func TestTheLayoutDocParser(t *testing.T) {
	doc := readDocLayouts(t)
	t.Run("it finds every registered message", func(t *testing.T) {
		assert.Len(t, doc.messages, len(wire.Messages()))
	})
	t.Run("every message table has rows", func(t *testing.T) {
		for _, m := range doc.messages {
			assert.NotEmpty(t, m.rows, m.name)
		}
	})
	exprs := []struct {
		name string
		expr string
		want int
	}{
		{"a number is itself", "17", 17},
		{"a sum adds", "2+n", 5},
		{"a product binds tighter than a sum", "17+9·n", 44},
		{"a parenthesis groups and the minus sign subtracts", "9·(n−1)", 18},
		{"an ASCII hyphen subtracts too", "19-m", 17},
		{"spaces are for reading only", "19 + 9·n + 8·m", 62},
	}
	for _, tc := range exprs {
		t.Run("in an offset, "+tc.name, func(t *testing.T) {
			got, err := evalLayout(tc.expr, map[string]int{"n": 3, "m": 2})
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	t.Run("an offset naming an unknown count is an error", func(t *testing.T) {
		_, err := evalLayout("2+k", map[string]int{"n": 3})
		assert.Error(t, err)
	})
	t.Run("a row's name is its first word", func(t *testing.T) {
		assert.Equal(t, "own", firstWord("own: the receiver's record"))
		assert.Equal(t, "peerID", firstWord("peerID u16"))
		assert.Equal(t, "token", firstWord("token, the account secret"))
	})
}
