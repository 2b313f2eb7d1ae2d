package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
)

// A player may take as long as they like on the roster, reading it or
// typing a name: their client says it is still there, and the idle kick,
// meant for peers that sit in a seat saying nothing, leaves them be.
func TestAPlayerLingeringOnTheRosterIsNotKickedAsIdle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	srv, addr := storedServer(t, dir)
	var tok [16]byte
	tok[0] = 9
	first, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "Reader", Token: tok})
	require.NoError(t, err)
	play(srv, func() bool { return first.State() == client.StatePlaying }, first)
	require.Equal(t, client.StatePlaying, first.State(), "%v", first.Err())
	first.Close()

	// The client's clock is the game's: a tick is 1/60 s for both, however
	// fast the test steps them.
	now := time.Unix(1000, 0)
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "Reader", Token: tok, Roster: client.RosterAsk,
		Now: func() time.Time { return now }})
	require.NoError(t, err)
	defer rt.Close()
	for range 40 * game.TickRate { // more than twice the server's idle limit
		rt.Frame(client.Intent{})
		srv.Step()
		now = now.Add(time.Second / game.TickRate)
		time.Sleep(time.Millisecond)
	}
	require.Equal(t, client.StateRoster, rt.State(), "%v", rt.Err())
	assert.Zero(t, srv.Counters().Kicked, "nobody was kicked")
}
