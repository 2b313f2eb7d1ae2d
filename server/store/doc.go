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
//	bans           folded account name → JSON Ban {account, address, reason, at}
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
// Open reads meta/schema. A missing file is made at SchemaVersion under a
// temporary name and linked into place, so a store is never half made. An older version is brought forward by the steps of the
// migration table, one version at a time, inside the same transaction that
// writes the new version, so a migration is either finished or never
// started. A newer version, or a file that holds buckets this package did
// not write, is refused with an error that says so; the file is not touched.
// Schema 2 came from schema 1 by stamping every account as claimed at the
// upgrade (so none expires at once), counting the accounts, and building
// the look-alike indexes from the names held; schema 3 from schema 2 by
// adding the empty bans bucket.
//
// # Damage
//
// Open checks a file before anything writes to it, and refuses one that
// fails with a *DamagedError: one sentence naming the file, what is wrong
// and what to do (move it aside to start a new store, or restore the
// backup, named with when it was made). A refused file is byte for byte as
// it was. The check, in order:
//
//   - without bbolt, with plain reads: the file is not empty (this
//     program never leaves an empty store, so an empty one is damage), the
//     newer of its two valid header pages (magic, version, FNV-64a
//     checksum, as bbolt chooses), the file's size against the pages that
//     header says are in use, and the free-page list;
//   - under bbolt's lock: every page the tree reaches, read into memory,
//     is where its parent points, inside the file, a branch or a leaf,
//     reached once, and holds every key and value it lists;
//   - bbolt's own check (tx.Check: pages freed and in use, pages neither,
//     keys out of order), which reads through bbolt's map and so runs only
//     once the pages it reads are known to be there;
//   - the schema's refusals, read-only.
//
// bbolt maps the file and trusts what it finds: a page past the end of a
// truncated file is a SIGBUS, a blank free-page list a panic. The reads
// before bbolt's keep it from both, and Guard (recover, with the calling
// goroutine's faults made panics) turns anything unforeseen into a
// refusal rather than a crash. On a store of 10,000 characters the check
// takes 6 to 13 ms (docs/PERFORMANCE.md).
//
// A store that fails later, while serving, is the server's to handle: a
// *FaultError or a *PanicError from a call means the file can no longer be
// trusted. IsRefusal tells a player's refusal (a name taken) from such a
// failure. Abandon lets go of a store whose Close cannot return.
//
// # Backup
//
// Backup copies the store to characters.db.bak beside it (BackupPath) in
// one read transaction, so writers go on meanwhile; the copy is synced,
// checked as Open checks a file, and only then renamed over the last
// backup, so a store damaged while open never replaces a good backup. To
// restore one, move the damaged file aside and copy the backup into its
// place. A restored store's boot count is the backup's, so item ids minted
// after the backup was made may be minted again.
//
// # Writes
//
// Claim, CreateCharacter, DeleteCharacter, ExpireUnused, AddBan and
// RemoveBan are rare and
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
