package server

import (
	"cmp"
	"slices"
	"time"

	"duskfall/server/store"
)

// ledger is where accounts and characters live: the store, or memory for
// a server run without one. Only the desk's goroutines call it: backup
// from the backup goroutine, everything else from the desk's own.
type ledger interface {
	// claim takes an account name for its token (or recognises the token
	// that owns it) and lists the account's characters; from is the
	// address the claim came from.
	claim(name string, token store.Token, from string) ([]store.Character, error)
	create(account, name, class string) (store.Character, error)
	remove(account string, id uint64) error
	save(chars []store.Character) error // one transaction
	// expire deletes the accounts nobody has played, returning how many,
	// and how many are kept.
	expire() (expired, kept int, err error)
	// ban keeps a ban and unban lifts the account's: a memory ledger
	// keeps none (the Runtime holds them for its life).
	ban(b store.Ban) error
	unban(account string) error
	backup() error // a copy beside the store (store.Backup)
	file() string  // the store's file, "" for memory
	close() error
	abandon() error // a failed store whose close did not return (store.Abandon)
}

// storeLedger keeps everything in the bbolt store.
type storeLedger struct {
	st     *store.Store
	batch  *store.Batch
	rules  accountRules
	budget budget
	now    func() time.Time // the wall clock; tests set their own before the first Step
}

func newStoreLedger(st *store.Store, rules accountRules) *storeLedger {
	return &storeLedger{st: st, batch: st.NewBatch(), rules: rules, budget: newBudget(rules.perAddress), now: time.Now}
}

// claim asks the store for the account on the terms the address's budget
// and the cap allow; only an account made spends the budget. The process's
// own player (from "") is held to neither.
func (l *storeLedger) claim(name string, token store.Token, from string) ([]store.Character, error) {
	now := l.now()
	terms := store.ClaimTerms{Now: now, MayCreate: l.budget.allows(from, now), MaxAccounts: l.rules.max}
	if from == "" {
		terms.MaxAccounts = 0
	}
	made, err := l.st.Claim(name, token, terms)
	if err != nil {
		return nil, err
	}
	if made == store.NewAccount {
		l.budget.spend(from, now)
	}
	return l.st.Characters(name)
}

func (l *storeLedger) expire() (int, int, error) {
	now := l.now()
	l.budget.forgetOld(now)
	expired, err := l.st.ExpireUnused(now)
	if err != nil {
		return 0, 0, err
	}
	kept, err := l.st.Accounts()
	return expired, kept, err
}

func (l *storeLedger) create(account, name, class string) (store.Character, error) {
	return l.st.CreateCharacterOfClass(account, name, class)
}

func (l *storeLedger) remove(account string, id uint64) error {
	return l.st.DeleteCharacter(account, id)
}

// save commits the characters in one transaction; a failed commit keeps
// them staged, so the next save retries them.
func (l *storeLedger) save(chars []store.Character) error {
	for _, c := range chars {
		l.batch.Stage(c)
	}
	return l.batch.Flush()
}

func (l *storeLedger) backup() error { return l.st.Backup() }

func (l *storeLedger) ban(b store.Ban) error { return l.st.AddBan(b) }

func (l *storeLedger) unban(account string) error {
	_, _, err := l.st.RemoveBan(account)
	return err
}

func (l *storeLedger) file() string { return l.st.Path() }

func (l *storeLedger) close() error { return l.st.Close() }

func (l *storeLedger) abandon() error { return l.st.Abandon() }

// memLedger keeps characters for the server's life only: any name joins
// (there are no accounts to claim), and nothing outlives the process. Tests
// and practice servers run on it; the rules on characters and names are
// the store's.
type memLedger struct {
	chars map[uint64]store.Character
	next  uint64
}

func newMemLedger() *memLedger {
	return &memLedger{chars: make(map[uint64]store.Character)}
}

// claim lists the account's characters. A name that looks like one whose
// characters are held is refused, as the store refuses a look-alike.
func (l *memLedger) claim(name string, _ store.Token, _ string) ([]store.Character, error) {
	var out []store.Character
	for _, c := range l.chars {
		switch {
		case store.SameKey(c.Account, name):
			out = append(out, c)
		case store.SameName(c.Account, name):
			return nil, store.ErrNameLooksTaken
		}
	}
	slices.SortFunc(out, func(a, b store.Character) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

func (l *memLedger) create(account, name, class string) (store.Character, error) {
	held := 0
	for _, c := range l.chars {
		switch {
		case store.SameKey(c.Name, name):
			return store.Character{}, store.ErrCharacterNameTaken
		case store.SameName(c.Name, name):
			return store.Character{}, store.ErrNameLooksTaken
		case store.SameKey(c.Account, account):
			held++
		}
	}
	if held >= store.MaxCharactersPerAccount {
		return store.Character{}, store.ErrTooManyCharacters
	}
	l.next++
	c := store.Character{ID: l.next, Account: account, Name: name, Class: class, Level: 1, Where: store.Place{Kind: store.PlaceHub}}
	l.chars[c.ID] = c
	return c, nil
}

func (l *memLedger) remove(account string, id uint64) error {
	c, ok := l.chars[id]
	switch {
	case !ok:
		return store.ErrNoCharacter
	case !store.SameKey(c.Account, account):
		return store.ErrNotYours
	}
	delete(l.chars, id)
	return nil
}

// save overwrites what a character carries; a deleted one stays deleted,
// as in the store.
func (l *memLedger) save(chars []store.Character) error {
	for _, c := range chars {
		if old, ok := l.chars[c.ID]; ok {
			c.Account, c.Name = old.Account, old.Name
			c.Inventory, c.Upgrades, c.Offer = slices.Clone(c.Inventory), slices.Clone(c.Upgrades), slices.Clone(c.Offer)
			l.chars[c.ID] = c
		}
	}
	return nil
}

func (l *memLedger) expire() (int, int, error) { return 0, 0, nil }
func (l *memLedger) backup() error             { return nil } // nothing outlives the process
func (l *memLedger) ban(store.Ban) error       { return nil }
func (l *memLedger) unban(string) error        { return nil }

func (l *memLedger) file() string { return "" }

func (l *memLedger) close() error { return nil }

func (l *memLedger) abandon() error { return nil }
