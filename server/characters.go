package server

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"duskfall/game"
	"duskfall/net/seal"
	"duskfall/server/store"
)

// The characters in play. What a character carries between sessions (its
// health, where it is) is staged when it changes hands (a transfer, a
// leave, a death) and every few seconds, and each tick's staged characters
// go to the desk as one save: the tick never waits on the disk. The roster
// (roster.go) decides which character a peer plays.

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

// OpenStore opens the character store in dir, creating it on first use. A
// damaged store's refusal (store.DamagedError) is already a whole
// sentence for the operator or the host.
func OpenStore(dir string) (*store.Store, error) {
	st, err := store.Open(filepath.Join(dir, DataFile))
	var damaged *store.DamagedError
	switch {
	case errors.As(err, &damaged):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("cannot open the character store: %w", err)
	}
	return st, nil
}

// IdentityFile is the server's identity key (net/seal) in its data
// folder, beside the store: clients that joined before know the server by
// it.
const IdentityFile = "identity.key"

// LoadIdentity reads the server's identity from dir, making one on the
// first start.
func LoadIdentity(dir string) (seal.Identity, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return seal.Identity{}, fmt.Errorf("cannot make the data folder %s: %w", dir, err)
	}
	return seal.LoadIdentity(filepath.Join(dir, IdentityFile), rand.Reader)
}

// restore gives a character that just entered the world the health it
// carries. A character last seen in a dungeon is back in the hub: a
// dungeon does not outlast its players.
func (s *Runtime) restore(p *peer) {
	heal(p.inst.world, p.player, &p.char)
	if p.char.Where.Kind == store.PlaceDungeon {
		s.log.Printf("%s returns to the hub: the dungeon closed when its players left", p.char.Name)
	}
}

// heal gives player id the health the character carries, or all of it
// when it carries none (never spawned, or dead: it comes back whole, its
// gear and upgrades counted, as the roster said).
func heal(w *game.World, id uint16, c *store.Character) {
	hp := c.Health
	if hp <= 0 {
		hp = 1<<15 - 1 // SetPlayerHealth holds it to the most the world gives
	}
	w.SetPlayerHealth(id, int16(min(hp, 1<<15-1)))
}

// saveCharacter stages what the character carries now: its health and
// where it is. A dead character is saved with no health and in the hub, so
// it comes back whole, there. A final save (the character leaves play) is also kept in memory
// for a while: a claim the desk answers before the save is written still
// gets the character as it left.
func (s *Runtime) saveCharacter(p *peer, final bool) {
	if !p.hasChar || p.inst == nil {
		return
	}
	st, ok := p.inst.world.PlayerState(p.player)
	if !ok {
		return
	}
	s.takeItems(p)
	p.char.Health = int(st.HP)
	if st.Flags&game.PlayerDead != 0 {
		p.char.Health = 0
	}
	p.char.Where = store.Place{Kind: store.PlaceHub}
	if p.inst.dungeon != game.HubDungeon && p.char.Health > 0 { // the dead come back in the hub
		p.char.Where = store.Place{Kind: store.PlaceDungeon, Dungeon: p.inst.dungeon, Depth: p.inst.depth}
	}
	s.desk.stage(p.char)
	if final {
		s.recent[p.char.ID] = recentSave{c: p.char, tick: s.tick}
	}
}

// recentSave is a character's final save, kept until it is surely written.
type recentSave struct {
	c    store.Character
	tick uint32
}

// recentKeepTicks is how long a final save stays in memory: far longer
// than a commit takes.
const recentKeepTicks = 30 * game.TickRate

// saveCharacters stages every playing character now and then, and hands
// the tick's writes over.
func (s *Runtime) saveCharacters() {
	for _, p := range s.order {
		if (p.state == peerPlaying || p.state == peerLinkdead) && (s.tick+uint32(p.player))%saveEveryTicks == 0 {
			s.saveCharacter(p, false)
		}
	}
	if s.tick%game.TickRate == 0 {
		for id, r := range s.recent {
			if s.tick-r.tick > recentKeepTicks {
				delete(s.recent, id)
			}
		}
	}
	s.desk.endTick()
}
