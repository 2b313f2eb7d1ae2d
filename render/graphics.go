package render

import "duskfall/render/ui"

// graphics are the drawing resources the scenes share: the UI kit's and
// the bullets'.
type graphics struct {
	ui.Graphics
	bullets *bulletLayer
}
