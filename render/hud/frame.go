package hud

import (
	"io"

	"duskfall/client"
	"duskfall/game"
	"duskfall/profile"
	"duskfall/render/sound"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// Frame is what the HUD, the items, the keeper and the fight's effects
// read of a frame of play, rather than the scene: the window's size, the
// frame count, the runtime, the world's look and camera, the labels'
// placer, the settings and keys, the sound director, the HUD's boss and
// which panels are open. The play scene fills it before it updates the
// effects and before it draws (playScene.frame), in a field of its own,
// so handing it on allocates nothing.
type Frame struct {
	W, H     int
	Frame    int
	Rt       *client.Runtime
	Look     *world.Look
	Cam      world.Camera
	Zoom     float64
	High     bool    // the Graphics quality draws glows
	Aim      float64 // the own ship's aim, as drawn
	Labels   *world.LabelPlacer
	Settings *profile.Settings
	Keys     *ui.Bindings
	Dir      *sound.Director
	Display  *Display // the boss the HUD has met, and its words
	Keeper   KeeperMark
	Logw     io.Writer
	NetGraph bool
	// The panels open over the game: the inventory, the pause menu, the
	// keeper's.
	InvOpen, Paused, KeeperOpen bool
}

// OnScreen maps a world point to the window, through the zoom.
func (f *Frame) OnScreen(x, y float64) (float32, float32) {
	sx, sy := f.Cam.ToScreen(x, y)
	z := float32(max(f.Zoom, 1))
	return sx * z, sy * z
}

// portalPrompt is what the player standing at pos reads of the portals
// here (world.Look.PortalPrompt).
func (f *Frame) portalPrompt(pos game.Vec) string {
	_, here := f.Rt.Instance()
	return f.Look.PortalPrompt(f.Rt.Portals(), here, f.Keys[ui.ActInteract], pos)
}

// punchView is what the punch's light is drawn from this frame, in the
// friendly shots' colours of the bullets drawn.
func (f *Frame) punchView(g *world.Graphics) PunchView {
	self, ok := f.Rt.Self()
	friendly, hot := g.Bullets.FriendlyColours()
	return PunchView{Frame: f.Frame, Cam: f.Cam, Self: self.Pos, HasSelf: ok, Aim: f.Aim,
		MuzzleOffset: f.Rt.PlayerStats().MuzzleOffset, Friendly: friendly, Hot: hot, Glows: f.High}
}
