package store

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

func accountsHeld(t *testing.T, s *Store) int {
	t.Helper()
	n, err := s.Accounts()
	require.NoError(t, err)
	return n
}

func TestClaimTerms(t *testing.T) {
	s, _ := openTemp(t)
	closed := ClaimTerms{Now: freely.Now, MayCreate: false}
	capped := ClaimTerms{Now: freely.Now, MayCreate: true, MaxAccounts: 2}
	steps := []struct {
		name     string
		account  string
		token    Token
		terms    ClaimTerms
		want     ClaimResult
		wantErr  error
		accounts int
	}{
		{"a new name is refused when the terms allow no new account", "Ada", adaToken, closed, 0, ErrNoNewAccounts, 0},
		{"a new name becomes an account when they do", "Ada", adaToken, freely, NewAccount, nil, 1},
		{"a returning token is recognised when no new account is allowed", "ada", adaToken, closed, ReturningAccount, nil, 1},
		{"a look-alike of an account is refused, whatever the terms", "\u0410da", bobToken, freely, 0, ErrNameLooksTaken, 1},
		{"a new account below the cap is made", "Bob", bobToken, capped, NewAccount, nil, 2},
		{"a new account at the cap is refused", "Cy", bobToken, capped, 0, ErrAccountsFull, 2},
		{"the cap is told before the budget", "Cy", bobToken, ClaimTerms{Now: freely.Now, MaxAccounts: 2}, 0, ErrAccountsFull, 2},
		{"a returning token is recognised at the cap", "BOB", bobToken, capped, ReturningAccount, nil, 2},
		{"a wrong token is refused at the cap as it always is", "Bob", adaToken, capped, 0, ErrNameTaken, 2},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			got, err := s.Claim(st.account, st.token, st.terms)
			if st.wantErr != nil {
				require.ErrorIs(t, err, st.wantErr)
			} else {
				require.NoError(t, err)
				assert.Equal(t, st.want, got)
			}
			assert.Equal(t, st.accounts, accountsHeld(t, s))
		})
	}
}

func TestExpireUnused(t *testing.T) {
	s, _ := openTemp(t)
	t0 := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) ClaimTerms { return ClaimTerms{Now: t0.Add(d), MayCreate: true} }
	for _, name := range []string{"Idle", "Player", "Regular", "Quitter"} {
		_, err := s.Claim(name, adaToken, at(0))
		require.NoError(t, err)
	}
	_, err := s.CreateCharacter("Player", "Lantern")
	require.NoError(t, err)
	gone, err := s.CreateCharacter("Quitter", "Wick")
	require.NoError(t, err)
	require.NoError(t, s.DeleteCharacter("Quitter", gone.ID))
	_, err = s.Claim("Regular", adaToken, at(20*time.Hour))
	require.NoError(t, err)

	expire := func(t *testing.T, d time.Duration) int {
		t.Helper()
		n, err := s.ExpireUnused(t0.Add(d))
		require.NoError(t, err)
		return n
	}
	t.Run("nothing expires before a day has passed, and nothing is committed", func(t *testing.T) {
		start := commits(t, s)
		assert.Zero(t, expire(t, UnusedAccountLife-time.Second))
		assert.Equal(t, start, commits(t, s))
		assert.Equal(t, 4, accountsHeld(t, s))
	})
	t.Run("a day after their last claim, the accounts without a character expire", func(t *testing.T) {
		assert.Equal(t, 2, expire(t, UnusedAccountLife), "Idle, and Quitter, whose only character was deleted")
		assert.Equal(t, 2, accountsHeld(t, s))
		_, err := s.Claim("Idle", bobToken, at(UnusedAccountLife))
		require.NoError(t, err, "the name is free for anyone")
		_, err = s.Claim("Qu\u0456tter", bobToken, at(UnusedAccountLife))
		require.NoError(t, err, "and so are its look-alikes")
	})
	t.Run("a claim keeps an account without a character for a day from that claim", func(t *testing.T) {
		assert.Zero(t, expire(t, 20*time.Hour+UnusedAccountLife-time.Second))
		assert.Equal(t, 1, expire(t, 20*time.Hour+UnusedAccountLife), "Regular, claimed again at 20 h")
	})
	t.Run("an account with a character never expires", func(t *testing.T) {
		expire(t, 365*UnusedAccountLife)
		assert.Equal(t, 1, accountsHeld(t, s), "Player alone")
		got, err := s.Claim("Player", adaToken, at(366*UnusedAccountLife))
		require.NoError(t, err)
		assert.Equal(t, ReturningAccount, got)
	})
}

// TestExpireUnusedKeepsWhatChangedSinceTheScan: a claim or a character that
// lands between the read scan and the deleting transaction keeps the
// account.
func TestExpireUnusedKeepsWhatChangedSinceTheScan(t *testing.T) {
	s, _ := openTemp(t)
	_, err := s.Claim("Late", adaToken, freely)
	require.NoError(t, err)
	later := freely.Now.Add(2 * UnusedAccountLife)
	var stale [][]byte
	require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
		stale = unusedAccounts(tx, later.Add(-UnusedAccountLife).Unix())
		return nil
	}))
	require.Len(t, stale, 1)
	_, err = s.CreateCharacter("Late", "Lantern")
	require.NoError(t, err)
	require.NoError(t, s.db.Update(func(tx *bolt.Tx) error {
		gone, err := expireIfUnused(tx, stale[0], later.Add(-UnusedAccountLife).Unix())
		assert.False(t, gone)
		return err
	}))
}

// schema1Account is an account record as schema 1 wrote it.
type schema1Account struct {
	Name      string   `json:"name"`
	TokenHash [32]byte `json:"token_sha256"`
}

// schema1File writes what the schema-1 code left: accounts under their
// folded names with no claim times, characters, the account and name
// indexes, the boot count, and no look-alike indexes. Two accounts and two
// characters have names that look alike, which schema 1 let through.
func schema1File(t *testing.T) string {
	t.Helper()
	accounts := []struct {
		name  string
		token Token
		chars []string
	}{
		{"Kate", adaToken, []string{"Lantern"}},
		{"K\u0430te", bobToken, []string{"L\u0430ntern", "Wick"}},
		{"Idle", adaToken, nil},
	}
	return handMade(t, func(tx *bolt.Tx) error {
		meta, _ := tx.CreateBucket(bucketMeta)
		require.NoError(t, meta.Put(keySchema, binary.BigEndian.AppendUint32(nil, 1)))
		require.NoError(t, meta.Put(keyBoots, binary.BigEndian.AppendUint64(nil, 3)))
		for _, name := range schema1Buckets() {
			_, err := tx.CreateBucket(name)
			require.NoError(t, err)
		}
		var id uint64
		for _, a := range accounts {
			key := []byte(foldName(a.name))
			raw, err := json.Marshal(schema1Account{Name: a.name, TokenHash: sha256.Sum256(a.token[:])})
			require.NoError(t, err)
			require.NoError(t, tx.Bucket(bucketAccounts).Put(key, raw))
			for _, c := range a.chars {
				id++
				index, err := tx.Bucket(bucketByAccount).CreateBucketIfNotExists(key)
				require.NoError(t, err)
				raw, err := json.Marshal(Character{ID: id, Account: a.name, Name: c, Level: 3, Where: Place{Kind: PlaceHub}})
				require.NoError(t, err)
				require.NoError(t, tx.Bucket(bucketCharacters).Put(idKey(id), raw))
				require.NoError(t, index.Put(idKey(id), nil))
				require.NoError(t, tx.Bucket(bucketNames).Put([]byte(foldName(c)), idKey(id)))
			}
		}
		return tx.Bucket(bucketCharacters).SetSequence(id)
	})
}

func TestSchema1IsBroughtForward(t *testing.T) {
	path := schema1File(t)
	before := time.Now()
	s, err := Open(path)
	require.NoError(t, err)
	after := time.Now()
	defer s.Close()

	t.Run("the file is at the current schema with the look-alike indexes", func(t *testing.T) {
		require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
			assert.Equal(t, uint32(SchemaVersion), binary.BigEndian.Uint32(tx.Bucket(bucketMeta).Get(keySchema)))
			assert.Equal(t, 3, countKeys(tx.Bucket(bucketAccountLooks)))
			assert.Equal(t, 3, countKeys(tx.Bucket(bucketNameLooks)))
			return nil
		}))
		assert.Equal(t, uint64(4), s.Boot(), "the boot count goes on")
		assert.Equal(t, 3, accountsHeld(t, s))
	})
	t.Run("every account is stamped as claimed at the upgrade", func(t *testing.T) {
		require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketAccounts).ForEach(func(k, v []byte) error {
				var acc account
				require.NoError(t, json.Unmarshal(v, &acc))
				assert.GreaterOrEqual(t, acc.Claimed, before.Unix(), "%s", k)
				assert.LessOrEqual(t, acc.Claimed, after.Unix(), "%s", k)
				return nil
			})
		}))
	})
	t.Run("two accounts whose names look alike both keep working", func(t *testing.T) {
		for name, token := range map[string]Token{"kate": adaToken, "k\u0430te": bobToken} {
			got, err := s.Claim(name, token, ClaimTerms{Now: after})
			require.NoError(t, err, name)
			assert.Equal(t, ReturningAccount, got, name)
		}
		chars, err := s.Characters("K\u0430te")
		require.NoError(t, err)
		require.Len(t, chars, 2)
		assert.Equal(t, "L\u0430ntern", chars[0].Name)
	})
	t.Run("a third look-alike is refused", func(t *testing.T) {
		_, err := s.Claim("\u039a\u0391TE", Token{9}, freely)
		require.ErrorIs(t, err, ErrNameLooksTaken)
		_, err = s.CreateCharacter("Idle", "LANTERN")
		require.ErrorIs(t, err, ErrCharacterNameTaken)
		_, err = s.CreateCharacter("Idle", "Lant\u0435rn")
		require.ErrorIs(t, err, ErrNameLooksTaken)
	})
	t.Run("deleting one of two look-alike characters leaves the other holding the name", func(t *testing.T) {
		chars, err := s.Characters("K\u0430te")
		require.NoError(t, err)
		require.NoError(t, s.DeleteCharacter("K\u0430te", chars[0].ID))
		_, err = s.CreateCharacter("Idle", "Lant\u0435rn")
		require.ErrorIs(t, err, ErrNameLooksTaken, "Kate's Lantern still holds it")
	})
	t.Run("nothing expires at once; a day after the upgrade the unused account does", func(t *testing.T) {
		n, err := s.ExpireUnused(after)
		require.NoError(t, err)
		assert.Zero(t, n)
		n, err = s.ExpireUnused(after.Add(UnusedAccountLife + time.Second))
		require.NoError(t, err)
		assert.Equal(t, 1, n, "Idle: the only account with no character")
		assert.Equal(t, 2, accountsHeld(t, s))
	})
	t.Run("the migration is stamped with the clock it is given", func(t *testing.T) {
		path := schema1File(t)
		db, err := bolt.Open(path, 0o600, nil)
		require.NoError(t, err)
		defer db.Close()
		stamp := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
		require.NoError(t, db.Update(func(tx *bolt.Tx) error {
			return prepare(tx, path, migrationsAt(func() time.Time { return stamp }))
		}))
		require.NoError(t, db.View(func(tx *bolt.Tx) error {
			var acc account
			require.NoError(t, json.Unmarshal(tx.Bucket(bucketAccounts).Get([]byte(foldName("Idle"))), &acc))
			assert.Equal(t, stamp.Unix(), acc.Claimed)
			return nil
		}))
	})
}

func TestAFloodOfNewNamesIsBoundedByTheTerms(t *testing.T) {
	s, _ := openTemp(t)
	made := 0
	for i := range 1000 {
		terms := ClaimTerms{Now: freely.Now, MayCreate: made < 5, MaxAccounts: 100}
		got, err := s.Claim(fmt.Sprintf("flood%d", i), Token{byte(i)}, terms)
		if err == nil && got == NewAccount {
			made++
		}
	}
	assert.Equal(t, 5, made)
	assert.Equal(t, 5, accountsHeld(t, s))
}
