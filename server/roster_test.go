package server

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

func hubConfig(t *testing.T) Config {
	t.Helper()
	c := content(t)
	hub, err := levels.LoadMap("hub", c)
	require.NoError(t, err)
	return Config{Content: c, Map: hub, Seed: 4}
}

// characters decodes the last roster the player was sent.
func (lp *localPlayer) characters(t *testing.T) wire.Characters {
	t.Helper()
	require.NotNil(t, lp.roster, "the server sent a roster")
	c, err := wire.ParseCharacters(lp.roster)
	require.NoError(t, err)
	return c
}

func (lp *localPlayer) command(t *testing.T, c wire.CharacterCommand) {
	t.Helper()
	b, err := wire.AppendCharacterCommand(nil, c)
	require.NoError(t, err)
	lp.cli.Send(wire.ChanControl, b)
}

// killInDungeon takes the player into the first dungeon and leaves it at
// 1 health beside the dungeon's enemies until it dies there.
func killInDungeon(t *testing.T, lp *localPlayer) {
	t.Helper()
	p := lp.srv.order[0]
	dest, err := lp.srv.dungeonBehind(lp.srv.hub, 0, 0)
	require.NoError(t, err)
	lp.srv.move(p, dest)
	lp.roster = nil
	for range 60 * 60 {
		if lp.roster != nil {
			return
		}
		w := dest.world
		if st, ok := w.PlayerState(lp.id); ok && st.Flags&game.PlayerDead == 0 {
			w.SetPlayerHealth(lp.id, 1)
			near := game.Vec{}
			w.EachEnemy(func(_ game.EnemyState, at game.Vec) { near = at })
			w.Teleport(lp.id, near)
		}
		lp.step(t)
	}
	t.Fatal("the player did not die within a minute beside the enemies")
}

func TestDeathInADungeonReturnsThePlayerToTheRoster(t *testing.T) {
	lp := joinLocal(t, hubConfig(t))
	p := lp.srv.order[0]
	killInDungeon(t, lp)

	t.Run("the death unbinds the character on that tick", func(t *testing.T) {
		c := lp.characters(t)
		assert.Equal(t, wire.CauseDied, c.Cause)
		assert.Regexp(t, `^tester fell to (a|an|the) [A-Z][^.]*'s? [^.]+ in the [A-Z][^.]*\.$`, c.Note,
			"it names the enemy and its pattern, and the place with one article")
		assert.NotContains(t, c.Note, "the The")
		assert.Equal(t, peerRoster, p.state)
		assert.Zero(t, lp.srv.Players(), "no one is in a world")
		assert.Len(t, lp.srv.instances, 1, "the dungeon closed behind its last player")
		require.Len(t, c.Entries, 1)
		assert.Equal(t, uint16(DeathLockoutTicks), c.Entries[0].Lockout, "the lockout starts at its full length")
		assert.Equal(t, c.Entries[0].MaxHealth, c.Entries[0].Health, "it comes back whole")
	})
	t.Run("the death event reaches the client before the roster", func(t *testing.T) {
		last := slices.Index(lp.order, wire.MsgCharacters)
		for i := len(lp.order) - 1; i >= 0; i-- {
			if lp.order[i] == wire.MsgCharacters {
				last = i
				break
			}
		}
		assert.Equal(t, wire.MsgEvents, lp.order[last-1])
	})
	t.Run("the character plays again in the hub, whole", func(t *testing.T) {
		lp.command(t, wire.CharacterCommand{Op: wire.OpSelect, ID: lp.characters(t).Entries[0].ID})
		lp.step(t)
		require.Equal(t, peerPlaying, p.state)
		assert.Equal(t, uint8(game.HubDungeon), lp.enters[len(lp.enters)-1])
		st, ok := lp.srv.hub.world.PlayerState(lp.id)
		require.True(t, ok)
		assert.Equal(t, lp.srv.cfg.Content.Player.MaxHP, st.HP)
	})
	t.Run("the lockout refuses an early re-entry in words", func(t *testing.T) {
		usePortal(t, lp)
		assert.Same(t, lp.srv.hub, p.inst, "still in the hub")
		assert.Contains(t, lp.notice, "tester cannot enter a dungeon for")
	})
	t.Run("once the lockout is over the portal opens", func(t *testing.T) {
		for range DeathLockoutTicks {
			lp.step(t)
		}
		usePortal(t, lp)
		assert.NotSame(t, lp.srv.hub, p.inst, "in a dungeon")
	})
}

// usePortal stands the player on the hub's first portal and presses
// interact.
func usePortal(t *testing.T, lp *localPlayer) {
	t.Helper()
	w := lp.srv.hub.world
	require.True(t, w.Teleport(lp.id, w.Portals()[0].Pos))
	w.QueueInput(lp.id, game.Input{Tick: w.Tick() + 1, Buttons: game.BtnInteract})
	lp.step(t)
	lp.step(t)
}

// An arena served as the hub is a place to practise: a death there keeps
// the world's respawn and the player plays on.
func TestADeathInAnArenaKeepsTheRespawn(t *testing.T) {
	c := content(t)
	arena, err := levels.LoadMap("boss_hall", c)
	require.NoError(t, err)
	lp := joinLocal(t, Config{Content: c, Map: arena, Seed: 4})
	p := lp.srv.order[0]
	w := lp.srv.hub.world
	lp.roster = nil
	died := false
	for range 60 * 60 {
		st, _ := w.PlayerState(lp.id)
		if st.Flags&game.PlayerDead != 0 {
			died = true
			break
		}
		w.SetPlayerHealth(lp.id, 1)
		w.EachEnemy(func(_ game.EnemyState, at game.Vec) { w.Teleport(lp.id, at) })
		lp.step(t)
	}
	require.True(t, died, "the boss killed the player within a minute")
	for range game.PlayerRespawnTicks + 1 {
		lp.step(t)
	}
	assert.Nil(t, lp.roster, "no roster: the player plays on")
	assert.Equal(t, peerPlaying, p.state)
	st, _ := w.PlayerState(lp.id)
	assert.Zero(t, st.Flags&game.PlayerDead, "respawned")
}

func TestHostileRosterInput(t *testing.T) {
	lp := joinLocal(t, hubConfig(t))
	p := lp.srv.order[0]
	// The player leaves play (a death would do it) to reach the roster.
	killInDungeon(t, lp)
	mine := lp.characters(t).Entries[0]

	t.Run("an unknown character id is refused and counted", func(t *testing.T) {
		before := lp.srv.counters.RosterRefused
		lp.command(t, wire.CharacterCommand{Op: wire.OpSelect, ID: 0xdead})
		lp.step(t)
		assert.Equal(t, before+1, lp.srv.counters.RosterRefused)
		assert.Equal(t, wire.CauseRefused, lp.characters(t).Cause)
		assert.Equal(t, "no character of yours has that id", lp.characters(t).Note)
		assert.Equal(t, peerRoster, p.state)
	})
	t.Run("a class the server's content lacks is refused in words and makes nothing", func(t *testing.T) {
		lp.command(t, wire.CharacterCommand{Op: wire.OpCreate, Name: "Nobody", Class: "necromancer"})
		lp.step(t)
		assert.Equal(t, wire.CauseRefused, lp.characters(t).Cause)
		assert.Equal(t, `this server has no class "necromancer"; choose one it lists`, lp.characters(t).Note)
		assert.Len(t, p.roster, 1)
	})
	t.Run("a create that names no class is answered with the classes to choose from", func(t *testing.T) {
		before := lp.srv.counters.Garbage
		lp.command(t, wire.CharacterCommand{Op: wire.OpCreate, Name: "Nobody"})
		lp.step(t)
		assert.Equal(t, wire.CauseRefused, lp.characters(t).Cause)
		assert.Equal(t, "choose a class for Nobody: this server has vanguard, sapper, striker, arcanist, corsair, trickster", lp.characters(t).Note)
		assert.Equal(t, before, lp.srv.counters.Garbage, "not garbage: an answer in words")
		assert.Len(t, p.roster, 1, "nothing made")
	})
	t.Run("a delete whose confirming name does not match deletes nothing", func(t *testing.T) {
		lp.command(t, wire.CharacterCommand{Op: wire.OpDelete, ID: mine.ID, Name: "Tester"})
		lp.step(t)
		assert.Contains(t, lp.characters(t).Note, "nothing was deleted")
		assert.Len(t, p.roster, 1)
	})
	t.Run("a name of 10,000 bytes is dropped and counted as garbage", func(t *testing.T) {
		before := lp.srv.counters.Garbage
		pkt := append([]byte{byte(wire.MsgCharacterCommand), byte(wire.OpCreate), 0, 0, 0, 0, 0, 0, 0, 0, 0xff},
			strings.Repeat("A", 10000)...)
		lp.cli.Send(wire.ChanControl, pkt)
		lp.step(t)
		assert.Equal(t, before+1, lp.srv.counters.Garbage)
		assert.Len(t, p.roster, 1, "nothing made")
	})
	t.Run("a create flood makes one character and counts the rest", func(t *testing.T) {
		for range 48 { // the pace cell refills while the tests above ran
			lp.step(t)
		}
		before := lp.srv.counters.RosterPaced + lp.srv.counters.RateLimited
		for i := range 100 {
			lp.command(t, wire.CharacterCommand{Op: wire.OpCreate, Name: "Flood" + string(rune('A'+i%26)) + string(rune('a'+i/26)), Class: "vanguard"})
		}
		lp.step(t)
		lp.step(t)
		assert.Equal(t, before+99, lp.srv.counters.RosterPaced+lp.srv.counters.RateLimited,
			"one create is with the desk; the rest wait their turn or are over the peer's allowance")
		assert.Len(t, p.roster, 2)
		assert.Equal(t, wire.CauseList, lp.characters(t).Cause)
	})
}

func TestReselectingTheHeldCharacterIsANoOp(t *testing.T) {
	lp := joinLocal(t, hubConfig(t))
	p := lp.srv.order[0]
	epoch := p.epoch
	lp.roster = nil
	lp.command(t, wire.CharacterCommand{Op: wire.OpSelect, ID: p.char.ID})
	lp.step(t)
	assert.Equal(t, epoch, p.epoch, "no new instance")
	assert.Nil(t, lp.roster, "no answer")
	assert.Zero(t, lp.srv.counters.RosterRefused)
}

// A real store: a flood of creates from a hostile client never reaches it
// beyond the pace, and the account's cap holds.
func TestACreateFloodIsNeverStored(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), DataFile))
	require.NoError(t, err)
	cfg := hubConfig(t)
	cfg.Store = st
	ls, lc := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	srv, err := New(cfg, ls)
	require.NoError(t, err)
	lp := &localPlayer{srv: srv, cli: lc, chunks: map[[2]int]bool{}, spawns: map[uint32]game.BulletSpawn{}}
	lp.read(t)
	hello, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: "flooder", Token: [16]byte{1}})
	require.NoError(t, err)
	lc.Send(wire.ChanControl, hello)
	sent := 0
	for range 10 * game.TickRate {
		for range 20 {
			sent++
			lp.command(t, wire.CharacterCommand{Op: wire.OpCreate, Name: fmt.Sprintf("flood%d", sent), Class: "vanguard"})
		}
		lp.step(t)
	}
	srv.Shutdown("done") // waits for the desk to finish what it took
	st, err = store.Open(filepath.Join(filepath.Dir(st.Path()), DataFile))
	require.NoError(t, err)
	defer st.Close()
	chars, err := st.Characters("flooder")
	require.NoError(t, err)
	c := srv.counters
	t.Logf("%d creates sent in %d ticks: %d characters stored, %d paced, %d refused, %d garbage, %d over the allowance, %d after the kick, %d kicked",
		sent, 10*game.TickRate, len(chars), c.RosterPaced, c.RosterRefused, c.Garbage, c.RateLimited, c.LateDropped, c.Kicked)
	assert.LessOrEqual(t, len(chars), store.MaxCharactersPerAccount, "the account's cap holds")
	assert.Equal(t, 1, c.Kicked, "the flooder was disconnected")
	assert.GreaterOrEqual(t, c.RosterPaced+c.Garbage+c.RateLimited, abuseDrops,
		"what the server heard of the flood before it disconnected the flooder was refused and counted")
}

// A host closing a server that an operator (or its own game) already shut
// down: the second Shutdown does nothing, and the store stays whole.
func TestShuttingDownTwiceIsSafe(t *testing.T) {
	path := filepath.Join(t.TempDir(), DataFile)
	st, err := store.Open(path)
	require.NoError(t, err)
	cfg := hubConfig(t)
	cfg.Store = st
	ls, _ := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	srv, err := New(cfg, ls)
	require.NoError(t, err)
	srv.Step()
	srv.Shutdown("the server is restarting")
	assert.NotPanics(t, func() { srv.Shutdown("the host closed the game") })
	st, err = store.Open(path)
	require.NoError(t, err, "the first shutdown closed the store cleanly")
	require.NoError(t, st.Close())
}

// What a death did to the bag is the death screen's to say: the sheet
// owed to the body left behind (its bag dropped on the floor) is never
// sent, and the character's first sheet back in play tells of nothing
// done, so no "Dropped Healing Potion" greets a player who did nothing.
func TestTheFirstSheetAfterADeathTellsOfNothingDone(t *testing.T) {
	lp := joinLocal(t, hubConfig(t))
	var actions []uint8 // the Action of every sheet received, in order
	var inv wire.Inventory
	lp.tap = func(b []byte) {
		if typ, err := wire.TypeOf(b); err == nil && typ == wire.MsgInventory {
			require.NoError(t, wire.DecodeInventory(b, &inv))
			actions = append(actions, inv.Action)
		}
	}
	var bag [game.BagSlots]game.Item
	bag[0] = game.Item{ID: 9001, Def: 0, More: 1} // two of the first item, one stack
	require.True(t, lp.srv.hub.world.SetPlayerItems(lp.id, bag, [game.EquipSlots]game.Item{}))
	lp.step(t)
	killInDungeon(t, lp)
	actions = actions[:0]

	lp.command(t, wire.CharacterCommand{Op: wire.OpSelect, ID: lp.characters(t).Entries[0].ID})
	for range 3 {
		lp.step(t)
	}
	require.NotEmpty(t, actions, "a sheet came with the character's return")
	assert.Equal(t, wire.ActionNone, actions[0], "the first sheet back in play tells of nothing done")
}
