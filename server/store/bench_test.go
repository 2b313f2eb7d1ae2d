package store

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// populate claims accounts and makes n characters, eight to an account, each
// with the state a mid-game character carries.
func populate(t testing.TB, s *Store, n int) []Character {
	t.Helper()
	var chars []Character
	for i := range n {
		account := fmt.Sprintf("player%d", i/MaxCharactersPerAccount)
		if i%MaxCharactersPerAccount == 0 {
			_, err := s.Claim(account, Token{byte(i), byte(i >> 8)}, freely)
			require.NoError(t, err)
		}
		c, err := s.CreateCharacter(account, fmt.Sprintf("hero%d", i))
		require.NoError(t, err)
		chars = append(chars, generation(c, 12))
	}
	return chars
}

// BenchmarkFlushTick32Players is one tick in which 32 players each changed
// (moved between instances, took damage): 32 stages and one Flush, fsync
// included.
func BenchmarkFlushTick32Players(b *testing.B) {
	s, _ := openTemp(b)
	chars := populate(b, s, 32)
	batch := s.NewBatch()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		for _, c := range chars {
			c.Where.Depth = i
			batch.Stage(c)
		}
		if err := batch.Flush(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestFileSizeAfterAThousandCharacters(t *testing.T) {
	t.Run("a thousand mid-game characters fit in a file of a few MiB at most", func(t *testing.T) {
		s, path := openTemp(t)
		chars := populate(t, s, 1000)
		batch := s.NewBatch()
		for _, c := range chars {
			batch.Stage(c)
		}
		require.NoError(t, batch.Flush())
		info, err := os.Stat(path)
		require.NoError(t, err)
		var used, records int
		require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
			used = int(tx.Size())
			return tx.Bucket(bucketCharacters).ForEach(func(_, v []byte) error { records += len(v); return nil })
		}))
		// bbolt grows the file in doubling steps ahead of need, so the file
		// size is a step and the pages in use are the real footprint.
		t.Logf("1,000 characters (125 accounts): file %d bytes, pages in use %d bytes, character records %d bytes (%d per character)",
			info.Size(), used, records, records/len(chars))
		require.Less(t, info.Size(), int64(4<<20))
	})
}

// BenchmarkJoinNewAccount is what the desk does for a first join: claim
// the account, list its characters, make its first one. Two commits.
func BenchmarkJoinNewAccount(b *testing.B) {
	s, err := Open(b.TempDir() + "/bench.db")
	require.NoError(b, err)
	defer s.Close()
	b.ResetTimer()
	for i := range b.N {
		name := fmt.Sprintf("n%d", i)
		_, err := s.Claim(name, Token{1}, freely)
		require.NoError(b, err)
		_, err = s.Characters(name)
		require.NoError(b, err)
		_, err = s.CreateCharacter(name, name)
		require.NoError(b, err)
	}
}

// BenchmarkClaimReturningAccount is a player coming back: the claim
// recognises the token of an account that already exists. One commit.
func BenchmarkClaimReturningAccount(b *testing.B) {
	s, err := Open(b.TempDir() + "/bench.db")
	require.NoError(b, err)
	defer s.Close()
	_, err = s.Claim("ada", Token{1}, freely)
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_, err := s.Claim("ada", Token{1}, freely)
		require.NoError(b, err)
	}
}

// BenchmarkClaimNewAccount is the claim alone of a first join: a new name
// becomes an account. One commit.
func BenchmarkClaimNewAccount(b *testing.B) {
	s, err := Open(b.TempDir() + "/bench.db")
	require.NoError(b, err)
	defer s.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		_, err := s.Claim(fmt.Sprintf("n%d", i), Token{1}, freely)
		require.NoError(b, err)
	}
}
