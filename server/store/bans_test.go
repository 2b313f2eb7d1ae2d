package store

import (
	"encoding/binary"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

func TestBans(t *testing.T) {
	at := time.Unix(1_750_000_000, 0).UTC()
	kate := Ban{Account: "Kate", Address: "203.0.113.7", Reason: "griefing", At: at}
	bob := Ban{Account: "bob", At: at.Add(time.Minute)}

	t.Run("a ban kept is listed again after the file is closed and opened", func(t *testing.T) {
		s, path := openTemp(t)
		require.NoError(t, s.AddBan(bob))
		require.NoError(t, s.AddBan(kate))
		require.NoError(t, s.Close())
		again, err := Open(path)
		require.NoError(t, err)
		defer again.Close()
		bans, err := again.Bans()
		require.NoError(t, err)
		assert.Equal(t, []Ban{kate, bob}, bans, "oldest first")
	})
	t.Run("a second ban of one account replaces the first, whatever its letter case", func(t *testing.T) {
		s, _ := openTemp(t)
		require.NoError(t, s.AddBan(kate))
		later := Ban{Account: "KATE", Address: "198.51.100.1", At: at.Add(time.Hour)}
		require.NoError(t, s.AddBan(later))
		bans, err := s.Bans()
		require.NoError(t, err)
		assert.Equal(t, []Ban{later}, bans)
	})
	t.Run("unbanning returns the ban and lifts it", func(t *testing.T) {
		s, _ := openTemp(t)
		require.NoError(t, s.AddBan(kate))
		got, found, err := s.RemoveBan("kate")
		require.NoError(t, err)
		assert.True(t, found)
		assert.Equal(t, kate, got)
		bans, err := s.Bans()
		require.NoError(t, err)
		assert.Empty(t, bans)
	})
	t.Run("unbanning an account never banned says so", func(t *testing.T) {
		s, _ := openTemp(t)
		_, found, err := s.RemoveBan("nobody")
		require.NoError(t, err)
		assert.False(t, found)
	})
	t.Run("a ban needs an account", func(t *testing.T) {
		s, _ := openTemp(t)
		assert.Error(t, s.AddBan(Ban{Address: "203.0.113.7"}))
	})
}

func TestSchema2GainsTheBans(t *testing.T) {
	path := handMade(t, func(tx *bolt.Tx) error {
		if err := withSchema(2)(tx); err != nil {
			return err
		}
		for _, name := range append(schema1Buckets(), bucketAccountLooks, bucketNameLooks) {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		return nil
	})
	s, err := Open(path)
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
		assert.NotNil(t, tx.Bucket(bucketBans), "the bans bucket was added")
		assert.Equal(t, uint32(3), binary.BigEndian.Uint32(tx.Bucket(bucketMeta).Get(keySchema)))
		return nil
	}))
	bans, err := s.Bans()
	require.NoError(t, err)
	assert.Empty(t, bans)
}
