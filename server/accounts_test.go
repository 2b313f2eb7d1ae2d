package server

import (
	"bytes"
	"fmt"
	"log"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// testClock is a wall clock a test moves by hand; the desk reads it from
// its own goroutine.
type testClock struct{ at atomic.Int64 }

func newTestClock() *testClock {
	c := &testClock{}
	c.at.Store(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	return c
}

func (c *testClock) now() time.Time          { return time.Unix(0, c.at.Load()) }
func (c *testClock) advance(d time.Duration) { c.at.Add(int64(d)) }

// accountDoor is a server on a real store in dir behind a doorway, its
// desk on clock.
type accountDoor struct {
	srv   *Runtime
	d     *doorway
	clock *testClock
	dir   string
	logs  *bytes.Buffer
	next  transport.PeerID
}

func newAccountDoor(t *testing.T, dir string, tune func(*Config)) *accountDoor {
	t.Helper()
	st, err := store.Open(filepath.Join(dir, DataFile))
	require.NoError(t, err)
	cfg := hubConfig(t)
	cfg.Store = st
	logs := &bytes.Buffer{}
	cfg.Log = log.New(logs, "", 0)
	if tune != nil {
		tune(&cfg)
	}
	srv, d := guardedServer(t, cfg)
	t.Cleanup(func() { srv.Shutdown("test over") }) // the desk's last writes land before the folder is removed
	clock := newTestClock()
	srv.desk.led.(*storeLedger).now = clock.now // before the first Step hands the desk a job
	return &accountDoor{srv: srv, d: d, clock: clock, dir: dir, logs: logs}
}

// join connects a peer from the address and says Hello with the name and
// a token made from it; it returns the peer once the desk has answered.
func (a *accountDoor) join(t *testing.T, from, name string) transport.PeerID {
	t.Helper()
	a.next++
	a.d.connect(a.next, from)
	b, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: name, Token: tokenOf(name)})
	require.NoError(t, err)
	a.d.receive(a.next, b)
	a.settle(t)
	return a.next
}

// leave closes the peer's connection, as a player quitting does.
func (a *accountDoor) leave(p transport.PeerID) {
	a.d.events = append(a.d.events, transport.Event{Kind: transport.EventDisconnect, Peer: p})
	a.srv.Step()
}

func tokenOf(name string) [16]byte {
	var t [16]byte
	copy(t[:], name)
	return t
}

// settle steps the server until the desk has answered every claim.
func (a *accountDoor) settle(t *testing.T) {
	t.Helper()
	for range 2000 {
		a.srv.Step()
		if !a.claiming() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the desk did not answer a claim within 2 s")
}

func (a *accountDoor) claiming() bool {
	for _, p := range a.srv.order {
		if p.state == peerClaiming {
			return true
		}
	}
	return false
}

func (a *accountDoor) welcomed(p transport.PeerID) bool {
	q := a.srv.peers[p]
	return q != nil && q.state == peerRoster
}

func (a *accountDoor) accounts(t *testing.T) int {
	t.Helper()
	n, err := a.srv.desk.led.(*storeLedger).st.Accounts()
	require.NoError(t, err)
	return n
}

// closeAndCount shuts the server down and counts the accounts in its file.
func (a *accountDoor) closeAndCount(t *testing.T) int {
	t.Helper()
	a.srv.Shutdown("done")
	st, err := store.Open(filepath.Join(a.dir, DataFile))
	require.NoError(t, err)
	defer st.Close()
	n, err := st.Accounts()
	require.NoError(t, err)
	return n
}

const (
	attacker = "203.0.113.5"
	neighbor = "198.51.100.7"
	inProc   = "" // the player in the server's own process (Host and play)
)

func TestNewAccountsPerAddress(t *testing.T) {
	a := newAccountDoor(t, t.TempDir(), func(c *Config) { c.NewAccountsPerAddress = 3 })
	var first []transport.PeerID
	for i := range 3 {
		first = append(first, a.join(t, attacker, fmt.Sprintf("new%d", i)))
	}
	t.Run("an address makes as many new accounts as its budget", func(t *testing.T) {
		for _, p := range first {
			assert.True(t, a.welcomed(p))
		}
		assert.Equal(t, 3, a.accounts(t))
	})
	t.Run("the next new name from that address is refused in words and counted", func(t *testing.T) {
		p := a.join(t, attacker, "new3")
		assert.Equal(t, "this address made 3 new accounts in the last hour: play one of them, or try again later", a.d.refusal(t, p))
		assert.Equal(t, 1, a.srv.Counters().AccountsRefused)
		assert.Equal(t, 3, a.accounts(t))
	})
	t.Run("a returning player from that address is never limited, and spends nothing", func(t *testing.T) {
		a.leave(first[0])
		p := a.join(t, attacker, "new0")
		assert.True(t, a.welcomed(p))
		a.leave(p)
	})
	t.Run("another address has its own budget", func(t *testing.T) {
		assert.True(t, a.welcomed(a.join(t, neighbor, "neighbor")))
	})
	t.Run("the player in the server's own process is never limited", func(t *testing.T) {
		for i := range 5 {
			p := a.join(t, inProc, fmt.Sprintf("host%d", i))
			assert.True(t, a.welcomed(p))
			a.leave(p)
		}
	})
	t.Run("a connection from this machine is not held to the budget", func(t *testing.T) {
		for i := range 5 {
			p := a.join(t, "127.0.0.1", fmt.Sprintf("bot%d", i))
			assert.True(t, a.welcomed(p))
			a.leave(p)
		}
	})
	t.Run("an hour after its first new account, the address may make another", func(t *testing.T) {
		a.clock.advance(time.Hour)
		assert.True(t, a.welcomed(a.join(t, attacker, "new4")))
		assert.Equal(t, 3+1+5+5+1, a.accounts(t))
	})
	t.Run("the status file counts the refusals", func(t *testing.T) {
		st := newLoopStats(newLoopTimes()).status(a.srv, time.Second)
		assert.Equal(t, 1, st.AccountsRefused)
	})
}

func TestMaxAccounts(t *testing.T) {
	a := newAccountDoor(t, t.TempDir(), func(c *Config) { c.MaxAccounts = 2 })
	require.True(t, a.welcomed(a.join(t, attacker, "one")))
	require.True(t, a.welcomed(a.join(t, neighbor, "two")))
	t.Run("a new account past the cap is refused in words, from any address", func(t *testing.T) {
		p := a.join(t, "192.0.2.9", "three")
		assert.Equal(t, "the server has as many accounts as it keeps (2): ask its operator", a.d.refusal(t, p))
		assert.Equal(t, 1, a.srv.Counters().AccountsRefused)
	})
	t.Run("a returning player on a full server is welcomed", func(t *testing.T) {
		a.leave(1)
		assert.True(t, a.welcomed(a.join(t, "192.0.2.9", "one")))
	})
	t.Run("the player in the server's own process is not held to the cap", func(t *testing.T) {
		assert.True(t, a.welcomed(a.join(t, inProc, "host")))
		assert.Equal(t, 3, a.accounts(t))
	})
}

func TestNoNewAccountsOverTheNetwork(t *testing.T) {
	a := newAccountDoor(t, t.TempDir(), func(c *Config) { c.NewAccountsPerAddress = -1 })
	p := a.join(t, neighbor, "newcomer")
	assert.Equal(t, "this server makes no new accounts over the network: play an account you have, or ask its operator", a.d.refusal(t, p))
	assert.True(t, a.welcomed(a.join(t, inProc, "host")), "the host still plays")
}

// The tester's attack: Hellos with new names as fast as the door lets
// them in, from one address. It makes the budget's accounts and no more.
func TestAFloodOfNewNamesFromOneAddress(t *testing.T) {
	a := newAccountDoor(t, t.TempDir(), nil)
	const hellos = 400
	for sent := 0; sent < hellos; {
		for range MaxPendingPerAddr {
			a.next++
			a.d.connect(a.next, attacker)
			b, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: fmt.Sprintf("x%d", sent), Token: [16]byte{byte(sent), byte(sent >> 8)}})
			require.NoError(t, err)
			a.d.receive(a.next, b)
			sent++
		}
		a.settle(t)
		for _, q := range a.srv.order {
			if q.state == peerRoster {
				a.d.events = append(a.d.events, transport.Event{Kind: transport.EventDisconnect, Peer: q.id})
			}
		}
	}
	c := a.srv.Counters()
	t.Logf("%d Hellos with new names from one address: %d accounts refused, %d connections refused in all", hellos, c.AccountsRefused, c.Rejected)
	assert.Equal(t, hellos-DefaultNewAccountsPerAddress, c.AccountsRefused)
	assert.Equal(t, DefaultNewAccountsPerAddress, a.closeAndCount(t), "the file holds the budget's accounts")
}

func TestUnusedAccountsExpire(t *testing.T) {
	dir := t.TempDir()
	a := newAccountDoor(t, dir, nil)
	require.True(t, a.welcomed(a.join(t, attacker, "idle")))
	played := a.join(t, neighbor, "player")
	a.d.receive(played, mustCommand(t, wire.CharacterCommand{Op: wire.OpCreate, Name: "Lantern", Class: "vanguard"}))
	for range 100 {
		a.srv.Step()
		if len(a.srv.peers[played].roster) == 1 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	require.Len(t, a.srv.peers[played].roster, 1, "the character was made")
	a.leave(1)
	a.leave(played)
	// sweep steps to the next minute's sweep, then makes a returning
	// claim: the desk answers in the order it was asked, so once the
	// claim is answered the sweep has been too.
	sweep := func() {
		for a.srv.tick%accountSweepTicks != 0 {
			a.srv.Step()
		}
		a.srv.Step()
		a.leave(a.join(t, neighbor, "player"))
	}
	t.Run("a minute's sweep before a day has passed expires nothing", func(t *testing.T) {
		a.clock.advance(store.UnusedAccountLife - time.Minute)
		sweep()
		assert.Zero(t, a.srv.Counters().AccountsExpired)
		assert.Equal(t, 2, a.accounts(t))
	})
	t.Run("a day after its claim, the account that never made a character expires on the next sweep", func(t *testing.T) {
		a.clock.advance(time.Minute)
		sweep()
		assert.Equal(t, 1, a.srv.Counters().AccountsExpired)
		assert.Equal(t, 1, a.srv.accounts)
		st := newLoopStats(newLoopTimes()).status(a.srv, time.Second)
		assert.Equal(t, 1, st.AccountsExpired)
		assert.Equal(t, 1, st.Accounts)
	})
	t.Run("the server logs how many it expired", func(t *testing.T) {
		assert.Equal(t, 1, a.closeAndCount(t))
		assert.Contains(t, a.logs.String(), "expired 1 unused account (no character, no claim for 24 h); the store keeps 1")
	})
	t.Run("a server started a day later expires them on its first tick", func(t *testing.T) {
		st, err := store.Open(filepath.Join(dir, DataFile))
		require.NoError(t, err)
		_, err = st.Claim("later", [16]byte{7}, store.ClaimTerms{Now: a.clock.now(), MayCreate: true})
		require.NoError(t, err)
		require.NoError(t, st.Close())
		b := newAccountDoor(t, dir, nil)
		b.clock.at.Store(a.clock.now().Add(store.UnusedAccountLife).UnixNano())
		b.srv.Step()
		for range 1000 {
			if b.srv.Counters().AccountsExpired > 0 {
				break
			}
			time.Sleep(time.Millisecond)
			b.srv.Step()
		}
		assert.Equal(t, 1, b.srv.Counters().AccountsExpired)
		assert.Equal(t, 1, b.closeAndCount(t), "the player's account stays")
	})
}

func mustCommand(t *testing.T, c wire.CharacterCommand) []byte {
	t.Helper()
	b, err := wire.AppendCharacterCommand(nil, c)
	require.NoError(t, err)
	return b
}

func TestLookAlikeNames(t *testing.T) {
	t.Run("a look-alike of a seated account is already playing", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		d.connect(1, attacker)
		d.receive(1, hello(t, "kate"))
		srv.Step()
		srv.Step()
		d.connect(2, neighbor)
		d.receive(2, hello(t, "\u039a\u0391TE"))
		srv.Step()
		srv.Step()
		assert.Equal(t, `the name "ΚΑTE" is already playing`, d.refusal(t, 2))
		assert.Equal(t, peerRoster, srv.peers[1].state, "the incumbent stays")
	})
	t.Run("a look-alike of an account is refused a new account", func(t *testing.T) {
		a := newAccountDoor(t, t.TempDir(), nil)
		require.True(t, a.welcomed(a.join(t, attacker, "kate")))
		a.leave(1)
		p := a.join(t, neighbor, "k\u0430te")
		assert.Equal(t, "that name looks like another player's name", a.d.refusal(t, p))
		assert.Zero(t, a.srv.Counters().AccountsRefused, "a look-alike is not the budget's or the cap's refusal")
	})
	t.Run("without a store, a look-alike of a character's name is refused", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		for i, name := range []string{"ann", "bob"} {
			d.connect(transport.PeerID(i+1), attacker)
			d.receive(transport.PeerID(i+1), hello(t, name))
		}
		srv.Step()
		srv.Step()
		d.receive(1, mustCommand(t, wire.CharacterCommand{Op: wire.OpCreate, Name: "Lantern", Class: "vanguard"}))
		srv.Step()
		d.receive(2, mustCommand(t, wire.CharacterCommand{Op: wire.OpCreate, Name: "L\u0430ntern", Class: "vanguard"}))
		srv.Step()
		srv.Step()
		sent := d.sent[2]
		c, err := wire.ParseCharacters(sent[len(sent)-1])
		require.NoError(t, err)
		assert.Equal(t, wire.CauseRefused, c.Cause)
		assert.Equal(t, "that name looks like another player's name", c.Note)
		assert.Empty(t, c.Entries)
	})
}

func TestTheAccountRulesAddNothingToATick(t *testing.T) {
	a := newAccountDoor(t, t.TempDir(), func(c *Config) { c.Log = nil })
	a.leave(a.join(t, neighbor, "player")) // the first tick's sweep is answered before this claim
	assert.Zero(t, testing.AllocsPerRun(200, a.srv.Step), "a tick between sweeps allocates nothing")
}
