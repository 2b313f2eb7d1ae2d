package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"

	"duskfall/levels"
)

// contentFiles are the content files that are not maps; every other .toml
// file of a content folder is a map.
var contentFiles = map[string]bool{
	levels.PatternsFile: true, levels.EnemiesFile: true, levels.PlayerFile: true, levels.DungeonsFile: true,
	levels.ItemsFile: true, levels.UpgradesFile: true, levels.LootFile: true, levels.ClassesFile: true,
}

// contentSummary is what --check-content prints for a content folder that
// loads.
type contentSummary struct {
	OK           bool     `json:"ok"`
	Source       string   `json:"source"`
	Patterns     int      `json:"patterns"`
	Enemies      int      `json:"enemies"`
	Bosses       int      `json:"bosses"`
	DungeonKinds int      `json:"dungeon_kinds"`
	Items        int      `json:"items"`
	Upgrades     int      `json:"upgrades"`
	Maps         []string `json:"maps"`
	Classes      []string `json:"classes"` // the class ids, in content order
	// Hash is the content hash in hex (levels.Hash): a server refuses a
	// player whose content hash differs from its own, naming the first 8
	// digits of each.
	Hash string `json:"hash"`
}

// checkContent validates a content folder (the embedded content when dir
// is ""), the way the game loads it: the summary as JSON on stdout and 0,
// or one "file: key: problem" line per failure on stderr and 1.
func checkContent(dir string, stdout, stderr io.Writer) int {
	var fsys fs.FS = levels.Embedded()
	source := "embedded"
	if dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			fmt.Fprintf(stderr, "%s: not a content folder\n", dir)
			return 1
		}
		fsys, source = os.DirFS(dir), dir
	}
	c, err := levels.LoadContentFS(fsys)
	if err != nil {
		fmt.Fprintln(stderr, problem(err))
		return 1
	}
	sum := contentSummary{OK: true, Source: source, Patterns: len(c.Patterns), Enemies: len(c.Enemies),
		DungeonKinds: len(c.Dungeons), Items: len(c.Items), Upgrades: len(c.Upgrades), Maps: []string{}, Classes: []string{},
		Hash: hex.EncodeToString(c.Hash[:])}
	for _, cl := range c.Classes {
		sum.Classes = append(sum.Classes, cl.ID)
	}
	for _, e := range c.Enemies {
		if e.Boss {
			sum.Bosses++
		}
	}
	failed := false
	for _, name := range mapNames(fsys) {
		if _, err := levels.LoadMapFS(fsys, name, c); err != nil {
			fmt.Fprintln(stderr, problem(err))
			failed = true
			continue
		}
		sum.Maps = append(sum.Maps, name)
	}
	if failed {
		return 1
	}
	b, _ := json.Marshal(sum)
	fmt.Fprintln(stdout, string(b))
	return 0
}

// mapNames lists the folder's map files, by name without ".toml".
func mapNames(fsys fs.FS) []string {
	entries, _ := fs.ReadDir(fsys, ".")
	var names []string
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() && path.Ext(n) == ".toml" && !contentFiles[n] {
			names = append(names, strings.TrimSuffix(n, ".toml"))
		}
	}
	sort.Strings(names)
	return names
}

// problem is an error as a "file: key: problem" line.
func problem(err error) string {
	var ce *levels.Error
	if errors.As(err, &ce) {
		return ce.Error()
	}
	return "content: " + err.Error()
}
