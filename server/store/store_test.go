package store

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// freely are terms under which any new name becomes an account.
var freely = ClaimTerms{Now: time.Unix(1_750_000_000, 0), MayCreate: true}

func openTemp(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data", "characters.db")
	s, err := Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s, path
}

// commits is the id of the last committed write transaction, which grows by
// one per commit.
func commits(t *testing.T, s *Store) int {
	t.Helper()
	var id int
	require.NoError(t, s.db.View(func(tx *bolt.Tx) error { id = tx.ID(); return nil }))
	return id
}

// handMade writes a bbolt file by hand, as an older or newer program, or
// another one, would have left it.
func handMade(t *testing.T, fill func(tx *bolt.Tx) error) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "characters.db")
	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(fill))
	require.NoError(t, db.Close())
	return path
}

func withSchema(version uint32) func(tx *bolt.Tx) error {
	return func(tx *bolt.Tx) error {
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		return meta.Put(keySchema, binary.BigEndian.AppendUint32(nil, version))
	}
}

func TestOpen(t *testing.T) {
	t.Run("a missing file and directory are created at the current schema", func(t *testing.T) {
		s, path := openTemp(t)
		assert.FileExists(t, path)
		require.NoError(t, s.db.View(func(tx *bolt.Tx) error {
			assert.Equal(t, uint32(SchemaVersion), binary.BigEndian.Uint32(tx.Bucket(bucketMeta).Get(keySchema)))
			return nil
		}))
	})
	t.Run("a file opens again after it is closed", func(t *testing.T) {
		s, path := openTemp(t)
		require.NoError(t, s.Close())
		again, err := Open(path)
		require.NoError(t, err)
		require.NoError(t, again.Close())
	})

	refused := []struct {
		name string
		fill func(tx *bolt.Tx) error
		want string
	}{
		{"a newer schema is refused in words", withSchema(9),
			fmt.Sprintf("was written by a newer Duskfall (schema 9); this one reads schema %d", SchemaVersion)},
		{"schema 0 is refused as the migration table says", withSchema(0),
			"has schema 0, which this Duskfall cannot read: schema 0 was a development layout"},
		{"another program's buckets are refused and left untouched", func(tx *bolt.Tx) error {
			_, err := tx.CreateBucket([]byte("invoices"))
			return err
		}, `holds something other than Duskfall characters (bucket "invoices")`},
		{"a current version without the character buckets is refused", withSchema(SchemaVersion),
			`is missing its "accounts" bucket`},
		{"a schema-1 file without the character buckets is refused, not migrated", withSchema(1),
			`bringing schema 1 forward: its "accounts" bucket is missing`},
		{"a meta bucket without a version is refused", func(tx *bolt.Tx) error {
			_, err := tx.CreateBucket(bucketMeta)
			return err
		}, "has no readable schema version"},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			path := handMade(t, c.fill)
			before, err := os.ReadFile(path)
			require.NoError(t, err)
			_, err = Open(path)
			require.ErrorContains(t, err, c.want)
			assert.Contains(t, err.Error(), path, "the message names the file")
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, before, after, "a refused file is not written")
		})
	}
	t.Run("a file that is not a bbolt file is refused in words", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "characters.db")
		require.NoError(t, os.WriteFile(path, []byte(strings.Repeat("name=ada\n", 2000)), 0o600))
		_, err := Open(path)
		require.ErrorContains(t, err, "is not a Duskfall character store")
	})
}

func TestMigrate(t *testing.T) {
	addsBucket := func(tx *bolt.Tx) error {
		for _, name := range append(schema1Buckets(), []byte("added")) {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		return nil
	}
	laterSteps := migrations()[1:]
	cases := []struct {
		name    string
		table   []step
		wantErr string
	}{
		{"a step with an apply function brings schema 0 to 1, and the real steps on to the current one",
			append([]step{{from: 0, apply: addsBucket}}, laterSteps...), ""},
		{"a version with no step is refused", nil, fmt.Sprintf("knows no way to bring it to schema %d", SchemaVersion)},
		{"a refusing step is refused with its reason", []step{{from: 0, refuse: "too old"}}, "cannot read: too old"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := handMade(t, withSchema(0))
			db, err := bolt.Open(path, 0o600, nil)
			require.NoError(t, err)
			defer db.Close()
			err = db.Update(func(tx *bolt.Tx) error { return prepare(tx, path, c.table) })
			if c.wantErr != "" {
				require.ErrorContains(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			require.NoError(t, db.View(func(tx *bolt.Tx) error {
				assert.NotNil(t, tx.Bucket([]byte("added")), "the step ran")
				assert.Equal(t, uint32(SchemaVersion), binary.BigEndian.Uint32(tx.Bucket(bucketMeta).Get(keySchema)))
				return nil
			}))
		})
	}
}

func TestOpenRefusesASecondProcess(t *testing.T) {
	t.Run("a file already open elsewhere is refused after a bounded wait", func(t *testing.T) {
		_, path := openTemp(t)
		_, err := Open(path)
		require.ErrorContains(t, err, "is in use by another process")
	})
}

func TestBootCountsEveryOpening(t *testing.T) {
	path := filepath.Join(t.TempDir(), "characters.db")
	var boots []uint64
	for range 3 {
		st, err := Open(path)
		require.NoError(t, err)
		boots = append(boots, st.Boot())
		require.NoError(t, st.Close())
	}
	assert.Equal(t, []uint64{1, 2, 3}, boots, "a boot number never repeats for a file, so item ids minted under it never do")
}
