package render

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// drawTransients places and draws what comes and goes, in its order.
func (s *playScene) drawTransients(dst *ebiten.Image, g *world.Graphics) {
	if s.pause.settings != nil || s.host.players != nil {
		return
	}
	w, h, now := s.win.W, s.win.H, s.now()
	fr := s.frame()
	fight := !s.pause.open // the pause menu shows only the answers to what it does: the sentence and the feedback
	if fight && !s.keeper.Open {
		s.items.DrawPrompt(dst, g, fr, s.keeper.Near(s.rt, s.clock.frames))
	}
	s.items.DrawPlayTip(dst, g, fr) // what the player points at, over its slot
	if self, ok := s.rt.Self(); ok && fight {
		s.drawLine(dst, g, &s.said.Status, "status", hud.StatusLine(self.Flags, s.inDungeon()), h/2+ui.Px(64, ui.Scale(w, h)), 1)
	}
	if fight {
		s.fx.DrawBanner(dst, g, fr)
	}
	if text, at := s.rt.Notice(); text != "" && now.Sub(at) < noticeShown {
		s.drawLine(dst, g, &s.said.Notice, "notice", text, h/4, 1)
	}
	if fight {
		s.items.Level.DrawWords(dst, g, w, h, now)
		s.items.DrawBanner(dst, g, &s.said, now, w, h)
	}
	if !s.keeper.Open { // the panel has its own line of answer; the feedback waits under it
		s.items.DrawToasts(dst, g, &s.said, now, w, h)
	}
}

// drawLine places one line of large words, cut to the window, wished at
// y, and draws it.
func (s *playScene) drawLine(dst *ebiten.Image, g *world.Graphics, f *ui.Fitted, name, text string, y, dir int) {
	if text == "" {
		return
	}
	k := ui.Scale(s.win.W, s.win.H)
	ts := ui.TextScale * k
	line := f.Get(&g.Graphics, text, s.win.W-ui.Px(16, k), ts)
	r, ok := g.Boxes.Room(name, g.Text.Advance(line, ts), int(ui.GlyphH*ts), y, dir, s.win.W, s.win.H, ui.Px(ui.TransientGap, k))
	if ok {
		g.Text.Draw(dst, line, s.win.W/2, r.Min.Y, ts, ui.AlignCenter, ui.ColTitle)
	}
}

// noticeShown is how long the server's last sentence (a portal refused,
// say) stays on screen.
const noticeShown = 4 * time.Second
