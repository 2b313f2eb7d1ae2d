package e2e

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server"
)

// moddedFolder copies the built-in content into a folder, as a modder
// starts, and slows the base character down.
func moddedFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := fs.ReadDir(levels.Embedded(), ".")
	require.NoError(t, err)
	for _, e := range entries {
		b, err := fs.ReadFile(levels.Embedded(), e.Name())
		require.NoError(t, err)
		if e.Name() == levels.PlayerFile {
			require.Contains(t, string(b), "speed = 240")
			b = []byte(strings.Replace(string(b), "speed = 240", "speed = 180", 1))
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644))
	}
	return dir
}

// serveContent runs a real server on loopback playing pack, through the
// configuration every program uses, until the test ends.
func serveContent(t *testing.T, pack *levels.Pack) string {
	t.Helper()
	cfg, err := server.ConfigFor(pack, "hub", 7)
	require.NoError(t, err)
	tr, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: wire.ReliableChannels(), Unordered: wire.UnorderedChannels()})
	require.NoError(t, err)
	srv, err := server.New(cfg, tr)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { srv.Run(ctx) })
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
	return tr.Addr()
}

// A modded folder plays: a server started with it lets on a client given
// the same folder, and refuses one playing the built-in content in words
// that name both hashes and what to do, on the Join screen's error and in
// a bot's report alike.
func TestAModdedFolderPlaysAndOtherContentIsRefusedInWords(t *testing.T) {
	modded, err := levels.LoadDir(moddedFolder(t))
	require.NoError(t, err)
	require.NotEqual(t, builtinContent.Hash, modded.Content.Hash)
	addr := serveContent(t, modded)
	refusal := "this server plays different content (its hash " + levels.ShortHash(modded.Content.Hash) +
		", yours " + levels.ShortHash(builtinContent.Hash) + ")"

	t.Run("a client given the same folder joins and plays it", func(t *testing.T) {
		rt, err := client.Dial(addr, client.Config{Content: modded.Content, Name: "Modder"})
		require.NoError(t, err)
		defer rt.Close()
		until(func() bool { return rt.State() == client.StatePlaying || rt.State() == client.StateFailed }, rt)
		require.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
		assert.InDelta(t, 3.0, rt.Content().Player.Speed, 1e-9, "180 u/s: the folder's speed, not the built-in 240")
	})
	t.Run("a client of the built-in content is refused in words", func(t *testing.T) {
		rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "Vanilla"})
		require.NoError(t, err)
		defer rt.Close()
		until(func() bool { return rt.State() == client.StateFailed }, rt)
		require.Equal(t, client.StateFailed, rt.State())
		assert.ErrorContains(t, rt.Err(), refusal)
		assert.ErrorContains(t, rt.Err(), "--content DIR")
	})
	t.Run("a bot of the built-in content reports the refusal as its error", func(t *testing.T) {
		reports, err := bots.RunBotsWith(context.Background(), addr, 1, bots.ScriptWander, "vanilla", 2*time.Second, bots.Options{})
		require.NoError(t, err)
		require.Len(t, reports, 1)
		assert.Contains(t, reports[0].Error, refusal)
		assert.False(t, reports[0].Connected)
	})
}
