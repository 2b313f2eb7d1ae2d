package render

import (
	"bytes"
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
		want := Settings{Name: "Ada", LastAddress: "example.org:9000", Token: "00112233445566778899aabbccddeeff"}
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
		_, ok := s.token()
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

func TestAppSetsABrokenSettingsFileAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	require.NoError(t, os.WriteFile(path, []byte("token = [broken"), 0o600))
	var log bytes.Buffer
	a, err := newApp(Options{Port: 7777}, fakeStarter(t), &log, path)
	require.NoError(t, err)

	kept, err := os.ReadFile(path + ".bad")
	require.NoError(t, err)
	assert.Equal(t, "token = [broken", string(kept), "the old file, token and all, is kept for the player")
	fresh, changed, err := LoadSettings(path)
	require.NoError(t, err)
	assert.False(t, changed)
	assert.Equal(t, a.settings, fresh, "defaults were written in its place")
	assert.Contains(t, log.String(), "settings.toml.bad")
}

func TestEveryNameHasItsOwnToken(t *testing.T) {
	s, _, err := LoadSettings("")
	require.NoError(t, err)
	own, changed, err := s.tokenFor(s.Name)
	require.NoError(t, err)
	assert.False(t, changed, "the settings' name keeps the settings' token")
	want, _ := s.token()
	assert.Equal(t, want, own)

	other, changed, err := s.tokenFor("second-window")
	require.NoError(t, err)
	assert.True(t, changed, "a new name gets a new secret, to be saved")
	assert.NotEqual(t, own, other)
	again, changed, err := s.tokenFor("second-window")
	require.NoError(t, err)
	assert.False(t, changed)
	assert.Equal(t, other, again, "and keeps it")

	path := filepath.Join(t.TempDir(), "settings.toml")
	require.NoError(t, s.Save(path))
	back, _, err := LoadSettings(path)
	require.NoError(t, err)
	kept, changed, err := back.tokenFor("second-window")
	require.NoError(t, err)
	assert.False(t, changed)
	assert.Equal(t, other, kept, "across runs")
}
