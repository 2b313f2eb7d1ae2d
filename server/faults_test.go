package server

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// faultyLedger is a memory ledger whose calls fail as a test says: each
// kind of call may be replaced by a function that panics or returns an
// error, as a store's would on a bad page or a failing disk.
type faultyLedger struct {
	*memLedger
	mu        sync.Mutex
	faults    map[jobKind]func() error
	calls     map[jobKind]int
	copyFault func() error // nil: backups succeed
	copies    int          // backups asked for
}

func newFaultyLedger() *faultyLedger {
	return &faultyLedger{memLedger: newMemLedger(), faults: map[jobKind]func() error{}, calls: map[jobKind]int{}}
}

// failWith makes every later call of kind do fault instead.
func (l *faultyLedger) failWith(kind jobKind, fault func() error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.faults[kind] = fault
}

func (l *faultyLedger) called(kind jobKind) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.calls[kind]
}

// total is how many calls reached the ledger.
func (l *faultyLedger) total() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, c := range l.calls {
		n += c
	}
	return n
}

func (l *faultyLedger) fault(kind jobKind) func() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls[kind]++
	return l.faults[kind]
}

func (l *faultyLedger) claim(name string, token store.Token, from string) ([]store.Character, error) {
	if f := l.fault(jobClaim); f != nil {
		return nil, f()
	}
	return l.memLedger.claim(name, token, from)
}

func (l *faultyLedger) create(account, name, class string) (store.Character, error) {
	if f := l.fault(jobCreate); f != nil {
		return store.Character{}, f()
	}
	return l.memLedger.create(account, name, class)
}

func (l *faultyLedger) remove(account string, id uint64) error {
	if f := l.fault(jobDelete); f != nil {
		return f()
	}
	return l.memLedger.remove(account, id)
}

func (l *faultyLedger) save(chars []store.Character) error {
	if f := l.fault(jobSave); f != nil {
		return f()
	}
	return l.memLedger.save(chars)
}

func (l *faultyLedger) backup() error {
	l.mu.Lock()
	l.copies++
	f := l.copyFault
	l.mu.Unlock()
	if f != nil {
		return f()
	}
	return nil
}

func (l *faultyLedger) file() string { return "characters.db" }

func panics(why string) func() error { return func() error { panic(why) } }

func fails(why string) func() error { return func() error { return errors.New(why) } }

// lockedLog collects a server's log lines; the log's writer goroutine
// writes while the test reads.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.buf.String(), s)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// eventually waits up to a second for cond.
func eventually(t *testing.T, cond func() bool, what string) {
	t.Helper()
	require.Eventually(t, cond, time.Second, time.Millisecond, what)
}

// ask hands the desk a request and waits for its answer.
func ask(t *testing.T, d *desk, j job) answer {
	t.Helper()
	require.True(t, d.ask(j))
	select {
	case a := <-d.answers:
		return a
	case <-time.After(time.Second):
		t.Fatal("the desk did not answer")
		return answer{}
	}
}

func TestADeskWhoseStoreFails(t *testing.T) {
	faults := []struct {
		name  string
		kind  jobKind
		fault func() error
		words string
	}{
		{"a panic while saving", jobSave, panics("invalid freelist page"), "saving characters: it faulted (invalid freelist page)"},
		{"an I/O error while saving", jobSave, fails("write characters.db: input/output error"), "saving characters: write characters.db: input/output error"},
		{"a panic while loading an account", jobClaim, panics("assertion failed: Page expected to be: 23"), "loading an account: it faulted"},
		{"an I/O error while making a character", jobCreate, fails("read characters.db: input/output error"), "making a character: read characters.db"},
		{"a panic while deleting a character", jobDelete, panics("runtime error: invalid memory address"), "deleting a character: it faulted"},
	}
	for _, c := range faults {
		t.Run(c.name+" stops every write and is said once", func(t *testing.T) {
			led, logs := newFaultyLedger(), &lockedLog{}
			d := newDesk(led, 0, log.New(logs, "", 0).Printf)
			defer d.close(time.Second)
			led.failWith(c.kind, c.fault)

			if c.kind == jobSave {
				d.stage(store.Character{ID: 1, Name: "ada"})
				d.endTick()
				eventually(t, d.stopped.Load, "the save's failure stops the writes")
			} else {
				a := ask(t, d, job{kind: c.kind, account: "ada", name: "hero", id: 1})
				assert.Equal(t, errStoreStopped, a.err, "the player is told in words, not the fault's details")
				assert.Empty(t, a.chars)
			}

			assert.True(t, d.stopped.Load())
			assert.Contains(t, d.faultWords(), c.words)
			before := led.total()
			d.stage(store.Character{ID: 2, Name: "bob"})
			d.endTick()
			for _, kind := range []jobKind{jobClaim, jobCreate, jobDelete} {
				assert.Equal(t, errStoreStopped, ask(t, d, job{kind: kind, account: "bob"}).err)
			}
			assert.Equal(t, before, led.total(), "nothing more reaches the store")
			assert.NotZero(t, d.dropped.Load(), "the saves not written are counted")
			assert.Equal(t, 1, logs.count("nothing more is written"), "the log says so once")
			assert.Contains(t, logs.String(), "if characters.db is damaged, move it aside")
		})
	}
	t.Run("a refusal is an answer, not a failure", func(t *testing.T) {
		led := newFaultyLedger()
		d := newDesk(led, 0, func(string, ...any) {})
		defer d.close(time.Second)
		led.failWith(jobClaim, func() error { return store.ErrNameTaken })
		assert.Equal(t, store.ErrNameTaken, ask(t, d, job{kind: jobClaim, account: "ada"}).err)
		assert.False(t, d.stopped.Load())
		assert.Empty(t, d.faultWords())
	})
}

func TestBackupsOfADesk(t *testing.T) {
	t.Run("the store is backed up as the desk starts", func(t *testing.T) {
		led := newFaultyLedger()
		d := newDesk(led, time.Hour, func(string, ...any) {})
		eventually(t, func() bool { return d.backups.Load() == 1 }, "a backup is taken at once")
		require.NoError(t, d.close(time.Second))
	})
	t.Run("a backup whose copy of the store fails stops the writes", func(t *testing.T) {
		led := newFaultyLedger()
		led.copyFault = func() error {
			return &store.FaultError{Path: "characters.db", Err: errors.New("a copy of it fails the start check (page 7 is blank)")}
		}
		d := newDesk(led, time.Hour, func(string, ...any) {})
		defer d.close(time.Second)
		eventually(t, d.stopped.Load, "the failed copy stops the writes")
		assert.Contains(t, d.faultWords(), "backing up: the character store characters.db failed: a copy of it fails the start check (page 7 is blank)")
		assert.Zero(t, d.backups.Load())
	})
	t.Run("a backup that cannot write its own file is counted and the store goes on", func(t *testing.T) {
		led, logs := newFaultyLedger(), &lockedLog{}
		led.copyFault = fails("open .characters.db.bak.tmp-1: no space left on device")
		d := newDesk(led, 5*time.Millisecond, log.New(logs, "", 0).Printf)
		defer d.close(time.Second)
		eventually(t, func() bool { return d.backupFailed.Load() >= 2 }, "each failed backup is counted")
		assert.False(t, d.stopped.Load())
		assert.Contains(t, logs.String(), "the backup was not written: open .characters.db.bak.tmp-1: no space left on device")
	})
	t.Run("a store that failed is never backed up", func(t *testing.T) {
		led := newFaultyLedger()
		d := newDesk(led, 5*time.Millisecond, func(string, ...any) {})
		defer d.close(time.Second)
		eventually(t, func() bool { return d.backups.Load() >= 1 }, "a backup is taken at once")
		led.failWith(jobSave, panics("invalid page"))
		d.stage(store.Character{ID: 1})
		d.endTick()
		eventually(t, d.stopped.Load, "the save's failure stops the writes")
		led.mu.Lock()
		copies := led.copies
		led.mu.Unlock()
		time.Sleep(30 * time.Millisecond) // six intervals
		led.mu.Lock()
		defer led.mu.Unlock()
		assert.LessOrEqual(t, led.copies, copies+1, "no backup begins after the failure (one may have been under way)")
	})
}

// withLedger gives a new server a ledger of the test's, in place of the
// one New made.
func withLedger(t *testing.T, srv *Runtime, led ledger) {
	t.Helper()
	require.NoError(t, srv.desk.close(time.Second))
	srv.desk = newDesk(led, -1, srv.log.Printf)
}

func TestAServerWhoseStoreFails(t *testing.T) {
	t.Run("a save that faults leaves the player playing, drops later saves and shows in the status", func(t *testing.T) {
		logs := &lockedLog{}
		cfg := hubConfig(t)
		cfg.Log = log.New(logs, "", 0)
		lp := joinLocal(t, cfg)
		led := newFaultyLedger()
		withLedger(t, lp.srv, led)
		led.failWith(jobSave, panics("unexpected fault address 0x7f3a00a1c000"))

		lp.srv.saveCharacter(lp.peer(t), false)
		lp.step(t)
		eventually(t, lp.srv.desk.stopped.Load, "the save's fault stops the writes")
		snaps := lp.snaps
		for range 60 {
			lp.step(t)
		}
		lp.srv.saveCharacter(lp.peer(t), false)
		lp.step(t)

		assert.Equal(t, 1, lp.srv.Players(), "the player plays on")
		assert.Greater(t, lp.snaps, snaps, "the world goes on")
		assert.Equal(t, 1, led.called(jobSave), "the failed store is not written again")
		st := lp.srv.status(newLoopStats(newLoopTimes()), &statusSink{}, time.Second)
		assert.True(t, st.StoreWritesStopped)
		assert.Equal(t, "saving characters: it faulted (unexpected fault address 0x7f3a00a1c000)", st.StoreFault)
		assert.NotZero(t, st.StoreSavesDropped)
		lp.srv.Shutdown("done")
		assert.Equal(t, 1, logs.count("nothing more is written"), "the log says so once")
	})
	t.Run("a join whose account faults is refused in words", func(t *testing.T) {
		ls, lc := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
		srv, err := New(hubConfig(t), ls)
		require.NoError(t, err)
		defer srv.Shutdown("done")
		led := newFaultyLedger()
		withLedger(t, srv, led)
		led.failWith(jobClaim, panics("assertion failed: Page expected to be: 41, but self identifies as 0"))

		reason := joinRefused(t, srv, lc, "ada")

		assert.Equal(t, errStoreStopped.Error(), reason)
	})
	t.Run("a store cut short under a running server faults the next join, not the process", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), DataFile)
		st, err := store.Open(path)
		require.NoError(t, err)
		for i := range 40 {
			name := fmt.Sprintf("player%d", i)
			_, err := st.Claim(name, store.Token{byte(i)}, store.ClaimTerms{Now: time.Now(), MayCreate: true})
			require.NoError(t, err)
			_, err = st.CreateCharacter(name, name)
			require.NoError(t, err)
		}
		logs := &lockedLog{}
		cfg := hubConfig(t)
		cfg.Store, cfg.BackupEvery, cfg.Log = st, -1, log.New(logs, "", 0)
		ls, lc := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
		srv, err := New(cfg, ls)
		require.NoError(t, err)
		require.NoError(t, os.Truncate(path, 8<<10)) // the pages the join reads are gone: SIGBUS

		reason := joinRefused(t, srv, lc, "player3")

		assert.Equal(t, errStoreStopped.Error(), reason)
		status := srv.status(newLoopStats(newLoopTimes()), &statusSink{}, time.Second)
		assert.True(t, status.StoreWritesStopped)
		assert.Contains(t, status.StoreFault, "loading an account: it faulted")
		srv.Shutdown("done")
		assert.Contains(t, logs.String(), "character store: loading an account failed")
		_, err = store.Open(path)
		var damaged *store.DamagedError
		assert.ErrorAs(t, err, &damaged, "the next start in this process finds the file let go, and refuses it for its damage")
	})
}

// joinRefused says hello as name and steps the server until it refuses
// the connection, returning the reason it gave.
func joinRefused(t *testing.T, srv *Runtime, lc *transport.LocalClient, name string) string {
	t.Helper()
	hello, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: name, Token: [16]byte{3}})
	require.NoError(t, err)
	lc.Poll(nil) // the connect event
	lc.Send(wire.ChanControl, hello)
	var inbox []transport.Event
	for range 1000 {
		srv.Step()
		inbox = lc.Poll(inbox[:0])
		for _, ev := range inbox {
			if typ, err := wire.TypeOf(ev.Data); ev.Kind == transport.EventReceive && err == nil && typ == wire.MsgReject {
				r, err := wire.ParseReject(ev.Data)
				require.NoError(t, err)
				return r.Reason
			}
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the join was not refused")
	return ""
}

// Staging allocates (a character is too large for a map to hold in place);
// handing the tick's saves over, to memory or to a store that failed,
// adds nothing to that.
func TestHandingOverATicksSavesAllocatesNothing(t *testing.T) {
	c := store.Character{ID: 1, Name: "ada", Account: "ada"}
	cases := []struct {
		name string
		desk func() *desk
	}{
		{"on the tick, to memory", func() *desk {
			led := newMemLedger()
			led.chars[1] = c
			return newDesk(led, 0, func(string, ...any) {})
		}},
		{"after the store failed", func() *desk {
			d := newDesk(newFaultyLedger(), 0, func(string, ...any) {})
			d.fail("saving characters", errors.New("input/output error"))
			return d
		}},
	}
	for _, k := range cases {
		t.Run(k.name, func(t *testing.T) {
			d := k.desk()
			defer d.close(time.Second)
			staging := testing.AllocsPerRun(100, func() {
				d.stage(c)
				d.unstage(c.ID)
			})
			handing := testing.AllocsPerRun(100, func() {
				d.stage(c)
				d.endTick()
			})
			assert.Equal(t, staging, handing)
		})
	}
}
