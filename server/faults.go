package server

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"duskfall/server/store"
)

// A store that fails while the server runs (an I/O error, a page that
// faults or panics when read, a backup whose copy fails the check) does
// not take the process down. The desk catches the failure, says so once in
// the log and in the status file, and writes nothing more: players in play
// go on from memory and their saves are dropped and counted, while every
// claim, create and delete is refused in words. What a failed store says
// cannot be trusted, and the file stays as the failure found it, for the
// operator to move aside, restore from its backup or examine.

// DefaultBackupEvery is how often a server copies its store to the backup
// beside it unless told otherwise.
const DefaultBackupEvery = 10 * time.Minute

// errStoreStopped answers every claim, create and delete once the store
// has failed.
var errStoreStopped = errors.New("the server's character store failed, so characters cannot be loaded or changed until the server restarts")

// requestWords names each job in the log.
var requestWords = [...]string{
	jobSave:   "saving characters",
	jobClaim:  "loading an account",
	jobCreate: "making a character",
	jobDelete: "deleting a character",
	jobExpire: "expiring unused accounts",
	jobBan:    "keeping a ban",
	jobUnban:  "lifting a ban",
	jobSync:   "saving characters",
}

// catchFault, deferred, turns a panic in a ledger call into the call's
// error. On the desk's goroutine a memory fault is a panic too.
func catchFault(err *error) {
	if r := recover(); r != nil {
		*err = &store.PanicError{Value: r}
	}
}

// fail stops every further write, the first time a call fails.
func (d *desk) fail(what string, err error) {
	fault := fmt.Sprintf("%s: %v", what, err)
	if !d.fault.CompareAndSwap(nil, &fault) {
		return
	}
	d.stopped.Store(true) // after the fault's words: whoever sees writes stopped can say why
	d.logf("character store: %s failed (%v); nothing more is written to it: players in play go on, "+
		"what they do from now on is not kept, and no one joins until the server restarts%s", what, err, d.restoreWords())
}

// restoreWords points the operator at the backup, when there is one.
func (d *desk) restoreWords() string {
	file := d.led.file()
	if file == "" {
		return ""
	}
	if _, err := os.Stat(store.BackupPath(file)); err != nil {
		return fmt.Sprintf("; if %s is damaged, move it aside", file)
	}
	return fmt.Sprintf("; if %s is damaged, move it aside and put its backup %s in its place", file, store.BackupPath(file))
}

// faultWords is what failed in the store, "" while it is healthy.
func (d *desk) faultWords() string {
	if f := d.fault.Load(); f != nil {
		return *f
	}
	return ""
}

// backUp copies the store to its backup now and every interval until
// shutdown, on a goroutine of its own: the copy is read in a read
// transaction, so the desk's writes go on meanwhile and the tick never
// waits on it.
func (d *desk) backUp(every time.Duration) {
	defer d.wg.Done()
	debug.SetPanicOnFault(true) // as on the desk's goroutine: the copy reads the store
	d.backUpOnce()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			d.backUpOnce()
		case <-d.quit:
			return
		}
	}
}

// backUpOnce takes one backup, unless the store has failed: the copy of a
// failed store would replace the last good one.
func (d *desk) backUpOnce() {
	if d.stopped.Load() {
		return
	}
	err := d.backUpCaught()
	var fault *store.FaultError
	var caught *store.PanicError
	switch {
	case err == nil:
		d.backups.Add(1)
	case errors.As(err, &fault), errors.As(err, &caught):
		d.fail("backing up", err)
	default: // the backup's own file: the store is fine
		d.backupFailed.Add(1)
		d.logf("character store: the backup was not written: %v", err)
	}
}

func (d *desk) backUpCaught() (err error) {
	defer catchFault(&err)
	return d.led.backup()
}

// faultCloseWait bounds the close of a store that failed.
const faultCloseWait = 500 * time.Millisecond

// closeLedger closes the ledger. After a fault it waits at most
// faultCloseWait: a store that failed inside a transaction may hold a lock
// its close waits on for ever. It is then abandoned, which frees its file
// for the next start in this process (Host and play again).
func (d *desk) closeLedger() error {
	if !d.stopped.Load() {
		return d.led.close()
	}
	done := make(chan error, 1)
	go func() { done <- d.led.close() }()
	select {
	case err := <-done:
		return err
	case <-time.After(faultCloseWait):
		return errors.Join(errors.New("the character store did not close after its failure; its file was let go"), d.led.abandon())
	}
}
