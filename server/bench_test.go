package server

import (
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// BenchmarkEncodeSnapshotPerPeer encodes the snapshots of a snapshot tick
// in an instance of 4 players and 60 enemies, all within interest: each
// iteration encodes the enemies' records once for the tick, then the four
// peers' snapshots. It reports the cost per peer, the shared encoding
// included. 24 items lie on the floor in sight, and every snapshot carries
// the loot list (the worst case: most keep the last one).
func BenchmarkEncodeSnapshotPerPeer(b *testing.B) {
	c := content(b)
	g := game.NewGrid(60, 60)
	for y := range 60 {
		for x := range 60 {
			g.Set(x, y, game.TileFloor)
		}
	}
	m := &game.Map{Name: "crowd", Grid: g, PlayerSpawns: []game.Vec{{X: 960, Y: 960}}}
	grunt := 0
	for i := range 60 {
		a := float64(i) * 2 * math.Pi / 60
		m.EnemySpawns = append(m.EnemySpawns, game.EnemySpawn{
			Pos: game.Vec{X: 960 + 400*math.Cos(a), Y: 960 + 400*math.Sin(a)}, Kind: grunt})
	}
	// 24 items on the floor around the players, every one in sight.
	withLoot := *c
	withLoot.RoomLoot = []game.LootDrop{{Item: contentItem(b, c, "healing_potion"), Chance: 1}}
	for i := range 24 {
		a := float64(i) * 2 * math.Pi / 24
		m.LootSlots = append(m.LootSlots, game.Vec{X: 960 + 200*math.Cos(a), Y: 960 + 200*math.Sin(a)})
	}
	ls, _ := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	srv, err := New(Config{Content: &withLoot, Map: m, Seed: 1}, ls)
	require.NoError(b, err)
	in := srv.hub
	peers := make([]*peer, 4)
	for i := range peers {
		peers[i] = &peer{player: uint16(i + 1), state: peerPlaying}
		in.world.AddPlayer(peers[i].player)
		in.peers = append(in.peers, peers[i])
		peers[i].inst = in
	}
	for range 6 {
		in.world.Step()
	}
	pkt := srv.encodeSnapshot(peers[0])
	var snap wire.Snapshot
	require.NoError(b, wire.DecodeSnapshot(pkt, &snap))
	require.Len(b, snap.Players, 4)
	require.Len(b, snap.Enemies, 60)
	require.Len(b, snap.Loot, 24)
	// Each peer acknowledged a snapshot three ticks older in which every
	// record stood elsewhere, so every snapshot goes as a delta against it.
	bases := make([][]byte, len(peers))
	for i, p := range peers {
		p.lootSig = lootUnsent
		bases[i] = olderBase(srv.encodeSnapshot(p))
		p.outbox().sent.Put(bases[i])
		p.acked = in.world.Tick() - 3
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		in.enemyTick = in.world.Tick() + 1 // a new tick: encode the enemies again
		for i, p := range peers {
			p.lootSig = lootUnsent        // the worst case: every snapshot carries the loot list
			p.outbox().sent.Put(bases[i]) // keep the base in the ring (a copy the server does not make)
			if t, _ := srv.snapshotFor(p); t != wire.MsgSnapshotDelta {
				b.Fatalf("sent %v, not a delta", t)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(peers)), "ns/peer")
}

// olderBase is pkt as if taken three ticks earlier, with one byte in every
// nine (a record's length) different: a base every record moved from.
func olderBase(pkt []byte) []byte {
	b := slices.Clone(pkt)
	binary.LittleEndian.PutUint32(b[3:], binary.LittleEndian.Uint32(b[3:])-3)
	for i := 12; i < len(b); i += 9 {
		b[i] ^= 1
	}
	return b
}

// discardServer is a transport that drops every packet.
type discardServer struct{ captureServer }

func (*discardServer) Send(transport.PeerID, uint8, []byte) {}

// BenchmarkServerStepDenseFight is one whole server tick of the dense fight
// TestReplicaParity plays (every enemy kind twice, four firing players):
// inputs, the world step, events, the told pass every third tick, snapshots
// and chunks, sends dropped. The told pass asks, for every peer, whether each
// bullet it was not told of now concerns it.
func BenchmarkServerStepDenseFight(b *testing.B) {
	content, m := denseArena(b)
	var s *Runtime
	ids := []uint16{1, 2, 3, 4}
	step := func() {
		for _, id := range ids {
			s.hub.world.QueueInput(id, botInput(id, s.hub.world.Tick()+1))
		}
		s.Step()
	}
	fresh := func() {
		var err error
		s, err = New(Config{Content: content, Map: m, Seed: 99}, &discardServer{})
		require.NoError(b, err)
		for _, id := range ids {
			p := &peer{id: transport.PeerID(id), player: id, state: peerPlaying}
			s.peers[p.id], s.order = p, append(s.order, p)
			s.hub.add(s, p)
		}
		for range 600 { // into the thick of it, every buffer grown
			step()
		}
	}
	// A fight left to run for b.N ticks ends (the enemies die, or the
	// players): measure 10 s of it at a time, each from a fresh server.
	const run = 10 * game.TickRate
	fresh()
	live, ticks := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if ticks == run {
			b.StopTimer()
			fresh()
			ticks = 0
			b.StartTimer()
		}
		step()
		ticks++
		live += s.hub.world.Bullets().Len()
	}
	b.ReportMetric(float64(live)/float64(b.N), "bullets")
}

// BenchmarkReferencePeakTick is one whole server tick at the reference peak
// (TestBandwidthReferencePeak's fight: four players strafing round the
// Warden and firing, riders in play, twelve potions on the floor): inputs,
// the world step, events, snapshots and chunks, sends dropped. Each run of
// 600 measured ticks follows a fresh server's two seconds of warm-up, the
// window the bandwidth test measures, so the fight never thins out as the
// Warden weakens; setting up and warming up are not timed.
func BenchmarkReferencePeakTick(b *testing.B) {
	cfg := referencePeak(b)
	var s *Runtime
	ids := []uint16{1, 2, 3, 4}
	step := func() {
		w := s.hub.world
		for _, id := range ids {
			w.QueueInput(id, strafeTheBoss(w, id, w.Tick()+1))
		}
		s.Step()
	}
	fresh := func() {
		var err error
		s, err = New(cfg, &discardServer{})
		require.NoError(b, err)
		for _, id := range ids {
			p := &peer{id: transport.PeerID(id), player: id, state: peerPlaying}
			s.peers[p.id], s.order = p, append(s.order, p)
			s.hub.add(s, p)
			require.True(b, s.hub.world.SetPlayerUpgrades(id, peakRiders(b, s.hub.world.Content(), id)))
		}
		for range 2 * game.TickRate {
			step()
		}
	}
	const run = 10 * game.TickRate
	fresh()
	live, ticks := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if ticks == run {
			b.StopTimer()
			fresh()
			ticks = 0
			b.StartTimer()
		}
		step()
		ticks++
		live += s.hub.world.Bullets().Len()
	}
	b.ReportMetric(float64(live)/float64(b.N), "bullets")
}

// strafeTheBoss is the reference peak's input: circle the boss, aim at it
// and fire (rawClient.frame sends the same).
func strafeTheBoss(w *game.World, id uint16, tick uint32) game.Input {
	pos, _ := w.PlayerPos(id)
	boss := game.Vec{}
	w.EachEnemy(func(_ game.EnemyState, at game.Vec) { boss = at })
	a := math.Atan2(boss.Y-pos.Y, boss.X-pos.X)
	return game.Input{Tick: tick, MoveX: int8(60 * math.Cos(a+math.Pi/2)), MoveY: int8(60 * math.Sin(a+math.Pi/2)),
		Aim: game.AimFromAngle(a), Buttons: game.BtnFire}
}
