package hud

import (
	"duskfall/render/ui"
	"duskfall/render/world"
)

// Window is what every scene lays out and draws with: the window's size,
// this frame's input and the shared graphics. The app owns the one window
// and scenes point to it, so a resize, the next frame's input and the
// graphics made on the first Draw are seen by all.
type Window struct {
	W, H int
	In   *ui.FrameInput
	Gfx  *world.Graphics // nil until the first Draw
}
