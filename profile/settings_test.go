package profile

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadSettings(t *testing.T) {
	t.Run("a missing file gives a fresh token, a name and the default address", func(t *testing.T) {
		s, changed, err := LoadSettings(filepath.Join(t.TempDir(), "settings.toml"))
		require.NoError(t, err)
		assert.True(t, changed)
		assert.Regexp(t, regexp.MustCompile(`^[0-9a-f]{32}$`), s.Token)
		assert.Equal(t, "pilot-"+s.Token[:4], s.Name)
		assert.Equal(t, DefaultAddress, s.LastAddress)
	})
	t.Run("two fresh installs get different tokens", func(t *testing.T) {
		a, _, err := LoadSettings("")
		require.NoError(t, err)
		b, _, err := LoadSettings("")
		require.NoError(t, err)
		assert.NotEqual(t, a.Token, b.Token)
	})
	t.Run("saved settings load back unchanged", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "sub", "settings.toml")
		want := Settings{Name: "Ada", LastAddress: "example.org:9000", Token: "00112233445566778899aabbccddeeff",
			WindowScale: 1.5, Gamepad: true, Keys: map[string]string{"interact": "G"}, MusicVolume: 0.3,
			BulletPalette: "colourblind", Quality: QualityLow}
		require.NoError(t, want.Save(path))
		got, changed, err := LoadSettings(path)
		require.NoError(t, err)
		assert.False(t, changed)
		assert.Equal(t, want, got)
	})
	t.Run("a malformed token is replaced, the rest kept", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "settings.toml")
		require.NoError(t, os.WriteFile(path, []byte("name = \"Ada\"\ntoken = \"xyz\"\n"), 0o600))
		s, changed, err := LoadSettings(path)
		require.NoError(t, err)
		assert.True(t, changed)
		assert.Equal(t, "Ada", s.Name)
		_, ok := s.OwnToken()
		assert.True(t, ok)
	})
	t.Run("a file that is not TOML is an error naming the file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "settings.toml")
		require.NoError(t, os.WriteFile(path, []byte("name = [unclosed"), 0o600))
		_, _, err := LoadSettings(path)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "settings.toml")
	})
}

func TestEveryNameHasItsOwnToken(t *testing.T) {
	s, _, err := LoadSettings("")
	require.NoError(t, err)
	own, changed, err := s.TokenFor(s.Name)
	require.NoError(t, err)
	assert.False(t, changed, "the settings' name keeps the settings' token")
	want, _ := s.OwnToken()
	assert.Equal(t, want, own)

	other, changed, err := s.TokenFor("second-window")
	require.NoError(t, err)
	assert.True(t, changed, "a new name gets a new secret, to be saved")
	assert.NotEqual(t, own, other)
	again, changed, err := s.TokenFor("second-window")
	require.NoError(t, err)
	assert.False(t, changed)
	assert.Equal(t, other, again, "and keeps it")

	path := filepath.Join(t.TempDir(), "settings.toml")
	require.NoError(t, s.Save(path))
	back, _, err := LoadSettings(path)
	require.NoError(t, err)
	kept, changed, err := back.TokenFor("second-window")
	require.NoError(t, err)
	assert.False(t, changed)
	assert.Equal(t, other, kept, "across runs")
}

func TestPreferences(t *testing.T) {
	load := func(t *testing.T, text string) Settings {
		path := filepath.Join(t.TempDir(), "settings.toml")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
		s, _, err := LoadSettings(path)
		require.NoError(t, err)
		return s
	}
	t.Run("a file without preferences gets the defaults", func(t *testing.T) {
		s := load(t, "name = \"Ada\"\n")
		assert.True(t, s.Vsync)
		assert.True(t, s.Gamepad)
		assert.True(t, s.ScreenShake)
		assert.False(t, s.Fullscreen)
		assert.Equal(t, 1.0, s.WindowScale)
		assert.Equal(t, 0.6, s.MusicVolume)
		assert.Equal(t, "standard", s.BulletPalette)
		assert.Equal(t, QualityAuto, s.Quality)
		assert.Empty(t, s.Warnings)
	})
	t.Run("what a file says is kept", func(t *testing.T) {
		s := load(t, "vsync = false\ngamepad = false\nwindow_scale = 0.75\nfullscreen = true\n")
		assert.False(t, s.Vsync)
		assert.False(t, s.Gamepad)
		assert.True(t, s.Fullscreen)
		assert.Equal(t, 0.75, s.WindowScale)
	})
	t.Run("bad values fall back with a warning", func(t *testing.T) {
		s := load(t, "window_scale = 40.0\n")
		assert.Equal(t, 1.0, s.WindowScale)
		assert.Len(t, s.Warnings, 1)
	})
	t.Run("a UI scale is kept, and one that is not a choice falls back to Auto with a warning", func(t *testing.T) {
		assert.Equal(t, 1.5, load(t, "ui_scale = 1.5\n").UIScale)
		s := load(t, "ui_scale = 7.0\n")
		assert.Zero(t, s.UIScale)
		assert.Len(t, s.Warnings, 1)
	})
	t.Run("an unknown bullet palette or quality falls back with a warning", func(t *testing.T) {
		s := load(t, "bullet_palette = \"sepia\"\nquality = \"ultra\"\nmusic_volume = 2.0\n")
		assert.Equal(t, "standard", s.BulletPalette)
		assert.Equal(t, QualityAuto, s.Quality)
		assert.Equal(t, 0.6, s.MusicVolume)
		assert.Len(t, s.Warnings, 3)
	})
}
