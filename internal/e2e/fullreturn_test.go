package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/server"
)

// A game that crashes on a full server comes back to its own seat: the
// new connection carries the account's token and the old one has gone
// quiet, so it replaces it, where a stranger is told the server is full.
func TestACrashedGameComesBackToAFullServer(t *testing.T) {
	t.Parallel()
	srv, addr := storedServerWith(t, t.TempDir(), transport.Config{}, func(c *server.Config) { c.MaxPlayers = 2 })
	crashed := dialAs(t, addr, "Ava", 1)
	other := dialAs(t, addr, "Bo", 2)
	play(srv, func() bool {
		return crashed.State() == client.StatePlaying && other.State() == client.StatePlaying
	}, crashed, other)
	require.Equal(t, client.StatePlaying, crashed.State(), "%v", crashed.Err())
	require.Equal(t, client.StatePlaying, other.State(), "%v", other.Err())

	stranger := dialAs(t, addr, "Cy", 3)
	play(srv, func() bool { return stranger.State() == client.StateFailed }, other, stranger)
	require.Equal(t, client.StateFailed, stranger.State())
	assert.Contains(t, stranger.Err().Error(), "the server is full (2 players)")

	// Ava's game freezes (its connection stays open but says nothing),
	// and a second and a half later the player has started it again.
	for range 3 * game.TickRate / 2 {
		other.Frame(client.Intent{})
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
	}
	back := dialAs(t, addr, "Ava", 1)
	deadline := time.Now().Add(10 * time.Second)
	for back.State() != client.StatePlaying && back.State() != client.StateFailed && time.Now().Before(deadline) {
		back.Frame(client.Intent{})
		other.Frame(client.Intent{})
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
	}
	require.Equal(t, client.StatePlaying, back.State(), "%v", back.Err())
	assert.Equal(t, client.StatePlaying, other.State(), "the other player played on")
	assert.Equal(t, "Ava", back.Character().Name)
}
