package store

import (
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Batch collects one tick's character writes for a single commit. The server
// owns one Batch and uses it from its tick goroutine only.
type Batch struct {
	store  *Store
	staged []staged
	at     map[uint64]int // character ID → index in staged
}

// staged is a character encoded when it was staged, so the caller may keep
// mutating its slices afterwards without changing what gets written.
type staged struct {
	id      uint64
	account string
	name    string
	raw     []byte
}

// NewBatch returns an empty batch that flushes into s.
func (s *Store) NewBatch() *Batch {
	return &Batch{store: s, at: make(map[uint64]int)}
}

// Stage records c to be written at the next Flush, replacing any copy of the
// same character staged earlier.
func (b *Batch) Stage(c Character) {
	raw, err := json.Marshal(c)
	if err != nil {
		// Character holds only strings, integers and slices of them, which
		// always encode; an error here means the type gained a field that
		// cannot, and that is a bug to find at once.
		panic(fmt.Sprintf("store: character %d cannot be encoded: %v", c.ID, err))
	}
	entry := staged{id: c.ID, account: c.Account, name: c.Name, raw: raw}
	if i, ok := b.at[c.ID]; ok {
		b.staged[i] = entry
		return
	}
	b.at[c.ID] = len(b.staged)
	b.staged = append(b.staged, entry)
}

// Len is how many characters are staged.
func (b *Batch) Len() int { return len(b.staged) }

// Flush commits every staged character in one transaction and empties the
// batch; with nothing staged it does nothing. A character deleted since it
// was staged stays deleted. If the commit fails the batch keeps its
// characters, so the next Flush retries them with whatever was staged since;
// only a copy that tried to change its account or name is dropped, because
// retrying it would fail every tick.
func (b *Batch) Flush() error {
	if len(b.staged) == 0 {
		return nil
	}
	moved := -1
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		for i, e := range b.staged {
			if err := put(tx, e); err != nil {
				if errors.Is(err, ErrCharacterIdentityMoved) {
					moved = i
				}
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.drop(moved)
		return err
	}
	b.reset()
	return nil
}

// put overwrites a stored character with its staged copy. The copy must
// keep the stored account and name: the name index and the account index
// would otherwise point at the wrong record.
func put(tx *bolt.Tx, e staged) error {
	chars := tx.Bucket(bucketCharacters)
	key := idKey(e.id)
	old := chars.Get(key)
	if old == nil {
		return nil
	}
	var was struct {
		Account string `json:"account"`
		Name    string `json:"name"`
	}
	if err := json.Unmarshal(old, &was); err != nil {
		return fmt.Errorf("character %d is unreadable: %w", e.id, err)
	}
	if was.Account != e.account || was.Name != e.name {
		return fmt.Errorf("character %d: %w (stored %q of %q, staged %q of %q)",
			e.id, ErrCharacterIdentityMoved, was.Name, was.Account, e.name, e.account)
	}
	return chars.Put(key, e.raw)
}

// drop unstages the entry at index i; a negative i drops nothing.
func (b *Batch) drop(i int) {
	if i < 0 {
		return
	}
	delete(b.at, b.staged[i].id)
	last := len(b.staged) - 1
	if i != last {
		b.staged[i] = b.staged[last]
		b.at[b.staged[i].id] = i
	}
	b.staged[last] = staged{}
	b.staged = b.staged[:last]
}

func (b *Batch) reset() {
	clear(b.at)
	clear(b.staged) // drop the encoded bytes for the collector
	b.staged = b.staged[:0]
}
