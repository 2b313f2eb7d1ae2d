package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the layout this code reads and writes.
const SchemaVersion = 3

// step brings a file from version from to from+1. A step with a refusal
// instead of an apply function names a version that cannot be brought
// forward, and says why.
type step struct {
	from   uint32
	apply  func(tx *bolt.Tx) error
	refuse string
}

// migrations is the table Open walks. Version 0 was a development layout
// that was never shipped, so it is refused rather than guessed at.
func migrations() []step { return migrationsAt(time.Now) }

// migrationsAt is the table with the clock a step stamps records with.
func migrationsAt(now func() time.Time) []step {
	return []step{
		{from: 0, refuse: "schema 0 was a development layout that no release wrote; move the file aside and start a new one"},
		{from: 1, apply: func(tx *bolt.Tx) error { return toSchema2(tx, now()) }},
		{from: 2, apply: toSchema3},
	}
}

// schema1Buckets are the buckets a schema-1 file holds.
func schema1Buckets() [][]byte {
	return [][]byte{bucketAccounts, bucketCharacters, bucketByAccount, bucketNames}
}

// toSchema2 adds what account expiry and the look-alike rule read: every
// account stamped as claimed at the upgrade (so the accounts an older
// server made get a full UnusedAccountLife, and none expires at once), the
// count of accounts, and both look-alike indexes built from the names
// held. Names already held that look alike are all indexed and all keep
// working; only new ones are refused.
func toSchema2(tx *bolt.Tx, now time.Time) error {
	for _, name := range schema1Buckets() {
		if tx.Bucket(name) == nil {
			return fmt.Errorf("its %q bucket is missing; it is damaged or not a Duskfall character store", name)
		}
	}
	for _, name := range [][]byte{bucketAccountLooks, bucketNameLooks} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	count, err := stampAccounts(tx, now)
	if err != nil {
		return err
	}
	if err := indexAll(tx.Bucket(bucketNames), tx.Bucket(bucketNameLooks)); err != nil {
		return err
	}
	return setAccountCount(tx, count)
}

// stampAccounts sets every account's last claim to now and indexes its
// name, returning how many there are.
func stampAccounts(tx *bolt.Tx, now time.Time) (int, error) {
	accounts := tx.Bucket(bucketAccounts)
	var keys, raws [][]byte
	err := accounts.ForEach(func(k, v []byte) error {
		keys, raws = append(keys, bytes.Clone(k)), append(raws, bytes.Clone(v))
		return nil
	})
	if err != nil {
		return 0, err
	}
	looks := tx.Bucket(bucketAccountLooks)
	for i, key := range keys {
		if err := indexLook(looks, key); err != nil {
			return 0, err
		}
		var acc account
		if json.Unmarshal(raws[i], &acc) != nil {
			continue // left as it is: a claim of it says it is unreadable, and expiry never takes it
		}
		acc.Claimed = now.Unix()
		if err := putAccount(accounts, key, acc); err != nil {
			return 0, err
		}
	}
	return len(keys), nil
}

// indexAll puts every key of names (folded names) in the look-alike index.
func indexAll(names, looks *bolt.Bucket) error {
	return names.ForEach(func(k, _ []byte) error { return indexLook(looks, k) })
}

// checkSchema applies prepare's refusals without writing anything, so a
// file is refused before the transaction that would bring it forward
// begins: a file claiming a newer, unreadable or unknown schema, a file
// with another program's buckets, a current file missing a bucket.
func checkSchema(tx *bolt.Tx, path string, table []step) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return refuseForeign(tx, path)
	}
	version, err := schemaVersion(meta, path)
	if err != nil {
		return err
	}
	for v := version; v < SchemaVersion; v++ {
		if err := checkStep(table, path, v); err != nil {
			return err
		}
	}
	if version == SchemaVersion {
		return requireBuckets(tx, path)
	}
	return nil
}

// schemaVersion reads meta/schema, refusing a version newer than this
// code's.
func schemaVersion(meta *bolt.Bucket, path string) (uint32, error) {
	raw := meta.Get(keySchema)
	if len(raw) != 4 {
		return 0, fmt.Errorf("the data file %s has no readable schema version; it is not a Duskfall character store", path)
	}
	version := binary.BigEndian.Uint32(raw)
	if version > SchemaVersion {
		return 0, fmt.Errorf("the data file %s was written by a newer Duskfall (schema %d); this one reads schema %d",
			path, version, SchemaVersion)
	}
	return version, nil
}

// checkStep refuses a version the table cannot bring forward.
func checkStep(table []step, path string, from uint32) error {
	st, ok := findStep(table, from)
	if !ok {
		return fmt.Errorf("the data file %s has schema %d and this Duskfall knows no way to bring it to schema %d", path, from, SchemaVersion)
	}
	if st.apply == nil {
		return fmt.Errorf("the data file %s has schema %d, which this Duskfall cannot read: %s", path, from, st.refuse)
	}
	return nil
}

// prepare initialises an empty file, migrates an older one, and refuses a
// newer or foreign one, all inside the Open transaction.
func prepare(tx *bolt.Tx, path string, table []step) error {
	if err := checkSchema(tx, path, table); err != nil {
		return err
	}
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return initialise(tx)
	}
	version, err := schemaVersion(meta, path)
	if err != nil {
		return err
	}
	if err := migrate(tx, path, version, table); err != nil {
		return err
	}
	return requireBuckets(tx, path)
}

// requireBuckets refuses a file that claims our schema but lacks a bucket,
// which the methods would otherwise find missing mid-transaction.
func requireBuckets(tx *bolt.Tx, path string) error {
	for _, name := range ourBuckets() {
		if tx.Bucket(name) == nil {
			return fmt.Errorf("the data file %s is missing its %q bucket; it is damaged or not a Duskfall character store", path, name)
		}
	}
	return nil
}

// refuseForeign fails when a file without our meta bucket holds anything.
func refuseForeign(tx *bolt.Tx, path string) error {
	return tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
		return fmt.Errorf("the data file %s holds something other than Duskfall characters (bucket %q); it was left untouched", path, name)
	})
}

func initialise(tx *bolt.Tx) error {
	for _, name := range ourBuckets() {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return writeVersion(tx, SchemaVersion)
}

// migrate runs the table's steps from version up to SchemaVersion, writing
// each new version as it goes; the caller's transaction makes it all or
// nothing.
func migrate(tx *bolt.Tx, path string, version uint32, table []step) error {
	for version < SchemaVersion {
		if err := checkStep(table, path, version); err != nil {
			return err
		}
		st, _ := findStep(table, version)
		if err := st.apply(tx); err != nil {
			return fmt.Errorf("the data file %s: bringing schema %d forward: %w", path, version, err)
		}
		version++
		if err := writeVersion(tx, version); err != nil {
			return err
		}
	}
	return nil
}

func findStep(table []step, from uint32) (step, bool) {
	for _, st := range table {
		if st.from == from {
			return st, true
		}
	}
	return step{}, false
}

func writeVersion(tx *bolt.Tx, version uint32) error {
	var raw [4]byte
	binary.BigEndian.PutUint32(raw[:], version)
	return tx.Bucket(bucketMeta).Put(keySchema, raw[:])
}
