package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// createIfMissing makes a new store at path when nothing is there. The
// store is made whole under a temporary name and only then given its own,
// so a characters.db is never empty or half made by this program: an empty
// one is damage, and the check refuses it.
func createIfMissing(path string) error {
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil // something is there: the check says what
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".new-*")
	if err != nil {
		return createError(path, err)
	}
	name := tmp.Name()
	defer os.Remove(name) // a no-op once renamed; a leftover link otherwise
	if err := tmp.Close(); err != nil {
		return createError(path, err)
	}
	if err := initialiseFile(name); err != nil {
		return createError(path, err)
	}
	if err := publish(name, path); err != nil {
		return createError(path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// initialiseFile writes an empty store at the current schema into the
// empty file at name.
func initialiseFile(name string) error {
	db, err := bolt.Open(name, 0o600, &bolt.Options{Timeout: lockWait})
	if err != nil {
		return err
	}
	if err := db.Update(initialise); err != nil {
		_ = db.Close()
		return err
	}
	return db.Close()
}

// publish gives the finished file at name the name path, unless another
// process made a store there first: then that one is kept. A file system
// without hard links gets a rename.
func publish(name, path string) error {
	err := os.Link(name, path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return nil
	}
	return os.Rename(name, path)
}

func createError(path string, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("the data file %s cannot be created (%w): give this user write access to its folder, or choose another folder", path, err)
	}
	return fmt.Errorf("the data file %s cannot be created: %w", path, err)
}

// syncDir makes a new name in dir durable where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// openChecked opens the bbolt file at path, read-only or for writing, and
// checks it before anything can write to it: first by reading it
// (precheck), then under bbolt's lock the whole tree, bbolt's own check and
// the schema's rules. A file that fails is refused with a *DamagedError
// and was not written. The file under bbolt is returned too, for Abandon.
func openChecked(path string, readOnly bool) (*bolt.DB, *os.File, error) {
	if err := precheck(path); err != nil {
		return nil, nil, err
	}
	var file *os.File
	opts := &bolt.Options{Timeout: lockWait, ReadOnly: readOnly,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag&^os.O_CREATE, perm) // a file gone since the precheck is not made anew
			file = f
			return f, err
		}}
	var db *bolt.DB
	err := Guard(func() error {
		var err error
		if db, err = bolt.Open(path, 0o600, opts); err != nil {
			return openError(path, err)
		}
		return checkOpen(db, file, path)
	})
	if err == nil {
		return db, file, nil
	}
	var p *PanicError
	if errors.As(err, &p) {
		// After a panic bbolt's locks may be held: its Close could wait for
		// ever. Closing the file releases the file's lock; the map stays
		// until the process ends.
		if file != nil {
			_ = file.Close()
		}
		return nil, nil, refuseDamaged(path, &damage{problem: p.Error()})
	}
	if db != nil {
		_ = db.Close()
	}
	var d *damage
	if errors.As(err, &d) {
		return nil, nil, refuseDamaged(path, d)
	}
	return nil, nil, err
}

// precheck looks at the file without bbolt: its kind, its size and what
// bbolt will read as it opens it (inspectHeader).
func precheck(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return openError(path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	switch {
	case err != nil:
		return openError(path, err)
	case st.IsDir():
		return fmt.Errorf("the data file %s is a folder, not a file: move it aside to start a new store", path)
	case st.Size() == 0:
		return refuseDamaged(path, damaged("the file is empty"))
	}
	_, err = inspectHeader(f, st.Size())
	var d *damage
	if !errors.As(err, &d) {
		return err
	}
	if inUse(path) {
		// A store another process is writing can look torn to a reader
		// that holds no lock.
		return openError(path, bolt.ErrTimeout)
	}
	return refuseDamaged(path, d)
}

// inUse reports whether another process holds the file as a store.
func inUse(path string) bool {
	var db *bolt.DB
	err := Guard(func() error {
		var err error
		db, err = bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: lockWait})
		return err
	})
	if err == nil {
		_ = db.Close()
	}
	return errors.Is(err, bolt.ErrTimeout)
}

// checkOpen checks the file bbolt has just opened, under its lock: the
// header again (it may have changed since the precheck), every page of the
// tree, bbolt's own check, then the schema.
func checkOpen(db *bolt.DB, f *os.File, path string) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	h, err := inspectHeader(f, st.Size())
	if err != nil {
		return err
	}
	if err := inspectTree(f, h); err != nil {
		return err
	}
	if err := boltCheck(db); err != nil {
		return err
	}
	return db.View(func(tx *bolt.Tx) error { return checkSchema(tx, path, migrations()) })
}

// boltCheck runs bbolt's consistency check: pages freed and in use at
// once, pages neither, keys out of order. It reads the file through the
// map on a goroutine of its own, so it runs only after inspectTree has
// found every page it reads inside the file.
func boltCheck(db *bolt.DB) error {
	return db.View(func(tx *bolt.Tx) error {
		var first error
		more := 0
		for err := range tx.Check() {
			if first == nil {
				first = err
			} else {
				more++
			}
		}
		switch {
		case first == nil:
			return nil
		case more > 0:
			return damaged("bbolt's check found %v, and %d more problems", first, more)
		}
		return damaged("bbolt's check found %v", first)
	})
}
