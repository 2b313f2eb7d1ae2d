package render

import (
	"io"

	"duskfall/client"
	"duskfall/game"
	"duskfall/profile"
	"duskfall/render/sound"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// playFrame is what the HUD, the items, the keeper and the fight's effects
// read of a frame of play, rather than the scene: the window's size, the
// frame count, the runtime, the world's look and camera, the labels'
// placer, the settings and keys, the sound director, the HUD's boss and
// which panels are open. The play scene fills it before it updates the
// effects and before it draws (playScene.frame), in a field of its own,
// so handing it on allocates nothing.
type playFrame struct {
	w, h     int
	frame    int
	rt       *client.Runtime
	look     *world.Look
	cam      world.Camera
	zoom     float64
	high     bool    // the Graphics quality draws glows
	aim      float64 // the own ship's aim, as drawn
	labels   *world.LabelPlacer
	settings *profile.Settings
	keys     *ui.Bindings
	dir      *sound.Director
	hud      *hud // the boss the HUD has met, and its words
	keeper   keeperMark
	logw     io.Writer
	netGraph bool
	// The panels open over the game: the inventory, the pause menu, the
	// keeper's.
	invOpen, paused, keeperOpen bool
}

// frame fills the scene's playFrame from its state now and returns it.
func (s *playScene) frame() *playFrame {
	f := &s.pf
	*f = playFrame{w: s.win.w, h: s.win.h, frame: s.clock.frames, rt: s.rt, look: s.look, cam: s.view.cam, zoom: s.view.zoom,
		high: s.quality.highQuality(), aim: s.lastAim, labels: &s.labels, settings: s.settings, keys: s.keys, dir: s.dir,
		hud: &s.hud, keeper: s.keeperMark(), logw: s.logw, netGraph: s.netGraph,
		invOpen: s.inv.open, paused: s.pause.open, keeperOpen: s.keeper.open}
	return f
}

// onScreen maps a world point to the window, through the zoom.
func (f *playFrame) onScreen(x, y float64) (float32, float32) {
	sx, sy := f.cam.ToScreen(x, y)
	z := float32(max(f.zoom, 1))
	return sx * z, sy * z
}

// portalPrompt is what the player standing at pos reads of the portals
// here (world.Look.PortalPrompt).
func (f *playFrame) portalPrompt(pos game.Vec) string {
	_, here := f.rt.Instance()
	return f.look.PortalPrompt(f.rt.Portals(), here, f.keys[ui.ActInteract], pos)
}

// punchView is what the punch's light is drawn from this frame, in the
// friendly shots' colours of the bullets drawn.
func (f *playFrame) punchView(g *world.Graphics) punchView {
	self, ok := f.rt.Self()
	friendly, hot := g.Bullets.FriendlyColours()
	return punchView{frame: f.frame, cam: f.cam, self: self.Pos, hasSelf: ok, aim: f.aim,
		muzzleOffset: f.rt.PlayerStats().MuzzleOffset, friendly: friendly, hot: hot, glows: f.high}
}
