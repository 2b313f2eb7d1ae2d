//go:build frames

package render

import (
	"image"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/render/ui"
)

// Settings' note line, over its footer, keeps clear of the rows, the line
// saying which rows are shown and the footer at every window size: on a
// key's row (the fixed keys), and with the longest words a rebinding can
// leave there. The frames are saved as PNGs in $HUD_SHOTS, or a temporary
// directory the log names.
func TestTheSettingsNoteFitsAtAnySize(t *testing.T) {
	dir := os.Getenv("HUD_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	defer func() { ui.ScaleChoice = 0 }()
	ui.ScaleChoice = 0
	h, p := openSettings(t)
	defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
	up := settingsRow(t, p, "Move up")
	onKeyRow := func() { p.Sel, p.List.Loose = up, false; h.press(ui.FrameInput{}) }
	checkLayoutAt(t, dir, "settings-fixed-keys", h, func(image.Point) []string { return []string{"Settings", "Move up"} }, onKeyRow)
	focus := settingsRow(t, p, "Focus (slower, hitbox shown)")
	const longest = "Leave the dungeon not bound: Bag slot 4 has NumpadMultiply and cannot take Shift; give it another key first"
	refused := func() {
		p.Sel, p.List.Loose = focus, false
		h.press(ui.FrameInput{})
		p.Said = longest
	}
	checkLayoutAt(t, dir, "settings-refused", h, func(image.Point) []string { return []string{"Settings", "Focus (slower, hitbox shown)"} }, refused)
}
