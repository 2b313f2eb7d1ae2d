package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrite(t *testing.T) {
	cases := []struct {
		name string
		old  string // "" means no file before
		data string
		perm os.FileMode
	}{
		{"a new file is created with the given content", "", "hello\n", 0o644},
		{"an existing file is replaced whole", "a much longer old content\n", "new\n", 0o644},
		{"the file gets the given permissions", "old", "secret", 0o600},
		{"empty data leaves an empty file", "old", "", 0o644},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.txt")
			if c.old != "" {
				require.NoError(t, os.WriteFile(path, []byte(c.old), 0o644))
			}
			require.NoError(t, Write(path, []byte(c.data), c.perm))
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, c.data, string(got))
			st, err := os.Stat(path)
			require.NoError(t, err)
			assert.Equal(t, c.perm, st.Mode().Perm())
			assert.Equal(t, []string{"f.txt"}, names(t, dir), "no temporary file is left behind")
		})
	}
}

// A write that fails must leave whatever was at path as it was. Renaming
// onto a non-empty directory is a failure any user can provoke, root too.
func TestAFailedWriteLeavesTheOldContent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	require.NoError(t, os.Mkdir(path, 0o755))
	inside := filepath.Join(path, "inside")
	require.NoError(t, os.WriteFile(inside, []byte("old"), 0o644))

	require.Error(t, Write(path, []byte("new"), 0o644))

	got, err := os.ReadFile(inside)
	require.NoError(t, err)
	assert.Equal(t, "old", string(got), "the old content is still there")
	assert.Equal(t, []string{"f.txt"}, names(t, dir), "no temporary file is left behind")
}

func TestWriteIntoAMissingDirectoryFailsAndCreatesNothing(t *testing.T) {
	dir := t.TempDir()
	require.Error(t, Write(filepath.Join(dir, "missing", "f.txt"), []byte("new"), 0o644))
	assert.Empty(t, names(t, dir))
}

func TestWriteFunc(t *testing.T) {
	t.Run("a check that refuses the finished file leaves the old content", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "f.txt")
		require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
		refused := errors.New("refused")
		var checked string
		err := WriteFunc(path, 0o644, func(w io.Writer) error {
			_, err := io.WriteString(w, "new")
			return err
		}, func(tmp string) error {
			b, err := os.ReadFile(tmp)
			checked = string(b)
			return errors.Join(err, refused)
		})
		require.ErrorIs(t, err, refused)
		assert.Equal(t, "new", checked, "the check reads the finished file")
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, "old", string(got))
		assert.Equal(t, []string{"f.txt"}, names(t, dir), "no temporary file is left behind")
	})
	t.Run("what the writer writes replaces the file once the check passes", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "f.txt")
		require.NoError(t, WriteFunc(path, 0o600, func(w io.Writer) error {
			_, err := io.WriteString(w, "streamed")
			return err
		}, func(string) error { return nil }))
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, "streamed", string(got))
	})
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}
