// Package store keeps accounts and their characters in one bbolt file, so a
// player who comes back with the same name and token finds their characters
// where they left them.
//
// # Buckets
//
//	meta         "schema" → the layout version, 4 bytes big-endian
//	accounts     folded account name → JSON {name, token hash}
//	characters   character ID, 8 bytes big-endian → JSON Character
//	by_account   folded account name → nested bucket of the account's IDs
//	names        folded character name → character ID (names are unique
//	             regardless of case)
//
// A folded name is the name with every letter mapped to one canonical case
// (foldName), so "Ada" and "ADA" are the same key. The store keeps only the
// SHA-256 of an account's 16-byte token and compares hashes in constant time.
//
// # Schema version
//
// Open reads meta/schema. A new, empty file is initialised at
// SchemaVersion. An older version is brought forward by the steps of the
// migration table, one version at a time, inside the same transaction that
// writes the new version, so a migration is either finished or never
// started. A newer version, or a file that holds buckets this package did
// not write, is refused with an error that says so; the file is not touched.
//
// # Writes
//
// Claim, CreateCharacter and DeleteCharacter are rare and each commits its
// own transaction. The state a running game changes every tick (health,
// place, inventory, experience) goes through a Batch: the server Stages a
// character whenever it changes during a tick, a later Stage of the same
// character replaces the earlier one, and Flush commits everything staged in
// one transaction, so the file sees at most one commit per tick however many
// players move. Reads see committed data only.
//
// # Why a killed server never corrupts the file
//
// bbolt never overwrites a page that the last committed transaction can
// reach: a commit writes its changed pages to free space, fsyncs them, and
// only then writes and fsyncs a new meta page that points at them. Of the two
// meta pages the one with the highest transaction id and a valid checksum
// wins on open. A process killed at any point therefore leaves either the
// whole transaction on disk or none of it; TestStoreSurvivesSIGKILL checks
// this by killing a writer mid-burst twenty times.
package store
