package main

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
)

// A frame's anchor is written in the sheet's pixels, wherever the frame
// lands, and frames pack tallest first without changing their names.
func TestSheetAnchorsLandWithTheirFrames(t *testing.T) {
	s := newSheet("sprites", "test", 64)
	small, tall := image.NewNRGBA(image.Rect(0, 0, 10, 10)), image.NewNRGBA(image.Rect(0, 0, 20, 30))
	s.add("small", small, image.Pt(5, 5), frameScale)
	s.add("tall", tall, image.Pt(-4, 15), frameScale) // an anchor may lie outside its frame
	outs, err := s.outputs()
	require.NoError(t, err)
	dir := t.TempDir()
	for _, o := range outs {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(o.path)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, o.path), o.data, 0o644))
	}
	got, err := assets.LoadSheet(os.DirFS(dir), "sprites", "test")
	require.NoError(t, err)
	for name, want := range map[string]image.Point{"small": {5, 5}, "tall": {-4, 15}} {
		t.Run(name+" keeps its anchor relative to its pixels", func(t *testing.T) {
			f, ok := got.Frame(name)
			require.True(t, ok)
			assert.Equal(t, want, f.Anchor.Sub(f.Rect.Min))
		})
	}
	t.Run("the tall frame is placed first", func(t *testing.T) {
		f, _ := got.Frame("tall")
		assert.Equal(t, image.Pt(0, 0), f.Rect.Min)
	})
}
