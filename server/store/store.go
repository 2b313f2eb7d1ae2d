package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Store is an open character file. Its methods are safe for concurrent use
// (bbolt serialises writers); a Batch is not.
type Store struct {
	db   *bolt.DB
	file *os.File // the file under db, for Abandon
	path string
	boot uint64
}

var (
	bucketMeta       = []byte("meta")
	bucketAccounts   = []byte("accounts")
	bucketCharacters = []byte("characters")
	bucketByAccount  = []byte("by_account")
	bucketNames      = []byte("names")
	keySchema        = []byte("schema")
	keyBoots         = []byte("boots")
)

// ourBuckets lists every top-level bucket this package writes; anything else
// in the file means it is not ours.
func ourBuckets() [][]byte {
	return [][]byte{bucketMeta, bucketAccounts, bucketCharacters, bucketByAccount, bucketNames,
		bucketAccountLooks, bucketNameLooks, bucketBans}
}

// lockWait bounds how long Open waits for another process holding the file,
// so a second server on the same file fails in words instead of hanging.
const lockWait = 2 * time.Second

// Open opens the character file at path, creating it and its directory if
// missing, checks it before anything is written to it, and brings its
// schema to SchemaVersion. A file that fails the check is refused with a
// *DamagedError and left exactly as it was.
func Open(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("the data file %s: cannot create its directory: %w", path, err)
	}
	if err := createIfMissing(path); err != nil {
		return nil, err
	}
	db, file, err := openChecked(path, false)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, file: file, path: path}
	err = Guard(func() error {
		return db.Update(func(tx *bolt.Tx) error {
			if err := prepare(tx, path, migrations()); err != nil {
				return err
			}
			s.boot, err = countBoot(tx)
			return err
		})
	})
	var caught *PanicError
	switch {
	case errors.As(err, &caught):
		_ = s.Abandon() // Close could wait for ever on the lock the panic left held
		return nil, refuseDamaged(path, &damage{problem: caught.Error()})
	case err != nil:
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// countBoot counts this opening in the file and returns the count.
func countBoot(tx *bolt.Tx) (uint64, error) {
	meta := tx.Bucket(bucketMeta)
	var n uint64
	if raw := meta.Get(keyBoots); len(raw) == 8 {
		n = binary.BigEndian.Uint64(raw)
	}
	n++
	return n, meta.Put(keyBoots, binary.BigEndian.AppendUint64(nil, n))
}

// Boot is how many times the file has been opened, this time included. It
// never repeats for a file, so the server mints item ids under it (Boot
// in the high bits) that no earlier run of the file can have handed out.
func (s *Store) Boot() uint64 { return s.boot }

func openError(path string, err error) error {
	switch {
	case errors.Is(err, bolt.ErrTimeout):
		return fmt.Errorf("the data file %s is in use by another process", path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("the data file %s cannot be opened for writing (%w): give this user write access to it and its folder, or choose another folder", path, err)
	}
	return fmt.Errorf("the data file %s is not a Duskfall character store: %w", path, err)
}

// Close closes the file. Staged but unflushed writes are not written.
func (s *Store) Close() error { return s.db.Close() }

// Abandon gives up a store that failed inside a transaction, whose Close
// may wait for ever on a lock the failure left held (a page that faulted
// as bbolt rolled back). It releases bbolt's lock on the file, for the
// next Open in this process, and closes the file; the map and any
// goroutine waiting in Close stay until the process ends. Nothing may use
// the store after it.
func (s *Store) Abandon() error { return errors.Join(unlock(s.file), s.file.Close()) }

// Path is the file the store was opened from, for messages.
func (s *Store) Path() string { return s.path }
