package server

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// bossRoom is an open room with the content's sentinel, weakened to die in
// a few shots, in the middle and player spawns to its west.
func bossRoom(t *testing.T) (*game.Content, *game.Map) {
	t.Helper()
	base := content(t)
	c := *base
	c.Enemies = append([]game.EnemyDef(nil), base.Enemies...)
	boss := -1
	for i := range c.Enemies {
		if c.Enemies[i].ID == "sentinel" {
			boss = i
			c.Enemies[i].MaxHP = 40
		}
	}
	require.GreaterOrEqual(t, boss, 0)
	m := &game.Map{Name: "boss room", Grid: walledRoom(30, 20),
		PlayerSpawns: []game.Vec{game.TileCenter(8, 9), game.TileCenter(8, 11)},
		EnemySpawns:  []game.EnemySpawn{{Pos: game.TileCenter(15, 10), Kind: boss}}}
	return &c, m
}

// captured starts a server on a capturing transport with players in its
// start world, as connected, playing peers.
func captured(t *testing.T, c *game.Content, m *game.Map, ids ...uint16) (*Runtime, *captureServer) {
	t.Helper()
	tr := &captureServer{sent: map[transport.PeerID][][]byte{}}
	var journal []ItemRecord
	s, err := New(Config{Content: c, Map: m, Seed: 5, ItemJournal: func(r ItemRecord) { journal = append(journal, r) }}, tr)
	require.NoError(t, err)
	*s.itemIDs = *game.NewItemIDs(0x5EC2E7_0000_0001) // ids no packet could hold by chance
	s.hub.ids = s.itemIDs.Block(itemIDBlock)          // the hub's block, taken again from them
	s.ids.used = map[uint16]bool{}
	for _, id := range ids {
		p := &peer{id: transport.PeerID(id), player: id, state: peerPlaying, name: string(rune('A' + id))}
		s.peers[p.id], s.order = p, append(s.order, p)
		s.hub.add(s, p)
		s.hub.world.Teleport(id, m.PlayerSpawns[int(id-1)%len(m.PlayerSpawns)])
	}
	return s, tr
}

func TestInstancedLootNeverReachesAnotherPeer(t *testing.T) {
	c, m := bossRoom(t)
	s, tr := captured(t, c, m, 1, 2)
	w := s.hub.world
	for range 10 * game.TickRate {
		for _, id := range []uint16{1, 2} {
			pos, _ := w.PlayerPos(id)
			d := game.TileCenter(15, 10).Sub(pos)
			aim := game.AimFromAngle(math.Atan2(d.Y, d.X))
			w.QueueInput(id, game.Input{Tick: w.Tick() + 1, Aim: aim, Buttons: game.BtnFire})
		}
		s.Step()
		if len(w.GroundLoot()) >= 2 && w.Tick()%wire.SnapshotInterval == 0 {
			break
		}
	}
	rations := map[uint16]game.GroundItem{}
	for _, g := range w.GroundLoot() {
		if g.Item.Def == uint16(c.Ration) {
			rations[g.Owner] = g
		}
	}
	require.Len(t, rations, 2, "the boss left each player a ration of its own")
	for range 3 * wire.SnapshotInterval { // snapshots with both rations on the ground
		s.Step()
	}

	for _, tc := range []struct{ me, other uint16 }{{1, 2}, {2, 1}} {
		t.Run("player "+string(rune('0'+tc.me))+" is told of its own ration and nothing of the other's", func(t *testing.T) {
			mine, theirs := rations[tc.me], rations[tc.other]
			sawMine, snaps := false, 0
			for _, pkt := range tr.sent[transport.PeerID(tc.me)] {
				assertNoTrace(t, pkt, theirs)
				if typ, _ := wire.TypeOf(pkt); typ != wire.MsgSnapshot {
					continue
				}
				var snap wire.Snapshot
				require.NoError(t, wire.DecodeSnapshot(pkt, &snap))
				snaps++
				for _, l := range snap.Loot {
					assert.NotEqual(t, theirs.Handle, l.ID, "another player's ration in a snapshot")
					if l.ID == mine.Handle {
						sawMine = true
						assert.Equal(t, wire.LootMine, l.Flags, "its own instanced item is marked as its own")
					}
				}
			}
			assert.True(t, sawMine, "its own ration was in its snapshots (%d scanned)", snaps)
		})
	}
	t.Run("a leaving player's instanced loot leaves play with its body, journalled", func(t *testing.T) {
		before := s.counters.ItemsDestroyed
		s.onDisconnect(transport.PeerID(1))
		for range game.EscapeTicks + 1 { // the body channels out, then leaves
			s.Step()
		}
		require.False(t, w.HasPlayer(1))
		for _, g := range w.GroundLoot() {
			assert.NotEqual(t, uint16(1), g.Owner)
		}
		assert.Equal(t, before+1, s.counters.ItemsDestroyed)
	})
}

// assertNoTrace fails if pkt carries any trace of a ground item: its id in
// either byte order, or its snapshot record.
func assertNoTrace(t *testing.T, pkt []byte, g game.GroundItem) {
	t.Helper()
	for _, id := range [][]byte{binary.BigEndian.AppendUint64(nil, g.Item.ID), binary.LittleEndian.AppendUint64(nil, g.Item.ID)} {
		require.False(t, bytes.Contains(pkt, id), "item id %d in a packet", g.Item.ID)
	}
	rec := wire.AppendU16(nil, g.Handle)
	rec = append(rec, uint8(g.Item.Def))
	rec = wire.AppendU16(wire.AppendU16(rec, wire.Quarter(float32(g.Pos.X))), wire.Quarter(float32(g.Pos.Y)))
	require.False(t, bytes.Contains(pkt, rec), "another player's loot record in a packet")
}

func TestLootListsGoOutWhenTheyChange(t *testing.T) {
	c, m := bossRoom(t)
	s, tr := captured(t, c, m, 1)
	w := s.hub.world
	kinds := func() (lists, kept int, last []wire.GroundLoot) {
		for _, pkt := range tr.sent[1] {
			if typ, _ := wire.TypeOf(pkt); typ == wire.MsgSnapshot {
				var snap wire.Snapshot
				require.NoError(t, wire.DecodeSnapshot(pkt, &snap))
				if snap.LootKept {
					kept++
				} else {
					lists++
					last = append([]wire.GroundLoot(nil), snap.Loot...)
				}
			}
		}
		tr.sent[1] = tr.sent[1][:0]
		return lists, kept, last
	}
	steps := func(n int) {
		for range n {
			w.QueueInput(1, game.Input{Tick: w.Tick() + 1})
			s.Step()
		}
	}
	steps(game.TickRate)
	lists, kept, _ := kinds()
	assert.Equal(t, lootRepeats, lists, "the arrival's list, in %d snapshots in case one is lost", lootRepeats)
	assert.Equal(t, game.TickRate/wire.SnapshotInterval-lootRepeats, kept, "the rest of the second keeps it")
	steps(5 * game.TickRate)
	lists, _, _ = kinds()
	assert.Equal(t, 1, lists, "five quiet seconds refresh it once")

	s.hub.world.Teleport(1, game.TileCenter(5, 5))
	pos, _ := w.PlayerPos(1)
	steps(wire.SnapshotInterval)
	kinds()
	// A ration of its own appears: the next snapshots carry the new list.
	s.hub.world.SetPlayerItems(1, [game.BagSlots]game.Item{{ID: 77, Def: uint16(c.Ration)}}, [game.EquipSlots]game.Item{})
	w.QueueInput(1, game.Input{Tick: w.Tick() + 1, Buttons: game.BtnDrop, Slot: 0})
	s.Step()
	steps(lootRepeats*wire.SnapshotInterval + 1)
	lists, _, last := kinds()
	assert.Equal(t, lootRepeats, lists, "a change is sent in the next %d snapshots", lootRepeats)
	require.Len(t, last, 1)
	assert.InDelta(t, pos.X, float64(last[0].X), 20)
}
