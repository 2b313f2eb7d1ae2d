// Package store keeps accounts and their characters in one bbolt file, so a
// player who comes back with the same name and token finds their characters
// where they left them.
//
// # Buckets
//
//	meta           "schema" → the layout version, 4 bytes big-endian;
//	               "boots" → how many times the file was opened, 8 bytes;
//	               "accounts" → how many accounts it keeps, 8 bytes
//	accounts       folded account name → JSON {name, token hash, last claim}
//	characters     character ID, 8 bytes big-endian → JSON Character
//	by_account     folded account name → nested bucket of the account's IDs
//	names          folded character name → character ID (names are unique
//	               regardless of case)
//	account_looks  skeleton, 0, folded account name → empty
//	name_looks     skeleton, 0, folded character name → empty
//
// # Names
//
// A folded name is the name with every letter mapped to one canonical case
// (foldName), so "Ada" and "ADA" are one key and one account (SameKey).
// A name's skeleton is what it looks like (skeleton): its compatibility
// decomposition, invisible code points dropped, case folded, and the
// Cyrillic, Greek and other Latin letters drawn like Latin letters replaced
// by them, so "kate", "kаte" with a Cyrillic а, "ＫＡＴＥ" and "ΚΑΤΕ" in
// Greek capitals have one skeleton; "kāte" does not, as its mark shows.
// Names with one skeleton are the same name to a player (SameName). The
// look-alike indexes list every name held under its skeleton: a new
// account, or a new character, whose skeleton another name holds is
// refused (ErrNameLooksTaken). Names held before the indexes existed that
// look alike are all listed and all keep working; deleting a character
// frees its own entry only. Account and character names are separate: an
// account and its first character often share a name.
//
// The store keeps only the SHA-256 of an account's 16-byte token and
// compares hashes in constant time.
//
// # Accounts: terms and expiry
//
// Claim recognises a returning token whatever its terms. A new name
// becomes an account only if the caller's ClaimTerms allow it
// (MayCreate; the server decides it per address) and the store keeps
// fewer than MaxAccounts; both are checked in the transaction that makes
// the account, against the count kept in meta. Each claim stamps the
// account's last claim with the caller's clock. An account that holds no
// character and was last claimed UnusedAccountLife (24 h) or more ago is
// unused, and ExpireUnused deletes it and frees its name and look-alikes;
// an account with a character never expires.
//
// # Schema version
//
// Open reads meta/schema. A new, empty file is initialised at
// SchemaVersion. An older version is brought forward by the steps of the
// migration table, one version at a time, inside the same transaction that
// writes the new version, so a migration is either finished or never
// started. A newer version, or a file that holds buckets this package did
// not write, is refused with an error that says so; the file is not touched.
// Schema 2 came from schema 1 by stamping every account as claimed at the
// upgrade (so none expires at once), counting the accounts, and building
// the look-alike indexes from the names held.
//
// # Writes
//
// Claim, CreateCharacter, DeleteCharacter and ExpireUnused are rare and
// each commits its own transaction (ExpireUnused none when nothing has
// expired). The state a running game changes every tick (health,
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
