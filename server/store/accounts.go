package store

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"

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

// ErrNameTaken refuses a claim with the wrong token.
var ErrNameTaken = errors.New("that name belongs to another player")

// account is the stored record; the token itself is never stored.
type account struct {
	Name      string   `json:"name"`
	TokenHash [32]byte `json:"token_sha256"`
}

// Claim gives an unused account name to token, or recognises the token that
// already owns it. Names compare without regard to case.
func (s *Store) Claim(name string, token Token) (ClaimResult, error) {
	if err := checkName(name); err != nil {
		return 0, err
	}
	hash := sha256.Sum256(token[:])
	var result ClaimResult
	err := s.db.Update(func(tx *bolt.Tx) error {
		var err error
		result, err = claim(tx, name, hash)
		return err
	})
	return result, err
}

func claim(tx *bolt.Tx, name string, hash [32]byte) (ClaimResult, error) {
	accounts := tx.Bucket(bucketAccounts)
	key := []byte(foldName(name))
	if raw := accounts.Get(key); raw != nil {
		var acc account
		if err := json.Unmarshal(raw, &acc); err != nil {
			return 0, fmt.Errorf("the account %q is unreadable: %w", name, err)
		}
		if subtle.ConstantTimeCompare(acc.TokenHash[:], hash[:]) != 1 {
			return 0, ErrNameTaken
		}
		return ReturningAccount, nil
	}
	raw, err := json.Marshal(account{Name: name, TokenHash: hash})
	if err != nil {
		return 0, err
	}
	return NewAccount, accounts.Put(key, raw)
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
