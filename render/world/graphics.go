package world

import "duskfall/render/ui"

// Graphics are the drawing resources the scenes share: the UI kit's and
// the bullets'.
type Graphics struct {
	ui.Graphics
	Bullets *BulletLayer
}
