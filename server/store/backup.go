package store

import (
	"errors"
	"fmt"
	"io"

	bolt "go.etcd.io/bbolt"

	"duskfall/internal/atomicfile"
)

// BackupPath is where Backup keeps the copy of the store at path.
func BackupPath(path string) string { return path + ".bak" }

// Backup replaces the backup beside the store (BackupPath) with a copy of
// it as of now. The copy is read in one read transaction, so writers go on
// meanwhile, and is checked as Open checks a file before it replaces the
// last backup: a damaged store never overwrites a good backup.
//
// A *FaultError means the store itself failed: it could not be read, or
// its copy fails the check. Any other error is the backup's own (a full
// disk, a read-only folder) and says nothing about the store.
func (s *Store) Backup() error {
	return atomicfile.WriteFunc(BackupPath(s.path), 0o600, s.copyTo, s.checkCopy)
}

func (s *Store) copyTo(w io.Writer) error {
	out := &recordingWriter{w: w}
	err := Guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			_, err := tx.WriteTo(out)
			return err
		})
	})
	if err != nil && out.err == nil {
		return &FaultError{Path: s.path, Err: fmt.Errorf("reading it for a backup: %w", err)}
	}
	return err
}

func (s *Store) checkCopy(tmp string) error {
	db, _, err := openChecked(tmp, true)
	var d *DamagedError
	if errors.As(err, &d) {
		return &FaultError{Path: s.path, Err: fmt.Errorf("a copy of it fails the start check (%s)", d.Problem)}
	}
	if err != nil {
		return err
	}
	return db.Close()
}

// recordingWriter remembers its own failure, so that a backup tells a
// full disk (the backup's) from a store that cannot be read (the store's).
type recordingWriter struct {
	w   io.Writer
	err error
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}
