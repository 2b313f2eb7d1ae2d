package store

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// damageCharacters is enough characters for the characters bucket to need
// branch pages.
const damageCharacters = 320

// healthyStore writes a closed store of n characters, committed without
// fsync (the test needs the bytes, not their durability), and returns its
// path.
func healthyStore(t testing.TB, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "characters.db")
	s, err := Open(path)
	require.NoError(t, err)
	s.db.NoSync = true
	chars := populate(t, s, n)
	batch := s.NewBatch()
	for _, c := range chars {
		batch.Stage(c)
	}
	require.NoError(t, batch.Flush())
	require.NoError(t, s.Close())
	return path
}

// layout is where a store's pages are, by type, as bbolt reads them.
type layout struct {
	pageSize int
	pages    int // the high-water mark
	byType   map[string][]int
}

func layoutOf(t *testing.T, path string) layout {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true})
	require.NoError(t, err)
	defer db.Close()
	l := layout{pageSize: db.Info().PageSize, byType: map[string][]int{}}
	require.NoError(t, db.View(func(tx *bolt.Tx) error {
		l.pages = int(tx.Size()) / l.pageSize
		for id := 0; id < l.pages; id++ {
			info, err := tx.Page(id)
			if err != nil {
				return err
			}
			l.byType[info.Type] = append(l.byType[info.Type], id)
			id += info.OverflowCount
		}
		return nil
	}))
	return l
}

// rewrite changes the file's bytes in place.
func rewrite(t *testing.T, path string, change func(b []byte) []byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, change(b), 0o600))
}

func page(b []byte, l layout, id int) []byte { return b[id*l.pageSize : (id+1)*l.pageSize] }

func TestOpenRefusesADamagedFile(t *testing.T) {
	healthy := healthyStore(t, damageCharacters)
	cases := []struct {
		name   string
		damage func(t *testing.T, path string, l layout)
		want   string
	}{
		{"a store truncated to 4 KiB", truncateTo(4 << 10), "the file ends at 4096 bytes but its pages run to"},
		{"a store truncated to 8 KiB", truncateTo(8 << 10), "the file ends at 8192 bytes but its pages run to"},
		{"a store truncated mid-page inside its pages", func(t *testing.T, path string, l layout) {
			truncateTo(int64(l.pages*l.pageSize*2/3+123))(t, path, l)
		}, "but its pages run to"},
		{"an empty file", truncateTo(0), "(the file is empty)"},
		{"a store with a blank leaf", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte {
				clear(page(b, l, l.byType["leaf"][len(l.byType["leaf"])/2]))
				return b
			})
		}, "is blank"},
		{"a store with a blank free-page list", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte { clear(page(b, l, l.byType["freelist"][0])); return b })
		}, "its free-page list"},
		{"a store with a branch page of noise after its header", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte {
				noise(page(b, l, l.byType["branch"][0])[pageHeaderSize:])
				return b
			})
		}, "page"},
		{"a store whose branch points past its last page", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte {
				p := page(b, l, l.byType["branch"][0])
				order.PutUint64(p[pageHeaderSize+8:], 1<<40)
				return b
			})
		}, "a branch points to page 1099511627776"},
		{"a store whose branch points back at itself", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte {
				id := l.byType["branch"][0]
				order.PutUint64(page(b, l, id)[pageHeaderSize+8:], uint64(id))
				return b
			})
		}, "is reached twice"},
		{"a store whose leaf entry runs off its page", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte {
				p := page(b, l, l.byType["leaf"][0])
				order.PutUint32(p[pageHeaderSize+12:], uint32(l.pageSize)) // the first value's size
				return b
			})
		}, "runs off the page"},
		{"a store whose leaf keys are out of order", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte {
				for _, id := range l.byType["leaf"] {
					if p := page(b, l, id); order.Uint16(p[10:]) >= 2 {
						first := pageHeaderSize + int(order.Uint32(p[pageHeaderSize+4:]))
						p[first] = 0xFF // the first key now sorts after the second
						return b
					}
				}
				t.Fatal("no leaf holds two keys")
				return nil
			})
		}, "bbolt's check found"},
		{"a file of random bytes", func(t *testing.T, path string, l layout) {
			rewrite(t, path, func(b []byte) []byte { noise(b); return b })
		}, "is damaged or is not a Duskfall character store (neither of its two header pages is valid)"},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused and left as it was", func(t *testing.T) {
			path := copyOf(t, healthy)
			c.damage(t, path, layoutOf(t, healthy))
			before, err := os.ReadFile(path)
			require.NoError(t, err)

			_, err = Open(path)

			var d *DamagedError
			require.ErrorAs(t, err, &d)
			assert.Contains(t, err.Error(), c.want)
			assert.Contains(t, err.Error(), "the character store "+path)
			assert.Contains(t, err.Error(), "move it aside to start a new store, or restore a backup of it")
			assert.NotContains(t, err.Error(), "\n")
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(before, after), "the refused file is byte for byte as it was")
			again, err := Open(path)
			assert.ErrorAs(t, err, &d, "a refusal leaves the file free for the next try")
			if again != nil {
				again.Close()
			}
		})
	}
}

func truncateTo(size int64) func(t *testing.T, path string, _ layout) {
	return func(t *testing.T, path string, _ layout) { require.NoError(t, os.Truncate(path, size)) }
}

func noise(b []byte) {
	rng := rand.New(rand.NewPCG(25, 2))
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

func copyOf(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	dst := filepath.Join(t.TempDir(), filepath.Base(path))
	require.NoError(t, os.WriteFile(dst, b, 0o600))
	return dst
}

func TestARefusalNamesTheBackup(t *testing.T) {
	path := healthyStore(t, 8)
	s, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, s.Backup())
	require.NoError(t, s.Close())
	require.NoError(t, os.Truncate(path, 0))
	made := time.Date(2031, 5, 6, 7, 8, 0, 0, time.Local)
	require.NoError(t, os.Chtimes(BackupPath(path), made, made))

	_, err = Open(path)

	require.ErrorContains(t, err, "or restore the backup characters.db.bak (made 2031-05-06 07:08)")
}

func TestANewStoreIsMadeWhole(t *testing.T) {
	t.Run("a missing file is created and leaves nothing else in its folder", func(t *testing.T) {
		dir := t.TempDir()
		s, err := Open(filepath.Join(dir, "characters.db"))
		require.NoError(t, err)
		defer s.Close()
		names, err := filepath.Glob(filepath.Join(dir, "*"))
		require.NoError(t, err)
		hidden, err := filepath.Glob(filepath.Join(dir, ".*"))
		require.NoError(t, err)
		assert.Equal(t, []string{filepath.Join(dir, "characters.db")}, append(names, hidden...))
	})
	t.Run("a folder in the file's place is refused in words", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "characters.db")
		require.NoError(t, os.Mkdir(path, 0o755))
		_, err := Open(path)
		require.ErrorContains(t, err, "is a folder, not a file: move it aside")
	})
}

func TestBackup(t *testing.T) {
	t.Run("a backup opens as a store with the same characters", func(t *testing.T) {
		path := healthyStore(t, damageCharacters)
		s, err := Open(path)
		require.NoError(t, err)
		want, err := s.Characters("player3")
		require.NoError(t, err)
		require.NoError(t, s.Backup())
		require.NoError(t, s.Close())

		bak, err := Open(copyOf(t, BackupPath(path)))
		require.NoError(t, err)
		defer bak.Close()
		got, err := bak.Characters("player3")
		require.NoError(t, err)
		assert.Equal(t, want, got)
	})
	t.Run("a store damaged while open fails its backup as a fault and keeps the last backup", func(t *testing.T) {
		path := healthyStore(t, damageCharacters)
		l := layoutOf(t, path)
		s, err := Open(path)
		require.NoError(t, err)
		defer s.Close()
		require.NoError(t, s.Backup())
		good, err := os.ReadFile(BackupPath(path))
		require.NoError(t, err)
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		require.NoError(t, err)
		_, err = f.WriteAt(make([]byte, l.pageSize), int64(l.byType["leaf"][0]*l.pageSize))
		require.NoError(t, err)
		require.NoError(t, f.Close())

		err = s.Backup()

		var fault *FaultError
		require.ErrorAs(t, err, &fault)
		assert.Contains(t, err.Error(), "a copy of it fails the start check (page")
		kept, err := os.ReadFile(BackupPath(path))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(good, kept), "the last good backup is kept")
	})
}

func TestGuard(t *testing.T) {
	t.Run("a read of a page cut off the file is an error, not a crash", func(t *testing.T) {
		path := healthyStore(t, damageCharacters)
		s, err := Open(path)
		require.NoError(t, err)
		defer s.Close()
		require.NoError(t, os.Truncate(path, 8<<10)) // the map now reaches past the file: SIGBUS

		err = Guard(func() error {
			_, err := s.Characters("player30")
			return err
		})

		var p *PanicError
		require.ErrorAs(t, err, &p)
		assert.Contains(t, err.Error(), "it faulted")
	})
	t.Run("a panic is an error", func(t *testing.T) {
		err := Guard(func() error { panic("invalid freelist page") })
		var p *PanicError
		require.ErrorAs(t, err, &p)
		assert.Equal(t, "it faulted (invalid freelist page)", err.Error())
	})
}

func TestIsRefusal(t *testing.T) {
	assert.True(t, IsRefusal(ErrNameTaken))
	assert.True(t, IsRefusal(errors.Join(errors.New("creating"), ErrTooManyCharacters)))
	assert.False(t, IsRefusal(errors.New("write characters.db: input/output error")))
	assert.False(t, IsRefusal(&PanicError{Value: "invalid page"}))
	assert.False(t, IsRefusal(nil))
}

// BenchmarkStartCheck is the check Open runs on a store of 10,000
// characters before anything writes: the file read page by page, then
// bbolt's check, then the schema.
func BenchmarkStartCheck(b *testing.B) {
	path := healthyStore(b, 10_000)
	info, err := os.Stat(path)
	require.NoError(b, err)
	b.Logf("a store of 10,000 characters: %d bytes", info.Size())
	for b.Loop() {
		db, _, err := openChecked(path, false)
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
	}
}

func BenchmarkOpenWithoutCheck(b *testing.B) {
	path := healthyStore(b, 10_000)
	for b.Loop() {
		db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: lockWait})
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
	}
}
