package levels_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/levels"
)

// embeddedCopy is the built-in content folder as a MapFS a test may change.
func embeddedCopy(t *testing.T) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	entries, err := fs.ReadDir(levels.Embedded(), ".")
	require.NoError(t, err)
	for _, e := range entries {
		b, err := fs.ReadFile(levels.Embedded(), e.Name())
		require.NoError(t, err)
		out[e.Name()] = &fstest.MapFile{Data: b}
	}
	return out
}

func hashOf(t *testing.T, fsys fs.FS) [32]byte {
	t.Helper()
	h, err := levels.Hash(fsys)
	require.NoError(t, err)
	return h
}

func TestContentHash(t *testing.T) {
	builtin := hashOf(t, levels.Embedded())
	cases := []struct {
		name   string
		change func(fstest.MapFS)
		same   bool
	}{
		{"a copy of the folder hashes the same", func(fstest.MapFS) {}, true},
		{"CRLF line ends hash as LF", func(f fstest.MapFS) {
			for _, file := range f {
				file.Data = []byte(strings.ReplaceAll(string(file.Data), "\n", "\r\n"))
			}
		}, true},
		{"a file that is not TOML is not content", func(f fstest.MapFS) {
			f["README.txt"] = &fstest.MapFile{Data: []byte("my mod")}
		}, true},
		{"a changed value changes the hash", func(f fstest.MapFS) {
			f[levels.PlayerFile].Data = append(f[levels.PlayerFile].Data, "\n# tuned\n"...)
		}, false},
		{"a renamed map changes the hash", func(f fstest.MapFS) {
			f["arena2.toml"] = f["arena.toml"]
			delete(f, "arena.toml")
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := embeddedCopy(t)
			c.change(f)
			assert.Equal(t, c.same, hashOf(t, f) == builtin)
		})
	}
	t.Run("loaded content carries its folder's hash", func(t *testing.T) {
		p, err := levels.Builtin()
		require.NoError(t, err)
		assert.Equal(t, builtin, p.Content.Hash)
		assert.Len(t, levels.ShortHash(builtin), 8)
	})
}

func TestLoadDir(t *testing.T) {
	write := func(t *testing.T, change func(fstest.MapFS)) string {
		dir := t.TempDir()
		f := embeddedCopy(t)
		change(f)
		for name, file := range f {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), file.Data, 0o644))
		}
		return dir
	}
	t.Run("a modified folder loads with its own hash and its maps", func(t *testing.T) {
		dir := write(t, func(f fstest.MapFS) {
			f[levels.PlayerFile].Data = []byte(strings.Replace(string(f[levels.PlayerFile].Data), "\n", "\n# modded\n", 1))
		})
		p, err := levels.LoadDir(dir)
		require.NoError(t, err)
		builtin, err := levels.Builtin()
		require.NoError(t, err)
		assert.NotEqual(t, builtin.Content.Hash, p.Content.Hash)
		assert.Equal(t, dir, p.Source)
		_, err = p.Map("hub")
		assert.NoError(t, err)
	})
	t.Run("a broken folder fails with the file and the key", func(t *testing.T) {
		dir := write(t, func(f fstest.MapFS) {
			f[levels.EnemiesFile].Data = []byte(strings.Replace(string(f[levels.EnemiesFile].Data), "\nradius = 14", "\nradios = 14", 1))
		})
		_, err := levels.LoadDir(dir)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "enemies.toml: ")
		assert.Contains(t, err.Error(), "radios")
	})
	t.Run("a path that is no folder says so", func(t *testing.T) {
		_, err := levels.LoadDir(filepath.Join(t.TempDir(), "nope"))
		assert.ErrorContains(t, err, "not a content folder")
	})
}
