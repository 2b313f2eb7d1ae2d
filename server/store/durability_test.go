package store

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// childEnv names the file a re-executed test binary writes to; without it
// TestStoreWriterChild is skipped.
const childEnv = "DUSKFALL_STORE_WRITER_FILE"

const (
	writerAccounts = 8 // 8 accounts × 8 characters: a burst of 64 writes
	killRounds     = 20
)

// generation is the state a writer stages for character c in generation g,
// distinct for every (character, generation) so a torn or mixed commit shows.
func generation(c Character, g int) Character {
	id := int(c.ID)
	c.Class = "warden"
	c.Level = g
	c.XP = g*1000 + id
	c.Health = (g*7 + id) % 100
	c.Inventory = nil
	for i := range g%5 + 1 {
		c.Inventory = append(c.Inventory, ItemStack{ID: uint64(i), Kind: "ember", Count: g + i})
	}
	c.Upgrades = []string{"gen-" + strconv.Itoa(g)}
	c.Offer = []string{"pierce", strconv.Itoa(id)}
	c.Where = Place{Kind: PlaceDungeon, Dungeon: uint8(g % 4), Depth: g}
	return c
}

// TestStoreWriterChild is the process TestStoreSurvivesSIGKILL kills: it
// makes 64 characters, prints "ready", then commits generation after
// generation, printing "committed N" only once N is on disk.
func TestStoreWriterChild(t *testing.T) {
	path := os.Getenv(childEnv)
	if path == "" {
		t.Skip("runs only as the child of TestStoreSurvivesSIGKILL")
	}
	s, err := Open(path)
	require.NoError(t, err)
	chars := makeWriterCharacters(t, s)
	fmt.Fprintln(os.Stdout, "ready") // os.Stdout is unbuffered: one write per line
	batch := s.NewBatch()
	for g := 1; ; g++ {
		for _, c := range chars {
			batch.Stage(generation(c, g))
		}
		require.NoError(t, batch.Flush())
		fmt.Fprintf(os.Stdout, "committed %d\n", g)
	}
}

func makeWriterCharacters(t *testing.T, s *Store) []Character {
	var chars []Character
	for a := range writerAccounts {
		account := fmt.Sprintf("account%d", a)
		_, err := s.Claim(account, Token{byte(a)}, freely)
		require.NoError(t, err)
		for i := range MaxCharactersPerAccount {
			c, err := s.CreateCharacter(account, fmt.Sprintf("hero%d-%d", a, i))
			require.NoError(t, err)
			chars = append(chars, c)
		}
	}
	return chars
}

func TestStoreSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts twenty writer processes")
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	inFlight := 0
	for round := range killRounds {
		path := filepath.Join(t.TempDir(), "characters.db")
		last := killWriterMidBurst(t, path, 1+rng.IntN(6), time.Duration(rng.IntN(3000))*time.Microsecond)
		t.Run(fmt.Sprintf("round %d: the file opens and holds generation %d or the one in flight, whole", round+1, last), func(t *testing.T) {
			if assertWholeGeneration(t, path, last) > last {
				inFlight++
			}
		})
	}
	t.Logf("%d of %d kills landed after a commit reached the disk and before its report", inFlight, killRounds)
}

// killWriterMidBurst runs a writer until it reports generation atLeast,
// waits delay into the following burst, SIGKILLs it, and returns the last
// generation it reported committed.
func killWriterMidBurst(t *testing.T, path string, atLeast int, delay time.Duration) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestStoreWriterChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(out)
	last := readUntil(lines, atLeast)
	require.GreaterOrEqual(t, last, atLeast, "the writer reported %d generations before its output ended", last)
	time.Sleep(delay)
	require.NoError(t, cmd.Process.Kill()) // SIGKILL: no deferred code, no Close
	last = max(last, readUntil(lines, -1))
	_ = cmd.Wait()
	return last
}

// readUntil reads "committed N" lines until N reaches target (or output
// ends, for a negative target) and returns the largest N read.
func readUntil(lines *bufio.Scanner, target int) int {
	last := 0
	for lines.Scan() {
		n, err := strconv.Atoi(strings.TrimPrefix(lines.Text(), "committed "))
		if err != nil {
			continue // "ready", or the test framework's own lines
		}
		last = n
		if target >= 0 && n >= target {
			break
		}
	}
	return last
}

// assertWholeGeneration reopens the killed writer's file: every character
// must hold exactly one generation's values, the same for all, and that
// generation is the last reported or the one whose commit landed before the
// report could be printed.
func assertWholeGeneration(t *testing.T, path string, last int) int {
	s, err := Open(path)
	require.NoError(t, err, "the file opens cleanly after the kill")
	defer s.Close()
	var all []Character
	for a := range writerAccounts {
		chars, err := s.Characters(fmt.Sprintf("account%d", a))
		require.NoError(t, err)
		all = append(all, chars...)
	}
	require.Len(t, all, writerAccounts*MaxCharactersPerAccount)
	g := all[0].Level
	assert.Contains(t, []int{last, last + 1}, g, "no committed generation is lost")
	for _, c := range all {
		assert.Equal(t, generation(c, g), c, "character %d holds exactly generation %d", c.ID, g)
	}
	return g
}
