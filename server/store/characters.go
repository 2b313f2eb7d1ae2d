package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Character is everything a player keeps between sessions. ID, Account and
// Name are the store's: CreateCharacter sets them and nothing renames them.
type Character struct {
	ID        uint64      `json:"id"`
	Account   string      `json:"account"`
	Name      string      `json:"name"`
	Class     string      `json:"class"`
	Level     int         `json:"level"`
	XP        int         `json:"xp"`
	Health    int         `json:"health"` // 0: never spawned; the server fills it on first spawn
	Inventory []ItemStack `json:"inventory,omitempty"`
	Upgrades  []string    `json:"upgrades,omitempty"`
	Offer     []string    `json:"offer,omitempty"` // the upgrade offer not yet answered
	Where     Place       `json:"where"`
}

// ItemStack is one carried item: its server-wide id, its kind (the content
// id in items.toml, which outlives the content's order), and the slot it is
// in (0 to 7 the bag, 8 to 10 worn).
type ItemStack struct {
	ID    uint64 `json:"id"`
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	Slot  int    `json:"slot"`
}

// Place is where a character was when last saved.
type Place struct {
	Kind    string `json:"kind"` // PlaceHub or PlaceDungeon
	Dungeon uint8  `json:"dungeon,omitempty"`
	Depth   int    `json:"depth,omitempty"`
}

// Place kinds.
const (
	PlaceHub     = "hub"
	PlaceDungeon = "dungeon"
)

// MaxCharactersPerAccount bounds what one account can make the store hold.
const MaxCharactersPerAccount = 8

// Character errors.
var (
	ErrNoAccount              = errors.New("that account name has not been claimed")
	ErrNoCharacter            = errors.New("no character has that id")
	ErrNotYours               = errors.New("that character belongs to another player")
	ErrCharacterNameTaken     = errors.New("another character already has that name")
	ErrTooManyCharacters      = errors.New("an account holds at most 8 characters; delete one first")
	ErrCharacterIdentityMoved = errors.New("a staged character changed its account or name")
)

func idKey(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

// CreateCharacter makes a level-1 character in the hub for a claimed account.
func (s *Store) CreateCharacter(accountName, name string) (Character, error) {
	return s.CreateCharacterOfClass(accountName, name, "")
}

// CreateCharacterOfClass is CreateCharacter with the character's class (a
// content class id, which the server checked against its content).
func (s *Store) CreateCharacterOfClass(accountName, name, class string) (Character, error) {
	if err := checkName(name); err != nil {
		return Character{}, err
	}
	var c Character
	err := s.db.Update(func(tx *bolt.Tx) error {
		var err error
		c, err = create(tx, accountName, name, class)
		return err
	})
	return c, err
}

func create(tx *bolt.Tx, accName, name, class string) (Character, error) {
	owner, err := accountName(tx, accName)
	if err != nil {
		return Character{}, err
	}
	names, looks := tx.Bucket(bucketNames), tx.Bucket(bucketNameLooks)
	nameKey := []byte(foldName(name))
	switch {
	case names.Get(nameKey) != nil:
		return Character{}, ErrCharacterNameTaken
	case looksTaken(looks, nameKey):
		return Character{}, ErrNameLooksTaken
	}
	index, err := tx.Bucket(bucketByAccount).CreateBucketIfNotExists([]byte(foldName(owner)))
	if err != nil {
		return Character{}, err
	}
	if countKeys(index) >= MaxCharactersPerAccount {
		return Character{}, ErrTooManyCharacters
	}
	chars := tx.Bucket(bucketCharacters)
	id, err := chars.NextSequence()
	if err != nil {
		return Character{}, err
	}
	c := Character{ID: id, Account: owner, Name: name, Class: class, Level: 1, Where: Place{Kind: PlaceHub}}
	raw, err := json.Marshal(c)
	if err != nil {
		return Character{}, err
	}
	key := idKey(id)
	if err := chars.Put(key, raw); err != nil {
		return Character{}, err
	}
	if err := index.Put(key, nil); err != nil {
		return Character{}, err
	}
	if err := indexLook(looks, nameKey); err != nil {
		return Character{}, err
	}
	return c, names.Put(nameKey, key)
}

// Characters lists an account's characters in creation order; an unclaimed
// name has none.
func (s *Store) Characters(accountName string) ([]Character, error) {
	var out []Character
	err := s.db.View(func(tx *bolt.Tx) error {
		index := tx.Bucket(bucketByAccount).Bucket([]byte(foldName(accountName)))
		if index == nil {
			return nil
		}
		return index.ForEach(func(key, _ []byte) error {
			c, err := load(tx, key)
			out = append(out, c)
			return err
		})
	})
	return out, err
}

// Character reads one character by ID.
func (s *Store) Character(id uint64) (Character, error) {
	var c Character
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		c, err = load(tx, idKey(id))
		return err
	})
	return c, err
}

func load(tx *bolt.Tx, key []byte) (Character, error) {
	raw := tx.Bucket(bucketCharacters).Get(key)
	if raw == nil {
		return Character{}, ErrNoCharacter
	}
	var c Character
	if err := json.Unmarshal(raw, &c); err != nil {
		return Character{}, fmt.Errorf("character %d is unreadable: %w", binary.BigEndian.Uint64(key), err)
	}
	return c, nil
}

// DeleteCharacter removes an account's own character and frees its name,
// look-alikes included.
func (s *Store) DeleteCharacter(accountName string, id uint64) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		key := idKey(id)
		c, err := load(tx, key)
		if err != nil {
			return err
		}
		if !SameKey(c.Account, accountName) {
			return ErrNotYours
		}
		if err := tx.Bucket(bucketCharacters).Delete(key); err != nil {
			return err
		}
		nameKey := []byte(foldName(c.Name))
		if err := tx.Bucket(bucketNames).Delete(nameKey); err != nil {
			return err
		}
		if err := unindexLook(tx.Bucket(bucketNameLooks), nameKey); err != nil {
			return err
		}
		return tx.Bucket(bucketByAccount).Bucket([]byte(foldName(c.Account))).Delete(key)
	})
}

func countKeys(b *bolt.Bucket) int {
	n := 0
	cur := b.Cursor()
	for k, _ := cur.First(); k != nil; k, _ = cur.Next() {
		n++
	}
	return n
}
