package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

// A player who fights the boss hall's Warden alone to its death is paid the
// clear's whole reward, and its sheets tell that XP apart from kills'.
func TestTheSheetsTellTheClearApartFromKills(t *testing.T) {
	c := content(t)
	hall, err := levels.LoadMap("boss_hall", c)
	require.NoError(t, err)
	lp := joinLocal(t, Config{Content: c, Map: hall, Seed: 4})
	got := lp.sheets(t)
	w := lp.srv.hub.world
	var boss game.EnemyState
	w.EachEnemy(func(st game.EnemyState, _ game.Vec) { boss = st })
	def := &c.Enemies[boss.Kind]
	require.True(t, def.Boss)
	// Seven tiles west of the Warden, firing east (aim 0) with health kept
	// whole; once it is awake, a wound that credits nobody leaves it a few
	// shots of health, so the fight is short.
	w.Teleport(lp.id, game.TileCenter(16, 16))
	wounded := false
	for frame := 0; boss.HP > 0 && frame < 20*game.TickRate; frame++ {
		w.SetPlayerHealth(lp.id, 1000)
		w.QueueInput(lp.id, game.Input{Tick: w.Tick() + 1, Buttons: game.BtnFire})
		lp.step(t)
		boss.HP = 0
		w.EachEnemy(func(st game.EnemyState, _ game.Vec) { boss = st })
		if !wounded && boss.MaxHP != def.MaxHP {
			wounded = w.WoundEnemy(boss.ID, boss.HP-60)
		}
	}
	require.True(t, wounded, "the Warden woke")
	require.Zero(t, boss.HP, "the Warden fell")
	for range 3 {
		lp.step(t)
	}
	kills, clears := 0, 0
	for _, m := range *got {
		kills += int(m.XPKills)
		clears += int(m.XPClears)
	}
	assert.Equal(t, game.ClearXP(def, w.Depth(), 1), clears, "the whole reward, told as the clear's")
	assert.Zero(t, kills, "the hall holds no other enemy")
	ch := lp.peer(t).char
	level, into, _ := game.GainXP(1, 0, clears)
	assert.Equal(t, [2]int{level, into}, [2]int{ch.Level, ch.XP}, "the character has it")
}
