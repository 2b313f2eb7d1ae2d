//go:build unix

package store

import (
	"os"
	"syscall"
)

// unlock releases bbolt's lock on f (flock). Closing f alone would not:
// the map bbolt made of the file holds the open file, and the lock with it.
func unlock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
