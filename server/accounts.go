package server

import (
	"fmt"
	"net/netip"
	"time"

	"duskfall/game"
	"duskfall/server/store"
)

// Accounts are held to two limits, so that Hellos with new names cannot
// fill the store (docs/NETCODE.md, Accounts): each address makes at most
// so many new accounts an hour, and the store keeps at most so many in
// all. A returning player (its token matches) is never limited, nor is the
// player in the server's own process (Host and play), whose address is "".
// Connections from the machine itself (127.0.0.1 or ::1: its own bots,
// tests and windows) are not held to the per-address budget, only to the
// cap. An
// account that holds no character expires a day after its last claim.

// DefaultNewAccountsPerAddress is how many new accounts one address may
// make in an hour. A household or a LAN party behind one router makes its
// players' accounts without waiting; a flood from one address holds at
// most 240 accounts that never play (10 an hour for the day before they
// expire), where three addresses made 7,080 in 20 s without the limit.
const DefaultNewAccountsPerAddress = 10

// DefaultMaxAccounts is the most accounts a store keeps: a community many
// times the size of one server's 32 players at once, and at most 80,000
// characters (eight an account), about 90 MB of file at the 1.1 KB of
// pages a mid-game character takes, so a server's disk is bounded
// whatever addresses it is flooded from.
const DefaultMaxAccounts = 10000

// MaxAccountsLimit bounds both account limits an operator may set: a
// million accounts is a file of gigabytes.
const MaxAccountsLimit = 1_000_000

// budgetWindow is the window the per-address budget counts new accounts in.
const budgetWindow = time.Hour

// accountSweepTicks is how often the tick asks the desk to expire unused
// accounts: once a minute, and on the first tick.
const accountSweepTicks = 60 * game.TickRate

// accountRules are the limits the store ledger applies to new accounts.
type accountRules struct {
	perAddress int // new accounts an address may make in budgetWindow; negative: none
	max        int // accounts the store keeps
}

// accountRules is the configured limits, defaults filled in.
func (c *Config) accountRules() accountRules {
	r := accountRules{perAddress: c.NewAccountsPerAddress, max: c.MaxAccounts}
	if r.perAddress == 0 {
		r.perAddress = DefaultNewAccountsPerAddress
	}
	if r.max == 0 {
		r.max = DefaultMaxAccounts
	}
	return r
}

// budget counts the new accounts each address made in the last hour. It
// lives on the desk's goroutine, beside the claims it judges, so the
// decision and the count never race. It holds an entry only for an
// account made in the last hour, so it is bounded by the store's cap.
type budget struct {
	perAddress int
	made       map[string][]time.Time // address → when each of its recent accounts was made, oldest first
}

func newBudget(perAddress int) budget {
	return budget{perAddress: perAddress, made: make(map[string][]time.Time)}
}

// allows says whether the address may make one more account now.
func (b *budget) allows(from string, now time.Time) bool {
	return local(from) || len(b.recent(from, now)) < b.perAddress
}

// spend counts an account made from the address now.
func (b *budget) spend(from string, now time.Time) {
	if !local(from) {
		b.made[from] = append(b.recent(from, now), now)
	}
}

// local says whether a connection comes from this machine's own
// players: the server's own process, or the loopback address itself
// (127.0.0.1, ::1), which only a process here can use. The rest of
// 127.0.0.0/8 counts as other machines, as it does in the tests that stand
// in for them with it.
func local(from string) bool {
	if from == "" {
		return true
	}
	addr, err := netip.ParseAddr(from)
	return err == nil && (addr == netip.AddrFrom4([4]byte{127, 0, 0, 1}) || addr == netip.IPv6Loopback())
}

// recent is the address's accounts made in the window before now; the
// older ones are forgotten.
func (b *budget) recent(from string, now time.Time) []time.Time {
	times := b.made[from]
	i := 0
	for i < len(times) && now.Sub(times[i]) >= budgetWindow {
		i++
	}
	if i == len(times) {
		delete(b.made, from)
		return nil
	}
	b.made[from] = times[i:]
	return times[i:]
}

// forgetOld drops every address with no account made in the window.
func (b *budget) forgetOld(now time.Time) {
	for from := range b.made {
		b.recent(from, now)
	}
}

// noNewAccountsReason is what a player refused by its address's budget
// reads.
func (r accountRules) noNewAccountsReason() string {
	if r.perAddress < 0 {
		return "this server makes no new accounts over the network: play an account you have, or ask its operator"
	}
	return fmt.Sprintf("this address made %d new %s in the last hour: play one of them, or try again later",
		r.perAddress, plural(r.perAddress, "account", "accounts"))
}

// accountsFullReason is what a player refused by the store's cap reads.
func (r accountRules) accountsFullReason() string {
	return fmt.Sprintf("the server has as many accounts as it keeps (%d): ask its operator", r.max)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// sweepAccounts hands the desk an expiry of unused accounts once a
// minute; a full queue skips one minute.
func (s *Runtime) sweepAccounts() {
	if s.cfg.Store != nil && s.tick%accountSweepTicks == 0 {
		s.desk.ask(job{kind: jobExpire})
	}
}

// noteSwept takes the desk's answer to a sweep.
func (s *Runtime) noteSwept(a *answer) {
	if a.err != nil {
		s.log.Printf("character store: expiring unused accounts: %v", a.err)
		return
	}
	s.accounts = a.accounts
	s.counters.AccountsExpired += a.expired
	if a.expired > 0 {
		s.log.Printf("expired %d unused %s (no character, no claim for %.0f h); the store keeps %d",
			a.expired, plural(a.expired, "account", "accounts"), store.UnusedAccountLife.Hours(), a.accounts)
	}
}
