package render

import (
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
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

var colLevelUp = rgb8(255, 214, 110, 1)

// levelUp is the moment's state: the level reached, when, and its words,
// made once when it starts.
type levelUp struct {
	level     int
	at        time.Time
	title     string
	sub, next string
}

// start begins the moment for the sheet that reports a new level; keeper
// is the upgrade NPC's name.
func (l *levelUp) start(sh client.Sheet, keeper string, now time.Time) {
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

// drawRings draws the rings bursting from the own ship at screen (x, y).
func (l *levelUp) drawRings(dst *ebiten.Image, sb *shapeBatch, x, y float32, now time.Time) {
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
		c := colLevelUp.alpha(0.9 * (1 - k))
		sb.ring(dst, x, y, r, r+5*(1-k)+1.5, func(int) rgba { return c })
	}
}

// drawWords draws the level and what it brings, high over the ship.
func (l *levelUp) drawWords(dst *ebiten.Image, g *graphics, w, h int, now time.Time) {
	if !l.showing(now) {
		return
	}
	age := float32(now.Sub(l.at)) / float32(levelUpShown)
	a := min(1, 5*age, (1-age)*4) // in quickly, out over the last quarter
	k := uiScale(w, h)
	y := max(h/5-px(30, k), topHUDBottom(w, h)+px(8, k)) // above the own ship and its name, clear of a boss bar
	bw := max(g.text.advance(l.title, 4*k), g.text.advance(l.sub, textScale*k), g.text.advance(l.next, k))
	bh := int(glyphH*4*k) + px(8, k) + int(glyphH*textScale*k) + px(4, k) + int(glyphH*k)
	r, ok := g.boxes.room("level-up", bw, bh, y, 1, w, h, px(transientGap, k))
	if !ok {
		return // no room free of other words this frame (placement.go)
	}
	y = r.Min.Y
	g.text.draw(dst, l.title, w/2, y, 4*k, alignCenter, fade(colTitle, a))
	y += int(glyphH*4*k) + px(8, k)
	g.text.draw(dst, l.sub, w/2, y, textScale*k, alignCenter, fade(colText, a))
	y += int(glyphH*textScale*k) + px(4, k) // the line under it, clear of its descenders
	g.text.draw(dst, l.next, w/2, y, k, alignCenter, fade(colDim, a))
}

// easeOut is a quick start that settles: 1-(1-k)².
func easeOut(k float32) float32 { return 1 - (1-k)*(1-k) }
