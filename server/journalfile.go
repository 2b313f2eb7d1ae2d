package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"duskfall/internal/waitgroup"
)

// journalQueue is how many item moves may wait for the journal's writer: a
// busy second of 64 players moves a few hundred, so several seconds of a
// stalled disk fit before any is dropped.
const journalQueue = 4096

// JournalLine is one item move as an item journal file holds it, one JSON
// object a line. Field names are a contract with the tools that read it.
type JournalLine struct {
	Tick   uint32 `json:"tick"`
	Op     uint8  `json:"op"` // game.ItemMinted … game.ItemSpent, never ItemBagFull (docs/OPERATIONS.md, "The item journal")
	ID     uint64 `json:"id"`
	Def    uint16 `json:"def"`
	Player uint16 `json:"player"`
	Why    string `json:"why,omitempty"`
}

// Line is r as a journal file holds it.
func (r ItemRecord) Line() JournalLine {
	return JournalLine{Tick: r.Tick, Op: r.Op, ID: r.Item.ID, Def: r.Item.Def, Player: r.Player, Why: r.Why}
}

// Record is the ItemRecord a journal line stands for.
func (l JournalLine) Record() ItemRecord {
	r := ItemRecord{Tick: l.Tick, Op: l.Op, Player: l.Player, Why: l.Why}
	r.Item.ID, r.Item.Def = l.ID, l.Def
	return r
}

// JournalFile appends every item move to a file an operator can keep
// (--item-journal). Record is Config.ItemJournal: it runs on the tick, so
// it only queues; a goroutine encodes and writes. When the writer is
// behind, moves are dropped and counted, never waited for: an audit of a
// journal with drops reports faults, and Close says how many.
type JournalFile struct {
	f       *os.File
	ch      chan ItemRecord
	dropped atomic.Uint64
	err     error // the first write error; read after the writer stopped
	mu      sync.RWMutex
	closed  bool // under mu: Record after Close must not send on a closed channel
	wg      sync.WaitGroup
}

// OpenJournalFile opens path for appending and starts its writer.
func OpenJournalFile(path string) (*JournalFile, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot open the item journal: %w", err)
	}
	j := &JournalFile{f: f, ch: make(chan ItemRecord, journalQueue)}
	j.wg.Add(1)
	go j.run()
	return j, nil
}

// Record queues r without ever blocking.
func (j *JournalFile) Record(r ItemRecord) {
	j.mu.RLock()
	defer j.mu.RUnlock()
	if j.closed {
		j.dropped.Add(1)
		return
	}
	select {
	case j.ch <- r:
	default:
		j.dropped.Add(1)
	}
}

// run writes queued moves, flushing whenever the queue runs dry, so the
// file is at most a moment behind the game.
func (j *JournalFile) run() {
	defer j.wg.Done()
	w := bufio.NewWriter(j.f)
	enc := json.NewEncoder(w)
	for r := range j.ch {
		j.keep(enc.Encode(r.Line()))
		if len(j.ch) == 0 {
			j.keep(w.Flush())
		}
	}
	j.keep(w.Flush())
}

func (j *JournalFile) keep(err error) {
	if err != nil && j.err == nil {
		j.err = err
	}
}

// Dropped counts the moves dropped so far because the writer was behind.
func (j *JournalFile) Dropped() uint64 { return j.dropped.Load() }

// Close writes what is queued, waiting at most limit (a dead disk must not
// hold the exit), and closes the file. Call it after the server stopped:
// its shutdown journals the items it takes out of play. Moves recorded
// after Close are dropped.
func (j *JournalFile) Close(limit time.Duration) error {
	j.mu.Lock()
	if !j.closed {
		j.closed = true
		close(j.ch)
	}
	j.mu.Unlock()
	if !waitgroup.Within(&j.wg, limit) {
		return fmt.Errorf("the item journal's writer did not finish within %s", limit)
	}
	if err := j.f.Close(); err != nil && j.err == nil {
		j.err = err
	}
	if j.err != nil {
		return fmt.Errorf("writing the item journal: %w", j.err)
	}
	return nil
}
