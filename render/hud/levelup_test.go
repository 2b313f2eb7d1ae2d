package hud

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"duskfall/client"
	"duskfall/net/wire"
	"duskfall/render/sound"
)

func TestTheLevelUpMoment(t *testing.T) {
	now := time.Unix(1000, 0)
	levelled := client.Sheet{Known: true, Level: 3, XP: 20, Next: 180, Owed: 1, Action: wire.ActionLevelled, ActionItem: -1, ActionAt: now}
	t.Run("a level gained starts the moment with the level and what it brings", func(t *testing.T) {
		u := &Items{keeper: "Marrow"}
		u.NoteSheet(levelled, now)
		assert.True(t, u.Level.showing(now))
		assert.Equal(t, "Level 3", u.Level.title)
		assert.Equal(t, "An upgrade to choose: see Marrow in the hub", u.Level.sub)
		assert.Equal(t, "160 XP to level 4", u.Level.next)
	})
	t.Run("it is gone after its time", func(t *testing.T) {
		u := &Items{}
		u.NoteSheet(levelled, now)
		assert.False(t, u.Level.showing(now.Add(levelUpShown)))
	})
	t.Run("other news starts nothing", func(t *testing.T) {
		u := &Items{}
		sh := levelled
		sh.Action = wire.ActionPicked
		u.NoteSheet(sh, now)
		assert.False(t, u.Level.showing(now))
	})
	t.Run("what a level brings reads right for every count owed", func(t *testing.T) {
		cases := []struct {
			owed   int
			keeper string
			want   string
		}{
			{0, "Marrow", "Stronger for the next floor"},
			{1, "", "An upgrade to choose: see the keeper in the hub"},
			{3, "Marrow", "3 upgrades to choose: see Marrow in the hub"},
		}
		for _, c := range cases {
			assert.Equal(t, c.want, levelUpBrings(client.Sheet{Owed: c.owed}, c.keeper))
		}
	})
	t.Run("the level cap has no next level to name", func(t *testing.T) {
		var l levelUp
		l.Start(client.Sheet{Known: true, Level: 50, Next: 0}, "", now)
		assert.Empty(t, l.next)
	})
	t.Run("it chimes once", func(t *testing.T) {
		out := &sound.Log{}
		d := sound.NewDirector(out, func() float64 { return 1 })
		d.Sheet(wire.ActionLevelled, 1)
		d.Sheet(wire.ActionLevelled, 1)
		assert.Equal(t, []int{sound.SndLevelUp}, out.Played)
	})
}
