package render

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/profile"
	"duskfall/render/ui"
)

func TestKeysAndPalettes(t *testing.T) {
	load := func(t *testing.T, text string) profile.Settings {
		path := filepath.Join(t.TempDir(), "settings.toml")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
		s, _, err := ui.LoadSettings(path)
		require.NoError(t, err)
		return s
	}
	t.Run("key names a file gets wrong fall back with a warning", func(t *testing.T) {
		s := load(t, "[keys]\nup = \"NoSuchKey\"\nfly = \"Q\"\ninteract = \"G\"\n")
		assert.Len(t, s.Warnings, 2)
		assert.Equal(t, map[string]string{"interact": "G"}, s.Keys)
		assert.Equal(t, ebiten.KeyW, ui.BindingsOf(&s)[ui.ActUp], "the default for a key that does not exist")
		assert.Equal(t, ebiten.KeyG, ui.BindingsOf(&s)[ui.ActInteract])
	})
	t.Run("the bullet palettes step in a ring", func(t *testing.T) {
		assert.Equal(t, "colourblind", ui.NextPalette("standard", 1))
		assert.Equal(t, "standard", ui.NextPalette("colourblind", 1))
		assert.Equal(t, "colourblind", ui.NextPalette("standard", -1))
	})
	t.Run("binding a key another action had swaps them, and only changes are kept", func(t *testing.T) {
		var s profile.Settings
		ui.Bind(&s, ui.ActInteract, ebiten.KeyF)
		b := ui.BindingsOf(&s)
		assert.Equal(t, ebiten.KeyF, b[ui.ActInteract])
		assert.Equal(t, ebiten.KeyE, b[ui.ActLeave], "F's old action took E")
		ui.Bind(&s, ui.ActInteract, ebiten.KeyE)
		assert.Empty(t, s.Keys, "back to the defaults: nothing to keep")
	})
}

func TestAppSetsABrokenSettingsFileAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	require.NoError(t, os.WriteFile(path, []byte("token = [broken"), 0o600))
	var log bytes.Buffer
	a, err := newApp(Options{Content: builtin(t), Port: 7777}, fakeStarter(t), &log, path)
	require.NoError(t, err)

	kept, err := os.ReadFile(path + ".bad")
	require.NoError(t, err)
	assert.Equal(t, "token = [broken", string(kept), "the old file, token and all, is kept for the player")
	fresh, changed, err := ui.LoadSettings(path)
	require.NoError(t, err)
	assert.False(t, changed)
	assert.Equal(t, a.settings, fresh, "defaults were written in its place")
	assert.Contains(t, log.String(), "settings.toml.bad")
}
