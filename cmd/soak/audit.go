package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"duskfall/game"
	"duskfall/internal/itemaudit"
	"duskfall/server"
	"duskfall/server/store"
)

// items is what the journal and the store say about every item.
type items struct {
	minted, carried, gone, stored, moves int
}

// auditItems audits the stopped server's journal move by move and checks
// it against the store, reopened: every item the journal shows carried is
// held by exactly one stored character, and every stored item is carried.
func auditItems(s *serverProc, names []string) (items, []string) {
	stored, fails := storedItems(s.dataDir, names)
	if len(fails) > 0 {
		return items{}, fails
	}
	a, err := readJournal(s.journal)
	if err != nil {
		return items{}, []string{"item journal: " + err.Error()}
	}
	it := items{minted: a.Counts[game.ItemMinted], carried: a.Count(itemaudit.Carried), stored: len(stored)}
	for _, n := range a.Counts {
		it.moves += n
	}
	for _, w := range a.Where {
		if strings.HasPrefix(w, itemaudit.Gone) {
			it.gone++
		}
	}
	fails = append(fails, first("item journal: a move from a place the item was not", a.Faults)...)
	fails = append(fails, first("items: journal and store disagree", a.Compare(stored))...)
	if it.minted == 0 {
		fails = append(fails, "items: the run minted none, so it audited nothing")
	}
	return it, fails
}

// storedItems reopens the store and maps every item its characters carry
// to the character; an item two characters carry is a duplicate.
func storedItems(dataDir string, names []string) (map[uint64]string, []string) {
	st, err := store.Open(filepath.Join(dataDir, server.DataFile))
	if err != nil {
		return nil, []string{"store: it does not reopen: " + err.Error()}
	}
	defer st.Close()
	stored := map[uint64]string{}
	var fails []string
	for _, name := range names {
		chars, err := st.Characters(name)
		if err != nil {
			return nil, []string{fmt.Sprintf("store: cannot list %s's characters: %v", name, err)}
		}
		for _, c := range chars {
			for _, it := range c.Inventory {
				if other, dup := stored[it.ID]; dup {
					fails = append(fails, fmt.Sprintf("items: item %d is carried by both %s and %s", it.ID, other, c.Name))
				}
				stored[it.ID] = c.Name
			}
		}
	}
	return stored, fails
}

// readJournal audits an item journal file.
func readJournal(path string) (*itemaudit.Audit, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a := itemaudit.New()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		var l server.JournalLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("line %d is not a journal line: %v", n, err)
		}
		a.Record(l.Record())
	}
	return a, sc.Err()
}

// first is the first few of many faults, and how many there were.
func first(what string, faults []string) []string {
	const show = 5
	if len(faults) == 0 {
		return nil
	}
	out := []string{fmt.Sprintf("%s: %d, the first %s", what, len(faults), faults[0])}
	for _, f := range faults[1:min(show, len(faults))] {
		out = append(out, what+": "+f)
	}
	return out
}
