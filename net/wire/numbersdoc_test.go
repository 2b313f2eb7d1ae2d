package wire_test

import (
	"bufio"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// The Numbers table of doc.go is written for people: a heading row, then
// one row a number, its name, its value and what it means:
//
//	name                   value   meaning
//	game.TileSize          32      u on a tile's side
//
// A value is a number in Go's notation (32, 0x01) or a list of them
// separated by commas (0,2). The table is the block of code lines under the
// "# Numbers" heading.

// docNumber is one row of the Numbers table.
type docNumber struct {
	name  string
	value string // as written
}

// readDocNumbers returns the rows of doc.go's Numbers table, heading row
// left out.
func readDocNumbers(t *testing.T) []docNumber {
	t.Helper()
	f, err := os.Open("doc.go")
	require.NoError(t, err)
	defer f.Close()
	var rows []docNumber
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text, ok := strings.CutPrefix(sc.Text(), "//")
		if !ok {
			continue
		}
		if heading, ok := strings.CutPrefix(text, " # "); ok {
			in = heading == "Numbers"
			continue
		}
		code, ok := strings.CutPrefix(text, "\t")
		if !in || !ok {
			continue
		}
		f := strings.Fields(code)
		if len(f) < 2 || f[0] == "name" {
			continue
		}
		rows = append(rows, docNumber{name: f[0], value: f[1]})
	}
	require.NoError(t, sc.Err())
	return rows
}

// parseDocValue reads a row's value: one number, or a comma-separated list.
func parseDocValue(s string) ([]int64, error) {
	var out []int64
	for _, part := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(part, 0, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// trueIndices lists the channels a channel table marks.
func trueIndices(table []bool) []int64 {
	var out []int64
	for ch, set := range table {
		if set {
			out = append(out, int64(ch))
		}
	}
	return out
}

// moveScale is what one whole push is worth in an input frame's moveX.
func moveScale() int64 {
	x, _ := game.MoveVector(game.Input{MoveX: 50})
	return int64(math.Round(50 / x))
}

// aimTurn is the aim units in one turn.
func aimTurn() int64 { return int64(math.Round(2 * math.Pi / game.AimAngle(1))) }

// aimDown is the aim whose bullet flies along +y, down the screen; -1 when
// no quarter turn does.
func aimDown() int64 {
	for _, aim := range []uint16{0, 16384, 32768, 49152} {
		if vx, vy := game.BulletVelocity(aim, 1); math.Abs(float64(vx)) < 1e-6 && vy > 0.999 {
			return int64(aim)
		}
	}
	return -1
}

func one(v int64) []int64 { return []int64{v} }

// codeNumbers is every number the Numbers table documents, as the code has
// it.
func codeNumbers() map[string][]int64 {
	return map[string][]int64{
		"ProtocolVersion":      one(int64(wire.ProtocolVersion)),
		"NumChannels":          one(wire.NumChannels),
		"ChanControl":          one(int64(wire.ChanControl)),
		"ChanSnapshot":         one(int64(wire.ChanSnapshot)),
		"ChanEvents":           one(int64(wire.ChanEvents)),
		"ChanInput":            one(int64(wire.ChanInput)),
		"ReliableChannels":     trueIndices(wire.ReliableChannels()),
		"UnorderedChannels":    trueIndices(wire.UnorderedChannels()),
		"MaxClientMessage":     one(wire.MaxClientMessage),
		"MaxNameLen":           one(wire.MaxNameLen),
		"game.TickRate":        one(game.TickRate),
		"SnapshotInterval":     one(wire.SnapshotInterval),
		"SnapshotRingSize":     one(wire.SnapshotRingSize),
		"InputFrameSize":       one(wire.InputFrameSize),
		"game.InputRedundancy": one(game.InputRedundancy),
		"game.InputMaxLead":    one(game.InputMaxLead),
		"game.InputMaxAge":     one(game.InputMaxAge),
		"game.InputQueueCap":   one(game.InputQueueCap),
		"game.BtnFire":         one(int64(game.BtnFire)),
		"game.BtnInteract":     one(int64(game.BtnInteract)),
		"game.BtnEscape":       one(int64(game.BtnEscape)),
		"game.BtnUse":          one(int64(game.BtnUse)),
		"game.BtnDrop":         one(int64(game.BtnDrop)),
		"game.BtnFocus":        one(int64(game.BtnFocus)),
		"game.BtnAbility":      one(int64(game.BtnAbility)),
		"game.MoveVector":      one(moveScale()),
		"game.AimAngle":        one(aimTurn()),
		"game.BulletVelocity":  one(aimDown()),
		"game.BagSlots":        one(game.BagSlots),
		"game.FirstEquipSlot":  one(game.FirstEquipSlot),
		"game.EquipSlots":      one(game.EquipSlots),
		"NoInputAge":           one(wire.NoInputAge),
		"game.PlayerGrace":     one(int64(game.PlayerGrace)),
		"game.PlayerDead":      one(int64(game.PlayerDead)),
		"game.PlayerLinkdead":  one(int64(game.PlayerLinkdead)),
		"game.PlayerEscaping":  one(int64(game.PlayerEscaping)),
		"game.PlayerShielded":  one(int64(game.PlayerShielded)),
		"game.EnemyPhaseMask":  one(int64(game.EnemyPhaseMask)),
		"game.EnemyTelegraph":  one(int64(game.EnemyTelegraph)),
		"LootMine":             one(int64(wire.LootMine)),
		"ShareMax":             one(wire.ShareMax),
		"game.TileSize":        one(game.TileSize),
		"game.TileUnknown":     one(int64(game.TileUnknown)),
		"game.TileFloor":       one(int64(game.TileFloor)),
		"game.TileWall":        one(int64(game.TileWall)),
		"game.TileDecor":       one(int64(game.TileDecor)),
		"game.TileNPC":         one(int64(game.TileNPC)),
		"ChunkTiles":           one(wire.ChunkTiles),
		"game.MaxMapSide":      one(game.MaxMapSide),
		"game.MaxItemDefs":     one(game.MaxItemDefs),
	}
}

// TestTheNumbersDocMatchesTheCode holds the Numbers table of doc.go, the
// constants a client is built with, to the code: a number changed in the
// code and not in the table (or in the table and not in the code) fails.
func TestTheNumbersDocMatchesTheCode(t *testing.T) {
	rows := readDocNumbers(t)
	code := codeNumbers()
	require.NotEmpty(t, rows, "doc.go has a Numbers table")
	for _, r := range rows {
		t.Run(r.name+" is "+r.value+" in doc.go and in the code", func(t *testing.T) {
			want, known := code[r.name]
			require.True(t, known, "doc.go's Numbers table has a row for %s, which this test does not know: add it to codeNumbers", r.name)
			got, err := parseDocValue(r.value)
			require.NoError(t, err, "the value of %s", r.name)
			assert.Equal(t, want, got, "%s: the code says %v, doc.go says %s", r.name, want, r.value)
		})
	}
	t.Run("every number the test knows has a row", func(t *testing.T) {
		for name := range code {
			assert.True(t, slices.ContainsFunc(rows, func(r docNumber) bool { return r.name == name }),
				"doc.go's Numbers table has no row for %s", name)
		}
	})
	t.Run("no number has two rows", func(t *testing.T) {
		seen := map[string]bool{}
		for _, r := range rows {
			assert.False(t, seen[r.name], "%s has two rows", r.name)
			seen[r.name] = true
		}
	})
}

// The reader of the Numbers table is itself code: these cases pin what it
// accepts, so that a table it silently skipped could not pass as checked.
func TestTheNumbersDocReader(t *testing.T) {
	t.Run("it reads a row for every number the test knows", func(t *testing.T) {
		assert.Len(t, readDocNumbers(t), len(codeNumbers()))
	})
	t.Run("it leaves the heading row out", func(t *testing.T) {
		for _, r := range readDocNumbers(t) {
			assert.NotEqual(t, "name", r.name)
		}
	})
	values := []struct {
		name string
		in   string
		want []int64
	}{
		{"a decimal value reads as its number", "32", []int64{32}},
		{"a hexadecimal value reads as its number", "0x20", []int64{32}},
		{"a list reads as its numbers in order", "0,2", []int64{0, 2}},
	}
	for _, tc := range values {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDocValue(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	t.Run("a value that is not a number is an error", func(t *testing.T) {
		_, err := parseDocValue("twelve")
		assert.Error(t, err)
	})
}
