package store

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

var (
	adaToken = Token{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	bobToken = Token{16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
)

func TestClaim(t *testing.T) {
	s, _ := openTemp(t)
	steps := []struct {
		name    string
		account string
		token   Token
		want    ClaimResult
		wantErr error
	}{
		{"the first use of a name claims it", "Ada", adaToken, NewAccount, nil},
		{"the same name with the same token is recognised", "Ada", adaToken, ReturningAccount, nil},
		{"the same name in another case is the same account", "ADA", adaToken, ReturningAccount, nil},
		{"another token is refused", "Ada", bobToken, 0, ErrNameTaken},
		{"another token is refused whatever the case", "aDa", bobToken, 0, ErrNameTaken},
		{"another name is free for another token", "Bob", bobToken, NewAccount, nil},
		{"a name of 10,000 bytes is refused", strings.Repeat("a", 10_000), bobToken, 0, ErrNameTooLong},
		{"a name with a control character is refused", "Bo\x00b", bobToken, 0, ErrNameControl},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			got, err := s.Claim(st.account, st.token, freely)
			if st.wantErr != nil {
				require.ErrorIs(t, err, st.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, st.want, got)
		})
	}
	t.Run("the refusal says whose name it is", func(t *testing.T) {
		assert.EqualError(t, ErrNameTaken, "that name belongs to another player")
	})
	t.Run("only the two good claims are stored, and no token in the clear", func(t *testing.T) {
		require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
			assert.Equal(t, 2, countKeys(tx.Bucket(bucketAccounts)))
			return tx.Bucket(bucketAccounts).ForEach(func(_, v []byte) error {
				assert.NotContains(t, string(v), string(adaToken[:]))
				return nil
			})
		}))
	})
}

func TestReclaimAfterReopen(t *testing.T) {
	s, path := openTemp(t)
	_, err := s.Claim("Ada", adaToken, freely)
	require.NoError(t, err)
	c, err := s.CreateCharacter("Ada", "Lantern")
	require.NoError(t, err)
	c.Class, c.Level, c.XP, c.Health = "warden", 4, 1234, 87
	c.Inventory = []ItemStack{{ID: 7, Kind: "ember", Count: 3}}
	c.Upgrades, c.Offer = []string{"spread"}, []string{"pierce", "haste"}
	c.Where = Place{Kind: PlaceDungeon, Dungeon: 2, Depth: 5}
	batch := s.NewBatch()
	batch.Stage(c)
	require.NoError(t, batch.Flush())
	require.NoError(t, s.Close())

	again, err := Open(path)
	require.NoError(t, err)
	defer again.Close()
	t.Run("the owner's token is recognised after a restart", func(t *testing.T) {
		got, err := again.Claim("Ada", adaToken, freely)
		require.NoError(t, err)
		assert.Equal(t, ReturningAccount, got)
	})
	t.Run("another token is still refused after a restart", func(t *testing.T) {
		_, err := again.Claim("Ada", bobToken, freely)
		require.ErrorIs(t, err, ErrNameTaken)
	})
	t.Run("the owner gets the character back with health, level and place", func(t *testing.T) {
		list, err := again.Characters("Ada")
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.Equal(t, c, list[0])
	})
}

func TestCreateListDelete(t *testing.T) {
	s, _ := openTemp(t)
	for _, name := range []string{"Ada", "Bob"} {
		_, err := s.Claim(name, adaToken, freely)
		require.NoError(t, err)
	}
	first, err := s.CreateCharacter("Ada", "Lantern")
	require.NoError(t, err)
	second, err := s.CreateCharacter("ada", "Wick")
	require.NoError(t, err)

	t.Run("a new character is level 1 in the hub and belongs to the claimed spelling", func(t *testing.T) {
		assert.Equal(t, Character{ID: first.ID, Account: "Ada", Name: "Lantern", Level: 1, Where: Place{Kind: PlaceHub}}, first)
		assert.NotEqual(t, first.ID, second.ID)
	})
	t.Run("an account lists its characters in creation order", func(t *testing.T) {
		list, err := s.Characters("ADA")
		require.NoError(t, err)
		assert.Equal(t, []Character{first, second}, list)
	})
	t.Run("an unclaimed or empty account lists none", func(t *testing.T) {
		for _, name := range []string{"Bob", "Nobody"} {
			list, err := s.Characters(name)
			require.NoError(t, err)
			assert.Empty(t, list)
		}
	})
	t.Run("a character reads back by id", func(t *testing.T) {
		got, err := s.Character(second.ID)
		require.NoError(t, err)
		assert.Equal(t, second, got)
	})
	t.Run("another account cannot delete it", func(t *testing.T) {
		require.ErrorIs(t, s.DeleteCharacter("Bob", first.ID), ErrNotYours)
		_, err := s.Character(first.ID)
		require.NoError(t, err, "the character is still there")
	})
	t.Run("the owner deletes it and its name is free again", func(t *testing.T) {
		require.NoError(t, s.DeleteCharacter("Ada", first.ID))
		_, err := s.Character(first.ID)
		require.ErrorIs(t, err, ErrNoCharacter)
		list, err := s.Characters("Ada")
		require.NoError(t, err)
		assert.Equal(t, []Character{second}, list)
		again, err := s.CreateCharacter("Bob", "lantern")
		require.NoError(t, err)
		assert.NotEqual(t, first.ID, again.ID, "ids are never reused")
	})
	t.Run("deleting a character frees the names that look like it", func(t *testing.T) {
		wick, err := s.CreateCharacter("Bob", "Candle")
		require.NoError(t, err)
		_, err = s.CreateCharacter("Ada", "C\u0430ndle")
		require.ErrorIs(t, err, ErrNameLooksTaken)
		require.NoError(t, s.DeleteCharacter("Bob", wick.ID))
		_, err = s.CreateCharacter("Ada", "C\u0430ndle")
		require.NoError(t, err)
	})
	t.Run("an account holds at most eight characters", func(t *testing.T) {
		for i := range MaxCharactersPerAccount - 1 {
			_, err := s.CreateCharacter("Bob", "Spare"+string(rune('A'+i)))
			require.NoError(t, err)
		}
		_, err := s.CreateCharacter("Bob", "OneTooMany")
		require.ErrorIs(t, err, ErrTooManyCharacters)
	})
}

// stored counts what the file holds, to show a refused call left nothing.
func stored(t *testing.T, s *Store) map[string]int {
	t.Helper()
	out := map[string]int{}
	require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
		for _, name := range [][]byte{bucketAccounts, bucketCharacters, bucketNames, bucketByAccount, bucketAccountLooks, bucketNameLooks} {
			out[string(name)] = countKeys(tx.Bucket(name))
		}
		return nil
	}))
	return out
}

func TestHostileInput(t *testing.T) {
	s, _ := openTemp(t)
	for _, name := range []string{"Ada", "Bob"} {
		_, err := s.Claim(name, adaToken, freely)
		require.NoError(t, err)
	}
	lantern, err := s.CreateCharacter("Ada", "Lantern")
	require.NoError(t, err)
	before := stored(t, s)

	cases := []struct {
		name    string
		call    func() error
		wantErr error
	}{
		{"a character name of 10,000 bytes", creating(s, "Ada", strings.Repeat("x", 10_000)), ErrNameTooLong},
		{"an empty character name", creating(s, "Ada", ""), ErrNameEmpty},
		{"a name with a newline", creating(s, "Ada", "Lan\ntern"), ErrNameControl},
		{"a name with an escape sequence", creating(s, "Ada", "\x1b[31mred"), ErrNameControl},
		{"a name with a zero-width space", creating(s, "Ada", "Lan\u200btern"), ErrNameControl},
		{"a name with a right-to-left override", creating(s, "Ada", "\u202enretnaL"), ErrNameControl},
		{"a name with a tab", creating(s, "Ada", "Lan\ttern"), ErrNameControl},
		{"a name that is not UTF-8", creating(s, "Ada", "Lan\xfftern"), ErrNameNotUTF8},
		{"a name with a leading space", creating(s, "Ada", " Lantern"), ErrNameSpaceEnd},
		{"a name with a trailing space", creating(s, "Ada", "Lantern "), ErrNameSpaceEnd},
		{"a name another character has, in another case", creating(s, "Bob", "LANTERN"), ErrCharacterNameTaken},
		{"a name that looks like another character's (a Cyrillic а)", creating(s, "Bob", "L\u0430ntern"), ErrNameLooksTaken},
		{"an account name that looks like another account's", func() error {
			_, err := s.Claim("\u0410d\u0430", bobToken, freely)
			return err
		}, ErrNameLooksTaken},
		{"a character for an unclaimed account", creating(s, "Nobody", "Wick"), ErrNoAccount},
		{"an account name of 10,000 bytes", func() error {
			_, err := s.Claim(strings.Repeat("a", 10_000), bobToken, freely)
			return err
		}, ErrNameTooLong},
		{"reading an unknown character id", func() error { _, err := s.Character(999); return err }, ErrNoCharacter},
		{"deleting an unknown character id", func() error { return s.DeleteCharacter("Ada", 999) }, ErrNoCharacter},
		{"deleting another account's character", func() error { return s.DeleteCharacter("Bob", lantern.ID) }, ErrNotYours},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused and nothing is stored", func(t *testing.T) {
			require.ErrorIs(t, c.call(), c.wantErr)
			assert.Equal(t, before, stored(t, s))
		})
	}
	t.Run("a name of sixteen bytes with an inner space and accents is accepted", func(t *testing.T) {
		_, err := s.CreateCharacter("Bob", "Zoë of the Dusk")
		require.NoError(t, err)
	})
}

func creating(s *Store, account, name string) func() error {
	return func() error {
		_, err := s.CreateCharacter(account, name)
		return err
	}
}

func TestBatch(t *testing.T) {
	s, _ := openTemp(t)
	_, err := s.Claim("Ada", adaToken, freely)
	require.NoError(t, err)
	var chars []Character
	for _, name := range []string{"One", "Two", "Three"} {
		c, err := s.CreateCharacter("Ada", name)
		require.NoError(t, err)
		chars = append(chars, c)
	}
	batch := s.NewBatch()

	t.Run("flushing nothing commits nothing", func(t *testing.T) {
		start := commits(t, s)
		require.NoError(t, batch.Flush())
		assert.Equal(t, start, commits(t, s))
	})
	t.Run("a later stage replaces an earlier one and everything commits in one transaction", func(t *testing.T) {
		start := commits(t, s)
		for level := 2; level <= 5; level++ {
			for _, c := range chars {
				c.Level = level
				batch.Stage(c)
			}
		}
		assert.Equal(t, 3, batch.Len())
		require.NoError(t, batch.Flush())
		assert.Equal(t, start+1, commits(t, s))
		assert.Zero(t, batch.Len())
		for _, c := range chars {
			got, err := s.Character(c.ID)
			require.NoError(t, err)
			assert.Equal(t, 5, got.Level)
		}
	})
	t.Run("reads see committed data, not staged data", func(t *testing.T) {
		c := chars[0]
		c.Level = 9
		batch.Stage(c)
		got, err := s.Character(c.ID)
		require.NoError(t, err)
		assert.Equal(t, 5, got.Level)
		require.NoError(t, batch.Flush())
	})
	t.Run("a staged copy is a snapshot the caller may keep changing", func(t *testing.T) {
		c := chars[1]
		c.Upgrades = []string{"spread"}
		batch.Stage(c)
		c.Upgrades[0] = "changed after staging"
		require.NoError(t, batch.Flush())
		got, err := s.Character(c.ID)
		require.NoError(t, err)
		assert.Equal(t, []string{"spread"}, got.Upgrades)
	})
	t.Run("a character deleted after it was staged stays deleted", func(t *testing.T) {
		batch.Stage(chars[2])
		require.NoError(t, s.DeleteCharacter("Ada", chars[2].ID))
		require.NoError(t, batch.Flush())
		_, err := s.Character(chars[2].ID)
		require.ErrorIs(t, err, ErrNoCharacter)
	})
	t.Run("a copy that renames its character is refused and dropped, and the rest commit next time", func(t *testing.T) {
		renamed := chars[0]
		renamed.Name = "Impostor"
		kept := chars[1]
		kept.XP = 77
		batch.Stage(renamed)
		batch.Stage(kept)
		require.ErrorIs(t, batch.Flush(), ErrCharacterIdentityMoved)
		assert.Equal(t, 1, batch.Len())
		require.NoError(t, batch.Flush())
		got, err := s.Character(kept.ID)
		require.NoError(t, err)
		assert.Equal(t, 77, got.XP)
		got, err = s.Character(renamed.ID)
		require.NoError(t, err)
		assert.Equal(t, "One", got.Name)
	})
}
