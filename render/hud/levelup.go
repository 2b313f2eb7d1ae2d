package hud

import (
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// The level-up moment (docs/ART.md, "Shots, hits and sound"): a rising
// chime, two golden rings bursting from the own ship, and the new level in
// large letters over the fight with what it brings, for levelUpShown. It
// is drawn over the world and under the HUD, small enough to fight
// through.
const (
	levelUpShown = 2500 * time.Millisecond
	levelUpRing  = 700 * time.Millisecond // how long the rings take to spread and fade
	levelUpReach = 140                    // pixels the outer ring spreads to
)

var colLevelUp = ui.Rgb8(255, 214, 110, 1)

// levelUp is the moment's state: the level reached, when, and its words,
// made once when it starts.
type levelUp struct {
	level     int
	at        time.Time
	title     string
	sub, next string
}

// Start begins the moment for the sheet that reports a new level; keeper
// is the upgrade NPC's name.
func (l *levelUp) Start(sh client.Sheet, keeper string, now time.Time) {
	l.level, l.at = sh.Level, now
	l.title = fmt.Sprintf("Level %d", sh.Level)
	l.sub = levelUpBrings(sh, keeper)
	l.next = ""
	if sh.Next > 0 {
		l.next = fmt.Sprintf("%d XP to level %d", sh.Next-sh.XP, sh.Level+1)
	}
}

// levelUpBrings says what the new level brings: an upgrade to choose.
func levelUpBrings(sh client.Sheet, keeper string) string {
	who := "the keeper"
	if keeper != "" {
		who = keeper
	}
	switch {
	case sh.Owed > 1:
		return fmt.Sprintf("%d upgrades to choose: see %s in the hub", sh.Owed, who)
	case sh.Owed == 1:
		return "An upgrade to choose: see " + who + " in the hub"
	}
	return "Stronger for the next floor"
}

// showing says whether the moment is on screen at now.
func (l *levelUp) showing(now time.Time) bool {
	return l.level > 0 && now.Sub(l.at) < levelUpShown
}

// DrawRings draws the rings bursting from the own ship at screen (x, y).
func (l *levelUp) DrawRings(dst *ebiten.Image, sb *ui.ShapeBatch, x, y float32, now time.Time) {
	t := float32(now.Sub(l.at)) / float32(levelUpRing)
	if l.level == 0 || t < 0 || t >= 1 {
		return
	}
	for i, lag := range [2]float32{0, 0.25} {
		k := (t - lag) / (1 - lag)
		if k <= 0 {
			continue
		}
		r := 18 + (levelUpReach-float32(i)*40)*easeOut(k)
		c := colLevelUp.Alpha(0.9 * (1 - k))
		sb.Ring(dst, x, y, r, r+5*(1-k)+1.5, func(int) ui.RGBA { return c })
	}
}

// DrawWords draws the level and what it brings, high over the ship.
func (l *levelUp) DrawWords(dst *ebiten.Image, g *world.Graphics, w, h int, now time.Time) {
	if !l.showing(now) {
		return
	}
	age := float32(now.Sub(l.at)) / float32(levelUpShown)
	a := min(1, 5*age, (1-age)*4) // in quickly, out over the last quarter
	k := ui.Scale(w, h)
	y := max(h/5-ui.Px(30, k), topHUDBottom(w, h)+ui.Px(8, k)) // above the own ship and its name, clear of a boss bar
	bw := max(g.Text.Advance(l.title, 4*k), g.Text.Advance(l.sub, ui.TextScale*k), g.Text.Advance(l.next, k))
	bh := int(ui.GlyphH*4*k) + ui.Px(8, k) + int(ui.GlyphH*ui.TextScale*k) + ui.Px(4, k) + int(ui.GlyphH*k)
	r, ok := g.Boxes.Room("level-up", bw, bh, y, 1, w, h, ui.Px(ui.TransientGap, k))
	if !ok {
		return // no room free of other words this frame (render/ui/placement.go)
	}
	y = r.Min.Y
	g.Text.Draw(dst, l.title, w/2, y, 4*k, ui.AlignCenter, ui.Fade(ui.ColTitle, a))
	y += int(ui.GlyphH*4*k) + ui.Px(8, k)
	g.Text.Draw(dst, l.sub, w/2, y, ui.TextScale*k, ui.AlignCenter, ui.Fade(ui.ColText, a))
	y += int(ui.GlyphH*ui.TextScale*k) + ui.Px(4, k) // the line under it, clear of its descenders
	g.Text.Draw(dst, l.next, w/2, y, k, ui.AlignCenter, ui.Fade(ui.ColDim, a))
}

// easeOut is a quick start that settles: 1-(1-k)².
func easeOut(k float32) float32 { return 1 - (1-k)*(1-k) }
