package server

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
)

func TestJournalFileWritesEveryMoveAsALine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "items.jsonl")
	j, err := OpenJournalFile(path)
	require.NoError(t, err)
	want := []ItemRecord{
		{Tick: 7, Op: game.ItemMinted, Item: game.Item{ID: 1, Def: 3}, Player: 2},
		{Tick: 9, Op: game.ItemTaken, Item: game.Item{ID: 1, Def: 3}, Player: 2},
		{Tick: 12, Op: game.ItemDestroyed, Item: game.Item{ID: 4, Def: 1}, Why: "the server stopped"},
	}
	for _, r := range want {
		j.Record(r)
	}
	require.NoError(t, j.Close(time.Second))
	j.Record(want[0]) // after Close: dropped, not a panic
	assert.Equal(t, uint64(1), j.Dropped())

	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var got []ItemRecord
	for sc := bufio.NewScanner(f); sc.Scan(); {
		var l JournalLine
		require.NoError(t, json.Unmarshal(sc.Bytes(), &l))
		got = append(got, l.Record())
	}
	assert.Equal(t, want, got)
}

func TestJournalFileRecordDoesNotAllocate(t *testing.T) {
	j, err := OpenJournalFile(filepath.Join(t.TempDir(), "items.jsonl"))
	require.NoError(t, err)
	defer j.Close(time.Second)
	r := ItemRecord{Op: game.ItemMinted, Item: game.Item{ID: 1}}
	assert.Zero(t, testing.AllocsPerRun(100, func() { j.Record(r) }), "Record runs on the tick")
}
