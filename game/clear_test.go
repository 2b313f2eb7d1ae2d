package game

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClearPart(t *testing.T) {
	whole := Fight{Ticks: 600, Dealt: 1200, Party: 4}
	cases := []struct {
		name string
		part FightPart
		f    Fight
		want float64
	}{
		{"a player alone who fought the whole fight has it all", FightPart{Dealt: 480, Ticks: 600}, Fight{Ticks: 600, Dealt: 480, Party: 1}, 1},
		{"one of four who dealt an even share has it all", FightPart{Dealt: 300, Ticks: 500}, whole, 1},
		{"one of four who dealt more than an even share has it all, no more", FightPart{Dealt: 600, Ticks: 100}, whole, 1},
		{"one who stood in the fight throughout, dodging, has it all", FightPart{Ticks: 600}, whole, 1},
		{"one who came for the second half has half", FightPart{Ticks: 300, Joined: 300}, whole, 0.5},
		{"one who dealt a fifth of four players' damage has four fifths", FightPart{Dealt: 240}, whole, 0.8},
		{"the larger of the two shares counts", FightPart{Dealt: 150, Ticks: 420}, whole, 0.7},
		{"a quarter of the fight is paid", FightPart{Ticks: 150}, whole, 0.25},
		{"one who came for the last few seconds has nothing", FightPart{Dealt: 60, Ticks: 120}, whole, 0},
		{"one who never came has nothing", FightPart{}, whole, 0},
		{"a boss that never woke pays by damage alone", FightPart{Dealt: 100}, Fight{Dealt: 100, Party: 1}, 1},
		{"a fight nobody dealt damage in pays nobody by damage", FightPart{}, Fight{Ticks: 10, Party: 2}, 0},
		{"one who joined a long fight's last three seconds has nothing, whatever it dealt", FightPart{Dealt: 400, Ticks: 170, Joined: 430}, whole, 0},
		{"one alone in a fight over in two seconds has it all", FightPart{Dealt: 300, Ticks: 120}, Fight{Ticks: 120, Dealt: 300, Party: 1}, 1},
		{"one who joined a four-second fight in its last second has nothing, though its shares are large", FightPart{Dealt: 120, Ticks: 60, Joined: 180}, Fight{Ticks: 240, Dealt: 400, Party: 4}, 0},
		{"one who joined a four-second fight in its first half has its part", FightPart{Ticks: 150, Joined: 90}, Fight{Ticks: 240, Dealt: 400, Party: 4}, 0.625},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.InDelta(t, tc.want, ClearPart(tc.part, tc.f), 1e-9)
		})
	}
}

func TestClearXP(t *testing.T) {
	boss := &EnemyDef{XP: 300, Boss: true}
	assert.Equal(t, 300, ClearXP(boss, 1, 1), "the whole reward on the first floor is the boss's xp")
	assert.Equal(t, 510, ClearXP(boss, 3, 1), "it grows with the floor as a kill's XP does")
	assert.Equal(t, 150, ClearXP(boss, 1, 0.5))
	assert.Zero(t, ClearXP(boss, 1, 0))
	assert.Zero(t, ClearXP(&EnemyDef{Boss: true}, 1, 1), "a boss of no xp pays nothing")
}

// clearHall is the hall for the fights below: the boss (slot 0) at tile 30 of
// row 3, in reach (900 u) of everything from tile 3 on; a wall closes the
// hall's west end off from a nook beyond the boss's sight.
func clearHall(t *testing.T) *World {
	c := quietContent()
	c.Enemies[kindBoss].XP = 40
	c.Enemies[kindBoss].MaxHP = 6000 // a fight of some seconds: a second's lateness is a small share of it
	m := asciiMap(t,
		"##########################################",
		"#....#...................................#",
		"#....#...................................#",
		"#....#........................2..........#",
		"#....#...................................#",
		"#....#...................................#",
		"##########################################",
	)
	m.HasExit, m.NoRespawn, m.ExitPos = true, true, TileCenter(34, 3)
	m.PlayerSpawns = []Vec{TileCenter(2, 3)}
	return NewWorld(m, c, 5)
}

func TestTheClearPaysThoseWhoFought(t *testing.T) {
	// Players 1 and 2 fire at the boss from the start; 3 stands in the
	// fight and never fires; 4 waits in the nook behind the wall; 5 fights
	// and dies before the end; 6 walks in for the fight's second half and
	// watches; 7 arrives as the boss is nearly dead and fires at it too.
	w := clearHall(t)
	fire := Input{Buttons: BtnFire} // aim 0: east, at the boss
	for id, tile := range map[uint16][2]int{1: {16, 2}, 2: {16, 4}, 3: {20, 1}, 4: {2, 3}, 5: {16, 3}} {
		w.AddPlayer(id)
		placePlayer(w, id, TileCenter(tile[0], tile[1]))
	}
	boss := &w.enemies[0]
	step := func() []Event {
		for _, id := range []uint16{1, 2, 5, 7} {
			if w.player(id) != nil {
				feed(w, id, fire)
			}
		}
		w.Step()
		return append([]Event(nil), w.Events()...)
	}
	step()
	require.True(t, boss.scaled, "the boss saw the party and woke")
	whole := int(boss.maxHP)
	var evs []Event
	for boss.alive && len(evs) == 0 {
		if boss.hp < int16(whole/2) && w.player(6) == nil {
			w.AddPlayer(6)
			placePlayer(w, 6, TileCenter(20, 5))
		}
		if boss.hp < int16(whole/8) && w.player(7) == nil {
			w.AddPlayer(7)
			placePlayer(w, 7, TileCenter(17, 3))
		}
		if boss.hp < int16(whole/4) {
			p := w.player(5)
			p.dead, p.respawnAt = true, math.MaxUint32 // killed in the last quarter; a dungeon's dead stay dead
		}
		evs = eventsOf(step(), EvXP)
		require.Less(t, int(w.Tick()), 60*TickRate, "the fight ends")
	}
	require.False(t, boss.alive)
	t.Logf("the fight lasted %d ticks", boss.fightTicks)
	require.NotNil(t, w.player(7), "the latecomer arrived before the end")
	paid := map[uint16]Event{}
	for _, ev := range evs {
		paid[ev.ID] = ev
	}
	full := int16(40)
	assert.Equal(t, Event{Kind: EvXP, Reason: XPFromClear, ID: 1, Amount: full, Other: 0}, paid[1], "a fighter has the whole reward")
	assert.Equal(t, full, paid[2].Amount, "so has the other")
	assert.Equal(t, full, paid[3].Amount, "one who stood in the fight throughout, never firing, has it too")
	assert.NotContains(t, paid, uint16(4), "one who waited out of the boss's reach and sight has nothing")
	assert.NotContains(t, paid, uint16(5), "the dead have nothing")
	assert.InDelta(t, 20, paid[6].Amount, 2, "one who came for the second half has about half")
	assert.NotContains(t, paid, uint16(7), "one who arrived at the end has nothing, though it fired")
	assert.Positive(t, boss.partOf(7).Dealt, "the latecomer did hit the boss")
}

func TestABossThatComesBackStartsAFreshFight(t *testing.T) {
	w := clearHall(t)
	w.mp.NoRespawn = false
	w.AddPlayer(1)
	placePlayer(w, 1, TileCenter(16, 3))
	boss := &w.enemies[0]
	for range 60 {
		feed(w, 1, Input{Buttons: BtnFire})
		w.Step()
	}
	require.Positive(t, boss.partOf(1).Dealt)
	w.reviveEnemy(boss)
	assert.Zero(t, boss.fightTicks)
	assert.Zero(t, boss.fightDealt)
	assert.Equal(t, FightPart{}, boss.partOf(1))
}

func TestAKillPaysTheDungeonsXPMultiplier(t *testing.T) {
	def := &EnemyDef{XP: 12}
	assert.Equal(t, 12, KillXP(def, 1, 0), "no multiplier reads as 1")
	assert.Equal(t, 12, KillXP(def, 1, 1))
	assert.Equal(t, 72, KillXP(def, 1, 6))
	assert.Equal(t, 122, KillXP(def, 3, 6), "the floor's factor and the dungeon's multiply")
	assert.Equal(t, 32767, KillXP(&EnemyDef{XP: 10000}, MaxDepth, MaxXPMultiplier), "an event's int16 holds it")
}

func TestAFightAllocatesNothing(t *testing.T) {
	w := clearHall(t)
	for id := uint16(1); id <= fightersCap; id++ {
		w.AddPlayer(id)
		placePlayer(w, id, TileCenter(10+int(id), 2))
	}
	w.Step()
	allocs := testing.AllocsPerRun(100, func() {
		for id := uint16(1); id <= fightersCap; id++ {
			feed(w, id, Input{Buttons: BtnFire})
		}
		w.Step()
	})
	assert.Zero(t, allocs, "a party of eight fights a boss without allocating")
}

// shortFight has players 1 and 2 fire at clearHall's boss, at its test
// health, until it dies; arrive, when set, is called before each tick's
// step. It returns the world and the XP paid at the death, by player.
func shortFight(t *testing.T, arrive func(w *World)) (*World, map[uint16]Event) {
	w := clearHall(t)
	w.content.Enemies[kindBoss].MaxHP = 700
	for _, id := range []uint16{1, 2} {
		w.AddPlayer(id)
		placePlayer(w, id, TileCenter(16, int(id)*2))
	}
	paid := map[uint16]Event{}
	for w.enemies[0].alive {
		require.Less(t, int(w.Tick()), 30*TickRate, "the fight ends")
		if arrive != nil {
			arrive(w)
		}
		fireAll(w)
		for _, ev := range eventsOf(w.Events(), EvXP) {
			paid[ev.ID] = ev
		}
	}
	return w, paid
}

// fireAll has every player fire east for a tick.
func fireAll(w *World) {
	for i := range w.players {
		feed(w, w.players[i].id, Input{Buttons: BtnFire})
	}
	w.Step()
}

func TestALatecomerIsPaidNothing(t *testing.T) {
	w, paid := shortFight(t, nil)
	end, boss := w.Tick(), &w.enemies[0]
	t.Logf("two players kill the boss in %d ticks of fight", boss.fightTicks)
	require.Less(t, boss.fightTicks, 3*TickRate, "a short fight, where a second is a large share")
	assert.Equal(t, int16(40), paid[1].Amount, "the fighters have the whole reward")
	assert.Equal(t, int16(40), paid[2].Amount)

	t.Run("one who walks in a second before the boss dies has nothing, though it fires", func(t *testing.T) {
		w, paid := shortFight(t, func(w *World) {
			if w.Tick()+TickRate == end {
				w.AddPlayer(3)
				placePlayer(w, 3, TileCenter(17, 3))
			}
		})
		boss := &w.enemies[0]
		require.NotNil(t, w.player(3))
		require.LessOrEqual(t, boss.fightTicks-boss.partOf(3).Joined, TickRate, "it joined in the fight's last second")
		assert.Positive(t, boss.partOf(3).Dealt, "it hit the boss")
		assert.NotContains(t, paid, uint16(3))
		assert.Equal(t, int16(40), paid[1].Amount, "the fighters have the whole reward still")
		assert.Equal(t, int16(40), paid[2].Amount)
	})
	t.Run("one who walks in after the boss died has nothing", func(t *testing.T) {
		w.AddPlayer(3)
		placePlayer(w, 3, TileCenter(17, 3))
		for range 3 * TickRate {
			fireAll(w)
			assert.Empty(t, eventsOf(w.Events(), EvXP))
		}
	})
}

func TestAPlayerAloneIsPaidTheWholeClear(t *testing.T) {
	for _, tc := range []struct {
		name string
		hp   int16
	}{
		{"in a long fight", 6000},
		{"in a fight over in seconds", 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := clearHall(t)
			w.content.Enemies[kindBoss].MaxHP = tc.hp
			w.AddPlayer(1)
			placePlayer(w, 1, TileCenter(16, 3))
			var paid []Event
			for w.enemies[0].alive {
				require.Less(t, int(w.Tick()), 120*TickRate, "the fight ends")
				fireAll(w)
				paid = append(paid, eventsOf(w.Events(), EvXP)...)
			}
			t.Logf("the fight lasted %d ticks", w.enemies[0].fightTicks)
			assert.Equal(t, []Event{{Kind: EvXP, Reason: XPFromClear, ID: 1, Amount: 40}}, paid)
		})
	}
}
