package e2e

import (
	"context"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/net/transport/netsim"
	"duskfall/net/wire"
	"duskfall/server"
)

// sentSnapshots keeps what the server sent each player, whole, by tick.
type sentSnapshots struct {
	mu   sync.Mutex
	byID map[uint16]map[uint32]string
}

func (s *sentSnapshots) tap(player uint16, pkt []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byID[player] == nil {
		s.byID[player] = make(map[uint32]string)
	}
	var snap wire.Snapshot
	if wire.DecodeSnapshot(pkt, &snap) == nil {
		s.byID[player][snap.Tick] = string(pkt)
	}
}

func (s *sentSnapshots) get(player uint16, tick uint32) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.byID[player][tick]
	return b, ok
}

// Snapshots travel as deltas against the newest one each client
// acknowledged. Over a path that loses, duplicates and reorders packets
// both ways (acknowledgements included), every snapshot a client takes,
// whole or rebuilt, must be byte for byte the one the server sent it for
// that tick: a lost or reordered snapshot never corrupts what a client
// holds.
func TestDeltaSnapshotsRebuildExactlyOverABadNetwork(t *testing.T) {
	t.Parallel() // beside the real-time group's other light runs only (doc.go)
	if testing.Short() {
		t.Skip("12 s of play")
	}
	sent := &sentSnapshots{byID: make(map[uint16]map[uint32]string)}
	srv, addr := newServer(t, "arena", server.Config{Seed: 7, SnapshotTap: sent.tap})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Run(ctx)
	}()
	defer func() { cancel(); <-done }()
	proxy, err := netsim.Start("127.0.0.1:0", addr, netsim.Config{
		Loss: 10, Dup: 5, Reorder: 10, Latency: 40 * time.Millisecond, Jitter: 15 * time.Millisecond, Seed: 3,
	})
	require.NoError(t, err)
	defer proxy.Close()

	type taken struct {
		player uint16
		tick   uint32
		pkt    string
	}
	var mu sync.Mutex
	var got []taken
	tap := func(pkt []byte) {
		var snap wire.Snapshot
		require.NoError(t, wire.DecodeSnapshot(pkt, &snap), "a client takes only snapshots that decode")
		mu.Lock()
		got = append(got, taken{snap.Players[0].ID, snap.Tick, string(pkt)})
		mu.Unlock()
	}
	rts := make([]*client.Runtime, 2)
	for i := range rts {
		rts[i], err = client.Dial(proxy.Addr(), client.Config{Content: builtinContent, Name: []string{"ada", "bo"}[i], SnapshotTap: tap})
		require.NoError(t, err)
		defer rts[i].Close()
	}
	frame := time.NewTicker(time.Second / 60)
	defer frame.Stop()
	for f := range 12 * 60 {
		<-frame.C
		for i, rt := range rts {
			a := float64(f)/40 + float64(i)*math.Pi
			rt.Frame(client.Intent{MoveX: math.Cos(a), MoveY: math.Sin(a), Aim: a, Fire: f%30 < 10})
		}
	}

	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, got)
	mismatched := 0
	for _, g := range got {
		want, ok := sent.get(g.player, g.tick)
		require.True(t, ok, "player %d took a snapshot of tick %d the server never sent it", g.player, g.tick)
		if want != g.pkt {
			mismatched++
		}
	}
	assert.Zero(t, mismatched, "snapshots that differ from what the server sent, of %d", len(got))
	for _, rt := range rts {
		st := rt.Stats()
		t.Logf("snapshots %d, as deltas %d, deltas without their base %d, lost %d of %d, garbage %d, snaps %d, mean correction %.3f u",
			st.Snapshots, st.SnapshotDeltas, st.DeltasWithoutBase, st.SnapshotsLost, st.SnapshotsExpected, st.Garbage, st.Snaps, st.MeanCorrection())
		assert.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
		assert.Greater(t, st.SnapshotDeltas, st.Snapshots/2, "most snapshots come as deltas")
		assert.Zero(t, st.Garbage)
		assert.Zero(t, st.DeltasWithoutBase, "the server builds only on snapshots the client acknowledged")
	}
	t.Logf("netsim: %+v", proxy.Stats())
}
