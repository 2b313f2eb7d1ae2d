package server

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
)

// manyInstances is a server with the hub and six dungeons open, two
// players fighting in each dungeon, stepping its worlds on n workers.
func manyInstances(t testing.TB, n int) (*Runtime, []uint16) {
	c := content(t)
	hub, err := levels.LoadMap("hub", c)
	require.NoError(t, err)
	s, err := New(Config{Content: c, Map: hub, Seed: 11, Workers: n}, &discardServer{})
	require.NoError(t, err)
	var ids []uint16
	for portal := range uint8(6) {
		in, err := s.dungeonBehind(s.hub, portal, portal%uint8(len(c.Dungeons)))
		require.NoError(t, err)
		for range 2 {
			id := uint16(len(ids) + 1)
			p := &peer{id: transport.PeerID(id), player: id, state: peerPlaying}
			s.peers[p.id], s.order = p, append(s.order, p)
			in.add(s, p)
			ids = append(ids, id)
		}
	}
	return s, ids
}

// fingerprint writes down every instance's world: its tick, its players,
// its enemies and its bullets.
func fingerprint(s *Runtime) string {
	var b strings.Builder
	for _, in := range s.instances {
		w := in.world
		fmt.Fprintf(&b, "instance %d tick %d bullets %d\n", in.id, w.Tick(), w.Bullets().Len())
		for _, p := range in.peers {
			st, _ := w.PlayerState(p.player)
			fmt.Fprintf(&b, "  player %d %+v\n", p.player, st)
		}
		w.EachEnemy(func(e game.EnemyState, at game.Vec) { fmt.Fprintf(&b, "  enemy %+v at %v\n", e, at) })
		for _, it := range w.GroundLoot() {
			fmt.Fprintf(&b, "  loot %+v\n", it)
		}
	}
	return b.String()
}

func TestInstancesStepAlikeOnAnyNumberOfWorkers(t *testing.T) {
	play := func(workers int) string {
		s, ids := manyInstances(t, workers)
		defer s.workers.stop()
		require.Len(t, s.instances, 7)
		for range 10 * game.TickRate {
			for _, p := range s.order {
				p.inst.world.QueueInput(p.player, botInput(p.player, p.inst.world.Tick()+1))
			}
			s.Step()
		}
		require.Len(t, ids, 12)
		return fingerprint(s)
	}
	alone := play(1)
	require.Contains(t, alone, "bullets")
	require.Contains(t, alone, "loot", "items were minted")
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprintf("on %d workers every world ends as it does on one", n), func(t *testing.T) {
			require.Equal(t, alone, play(n))
		})
	}
}

// BenchmarkSevenInstancesTick is one server tick with the hub and six
// dungeons open, two players fighting in each, on one worker per core.
func BenchmarkSevenInstancesTick(b *testing.B) {
	s, _ := manyInstances(b, 0)
	defer s.workers.stop()
	step := func() {
		for _, p := range s.order {
			p.inst.world.QueueInput(p.player, botInput(p.player, p.inst.world.Tick()+1))
		}
		s.Step()
	}
	for range 600 {
		step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		step()
	}
}

// peakInstances is a server with n instances of the reference peak's fight
// (referencePeak: the Warden's hall, four players strafing and firing,
// riders in play, potions on the floor), each warmed up for two seconds.
func peakInstances(b *testing.B, n int) *Runtime {
	cfg := referencePeak(b)
	s, err := New(cfg, &discardServer{})
	require.NoError(b, err)
	s.instances, s.hub = nil, nil // the start instance is not part of the count
	id := uint16(0)
	for i := range n {
		in := s.newInstance(cfg.Map, game.HubDungeon, uint64(i+1))
		for range 4 {
			id++
			p := &peer{id: transport.PeerID(id), player: id, state: peerPlaying}
			s.peers[p.id], s.order = p, append(s.order, p)
			in.add(s, p)
			require.True(b, in.world.SetPlayerUpgrades(id, peakRiders(b, in.world.Content(), 1+(id-1)%4)))
		}
	}
	for range 2 * game.TickRate {
		peakStep(s)
	}
	return s
}

// peakStep is one server tick of peakInstances, every player strafing the
// boss of its own instance.
func peakStep(s *Runtime) {
	for _, p := range s.order {
		w := p.inst.world
		w.QueueInput(p.player, strafeTheBoss(w, p.player, w.Tick()+1))
	}
	s.Step()
}

// BenchmarkCapacityAtReferencePeak steps n instances at the reference peak
// in one server, on one worker per core, and reports the tick's p99 in ms:
// the capacity is the most instances whose p99 stays under 8 ms
// (docs/PERFORMANCE.md). Sends go nowhere: sockets and clients are
// measured by the headless run.
func BenchmarkCapacityAtReferencePeak(b *testing.B) {
	for _, n := range []int{100, 200, 400, 800} {
		b.Run(fmt.Sprintf("instances=%d", n), func(b *testing.B) {
			s := peakInstances(b, n)
			defer s.workers.stop()
			took := make([]time.Duration, 0, b.N)
			live := 0
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				peakStep(s)
				took = append(took, time.Since(start))
			}
			b.StopTimer()
			for _, in := range s.instances {
				live += in.world.Bullets().Len()
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)*99/100])/float64(time.Millisecond), "p99-ms")
			b.ReportMetric(float64(live)/float64(n), "bullets/instance")
		})
	}
}
