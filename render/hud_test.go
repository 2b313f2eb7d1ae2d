package render

import (
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/portmap"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
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
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, hud.StatusLine(c.flags, c.inDungeon)) })
	}
}

// The host's corner line with the longest words the game has for it (two
// addresses and the router's refusal): the join code is on it whole at
// every size, the router's words giving way at 640×400 and the addresses
// (the code holds one) at every size.
func TestTheJoinCodeReadsInTheCornerOfASmallWindow(t *testing.T) {
	g := &world.Graphics{Graphics: ui.Graphics{Text: ui.NewTextCache()}}
	const code = "192.168.178.20:7777/nvpvcmm3cemk6e6m5hseodk24gfqegee"
	refused := reachWords(portmap.Status{State: portmap.Refused})
	h := hud.Display{Place: "The Catacombs, depth 5", Code: code, PingText: "ping 120 ms", Reach: refused,
		Where: friendWords("0.0.0.0:7777", []net.IP{net.ParseIP("192.168.178.20"), net.ParseIP("10.13.37.2")}) + "; " + refused}
	h.MakePlaceLines()
	for _, sz := range []struct {
		w, h  int
		where bool
	}{{640, 400, false}, {1280, 720, true}, {2560, 1440, true}} {
		t.Run(fmt.Sprintf("at %d×%d", sz.w, sz.h), func(t *testing.T) {
			k := ui.Scale(sz.w, sz.h)
			h.PlaceFor = 0
			require.True(t, h.FitPlace(g, sz.w, k))
			assert.Contains(t, h.PlaceLine, "join code "+code+")")
			assert.Equal(t, sz.where, strings.Contains(h.PlaceLine, "your router did not open the port"))
			room := sz.w - 2*ui.Px(12, k) - g.Text.Advance(h.PingText, k) - ui.Px(24, k)
			assert.LessOrEqual(t, g.Text.Advance(h.PlaceLine, k), room, "it leaves room for the ping")
		})
	}
}
