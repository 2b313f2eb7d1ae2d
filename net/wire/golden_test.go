package wire_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// The expected bytes below were written from the layouts in doc.go, field
// by field, not captured from the encoders. Float constants used:
// 1.0 = 3f800000, 2.0 = 40000000, -2.0 = c0000000, 0.5 = 3f000000,
// 0.25 = 3e800000, -1.5 = bfc00000, 10.0 = 41200000, 64.0 = 42800000,
// 100.0 = 42c80000, 256.0 = 43800000 (big-endian bits; the wire is
// little-endian, so each appears byte-reversed). Compact snapshot records
// are worked out the same way: a quarter-unit coordinate is v·4 as a u16
// (256 → 0400, 16383.75 → ffff), aim is its high byte, health the share
// of 255 (the golden values hold MaxHP 255, so the share is HP itself).

// hx decodes hex written with spaces and line breaks for readability.
func hx(s string) []byte {
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		panic(err)
	}
	return b
}

// input is the decoded form of an Input packet, for the tables.
type input struct {
	Frames []game.Input
	Ack    uint32
}

// deltaBaseHex is the base of the SnapshotDelta cases: epoch 1, tick 300,
// the last input 3 ticks before, the receiver at (1, 2) aiming 0x8000 with
// 100 of 100 health, enemy 5 of kind 2 at (256, 256) at full health, no
// loot list.
const deltaBaseHex = "10 0100 2c010000 03 01 0100 0000803f 00000040 0080 6400 6400 00 0100 0500 02 0004 0004 ff 00 ff"

// events is the decoded form of an Events packet, for the tables.
type events struct {
	Epoch  uint16
	Tick   uint32
	Events []game.Event
}

type golden struct {
	name  string // what the case shows, as a sentence
	value any
	hex   string
}

// codec ties one message type to its encoder and decoder behind a common
// signature, so the golden, prefix and fuzz tests share one table.
type codec struct {
	typ    wire.MsgType
	encode func(b []byte, v any) ([]byte, error)
	decode func(b []byte) (any, error)
	cases  []golden
}

func token(first byte) (t [16]byte) {
	for i := range t {
		t[i] = first + byte(i)
	}
	return t
}

func contentHash(first byte) (h [wire.ContentHashLen]byte) {
	copy(h[:], counting(first, wire.ContentHashLen))
	return h
}

func chunkTiles() (t [wire.ChunkTileSize]uint8) {
	for i := range t {
		switch {
		case i < wire.ChunkTiles:
			t[i] = game.TileWall
		case i == len(t)-1:
			t[i] = game.TileUnknown
		default:
			t[i] = game.TileFloor
		}
	}
	return t
}

var (
	bulletSpawn = game.Event{Kind: game.EvBulletSpawn, Bullet: game.BulletSpawn{
		UID: 0x01020304, SpawnTick: 58, X: 10, Y: 64, VX: 2, VY: -2, Accel: 0.25,
		Turn: -100, Radius: 48, Life: 180, Kind: 7, Team: game.TeamEnemy,
	}}
	bulletSpawnHex = "01 04030201 3a000000 00002041 00008042 00000040 000000c0 0000803e 9cff 3000 b400 07 01"
	despawn        = game.Event{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: 0x01020304}, Reason: game.DespawnWall}
	despawnHex     = "02 04030201 02"
	hit            = game.Event{Kind: game.EvHit, Actor: game.ActorEnemy, ID: 5, Other: 1, Amount: 10, HP: -10,
		Bullet: game.BulletSpawn{UID: 0x0a0b0c0d}, Tick: 61}
	hitHex = "03 02 0500 0100 0a00 f6ff 0d0c0b0a 3d000000"
	death  = game.Event{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: 1, Other: 3, Amount: 5, HP: 2,
		Bullet: game.BulletSpawn{UID: 0x0201}}
	deathHex      = "04 01 0100 0300 0500 0200 01020000"
	portalUsed    = game.Event{Kind: game.EvPortalUsed, ID: 3, Portal: 1, Dungeon: 4}
	portalUsedHex = "05 0300 01 04"
	portalOpened  = game.Event{Kind: game.EvPortalOpened, Portal: 2, Dungeon: game.HubDungeon, X: 48, Y: -16}
	portalOpenHex = "06 02 ff 00004042 000080c1"
	ability       = game.Event{Kind: game.EvAbility, ID: 3, Reason: 5, X: 48, Y: -16}
	abilityHex    = "07 0300 05 00004042 000080c1"
)

var codecs = []codec{
	{
		typ:    wire.MsgHello,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendHello(b, v.(wire.Hello)) },
		decode: func(b []byte) (any, error) { return wire.ParseHello(b) },
		cases: []golden{
			{"a short ASCII name and a counting token", wire.Hello{Name: "Ava", Token: token(0)},
				"01 03 417661 000102030405060708090a0b0c0d0e0f 0000000000000000000000000000000000000000000000000000000000000000 00"},
			{"a name with a two-byte UTF-8 letter", wire.Hello{Name: "Zoë", Token: token(0xf0)},
				"01 04 5a6fc3ab f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff 0000000000000000000000000000000000000000000000000000000000000000 00"},
			{"a name of exactly sixteen bytes", wire.Hello{Name: "ABCDEFGHIJKLMNOP"},
				"01 10 4142434445464748494a4b4c4d4e4f50 00000000000000000000000000000000 0000000000000000000000000000000000000000000000000000000000000000 00"},
			{"a password typed", wire.Hello{Name: "Ava", Token: token(0), Password: "owl"},
				"01 03 417661 000102030405060708090a0b0c0d0e0f 0000000000000000000000000000000000000000000000000000000000000000 03 6f776c"},
			{"a content hash", wire.Hello{Name: "Ava", Token: token(0), Content: contentHash(0xc0)},
				"01 03 417661 000102030405060708090a0b0c0d0e0f c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf 00"},
		},
	},
	{
		typ:    wire.MsgWelcome,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendWelcome(b, v.(wire.Welcome)), nil },
		decode: func(b []byte) (any, error) { return wire.ParseWelcome(b) },
		cases: []golden{
			{"the host's own client at an early tick", wire.Welcome{PeerID: 1, ServerTick: 0x01020304},
				"02 0100 04030201"},
			{"the largest peer id and tick", wire.Welcome{PeerID: 0xbeef, ServerTick: 0xffffffff},
				"02 efbe ffffffff"},
		},
	},
	{
		typ:    wire.MsgReject,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendReject(b, v.(wire.Reject)) },
		decode: func(b []byte) (any, error) { return wire.ParseReject(b) },
		cases: []golden{
			{"a one-word reason", wire.Reject{Reason: "full"}, "03 04 66756c6c"},
			{"an empty reason", wire.Reject{}, "03 00"},
		},
	},
	{
		typ:    wire.MsgRoundTrip,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendRoundTrip(b, v.(wire.RoundTrip)), nil },
		decode: func(b []byte) (any, error) { return wire.ParseRoundTrip(b) },
		cases: []golden{
			{"a round trip of 100 ms", wire.RoundTrip{Millis: 100}, "0e 6400"},
			{"the longest round trip it tells", wire.RoundTrip{Millis: wire.MaxRoundTripMillis}, "0e ffff"},
		},
	},
	{
		typ:    wire.MsgTryAgain,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendTryAgain(b, v.(wire.TryAgain)) },
		decode: func(b []byte) (any, error) { return wire.ParseTryAgain(b) },
		cases: []golden{
			{"a wait of 500 ms with its reason", wire.TryAgain{Retry: 500, Reason: "wait"}, "0d f401 04 77616974"},
			{"the longest wait and no reason", wire.TryAgain{Retry: 0xffff}, "0d ffff 00"},
		},
	},
	{
		typ:    wire.MsgRoster,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendRoster(b, v.(wire.Roster)) },
		decode: func(b []byte) (any, error) { return wire.ParseRoster(b) },
		cases: []golden{
			{"two players", wire.Roster{Entries: []wire.RosterEntry{{ID: 1, Name: "Ava"}, {ID: 0x0203, Class: 3, Name: "Bo"}}},
				"04 02 0100 00 03417661 0302 03 02426f"},
			{"an empty server", wire.Roster{Entries: []wire.RosterEntry{}}, "04 00"},
		},
	},
	{
		typ: wire.MsgEnterInstance,
		encode: func(b []byte, v any) ([]byte, error) {
			return wire.AppendEnterInstance(b, v.(wire.EnterInstance))
		},
		decode: func(b []byte) (any, error) { return wire.ParseEnterInstance(b) },
		cases: []golden{
			{"the hub with two portals", wire.EnterInstance{
				Instance: 7, Epoch: 1, Dungeon: game.HubDungeon, MapW: 40, MapH: 30, ServerTick: 1000,
				Portals: []game.Portal{{Pos: game.TileCenter(3, 4), Dungeon: 0}, {Pos: game.TileCenter(16, 17), Dungeon: 2}},
			}, "05 0700 0100 ff 00 2800 1e00 e8030000 02 0300 0400 00 1000 1100 02"},
			{"a dungeon with no portals", wire.EnterInstance{
				Instance: 0x0102, Epoch: 0xbeef, Dungeon: 1, Depth: 1, MapW: 256, MapH: 1, ServerTick: 0,
			}, "05 0201 efbe 01 01 0001 0100 00000000 00"},
			{"the third floor of a dungeon with its exit and way down open", wire.EnterInstance{
				Instance: 9, Epoch: 4, Dungeon: 2, Depth: 3, MapW: 80, MapH: 60, ServerTick: 0x0100,
				Portals: []game.Portal{{Pos: game.TileCenter(40, 30), Dungeon: game.HubDungeon}, {Pos: game.TileCenter(42, 30), Dungeon: 2}},
			}, "05 0900 0400 02 03 5000 3c00 00010000 02 2800 1e00 ff 2a00 1e00 02"},
		},
	},
	{
		typ:    wire.MsgCharacters,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendCharacters(b, v.(wire.Characters)) },
		decode: func(b []byte) (any, error) { return wire.ParseCharacters(b) },
		cases: []golden{
			{"one character locked out of dungeons after a death", wire.Characters{
				Cause: wire.CauseDied, Note: "Ava fell", Slots: 8, Entries: []wire.CharacterEntry{
					{ID: 0x0102, Name: "Ava", Level: 3, Health: 100, MaxHealth: 100, Where: wire.WhereHub, Lockout: 300, Class: 2},
				}}, "07 02 08 41766120 66656c6c 08 01 0201000000000000 03417661 03 6400 6400 00 2c01 02"},
			{"a new account's empty roster", wire.Characters{Slots: 8, Entries: []wire.CharacterEntry{}}, "07 00 00 08 00"},
		},
	},
	{
		typ: wire.MsgCharacterCommand,
		encode: func(b []byte, v any) ([]byte, error) {
			return wire.AppendCharacterCommand(b, v.(wire.CharacterCommand))
		},
		decode: func(b []byte) (any, error) { return wire.ParseCharacterCommand(b) },
		cases: []golden{
			{"select a character", wire.CharacterCommand{Op: wire.OpSelect, ID: 7}, "08 01 0700000000000000 00 00"},
			{"create one of a class", wire.CharacterCommand{Op: wire.OpCreate, Name: "Bo", Class: "sapper"},
				"08 02 0000000000000000 02426f 06736170706572"},
			{"create one of no class, which the server refuses in words", wire.CharacterCommand{Op: wire.OpCreate, Name: "Bo"},
				"08 02 0000000000000000 02426f 00"},
			{"delete one, its name confirmed", wire.CharacterCommand{Op: wire.OpDelete, ID: 0x0100, Name: "Bo"},
				"08 03 0001000000000000 02426f 00"},
			{"still choosing", wire.CharacterCommand{Op: wire.OpStay}, "08 04 0000000000000000 00 00"},
		},
	},
	{
		typ:    wire.MsgNotice,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendNotice(b, v.(wire.Notice)) },
		decode: func(b []byte) (any, error) { return wire.ParseNotice(b) },
		cases: []golden{
			{"a sentence", wire.Notice{Text: "wait"}, "09 04 77616974"},
		},
	},
	{
		typ:    wire.MsgInventory,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendInventory(b, v.(wire.Inventory)) },
		decode: func(b []byte) (any, error) {
			var m wire.Inventory
			err := wire.DecodeInventory(b, &m)
			return m, err
		},
		cases: []golden{
			{"a level 3 character who just took a potion into a stack of three, with a choice owed", wire.Inventory{
				Level: 3, XP: 20, Next: 180, Owed: 1,
				Bag: []uint8{1, 0, 0, 0, 0, 0, 0, 3}, Equip: []uint8{4, 0, 0},
				Upgrades: []uint8{2}, Offer: []uint8{0, 5, 7}, Action: wire.ActionPicked, Item: 1,
				Stacks: []uint8{3, 0, 0, 0, 0, 0, 0, 1}, XPKills: 18,
			}, "0a 03 14000000 b4000000 01 08 0100000000000003 03 040000 01 02 03 000507 01 01 08 0300000000000001 12000000 00000000"},
			{"a new character at the level cap's edge of nothing", wire.Inventory{Level: 50}, "0a 32 00000000 00000000 00 00 00 00 00 00 00 00 00000000 00000000"},
			{"a character paid a kill's XP and the clear's in one tick, levelling", wire.Inventory{
				Level: 2, XP: 57, Next: 283, Action: wire.ActionLevelled, Owed: 1, XPKills: 22, XPClears: 135,
			}, "0a 02 39000000 1b010000 01 00 00 00 00 07 00 00 16000000 87000000"},
		},
	},
	{
		typ:    wire.MsgUpgradeChoice,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendUpgradeChoice(b, v.(wire.UpgradeChoice)), nil },
		decode: func(b []byte) (any, error) {
			var m wire.UpgradeChoice
			err := wire.DecodeUpgradeChoice(b, &m)
			return m, err
		},
		cases: []golden{
			{"the second option", wire.UpgradeChoice{Index: 1}, "0b 01"},
			{"an option no offer has (the server refuses it, not the codec)", wire.UpgradeChoice{Index: 200}, "0b c8"},
		},
	},
	{
		typ:    wire.MsgCleared,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendCleared(b, v.(wire.Cleared)) },
		decode: func(b []byte) (any, error) {
			var m wire.Cleared
			err := wire.DecodeCleared(b, &m)
			return m, err
		},
		cases: []golden{
			{"two players and what they took", wire.Cleared{Dungeon: 0, Players: []wire.ClearedPlayer{
				{Name: "Ava", XP: 300, Kills: 12, Items: []uint8{1, 0}},
				{Name: "Bo", XP: 0x0102, Kills: 0, Items: []uint8{1}},
			}}, "0c 00 02 03417661 2c010000 0c00 02 0100 02426f 02010000 0000 01 01"},
			{"nobody", wire.Cleared{Dungeon: 2, Players: []wire.ClearedPlayer{}}, "0c 02 00"},
		},
	},
	{
		typ:    wire.MsgMapChunk,
		encode: func(b []byte, v any) ([]byte, error) { return wire.AppendMapChunk(b, v.(wire.MapChunk)), nil },
		decode: func(b []byte) (any, error) { return wire.ParseMapChunk(b) },
		cases: []golden{
			{"a chunk walled along its top row", wire.MapChunk{CX: 2, CY: 0x0301, Tiles: chunkTiles()},
				"06 0200 0103 " + strings.Repeat("02", 16) + strings.Repeat("01", 239) + "00"},
		},
	},
	{
		typ: wire.MsgSnapshot,
		encode: func(b []byte, v any) ([]byte, error) {
			s := v.(wire.Snapshot)
			return wire.AppendSnapshot(b, &s), nil
		},
		decode: func(b []byte) (any, error) {
			var s wire.Snapshot
			err := wire.DecodeSnapshot(b, &s)
			return s, err
		},
		cases: []golden{
			{"the receiver in grace and one wounded enemy", wire.Snapshot{
				Epoch: 2, Tick: 300, LastInputTick: 297,
				Players: []game.PlayerState{{ID: 1, X: 100, Y: -1.5, Aim: 0x4000, HP: 80, MaxHP: 100, Flags: game.PlayerGrace}},
				Enemies: []game.EnemyState{{ID: 0x0201, Kind: 3, X: 256, Y: 0.5, HP: 128, MaxHP: wire.ShareMax,
					Flags: 2 | game.EnemyTelegraph}},
			}, `10 0200 2c010000 03
				01 0100 0000c842 0000c0bf 0040 5000 6400 01
				0100 0102 03 0004 0200 80 0a
				00`},
			{"the receiver and two compact players and no enemies", wire.Snapshot{
				Epoch: 0x0102, Tick: 3, LastInputTick: 2,
				Players: []game.PlayerState{
					{ID: 1},
					{ID: 2, X: 16383.75, Y: 0.25, Aim: 0xab00, HP: 200, MaxHP: wire.ShareMax, Flags: game.PlayerLinkdead},
					{ID: 0x0302, X: 1.5, Y: 2, MaxHP: wire.ShareMax, Flags: game.PlayerDead | game.PlayerLinkdead},
				},
			}, `10 0201 03000000 01
				03 0100 00000000 00000000 0000 0000 0000 00
				   0200 ffff 0100 ab c8 04
				   0203 0600 0800 00 00 06
				0000
				00`},
			{"no players and two enemies, one unhurt in the far corner", wire.Snapshot{
				Tick: 0x01020304, LastInputTick: 0x01020300,
				Enemies: []game.EnemyState{
					{ID: 7, Kind: 0xff, X: 16383.75, Y: 16383.75, HP: wire.ShareMax, MaxHP: wire.ShareMax},
					{ID: 8, X: 0.75, Y: 1024.25, HP: 1, MaxHP: wire.ShareMax},
				},
			}, `10 0000 04030201 04
				00
				0200 0700 ff ffff ffff ff 00
				     0800 00 0300 0110 01 00
				00`},
			{"the map's first enemy, id 0, and an enemy that shares the receiver's id", wire.Snapshot{
				Tick: 12, LastInputTick: 12,
				Players: []game.PlayerState{{ID: 1}},
				Enemies: []game.EnemyState{{ID: 0, MaxHP: wire.ShareMax}, {ID: 1, MaxHP: wire.ShareMax}},
			}, `10 0000 0c000000 00
				01 0100 00000000 00000000 0000 0000 0000 00
				0200 0000 00 0000 0000 00 00
				     0100 00 0000 0000 00 00
				00`},
			{"nothing in sight", wire.Snapshot{}, "10 0000 00000000 00 00 0000 00"},
			{"the receiver beside its own ration and a shared potion", wire.Snapshot{
				Tick: 9, LastInputTick: 9,
				Players: []game.PlayerState{{ID: 1}},
				Loot: []wire.GroundLoot{
					{ID: 0x0201, Def: 1, X: 100, Y: 0.25, Flags: wire.LootMine},
					{ID: 0x0302, Def: 0, X: 16383.75, Y: 2},
				},
			}, `10 0000 09000000 00
				01 0100 00000000 00000000 0000 0000 0000 00
				0000
				02 0102 01 9001 0100 01
				   0203 00 ffff 0800 00`},
			{"no loot list: the receiver keeps the last", wire.Snapshot{Tick: 9, LastInputTick: 9, LootKept: true},
				"10 0000 09000000 00 00 0000 ff"},
		},
	},
	{
		typ: wire.MsgEvents,
		encode: func(b []byte, v any) ([]byte, error) {
			e := v.(events)
			b = wire.AppendEventsHeader(b, e.Epoch, e.Tick)
			for i := range e.Events {
				var err error
				if b, err = wire.AppendEvent(b, &e.Events[i]); err != nil {
					return nil, err
				}
			}
			return b, nil
		},
		decode: func(b []byte) (any, error) { return decodeEvents(b) },
		cases: []golden{
			{"a bullet spawn", events{1, 60, []game.Event{bulletSpawn}}, "20 f101 0100 " + bulletSpawnHex},
			{"a wall despawn", events{1, 60, []game.Event{despawn}}, "20 f101 0100 " + despawnHex},
			{"a hit on an enemy", events{1, 60, []game.Event{hit}}, "20 f101 0100 " + hitHex},
			{"a player's death", events{1, 60, []game.Event{death}}, "20 f101 0100 " + deathHex},
			{"a portal used", events{1, 60, []game.Event{portalUsed}}, "20 f101 0100 " + portalUsedHex},
			{"an exit portal opened", events{1, 60, []game.Event{portalOpened}}, "20 f101 0100 " + portalOpenHex},
			{"an ability used, where the ship was", events{1, 60, []game.Event{ability}}, "20 f101 0100 " + abilityHex},
			{"every kind in one packet", events{0xfffe, 0x01020304, []game.Event{bulletSpawn, despawn, hit, death, portalUsed}},
				"20 9198a020 feff " + bulletSpawnHex + despawnHex + hitHex + deathHex + portalUsedHex},
			{"a tick with no events", events{Tick: 7}, "20 1c"},
		},
	},
	{
		typ: wire.MsgSnapshotDelta,
		encode: func(b []byte, v any) ([]byte, error) {
			d, ok := wire.AppendSnapshotDelta(b, v.([]byte), hx(deltaBaseHex))
			if !ok {
				return b, errors.New("no delta")
			}
			return d, nil
		},
		decode: func(b []byte) (any, error) { return wire.ApplySnapshotDelta(nil, b, hx(deltaBaseHex)) },
		cases: []golden{
			{"a player and an enemy that moved", hx(`10 0100 2f010000 03 01 0100 00000040 00000040 0080 6400 6400 00
				0100 0500 02 0404 0004 ff 00 ff`), "11 2c01 03 00 09 c0 807f 01 04"},
			{"nothing changed but the tick", hx("10 0100 2d010000" + deltaBaseHex[len("10 0100 2c010000"):]),
				"11 2c01 01 00"},
			{"a loot list that appeared", hx("10 0100 2d010000" + deltaBaseHex[len("10 0100 2c010000"):len(deltaBaseHex)-2] +
				"01 0102 03 0400 0400 01"), "11 2c01 01 10 18 c0 fe01 57 02030404 01"},
		},
	},
	{
		typ: wire.MsgInput,
		encode: func(b []byte, v any) ([]byte, error) {
			return wire.AppendInput(b, v.(input).Frames, v.(input).Ack), nil
		},
		decode: func(b []byte) (any, error) {
			frames, ack, err := wire.DecodeInput(b, nil)
			if err != nil {
				return nil, err
			}
			return input{frames, ack}, nil
		},
		cases: []golden{
			{"three redundant frames, oldest first", input{Frames: []game.Input{
				{Tick: 100, MoveX: 70, MoveY: -71, Aim: 0x8000, Buttons: game.BtnFire | game.BtnUse, Slot: 2},
				{Tick: 101},
				{Tick: 102, MoveX: -100, MoveY: 100, Aim: 0x1234, Buttons: 0x1f, Slot: 255},
			}}, `30 03 0000 64000000 46 b9 0080 09 02
				   65000000 00 00 0000 00 00
				   66000000 9c 64 3412 1f ff`},
			{"a single frame at the last tick", input{Frames: []game.Input{{Tick: 0xffffffff}}}, "30 01 0000 ffffffff 00 00 0000 00 00"},
			{"a frame acknowledging the snapshot three ticks before it", input{Frames: []game.Input{{Tick: 100}}, Ack: 97},
				"30 01 0300 64000000 00 00 0000 00 00"},
		},
	},
}

// decodeEvents collects an Events packet through the iterator.
func decodeEvents(b []byte) (events, error) {
	var it wire.EventIter
	var ev game.Event
	it.Reset(b)
	out := events{Epoch: it.Epoch(), Tick: it.Tick()}
	for it.Next(&ev) {
		out.Events = append(out.Events, ev)
	}
	if err := it.Err(); err != nil {
		return events{}, err
	}
	return out, nil
}

func codecOf(t wire.MsgType) *codec {
	for i := range codecs {
		if codecs[i].typ == t {
			return &codecs[i]
		}
	}
	return nil
}

func TestGoldenEncodings(t *testing.T) {
	for _, c := range codecs {
		for _, g := range c.cases {
			t.Run(c.typ.String()+" encodes "+g.name+" to its golden bytes", func(t *testing.T) {
				got, err := c.encode(nil, g.value)
				require.NoError(t, err)
				assert.Equal(t, hex.EncodeToString(hx(g.hex)), hex.EncodeToString(got))
			})
			t.Run(c.typ.String()+" appends "+g.name+" after existing bytes", func(t *testing.T) {
				prefix := []byte{0xaa, 0xbb}
				got, err := c.encode(prefix, g.value)
				require.NoError(t, err)
				assert.Equal(t, append([]byte{0xaa, 0xbb}, hx(g.hex)...), got)
			})
			t.Run(c.typ.String()+" decodes "+g.name+" from its golden bytes", func(t *testing.T) {
				got, err := c.decode(hx(g.hex))
				require.NoError(t, err)
				assert.Equal(t, g.value, got)
			})
		}
	}
}

func TestEveryRegisteredTypeHasGoldenCases(t *testing.T) {
	for _, m := range wire.Messages() {
		t.Run(m.Name+" has a golden table", func(t *testing.T) {
			c := codecOf(m.Type)
			require.NotNil(t, c)
			assert.NotEmpty(t, c.cases)
			for _, g := range c.cases {
				typ, err := wire.TypeOf(hx(g.hex))
				require.NoError(t, err)
				assert.Equal(t, m.Type, typ)
			}
		})
	}
}
