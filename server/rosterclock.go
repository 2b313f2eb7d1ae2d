package server

import (
	"fmt"
	"strings"
	"time"

	"duskfall/game"
)

// The roster allowance is the account's and the address's, not the
// connection's (docs/NETCODE.md, "Idle peers"). Time a connection spends
// on the roster without playing is charged to its account and to its
// address when it leaves the roster; a new connection of the account
// starts with what the account has spent, and one that finds its account,
// or its address, spent is refused in words until the clock is forgotten,
// RosterOutAllowances allowances after it was last charged. Playing a
// character forgives the account its clock: only a connection that never
// plays is a squatter. An address is charged for its connections that left
// the roster without playing, and spends RosterAddressShare allowances
// before it is out, so housemates who each take their time choosing are
// never refused for one another. Six peers that only said "stay", and
// dialled again when dropped, held a six-seat server for good before this.
const (
	RosterOutAllowances = 5 // how long a spent clock keeps its account or address out, in allowances
	RosterAddressShare  = 4 // an address's allowance, in accounts' allowances
	// maxRosterClocks bounds the clocks kept; when full, the one charged
	// longest ago is forgotten first.
	maxRosterClocks = 4096
)

// rosterClock is the roster time an account or an address has spent.
type rosterClock struct {
	spent int    // ticks on the roster without playing
	last  uint32 // tick it was last charged
}

// rosterClocks are the clocks of accounts ("account "+name) and addresses
// ("address "+IP).
type rosterClocks map[string]*rosterClock

func accountClock(name string) string { return "account " + strings.ToLower(name) }
func addressClock(ip string) string   { return "address " + ip }

// clock is the live clock under key; nil when it has none, or it was
// forgotten (out ticks after its last charge).
func (c rosterClocks) clock(key string, now uint32, out int) *rosterClock {
	k := c[key]
	if k != nil && int(now-k.last) > out {
		delete(c, key)
		return nil
	}
	return k
}

// charge adds ticks to the clock under key.
func (c rosterClocks) charge(key string, ticks int, now uint32, out int) {
	k := c.clock(key, now, out)
	if k == nil {
		c.makeRoom(now, out)
		k = &rosterClock{}
		c[key] = k
	}
	k.spent += ticks
	k.last = now
}

// makeRoom forgets clocks so one more fits: the expired ones, and if none
// was, the one charged longest ago.
func (c rosterClocks) makeRoom(now uint32, out int) {
	if len(c) < maxRosterClocks {
		return
	}
	oldest, age := "", -1
	for key, k := range c {
		a := int(now - k.last)
		if a > out {
			delete(c, key)
			continue
		}
		if a > age {
			oldest, age = key, a
		}
	}
	if len(c) >= maxRosterClocks {
		delete(c, oldest)
	}
}

// rosterOutTicks is how long a spent clock keeps its owner out.
func (s *Runtime) rosterOutTicks() int { return RosterOutAllowances * s.rosterAllowance() }

// rosterRefusal says why a connection may not come to the roster, its
// account's or its address's allowance being spent; "" when it may.
func (s *Runtime) rosterRefusal(p *peer) string {
	if p.from == "" {
		return "" // the game's own in-process player
	}
	allowance, out := s.rosterAllowance(), s.rosterOutTicks()
	if k := s.rosterClocks.clock(accountClock(p.account), s.tick, out); k != nil && k.spent >= allowance {
		return fmt.Sprintf("%s stayed on the character list for %d seconds without choosing a character: it may join again in %s",
			p.account, allowance/game.TickRate, s.ticksWords(out-int(s.tick-k.last)))
	}
	if k := s.rosterClocks.clock(addressClock(p.from), s.tick, out); k != nil && k.spent >= RosterAddressShare*allowance {
		return fmt.Sprintf("players from your address stayed on the character list for %d seconds without choosing a character: it may join again in %s",
			k.spent/game.TickRate, s.ticksWords(out-int(s.tick-k.last)))
	}
	return ""
}

// ticksWords is a wait in a player's words.
func (s *Runtime) ticksWords(ticks int) string {
	return (time.Duration(max(ticks, 0)) * time.Second / game.TickRate).Round(time.Second).String()
}

// rosterSpent is what the peer's account has spent of its allowance.
func (s *Runtime) rosterSpent(p *peer) int {
	if p.from == "" {
		return 0
	}
	if k := s.rosterClocks.clock(accountClock(p.account), s.tick, s.rosterOutTicks()); k != nil {
		return k.spent
	}
	return 0
}

// chargeRoster charges a peer leaving the roster without playing its time
// there, to its account and its address.
func (s *Runtime) chargeRoster(p *peer) {
	if p.from == "" {
		return
	}
	own, out := int(s.tick-p.rosterAt), s.rosterOutTicks()
	s.rosterClocks.charge(accountClock(p.account), own, s.tick, out)
	s.rosterClocks.charge(addressClock(p.from), own, s.tick, out)
}

// forgiveRoster forgets the account's clock: it plays.
func (s *Runtime) forgiveRoster(p *peer) { delete(s.rosterClocks, accountClock(p.account)) }
