package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
)

// The icon is a square PNG a desktop can show: its plate's rounded corners
// let the desktop's background through, the plate is opaque, and the same
// look always draws the same bytes, so two archives of one version hold the
// same icon.
func TestTheIconIsASquarePlateDrawnTheSameEachTime(t *testing.T) {
	look, err := assets.LoadLook(os.DirFS(filepath.Join("..", "..", "assets")))
	require.NoError(t, err)
	data, err := iconPNG(look)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)

	b := img.Bounds()
	assert.Equal(t, iconSize, b.Dx(), "width")
	assert.Equal(t, iconSize, b.Dy(), "height")
	for _, at := range [][2]int{{0, 0}, {iconSize - 1, 0}, {0, iconSize - 1}, {iconSize - 1, iconSize - 1}} {
		_, _, _, a := img.At(at[0], at[1]).RGBA()
		assert.Zero(t, a, "the corner at %v is clear", at)
	}
	for _, at := range [][2]int{{iconSize / 2, iconSize / 2}, {30, iconSize / 2}, {iconSize / 2, iconSize - 30}} {
		_, _, _, a := img.At(at[0], at[1]).RGBA()
		assert.Equal(t, uint32(0xffff), a, "the plate at %v is opaque", at)
	}
	again, err := iconPNG(look)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(data, again), "a second drawing has other bytes")
}
