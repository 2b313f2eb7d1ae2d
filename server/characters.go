package server

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"duskfall/game"
	"duskfall/internal/waitgroup"
	"duskfall/server/store"
)

// The characters in play. A Hello claims its account in the store (or is
// refused in words); the player then plays the account's character, made
// from its name on the first join. What the character carries between
// sessions (its health, where it is) is staged when it changes hands (a
// transfer, a leave) and every few seconds, and each tick's staged
// characters go to a writer goroutine as one transaction: the tick never
// waits on the disk.

// DataFile is the store's file name in the data folder.
const DataFile = "characters.db"

// saveEveryTicks is how often a playing character's state is staged even
// when nothing handed it over: a killed server loses at most this much.
const saveEveryTicks = 5 * game.TickRate

// DefaultDataDir is where a server keeps its characters unless told
// otherwise: the user's data directory, as each system names it.
func DefaultDataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "duskfall"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no home directory to keep characters in: %w", err)
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LOCALAPPDATA"); d != "" {
			return filepath.Join(d, "Duskfall"), nil
		}
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Duskfall"), nil
	}
	return filepath.Join(home, ".local", "share", "duskfall"), nil
}

// OpenStore opens the character store in dir, creating it on first use.
func OpenStore(dir string) (*store.Store, error) {
	st, err := store.Open(filepath.Join(dir, DataFile))
	if err != nil {
		return nil, fmt.Errorf("cannot open the character store: %w", err)
	}
	return st, nil
}

// keeper hands staged characters to the writer goroutine, once per tick.
type keeper struct {
	st      *store.Store
	pending map[uint64]store.Character // staged this tick (or left over from a busy one)
	out     chan []store.Character     // batches to the writer
	free    chan []store.Character     // batches back from the writer, to fill again
	wg      sync.WaitGroup
	failed  atomic.Uint64 // transactions that did not commit
	logf    func(format string, args ...any)
}

func newKeeper(st *store.Store, logf func(format string, args ...any)) *keeper {
	const batches = 4
	k := &keeper{st: st, pending: make(map[uint64]store.Character),
		out: make(chan []store.Character, batches), free: make(chan []store.Character, batches+1), logf: logf}
	k.wg.Add(1)
	go k.write()
	return k
}

// stage replaces whatever was staged for the character this tick.
func (k *keeper) stage(c store.Character) { k.pending[c.ID] = c }

// endTick hands this tick's characters to the writer. When the writer is
// still busy with an earlier tick, they stay staged and go with the next:
// writes are coalesced, never queued without bound, and never block.
func (k *keeper) endTick() {
	if len(k.pending) == 0 {
		return
	}
	var batch []store.Character
	select {
	case batch = <-k.free: // the writer is done with it
	default:
	}
	batch = batch[:0]
	for _, c := range k.pending {
		batch = append(batch, c)
	}
	select {
	case k.out <- batch:
		clear(k.pending)
	default:
		k.recycle(batch)
	}
}

// recycle offers a batch back for reuse, so a steady game fills the same
// few slices instead of allocating one a tick.
func (k *keeper) recycle(batch []store.Character) {
	select {
	case k.free <- batch[:0]:
	default:
	}
}

// write commits each handed batch as one transaction.
func (k *keeper) write() {
	defer k.wg.Done()
	b := k.st.NewBatch()
	for batch := range k.out {
		for _, c := range batch {
			b.Stage(c)
		}
		if err := b.Flush(); err != nil {
			k.failed.Add(1) // the batch stays staged: the next one retries it
			k.logf("character store: %v", err)
		}
		k.recycle(batch)
	}
}

// close hands over what is staged, waits for the writer (at most limit)
// and closes the store.
func (k *keeper) close(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for len(k.pending) > 0 && time.Now().Before(deadline) {
		k.endTick()
		if len(k.pending) > 0 {
			time.Sleep(time.Millisecond) // the writer is busy with an earlier tick
		}
	}
	lost := len(k.pending)
	close(k.out)
	if !waitgroup.Within(&k.wg, max(time.Until(deadline), 100*time.Millisecond)) {
		return errors.New("the character store was still writing at shutdown")
	}
	if lost > 0 {
		return fmt.Errorf("%d characters were not saved: the store was too slow to take them", lost)
	}
	return k.st.Close()
}

// join claims the peer's account and gives it the account's character,
// making one from the name on the first join. It returns a refusal for the
// player to read, or "".
func (s *Runtime) join(p *peer, name string, token [16]byte) string {
	if s.chars == nil {
		return ""
	}
	if _, err := s.chars.st.Claim(name, store.Token(token)); err != nil {
		if errors.Is(err, store.ErrNameTaken) {
			return err.Error()
		}
		return "the server cannot take that name: " + err.Error()
	}
	chars, err := s.chars.st.Characters(name)
	if err == nil && len(chars) == 0 {
		var c store.Character
		c, err = s.chars.st.CreateCharacter(name, name)
		chars = append(chars, c)
	}
	if err != nil {
		return "the server cannot load your character: " + err.Error()
	}
	p.char, p.hasChar = chars[0], true
	return ""
}

// restore gives a character that just entered the world the health it
// carries. A character last seen in a dungeon is back in the hub: a
// dungeon does not outlast its players.
func (s *Runtime) restore(p *peer) {
	if !p.hasChar {
		return
	}
	if p.char.Health > 0 {
		p.inst.world.SetPlayerHealth(p.player, int16(min(p.char.Health, 1<<15-1)))
	}
	if p.char.Where.Kind == store.PlaceDungeon {
		s.log.Printf("%s returns to the hub: the dungeon closed when its players left", p.name)
	}
}

// saveCharacter stages what the character carries now: its health and
// where it is. A dead character is saved with no health, so it comes back
// whole.
func (s *Runtime) saveCharacter(p *peer) {
	if !p.hasChar || p.inst == nil {
		return
	}
	st, ok := p.inst.world.PlayerState(p.player)
	if !ok {
		return
	}
	p.char.Health = int(st.HP)
	if st.Flags&game.PlayerDead != 0 {
		p.char.Health = 0
	}
	p.char.Where = store.Place{Kind: store.PlaceHub}
	if p.inst.dungeon != game.HubDungeon {
		p.char.Where = store.Place{Kind: store.PlaceDungeon, Dungeon: p.inst.dungeon, Depth: 1}
	}
	s.chars.stage(p.char)
}

// saveCharacters stages every playing character now and then, and hands
// the tick's writes over.
func (s *Runtime) saveCharacters() {
	if s.chars == nil {
		return
	}
	for _, p := range s.order {
		if p.state == peerPlaying && (s.tick+uint32(p.player))%saveEveryTicks == 0 {
			s.saveCharacter(p)
		}
	}
	s.chars.endTick()
}
