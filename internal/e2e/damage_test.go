package e2e

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"duskfall/server"
	"duskfall/server/store"
)

// damageAccounts × 8 characters: enough for the characters bucket to need
// branch pages, as in the store an outside tester broke.
const damageAccounts = 40

// The real program on the character stores an outside tester broke: each
// damaged store is refused before anything is written, in one line that
// names the file and says what to do, never with a runtime dump, and the
// file is byte for byte as it was.
func TestADamagedStoreIsRefusedInWords(t *testing.T) {
	t.Parallel()
	bin := headlessServer(t)
	healthy, want := storeOfAccounts(t, damageAccounts)
	pages := pagesOf(t, healthy)
	cases := []struct {
		name   string
		damage func(b []byte) []byte
	}{
		{"a store truncated to 4 KiB", cutTo(4 << 10)},
		{"a store truncated to 8 KiB", cutTo(8 << 10)},
		{"a store cut off inside its pages", cutTo(pages.size*2/3 + 123)},
		{"a store with zeroed data pages", func(b []byte) []byte {
			for _, id := range pages.of("leaf")[1:4] {
				clear(pages.page(b, id))
			}
			return b
		}},
		{"a store with a zeroed free-page list", func(b []byte) []byte {
			clear(pages.page(b, pages.of("freelist")[0]))
			return b
		}},
		{"a store with a corrupt branch page", func(b []byte) []byte {
			noise(pages.page(b, pages.of("branch")[0])[16:]) // the page header stays: only its entries are wrong
			return b
		}},
		{"an empty characters.db in an existing folder", func([]byte) []byte { return nil }},
		{"a characters.db of random bytes", func(b []byte) []byte { noise(b); return b }},
	}
	original, err := os.ReadFile(healthy)
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.name+" is refused and left as it was", func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, server.DataFile)
			require.NoError(t, os.WriteFile(path, c.damage(bytes.Clone(original)), 0o600))
			before := fileSum(t, path)

			out, err := runServer(bin, dir, "3s")

			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit, "the server exits non-zero:\n%s", out)
			for _, dump := range []string{"panic", "goroutine ", "SIGBUS", "fatal error"} {
				assert.NotContains(t, out, dump)
			}
			refusals := linesWith(out, path, "move it aside")
			assert.Len(t, refusals, 1, "one line names the file and says what to do:\n%s", out)
			assert.Equal(t, before, fileSum(t, path), "the file is byte for byte as it was")
			assert.Equal(t, []string{server.DataFile}, namesIn(t, dir), "nothing is written beside it")
		})
	}
	t.Run("an empty new folder starts a new store and a new identity", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "new")
		out, err := runServer(bin, dir, "1s")
		require.NoError(t, err, "%s", out)
		assert.Equal(t, []string{server.DataFile, server.DataFile + ".bak", server.IdentityFile}, namesIn(t, dir), "the store, its backup and the server's identity")
	})
	t.Run("a healthy store starts and is backed up to a store with the same characters", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, server.DataFile), original, 0o600))
		out, err := runServer(bin, dir, "1s")
		require.NoError(t, err, "%s", out)
		backup := filepath.Join(t.TempDir(), server.DataFile)
		require.NoError(t, os.Rename(filepath.Join(dir, server.DataFile+".bak"), backup))
		assert.Equal(t, want, charactersIn(t, backup, damageAccounts))
	})
}

// runServer runs the dedicated server on dir for at most duration and
// returns what it wrote.
func runServer(bin, dir, duration string) (string, error) {
	cmd := exec.Command(bin, "--server", "--bind", "127.0.0.1", "--port", "0", "--data", dir, "--duration", duration)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// storeOfAccounts writes a store of accounts with eight characters each,
// and returns its path and their characters.
func storeOfAccounts(t *testing.T, accounts int) (string, []store.Character) {
	t.Helper()
	path := filepath.Join(t.TempDir(), server.DataFile)
	st, err := store.Open(path)
	require.NoError(t, err)
	for a := range accounts {
		name := fmt.Sprintf("player%d", a)
		_, err := st.Claim(name, store.Token{byte(a)}, store.ClaimTerms{Now: time.Now(), MayCreate: true})
		require.NoError(t, err)
		for i := range store.MaxCharactersPerAccount {
			_, err := st.CreateCharacter(name, fmt.Sprintf("hero%d-%d", a, i))
			require.NoError(t, err)
		}
	}
	require.NoError(t, st.Close())
	return path, charactersIn(t, path, accounts)
}

// charactersIn lists every account's characters in the store at path.
func charactersIn(t *testing.T, path string, accounts int) []store.Character {
	t.Helper()
	st, err := store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	var all []store.Character
	for a := range accounts {
		chars, err := st.Characters(fmt.Sprintf("player%d", a))
		require.NoError(t, err)
		all = append(all, chars...)
	}
	require.Len(t, all, accounts*store.MaxCharactersPerAccount)
	return all
}

// storePages is where a store's pages are, by the type bbolt gives them.
type storePages struct {
	pageSize int
	size     int // the bytes its pages run to
	byType   map[string][]int
}

func pagesOf(t *testing.T, path string) storePages {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true})
	require.NoError(t, err)
	defer db.Close()
	p := storePages{pageSize: db.Info().PageSize, byType: map[string][]int{}}
	require.NoError(t, db.View(func(tx *bolt.Tx) error {
		p.size = int(tx.Size())
		for id := 0; id < p.size/p.pageSize; id++ {
			info, err := tx.Page(id)
			if err != nil {
				return err
			}
			p.byType[info.Type] = append(p.byType[info.Type], id)
			id += info.OverflowCount
		}
		return nil
	}))
	require.NotEmpty(t, p.byType["branch"], "the store has branch pages")
	require.GreaterOrEqual(t, len(p.byType["leaf"]), 4)
	return p
}

func (p storePages) of(typ string) []int { return p.byType[typ] }

func (p storePages) page(b []byte, id int) []byte { return b[id*p.pageSize : (id+1)*p.pageSize] }

func cutTo(size int) func([]byte) []byte { return func(b []byte) []byte { return b[:size] } }

func noise(b []byte) {
	rng := rand.New(rand.NewPCG(25, 2))
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

func fileSum(t *testing.T, path string) [sha256.Size]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return sha256.Sum256(b)
}

// linesWith is the lines of out that hold every one of words.
func linesWith(out string, words ...string) []string {
	var found []string
	for line := range strings.Lines(out) {
		if containsAll(line, words) {
			found = append(found, line)
		}
	}
	return found
}

func containsAll(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// namesIn lists the files in dir, hidden ones included.
func namesIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
