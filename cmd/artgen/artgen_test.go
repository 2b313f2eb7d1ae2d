package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
)

// The files in assets/ are the source the game loads, and artgen is how
// they are made: what is committed is exactly what artgen writes from the
// committed code and palettes.
func TestTheCommittedArtIsWhatArtgenWrites(t *testing.T) {
	dir := filepath.Join("..", "..", "assets")
	look, err := assets.LoadLook(os.DirFS(dir))
	require.NoError(t, err)
	outs, err := generate(look)
	require.NoError(t, err)
	for _, o := range outs {
		t.Run(o.path+" is as artgen writes it", func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(dir, o.path))
			require.NoError(t, err, "run go run ./cmd/artgen")
			assert.True(t, bytes.Equal(b, o.data), "run go run ./cmd/artgen and commit what it writes")
		})
	}
}

// Every sheet artgen writes loads through the assets package.
func TestEverySheetLoads(t *testing.T) {
	for _, dir := range []string{"sprites", "tiles"} {
		names, err := assets.Sheets(assets.FS(), dir)
		require.NoError(t, err)
		for _, n := range names {
			t.Run(dir+"/"+n+" loads with its frames inside it", func(t *testing.T) {
				s, err := assets.LoadSheet(assets.FS(), dir, n)
				require.NoError(t, err)
				assert.NotEmpty(t, s.Frames)
			})
		}
	}
}
