package listen

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/client"
)

func startHost(t *testing.T) *Host {
	t.Helper()
	h, err := Start(Config{Addr: "127.0.0.1:0", Map: "arena", Seed: 3, Client: client.Config{Name: "host"}})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	return h
}

// scriptedIntent walks a figure that changes direction every half second,
// so walls and slides are part of the run.
func scriptedIntent(frame int) client.Intent {
	a := float64(frame/30) * 2.1
	return client.Intent{MoveX: math.Cos(a), MoveY: math.Sin(a), Aim: a}
}

func TestHostIsPlayerOne(t *testing.T) {
	h := startHost(t)
	for range 10 {
		h.Frame(client.Intent{})
	}
	require.Equal(t, client.StatePlaying, h.Client.State())
	require.Equal(t, uint16(1), h.Client.PlayerID())
	require.Equal(t, 1, h.Server.Players())
}

// On a listen server, input sampled in a frame is consumed by that frame's
// server step, so the host's predicted ship sits exactly on the
// authoritative one.
func TestHostPredictionMatchesTheServer(t *testing.T) {
	h := startHost(t)
	var sum float64
	n := 0
	moved := 0.0
	var last [2]float64
	for frame := range 600 + 30 {
		h.Frame(scriptedIntent(frame))
		pred, ok := h.Client.PredictedPos()
		if !ok {
			continue
		}
		auth, ok := h.Server.World(h.Client.PlayerID()).PlayerPos(h.Client.PlayerID())
		require.True(t, ok)
		sum += math.Hypot(pred.X-auth.X, pred.Y-auth.Y)
		if n > 0 {
			moved += math.Hypot(auth.X-last[0], auth.Y-last[1])
		}
		last = [2]float64{auth.X, auth.Y}
		n++
	}
	require.GreaterOrEqual(t, n, 600)
	require.Greater(t, moved, 500.0, "the script should really move the ship")
	mean := sum / float64(n)
	t.Logf("mean gap between predicted and authoritative position over %d ticks: %.6f u", n, mean)
	require.Less(t, mean, 0.01)
	require.Zero(t, h.Client.Stats().Snaps)
}
