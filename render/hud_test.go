package render

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/game"
)

func TestTheStatusLine(t *testing.T) {
	cases := []struct {
		name      string
		flags     uint8
		inDungeon bool
		want      string
	}{
		{"a ship in its arrival grace in a dungeon is told it", game.PlayerGrace, true, "Arrival grace: you cannot be hit, and cannot shoot yet"},
		{"the hub, with nothing to fear, says nothing of grace", game.PlayerGrace, false, ""},
		{"a downed ship is told so anywhere", game.PlayerDead, false, "You are down. Respawning soon..."},
		{"a ship in play has no status line", 0, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, statusLine(c.flags, c.inDungeon)) })
	}
}
