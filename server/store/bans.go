package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bucketBans holds the server's bans, one per account, under the account's
// folded name (foldName): a ban names the account and the address it
// played from, so the server refuses either (docs/NETCODE.md, Host
// controls).
var bucketBans = []byte("bans")

// Ban is a player the server refuses: its account, and the IP address it
// last played from.
type Ban struct {
	Account string    `json:"account"`           // the account's name as it played
	Address string    `json:"address,omitempty"` // its IP address; "" for none known
	Reason  string    `json:"reason,omitempty"`  // the operator's words, shown to the player
	At      time.Time `json:"at"`                // when it was banned
}

// toSchema3 adds the bans.
func toSchema3(tx *bolt.Tx) error {
	_, err := tx.CreateBucketIfNotExists(bucketBans)
	return err
}

// AddBan keeps a ban, replacing the account's earlier one.
func (s *Store) AddBan(b Ban) error {
	if b.Account == "" {
		return fmt.Errorf("a ban needs an account")
	}
	raw, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketBans).Put([]byte(foldName(b.Account)), raw)
	})
}

// RemoveBan lifts the account's ban, by account and by address, and
// returns it; false when the account was not banned.
func (s *Store) RemoveBan(account string) (Ban, bool, error) {
	var b Ban
	var found bool
	err := s.db.Update(func(tx *bolt.Tx) error {
		bans := tx.Bucket(bucketBans)
		key := []byte(foldName(account))
		raw := bans.Get(key)
		if raw == nil {
			return nil
		}
		found = true
		_ = json.Unmarshal(raw, &b) // an unreadable ban is lifted all the same
		return bans.Delete(key)
	})
	return b, found, err
}

// Bans lists every ban, oldest first. A record that does not read is
// skipped: a ban lost is a player let in, never a store refused.
func (s *Store) Bans() ([]Ban, error) {
	var out []Ban
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketBans).ForEach(func(_, raw []byte) error {
			var b Ban
			if json.Unmarshal(raw, &b) == nil && b.Account != "" {
				out = append(out, b)
			}
			return nil
		})
	})
	slices.SortStableFunc(out, func(a, b Ban) int { return a.At.Compare(b.At) })
	return out, err
}
