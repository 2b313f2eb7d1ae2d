package server

import (
	"cmp"
	"slices"
	"strings"

	"duskfall/server/store"
)

// ledger is where accounts and characters live: the store, or memory for
// a server run without one. Only the desk's goroutines call it: backup
// from the backup goroutine, everything else from the desk's own.
type ledger interface {
	// claim takes an account name for its token (or recognises the token
	// that owns it) and lists the account's characters.
	claim(name string, token store.Token) ([]store.Character, error)
	create(account, name string) (store.Character, error)
	remove(account string, id uint64) error
	save(chars []store.Character) error // one transaction
	backup() error                      // a copy beside the store (store.Backup)
	file() string                       // the store's file, "" for memory
	close() error
	abandon() error // a failed store whose close did not return (store.Abandon)
}

// storeLedger keeps everything in the bbolt store.
type storeLedger struct {
	st    *store.Store
	batch *store.Batch
}

func newStoreLedger(st *store.Store) *storeLedger { return &storeLedger{st: st, batch: st.NewBatch()} }

func (l *storeLedger) claim(name string, token store.Token) ([]store.Character, error) {
	if _, err := l.st.Claim(name, token); err != nil {
		return nil, err
	}
	return l.st.Characters(name)
}

func (l *storeLedger) create(account, name string) (store.Character, error) {
	return l.st.CreateCharacter(account, name)
}

func (l *storeLedger) remove(account string, id uint64) error {
	return l.st.DeleteCharacter(account, id)
}

// save commits the characters in one transaction; a failed commit keeps
// them staged, so the next save retries them.
func (l *storeLedger) save(chars []store.Character) error {
	for _, c := range chars {
		l.batch.Stage(c)
	}
	return l.batch.Flush()
}

func (l *storeLedger) backup() error { return l.st.Backup() }

func (l *storeLedger) file() string { return l.st.Path() }

func (l *storeLedger) close() error { return l.st.Close() }

func (l *storeLedger) abandon() error { return l.st.Abandon() }

// memLedger keeps characters for the server's life only: any name joins
// (there are no accounts to claim), and nothing outlives the process. Tests
// and practice servers run on it; the rules on characters are the store's.
type memLedger struct {
	chars map[uint64]store.Character
	names map[string]uint64 // lower-cased character name → id
	next  uint64
}

func newMemLedger() *memLedger {
	return &memLedger{chars: make(map[uint64]store.Character), names: make(map[string]uint64)}
}

func (l *memLedger) claim(name string, _ store.Token) ([]store.Character, error) {
	var out []store.Character
	for _, c := range l.chars {
		if strings.EqualFold(c.Account, name) {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b store.Character) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

func (l *memLedger) create(account, name string) (store.Character, error) {
	if _, taken := l.names[strings.ToLower(name)]; taken {
		return store.Character{}, store.ErrCharacterNameTaken
	}
	held, _ := l.claim(account, store.Token{})
	if len(held) >= store.MaxCharactersPerAccount {
		return store.Character{}, store.ErrTooManyCharacters
	}
	l.next++
	c := store.Character{ID: l.next, Account: account, Name: name, Level: 1, Where: store.Place{Kind: store.PlaceHub}}
	l.chars[c.ID] = c
	l.names[strings.ToLower(name)] = c.ID
	return c, nil
}

func (l *memLedger) remove(account string, id uint64) error {
	c, ok := l.chars[id]
	switch {
	case !ok:
		return store.ErrNoCharacter
	case !strings.EqualFold(c.Account, account):
		return store.ErrNotYours
	}
	delete(l.chars, id)
	delete(l.names, strings.ToLower(c.Name))
	return nil
}

// save overwrites what a character carries; a deleted one stays deleted,
// as in the store.
func (l *memLedger) save(chars []store.Character) error {
	for _, c := range chars {
		if old, ok := l.chars[c.ID]; ok {
			c.Account, c.Name = old.Account, old.Name
			c.Inventory, c.Upgrades, c.Offer = slices.Clone(c.Inventory), slices.Clone(c.Upgrades), slices.Clone(c.Offer)
			l.chars[c.ID] = c
		}
	}
	return nil
}

func (l *memLedger) backup() error { return nil } // nothing outlives the process

func (l *memLedger) file() string { return "" }

func (l *memLedger) close() error { return nil }

func (l *memLedger) abandon() error { return nil }
