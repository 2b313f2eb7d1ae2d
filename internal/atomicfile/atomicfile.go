// Package atomicfile replaces files whole: a reader (a status poller, the
// next start of the game) sees the old content or the new, never half of
// either, and a crash mid-write leaves the old file in place.
package atomicfile

import (
	"io"
	"os"
	"path/filepath"
)

// Write replaces the file at path with data. It writes a temporary file in
// the same directory (a rename is atomic only within one file system),
// syncs it so the rename never lands before the data, then renames it over
// path. The file gets perm exactly, whatever the umask. On any failure the
// temporary file is removed and path is untouched.
func Write(path string, data []byte, perm os.FileMode) error {
	return WriteFunc(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, nil)
}

// WriteFunc replaces the file at path with what write writes, as Write
// does, for content too large to hold in memory. When check is not nil it
// is handed the temporary file's name once the file is written and synced;
// an error from it leaves path untouched. Errors from write and check are
// returned as they are.
func WriteFunc(path string, perm os.FileMode, write func(io.Writer) error, check func(tmp string) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if err := fill(tmp, write, perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if check != nil {
		if err := check(tmp.Name()); err != nil {
			return err
		}
	}
	return os.Rename(tmp.Name(), path)
}

func fill(f *os.File, write func(io.Writer) error, perm os.FileMode) error {
	if err := write(f); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	return f.Sync()
}
