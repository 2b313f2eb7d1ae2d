package server

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// squatters is a server with a short roster allowance, and the way its
// peers stay on the roster without playing.
type squatters struct {
	srv  *Runtime
	d    *doorway
	stay []byte
	next transport.PeerID
}

const testAllowance = 2 * game.TickRate

func newSquatters(t *testing.T, seats int) *squatters {
	cfg := hubConfig(t)
	cfg.MaxPlayers, cfg.RosterAllowanceTicks = seats, testAllowance
	cfg.IdleTimeoutTicks = 60 * game.TickRate // players here send no input
	srv, d := guardedServer(t, cfg)
	stay, err := wire.AppendCharacterCommand(nil, wire.CharacterCommand{Op: wire.OpStay})
	require.NoError(t, err)
	return &squatters{srv: srv, d: d, stay: stay}
}

// dial connects a new peer from addr as account and lets the claim come
// back; it returns the peer.
func (q *squatters) dial(t *testing.T, addr, account string) transport.PeerID {
	q.next++
	q.d.connect(q.next, addr)
	q.d.receive(q.next, hello(t, account))
	q.srv.Step()
	q.srv.Step()
	return q.next
}

// wait steps the server for ticks, its peers saying "stay" every second.
func (q *squatters) wait(ticks int) {
	for tick := range ticks {
		if tick%game.TickRate == 0 {
			for _, p := range q.srv.order {
				if p.state == peerRoster {
					q.d.receive(p.id, q.stay)
				}
			}
		}
		q.srv.Step()
	}
}

// play makes (if need be) and selects p's character named name.
func (q *squatters) play(t *testing.T, p transport.PeerID, name string) {
	t.Helper()
	for range 4 {
		if q.srv.peers[p].state == peerPlaying {
			return
		}
		q.d.receive(p, playNamed(t, q.lastCharacters(t, p), name))
		q.srv.Step()
		q.srv.Step()
	}
	require.Equal(t, peerPlaying, q.srv.peers[p].state, "%s plays", name)
}

// lastCharacters is the last Characters packet p was sent.
func (q *squatters) lastCharacters(t *testing.T, p transport.PeerID) []byte {
	for i := len(q.d.sent[p]) - 1; i >= 0; i-- {
		if typ, _ := wire.TypeOf(q.d.sent[p][i]); typ == wire.MsgCharacters {
			return q.d.sent[p][i]
		}
	}
	require.FailNow(t, "no character list")
	return nil
}

// leave closes p's connection, as a game does that says goodbye.
func (q *squatters) leave(p transport.PeerID) {
	q.d.events = append(q.d.events, transport.Event{Kind: transport.EventDisconnect, Peer: p})
	q.srv.Step()
}

func TestTheRosterAllowanceIsTheAccountsAndTheAddresss(t *testing.T) {
	t.Run("squatters that dial again at once are refused in words, and a player gets a seat", func(t *testing.T) {
		q := newSquatters(t, 6)
		for i := range 6 {
			q.dial(t, "203.0.113.5", fmt.Sprintf("squat%d", i))
		}
		require.Equal(t, 6, q.srv.seated())
		q.wait(testAllowance + 2)
		require.Zero(t, q.srv.seated(), "out at their allowance")
		for i := range 6 {
			p := q.dial(t, "203.0.113.5", fmt.Sprintf("squat%d", i))
			assert.Equal(t, fmt.Sprintf("squat%d stayed on the character list for 2 seconds without choosing a character: it may join again in 10s", i),
				q.d.refusal(t, p))
		}
		assert.Zero(t, q.srv.seated(), "none of them is back")
		p := q.dial(t, "198.51.100.7", "player")
		assert.Empty(t, q.d.refusal(t, p))
		assert.Equal(t, 1, q.srv.seated())
	})
	t.Run("one that leaves just before its allowance ends has only the rest of it on its next connection", func(t *testing.T) {
		q := newSquatters(t, 6)
		p := q.dial(t, "203.0.113.5", "sly")
		q.wait(testAllowance - game.TickRate/2)
		q.leave(p)
		p = q.dial(t, "203.0.113.5", "sly")
		require.Empty(t, q.d.refusal(t, p))
		q.wait(game.TickRate/2 + 2)
		assert.Contains(t, q.d.refusal(t, p), "you stayed on the character list for 2 seconds without choosing")
		assert.Zero(t, q.srv.seated())
	})
	t.Run("new accounts from one address are out once the address spent four allowances", func(t *testing.T) {
		q := newSquatters(t, 6)
		for i := range RosterAddressShare {
			q.dial(t, "203.0.113.5", fmt.Sprintf("first%d", i))
		}
		q.wait(testAllowance + 2)
		p := q.dial(t, "203.0.113.5", "fresh")
		assert.Contains(t, q.d.refusal(t, p), "players from your address stayed on the character list for 8 seconds without choosing a character: it may join again in")
		p = q.dial(t, "198.51.100.7", "elsewhere")
		assert.Empty(t, q.d.refusal(t, p), "another address is not")
	})
	t.Run("housemates who choose and play spend nothing of their address's", func(t *testing.T) {
		q := newSquatters(t, 12)
		for i := range 10 {
			p := q.dial(t, "203.0.113.5", fmt.Sprintf("mate%d", i))
			require.Empty(t, q.d.refusal(t, p))
			q.wait(testAllowance - game.TickRate/4)
			q.play(t, p, fmt.Sprintf("Mate%d", i))
		}
		assert.Equal(t, 10, q.srv.seated())
	})
	t.Run("playing forgives an account its time on the roster", func(t *testing.T) {
		q := newSquatters(t, 6)
		p := q.dial(t, "203.0.113.5", "slow")
		q.wait(testAllowance - game.TickRate/4)
		q.leave(p)
		p = q.dial(t, "203.0.113.5", "slow")
		q.play(t, p, "Slow")
		q.leave(p)
		p = q.dial(t, "203.0.113.5", "slow")
		q.wait(testAllowance - game.TickRate/4)
		assert.Equal(t, peerRoster, q.srv.peers[p].state, "a whole allowance again")
	})
	t.Run("a spent account is forgotten five allowances after it was last charged", func(t *testing.T) {
		q := newSquatters(t, 6)
		q.dial(t, "203.0.113.5", "late")
		q.wait(testAllowance + 2)
		q.wait(RosterOutAllowances * testAllowance)
		p := q.dial(t, "203.0.113.5", "late")
		assert.Empty(t, q.d.refusal(t, p))
	})
}

func TestRosterClocksAreBounded(t *testing.T) {
	c := rosterClocks{}
	for i := range maxRosterClocks + 100 {
		c.charge(fmt.Sprintf("address 10.0.%d.%d", i/256, i%256), 1, uint32(i), 1<<20)
	}
	assert.Len(t, c, maxRosterClocks)
	assert.Nil(t, c["address 10.0.0.0"], "the one charged longest ago went first")
	assert.NotNil(t, c[fmt.Sprintf("address 10.0.%d.%d", (maxRosterClocks+99)/256, (maxRosterClocks+99)%256)])
	c.charge("account kate", 1, 1<<21, 10)
	assert.Len(t, c, 1, "the expired ones are forgotten when room is made")
}
