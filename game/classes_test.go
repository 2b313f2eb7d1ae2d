package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// classWorld is an open room whose content has a bomb class (0) and a
// shield class (1), with player 1 out of grace at the room's middle.
func classWorld(t *testing.T) (*World, Vec) {
	t.Helper()
	c := testContent()
	c.Classes = []Class{
		{ID: "sapper", Name: "Sapper", Stats: c.Player,
			Ability: Ability{Kind: AbilityBomb, Name: "Bomb", Cooldown: 100, Radius: 96}},
		{ID: "vanguard", Name: "Vanguard", Stats: c.Player,
			Ability: Ability{Kind: AbilityShield, Name: "Shield", Cooldown: 100, Duration: 30}},
	}
	w := NewWorld(openMap(t), c, 1)
	w.AddPlayer(1)
	mid := TileCenter(10, 6)
	placePlayer(w, 1, mid)
	return w, mid
}

func TestStepAbility(t *testing.T) {
	bomb := Ability{Kind: AbilityBomb, Cooldown: 10, Radius: 50}
	shield := Ability{Kind: AbilityShield, Cooldown: 10, Duration: 4}
	cases := []struct {
		name    string
		ab      Ability
		state   AbilityState
		pressed bool
		grace   bool
		fires   bool
		after   AbilityState
	}{
		{"a press with the cooldown over fires and starts the cooldown", bomb, AbilityState{}, true, false, true, AbilityState{Cooldown: 10}},
		{"a shield's press also starts its lasting effect", shield, AbilityState{}, true, false, true, AbilityState{Cooldown: 10, Active: 4}},
		{"a press under arrival grace does nothing", bomb, AbilityState{}, true, true, false, AbilityState{}},
		{"a press while cooling down does nothing but count down", bomb, AbilityState{Cooldown: 5}, true, false, false, AbilityState{Cooldown: 4}},
		{"a press on the tick the cooldown ends fires", bomb, AbilityState{Cooldown: 1}, true, false, true, AbilityState{Cooldown: 10}},
		{"no press only counts down", shield, AbilityState{Cooldown: 8, Active: 2}, false, false, false, AbilityState{Cooldown: 7, Active: 1}},
		{"a class with no ability never fires", Ability{}, AbilityState{}, true, false, false, AbilityState{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.state
			assert.Equal(t, c.fires, StepAbility(&s, c.pressed, c.grace, &c.ab))
			assert.Equal(t, c.after, s)
		})
	}
}

func TestAbilitiesInTheWorld(t *testing.T) {
	t.Run("a bomb erases hostile bullets within its radius and no others", func(t *testing.T) {
		w, mid := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		near := enemyBullet(w, mid.X+60, mid.Y, 4)
		far := enemyBullet(w, mid.X+200, mid.Y, 4)
		w.spawnBullet(near, 0, 5)
		w.spawnBullet(far, 0, 5)
		own := MakeBulletSpawn(w.newUID(), w.Tick(), mid.X-40, mid.Y, 0, 0, 0, 0, 4, 60, 0, TeamPlayer)
		w.spawnBullet(own, 1, 5)
		feed(w, 1, Input{Buttons: BtnAbility})
		evs := stepN(w, 1)
		assert.Equal(t, 1, countEvents(evs, EvAbility, 0))
		assert.Equal(t, 1, countEvents(evs, EvBulletDespawn, DespawnErased))
		_, nearLive := w.Bullets().Slot(near.UID)
		_, farLive := w.Bullets().Slot(far.UID)
		_, ownLive := w.Bullets().Slot(own.UID)
		assert.False(t, nearLive, "the near bullet is erased")
		assert.True(t, farLive, "the far bullet flies on")
		assert.True(t, ownLive, "the player's own bullet flies on")
	})
	t.Run("the server enforces the cooldown: a second press before it ends does nothing", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		uses := 0
		for i := range 150 {
			var in Input
			if i%2 == 0 {
				in.Buttons = BtnAbility // a fresh press every other tick
			}
			feed(w, 1, in)
			uses += countEvents(stepN(w, 1), EvAbility, 0)
		}
		assert.Equal(t, 2, uses, "ticks 1 and 101 of 150")
	})
	t.Run("a held button fires once, on its press", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		uses := 0
		for range 150 {
			feed(w, 1, Input{Buttons: BtnAbility})
			uses += countEvents(stepN(w, 1), EvAbility, 0)
		}
		assert.Equal(t, 1, uses)
	})
	t.Run("nothing fires during arrival grace", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		w.player(1).grace = 10
		feed(w, 1, Input{Buttons: BtnAbility})
		assert.Zero(t, countEvents(stepN(w, 1), EvAbility, 0))
	})
	t.Run("a shield lets bullets pass through the ship for its duration, then they hit", func(t *testing.T) {
		w, mid := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 1))
		feed(w, 1, Input{Buttons: BtnAbility})
		stepN(w, 1)
		st, _ := w.PlayerState(1)
		assert.NotZero(t, st.Flags&PlayerShielded, "the snapshot shows the shield")
		w.spawnBullet(enemyBullet(w, mid.X, mid.Y, 6), 0, 5)
		evs := stepN(w, 10)
		assert.Zero(t, countEvents(evs, EvHit, 0), "no hit under the shield")
		evs = stepN(w, 30)
		assert.Equal(t, 1, countEvents(evs, EvHit, 0), "the bullet still there hits once the shield is down")
	})
	t.Run("a class's stats are the player's base", func(t *testing.T) {
		w, _ := classWorld(t)
		w.content.Classes[1].Stats.MaxHP = 150
		require.True(t, w.SetPlayerClass(1, 1))
		assert.Equal(t, int16(150), w.PlayerStats(1).MaxHP)
		assert.False(t, w.SetPlayerClass(1, 9), "a class content lacks is refused")
	})
}
