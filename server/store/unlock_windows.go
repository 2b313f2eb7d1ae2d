//go:build windows

package store

import (
	"os"

	"golang.org/x/sys/windows"
)

// unlock releases bbolt's lock on f: the byte range it locks, the last
// byte of the largest file (as bbolt's funlock does).
func unlock(f *os.File) error {
	const last = 1<<32 - 1
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &windows.Overlapped{Offset: last, OffsetHigh: last})
}
