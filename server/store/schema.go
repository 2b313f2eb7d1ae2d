package store

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the layout this code reads and writes.
const SchemaVersion = 1

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
func migrations() []step {
	return []step{
		{from: 0, refuse: "schema 0 was a development layout that no release wrote; move the file aside and start a new one"},
	}
}

// prepare initialises an empty file, migrates an older one, and refuses a
// newer or foreign one, all inside the Open transaction.
func prepare(tx *bolt.Tx, path string, table []step) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		if err := refuseForeign(tx, path); err != nil {
			return err
		}
		return initialise(tx)
	}
	raw := meta.Get(keySchema)
	if len(raw) != 4 {
		return fmt.Errorf("the data file %s has no readable schema version; it is not a Duskfall character store", path)
	}
	version := binary.BigEndian.Uint32(raw)
	if version > SchemaVersion {
		return fmt.Errorf("the data file %s was written by a newer Duskfall (schema %d); this one reads schema %d",
			path, version, SchemaVersion)
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
		st, ok := findStep(table, version)
		if !ok {
			return fmt.Errorf("the data file %s has schema %d and this Duskfall knows no way to bring it to schema %d", path, version, SchemaVersion)
		}
		if st.apply == nil {
			return fmt.Errorf("the data file %s has schema %d, which this Duskfall cannot read: %s", path, version, st.refuse)
		}
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
