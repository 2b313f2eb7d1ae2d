//go:build !unix && !windows

package store

import "os"

// unlock has nothing to release where bbolt takes no lock.
func unlock(*os.File) error { return nil }
