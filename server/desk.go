package server

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"duskfall/internal/waitgroup"
	"duskfall/server/store"
)

// The desk is the one goroutine that talks to the ledger (but for the
// backups, which a goroutine of its own copies): the tick never waits on
// a disk. It takes jobs in the order the tick hands them over:
// each tick's staged characters as one save, and the roster's requests
// (claim an account, create or delete a character), each answered on a
// channel the tick drains at its start. One queue keeps them in order: a
// claim handed over after a save reads what that save wrote.

// deskQueue bounds the jobs waiting for the desk. A full queue refuses a
// request (the player reads "busy") and keeps a save staged for the next
// tick: nothing waits without bound, and the tick never blocks.
const deskQueue = 256

type jobKind uint8

const (
	jobSave jobKind = iota
	jobClaim
	jobCreate
	jobDelete
	jobExpire // delete the accounts nobody has played (accounts.go)
	jobBan    // keep a ban (hostctl.go)
	jobUnban  // lift one
	jobSync   // answer once every job handed over before it is done (the console's save)
)

// job is one piece of work for the desk.
type job struct {
	kind    jobKind
	batch   []store.Character // jobSave
	p       *peer             // who asked: the answer goes back to it (the desk never reads it)
	account string            // the account asking (jobClaim: the one claimed)
	from    string            // jobClaim: the address it came from ("" in process)
	name    string            // jobCreate: the new character's name
	class   string            // jobCreate: its class's content id
	token   store.Token       // jobClaim
	id      uint64            // jobDelete
	ban     store.Ban         // jobBan
	reply   func(string)      // jobSync: the console's answer, given on the tick's goroutine
	saved   int               // jobSync: the characters handed over with it
}

// answer is the outcome of a request.
type answer struct {
	job
	chars []store.Character // jobClaim: the account's characters
	char  store.Character   // jobCreate: the new character
	err   error

	expired, accounts int // jobExpire: accounts deleted, and those kept
}

type desk struct {
	led     ledger
	inline  bool                       // the ledger is memory: serve each job at once, on the tick
	pending map[uint64]store.Character // staged this tick (or left over from a busy one)
	jobs    chan job
	answers chan answer
	free    chan []store.Character // save batches back from the desk, to fill again
	quit    chan struct{}          // closed at shutdown: answers nobody will read are dropped
	wg      sync.WaitGroup
	failed  atomic.Uint64 // saves that did not commit
	logf    func(format string, args ...any)

	// After the store fails nothing more is written: fault says what
	// failed, dropped counts the character saves not written since.
	stopped atomic.Bool
	fault   atomic.Pointer[string]
	dropped atomic.Uint64

	backups      atomic.Uint64 // backups written since start
	backupFailed atomic.Uint64 // backups whose own file could not be written
}

// newDesk starts the desk's goroutine, and the backups' every backupEvery
// (none when it is not positive); a memory ledger, which never waits, is
// served on the tick instead, so a server without a store steps the same
// way every run.
func newDesk(led ledger, backupEvery time.Duration, logf func(format string, args ...any)) *desk {
	_, inline := led.(*memLedger)
	d := &desk{led: led, inline: inline, pending: make(map[uint64]store.Character),
		jobs: make(chan job, deskQueue), answers: make(chan answer, deskQueue),
		free: make(chan []store.Character, 4), quit: make(chan struct{}), logf: logf}
	d.wg.Add(1)
	go d.work()
	if !inline && backupEvery > 0 {
		d.wg.Add(1)
		go d.backUp(backupEvery)
	}
	return d
}

// ask hands a request over; false when the queue is full. Inline, the
// answer waits for the tick's next takeAnswers like any other.
func (d *desk) ask(j job) bool {
	if d.inline {
		return d.serveInline(j)
	}
	select {
	case d.jobs <- j:
		return true
	default:
		return false
	}
}

// stage replaces whatever was staged for the character this tick.
func (d *desk) stage(c store.Character) { d.pending[c.ID] = c }

// unstage forgets a staged character (it was deleted).
func (d *desk) unstage(id uint64) { delete(d.pending, id) }

// endTick hands this tick's characters over as one save. When the queue is
// full they stay staged and go with a later tick: writes are coalesced,
// never queued without bound, and never block.
func (d *desk) endTick() {
	if len(d.pending) == 0 {
		return
	}
	if d.stopped.Load() {
		d.dropped.Add(uint64(len(d.pending)))
		clear(d.pending)
		return
	}
	var batch []store.Character
	select {
	case batch = <-d.free: // the desk is done with it
	default:
	}
	batch = batch[:0]
	for _, c := range d.pending {
		batch = append(batch, c)
	}
	if d.ask(job{kind: jobSave, batch: batch}) {
		clear(d.pending)
		return
	}
	d.recycle(batch)
}

// recycle offers a batch back for reuse, so a steady game fills the same
// few slices instead of allocating one a tick.
func (d *desk) recycle(batch []store.Character) {
	select {
	case d.free <- batch[:0]:
	default:
	}
}

func (d *desk) serveInline(j job) bool {
	if j.kind == jobSave {
		d.save(j.batch)
		return true
	}
	if len(d.answers) == cap(d.answers) {
		return false
	}
	d.answers <- d.serve(j)
	return true
}

func (d *desk) work() {
	defer d.wg.Done()
	// The store's file is mapped: a page the disk cannot give back is a
	// memory fault on this goroutine, which must become a panic that
	// catchFault catches rather than the end of the process.
	debug.SetPanicOnFault(true)
	for j := range d.jobs {
		if j.kind == jobSave {
			d.save(j.batch)
			continue
		}
		a := d.serve(j)
		select {
		case d.answers <- a:
		case <-d.quit:
		}
	}
}

// save writes a tick's characters. After a fault nothing is written and
// the characters are counted as dropped: their players play on from
// memory.
func (d *desk) save(batch []store.Character) {
	defer d.recycle(batch)
	if d.stopped.Load() {
		d.dropped.Add(uint64(len(batch)))
		return
	}
	err := d.saveCaught(batch)
	if err == nil {
		return
	}
	d.failed.Add(1)
	if store.IsRefusal(err) {
		d.logf("character store: %v", err) // a character that changed its identity: a bug, dropped from the batch
		return
	}
	d.fail("saving characters", err)
	d.dropped.Add(uint64(len(batch)))
}

func (d *desk) saveCaught(batch []store.Character) (err error) {
	defer catchFault(&err)
	return d.led.save(batch)
}

// serve answers a request. After a fault, or when this one faults, the
// answer is errStoreStopped: what a store that failed says cannot be
// trusted, and nothing more may be written to it.
func (d *desk) serve(j job) answer {
	a := answer{job: j}
	if d.stopped.Load() {
		a.err = errStoreStopped
		return a
	}
	if err := d.serveCaught(&a); err != nil && !store.IsRefusal(err) {
		d.fail(requestWords[j.kind], err)
		a.chars, a.char, a.err = nil, store.Character{}, errStoreStopped
	}
	return a
}

func (d *desk) serveCaught(a *answer) (err error) {
	defer catchFault(&err)
	switch a.kind {
	case jobClaim:
		a.chars, a.err = d.led.claim(a.account, a.token, a.from)
	case jobCreate:
		a.char, a.err = d.led.create(a.account, a.name, a.class)
	case jobDelete:
		a.err = d.led.remove(a.account, a.id)
	case jobExpire:
		a.expired, a.accounts, a.err = d.led.expire()
	case jobBan:
		a.err = d.led.ban(a.ban)
	case jobUnban:
		a.err = d.led.unban(a.account)
	}
	return a.err
}

// close hands over what is staged, waits for the desk (at most limit) and
// closes the ledger.
func (d *desk) close(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for len(d.pending) > 0 && time.Now().Before(deadline) {
		d.endTick()
		if len(d.pending) > 0 {
			time.Sleep(time.Millisecond) // the queue is full
		}
	}
	lost := len(d.pending)
	close(d.quit)
	close(d.jobs)
	if !waitgroup.Within(&d.wg, max(time.Until(deadline), 100*time.Millisecond)) {
		return errors.New("the character store was still writing at shutdown")
	}
	if lost > 0 {
		return fmt.Errorf("%d characters were not saved: the store was too slow to take them", lost)
	}
	return d.closeLedger()
}
