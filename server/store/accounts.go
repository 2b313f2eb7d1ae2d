package store

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Token is the secret a client keeps for its account name.
type Token [16]byte

// ClaimResult says whether Claim made a new account or recognised an old one.
type ClaimResult int

const (
	// NewAccount: the name was free and now belongs to the token.
	NewAccount ClaimResult = iota + 1
	// ReturningAccount: the name already belonged to this token.
	ReturningAccount
)

// Claim refusals. The server tells ErrNoNewAccounts and ErrAccountsFull
// apart to put its own numbers in the player's words.
var (
	ErrNameTaken     = errors.New("that name belongs to another player")
	ErrNoNewAccounts = errors.New("no new account may be made from here now")
	ErrAccountsFull  = errors.New("the server keeps no more accounts")
)

// keyAccounts is meta's count of the accounts, from schema 2.
var keyAccounts = []byte("accounts")

// UnusedAccountLife is how long an account that holds no character lives
// after its last claim: long enough for a player to come back the next
// day and make one, short enough that names claimed and never played do
// not hold the store or the names for good.
const UnusedAccountLife = 24 * time.Hour

// account is the stored record; the token itself is never stored.
type account struct {
	Name      string   `json:"name"`
	TokenHash [32]byte `json:"token_sha256"`
	Claimed   int64    `json:"claimed_unix"` // the last claim, in Unix seconds (expiry)
}

// ClaimTerms are what a claim may do beyond recognising its token.
type ClaimTerms struct {
	Now         time.Time // stamped on the account as its last claim
	MayCreate   bool      // a new name may become an account (false: ErrNoNewAccounts)
	MaxAccounts int       // no new account once the store keeps this many; 0: no limit
}

// Claim gives an unused account name to token, or recognises the token that
// already owns it. A new account is made only as terms allow, checked in
// the transaction that makes it, so two claims in flight cannot both take
// the last place; a returning token is recognised whatever the terms.
// Names compare as SameKey; a new name that looks like one held
// (SameName) is refused.
func (s *Store) Claim(name string, token Token, terms ClaimTerms) (ClaimResult, error) {
	if err := checkName(name); err != nil {
		return 0, err
	}
	hash := sha256.Sum256(token[:])
	var result ClaimResult
	err := s.db.Update(func(tx *bolt.Tx) error {
		var err error
		result, err = claim(tx, name, hash, terms)
		return err
	})
	return result, err
}

func claim(tx *bolt.Tx, name string, hash [32]byte, terms ClaimTerms) (ClaimResult, error) {
	accounts := tx.Bucket(bucketAccounts)
	key := []byte(foldName(name))
	raw := accounts.Get(key)
	if raw == nil {
		return NewAccount, makeAccount(tx, key, account{Name: name, TokenHash: hash, Claimed: terms.Now.Unix()}, terms)
	}
	var acc account
	if err := json.Unmarshal(raw, &acc); err != nil {
		return 0, fmt.Errorf("the account %q is unreadable: %w", name, err)
	}
	if subtle.ConstantTimeCompare(acc.TokenHash[:], hash[:]) != 1 {
		return 0, ErrNameTaken
	}
	acc.Claimed = terms.Now.Unix()
	return ReturningAccount, putAccount(accounts, key, acc)
}

// makeAccount files a new account under key, if the name is not a
// look-alike and the terms allow one more.
func makeAccount(tx *bolt.Tx, key []byte, acc account, terms ClaimTerms) error {
	looks := tx.Bucket(bucketAccountLooks)
	count := accountCount(tx)
	switch {
	case looksTaken(looks, key):
		return ErrNameLooksTaken
	case terms.MaxAccounts > 0 && count >= terms.MaxAccounts:
		return ErrAccountsFull
	case !terms.MayCreate:
		return ErrNoNewAccounts
	}
	if err := putAccount(tx.Bucket(bucketAccounts), key, acc); err != nil {
		return err
	}
	if err := indexLook(looks, key); err != nil {
		return err
	}
	return setAccountCount(tx, count+1)
}

func putAccount(accounts *bolt.Bucket, key []byte, acc account) error {
	raw, err := json.Marshal(acc)
	if err != nil {
		return err
	}
	return accounts.Put(key, raw)
}

// accountName returns the stored spelling of a claimed account, or
// ErrNoAccount.
func accountName(tx *bolt.Tx, name string) (string, error) {
	raw := tx.Bucket(bucketAccounts).Get([]byte(foldName(name)))
	if raw == nil {
		return "", ErrNoAccount
	}
	var acc account
	if err := json.Unmarshal(raw, &acc); err != nil {
		return "", fmt.Errorf("the account %q is unreadable: %w", name, err)
	}
	return acc.Name, nil
}

// Accounts is how many accounts the store keeps.
func (s *Store) Accounts() (int, error) {
	var n int
	err := s.db.View(func(tx *bolt.Tx) error { n = accountCount(tx); return nil })
	return n, err
}

// accountCount reads the count kept in meta beside the schema version, so
// the cap costs one read, not a walk of the accounts.
func accountCount(tx *bolt.Tx) int {
	raw := tx.Bucket(bucketMeta).Get(keyAccounts)
	if len(raw) != 8 {
		return 0
	}
	return int(binary.BigEndian.Uint64(raw))
}

func setAccountCount(tx *bolt.Tx, n int) error {
	return tx.Bucket(bucketMeta).Put(keyAccounts, binary.BigEndian.AppendUint64(nil, uint64(max(n, 0))))
}

// ExpireUnused deletes the accounts nobody has played: those that hold no
// character and were last claimed UnusedAccountLife or more before now.
// It returns how many it deleted. The accounts are found in a read
// transaction, which does not hold up writers, so an hour with nothing to
// expire commits nothing; each is checked again as it is deleted.
func (s *Store) ExpireUnused(now time.Time) (int, error) {
	cutoff := now.Add(-UnusedAccountLife).Unix()
	var stale [][]byte
	err := s.db.View(func(tx *bolt.Tx) error {
		stale = unusedAccounts(tx, cutoff)
		return nil
	})
	if err != nil || len(stale) == 0 {
		return 0, err
	}
	expired := 0
	err = s.db.Update(func(tx *bolt.Tx) error {
		expired = 0
		for _, key := range stale {
			gone, err := expireIfUnused(tx, key, cutoff)
			if err != nil {
				return err
			}
			if gone {
				expired++
			}
		}
		return setAccountCount(tx, accountCount(tx)-expired)
	})
	if err != nil {
		return 0, err
	}
	return expired, nil
}

// unusedAccounts lists the keys of the accounts unused since cutoff. An
// unreadable record is left alone: it may be someone's.
func unusedAccounts(tx *bolt.Tx, cutoff int64) [][]byte {
	var stale [][]byte
	cur := tx.Bucket(bucketAccounts).Cursor()
	for key, raw := cur.First(); key != nil; key, raw = cur.Next() {
		if unused(tx, key, raw, cutoff) {
			stale = append(stale, bytes.Clone(key))
		}
	}
	return stale
}

func unused(tx *bolt.Tx, key, raw []byte, cutoff int64) bool {
	if holdsCharacters(tx, key) {
		return false
	}
	var acc struct {
		Claimed int64 `json:"claimed_unix"`
	}
	return json.Unmarshal(raw, &acc) == nil && acc.Claimed <= cutoff
}

func holdsCharacters(tx *bolt.Tx, key []byte) bool {
	index := tx.Bucket(bucketByAccount).Bucket(key)
	if index == nil {
		return false
	}
	first, _ := index.Cursor().First()
	return first != nil
}

// expireIfUnused deletes the account under key if it is still unused: a
// claim or a new character since the scan keeps it.
func expireIfUnused(tx *bolt.Tx, key []byte, cutoff int64) (bool, error) {
	raw := tx.Bucket(bucketAccounts).Get(key)
	if raw == nil || !unused(tx, key, raw, cutoff) {
		return false, nil
	}
	if err := tx.Bucket(bucketAccounts).Delete(key); err != nil {
		return false, err
	}
	if tx.Bucket(bucketByAccount).Bucket(key) != nil {
		if err := tx.Bucket(bucketByAccount).DeleteBucket(key); err != nil {
			return false, err
		}
	}
	return true, unindexLook(tx.Bucket(bucketAccountLooks), key)
}
