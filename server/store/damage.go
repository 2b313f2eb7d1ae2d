package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"
)

// DamagedError refuses a file that fails the start check. Nothing was
// written to it: the operator can move it aside, restore the backup, or
// hand it to someone who can look inside.
type DamagedError struct {
	Path    string
	Problem string // what is wrong, in words
	// Foreign is set when neither header page is valid: the file may be
	// another program's, or a store damaged beyond recognition.
	Foreign bool
	Backup  string    // the backup beside the file, "" when there is none
	Made    time.Time // when the backup was written
}

func (e *DamagedError) Error() string {
	what := "is damaged"
	if e.Foreign {
		what = "is damaged or is not a Duskfall character store"
	}
	restore := "or restore a backup of it"
	if e.Backup != "" {
		restore = fmt.Sprintf("or restore the backup %s (made %s)", filepath.Base(e.Backup), e.Made.Format("2006-01-02 15:04"))
	}
	return fmt.Sprintf("the character store %s %s (%s): the server did not start; move it aside to start a new store, %s",
		e.Path, what, e.Problem, restore)
}

// refuseDamaged says why the file at path cannot be served, naming its
// backup when there is one.
func refuseDamaged(path string, d *damage) *DamagedError {
	e := &DamagedError{Path: path, Problem: d.problem, Foreign: d.foreign}
	if st, err := os.Stat(BackupPath(path)); err == nil && st.Mode().IsRegular() {
		e.Backup, e.Made = BackupPath(path), st.ModTime()
	}
	return e
}

// FaultError is a store that failed while serving: an I/O error, a page
// that faults or panics when read, or a backup whose copy fails the start
// check. The file can no longer be trusted to take writes.
type FaultError struct {
	Path string
	Err  error
}

func (e *FaultError) Error() string {
	return fmt.Sprintf("the character store %s failed: %v", e.Path, e.Err)
}

func (e *FaultError) Unwrap() error { return e.Err }

// PanicError is a panic, or a memory fault made into one, caught while
// the file was read or written.
type PanicError struct{ Value any }

func (e *PanicError) Error() string { return fmt.Sprintf("it faulted (%v)", e.Value) }

// Guard runs fn, turning a panic into a *PanicError. It makes the calling
// goroutine panic on a memory fault while fn runs, so a page of a mapped
// file that is gone (a truncated or unreadable file: SIGBUS) is an error
// too, not the end of the process.
func Guard(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Value: r}
		}
	}()
	return fn()
}

// refusals are the errors a request of a player's causes; any other error
// from the store means the file or the disk failed.
var refusals = []error{
	ErrNameTaken, ErrNoAccount, ErrNoCharacter, ErrNotYours, ErrCharacterNameTaken,
	ErrTooManyCharacters, ErrCharacterIdentityMoved,
	ErrNameEmpty, ErrNameTooLong, ErrNameNotUTF8, ErrNameControl, ErrNameSpaceEnd,
	ErrNoNewAccounts, ErrAccountsFull, ErrNameLooksTaken,
}

// IsRefusal reports whether err is the store saying no to a request (a
// name taken, a character not the player's) rather than failing.
func IsRefusal(err error) bool {
	for _, r := range refusals {
		if errors.Is(err, r) {
			return true
		}
	}
	return false
}
