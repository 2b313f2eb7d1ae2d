package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// Host controls: the host of a game (the window's pause menu, or the
// operator's console on a dedicated server) lists the players, kicks
// one, bans one by account and by address, lifts a ban, speaks to every
// player and saves. Each runs on the tick's goroutine, between ticks, and
// answers in one line. Bans live in memory for the Hello's check and in
// the store, through the desk, to outlive the process. A game's password
// is checked at the Hello, its failures paced per address.
// docs/NETCODE.md (Host controls) gives the rules.

// The words a removed player reads.
const (
	KickedWords   = "the host removed you from the game"
	BannedWords   = "you are banned from this server"
	NeedsPassword = "this game needs a password"
	WrongPassword = "wrong password"
)

// Password pacing, per address: a burst of wrong passwords, then one each
// passwordEvery. While an address is over its pace every Hello from it is
// refused, the right password too, so a guesser gets passwordBurst tries
// and then one each passwordEvery: 720 an hour, whatever it sends.
const (
	passwordBurst = 5
	passwordEvery = 5 * game.TickRate
	// passwordAddrs bounds the addresses remembered; past it, those whose
	// pace has run out are forgotten first.
	passwordAddrs = 4096
)

// PlayerInfo is one player on the server, as the host's list shows it.
type PlayerInfo struct {
	Player  uint16 // its player id, as in the Roster
	Name    string // the character's name, or the account's while it chooses
	Account string
	Address string // its IP address; "" for the host's own player
	Where   string // "hub", a dungeon's name, or "character list"
	Depth   int    // the dungeon's floor, 1 the first; 0 in the hub or the character list
	Class   string // the character's class's name; "" while it chooses
	Level   int    // the character's level; 0 while it chooses
	Host    bool   // the player in the server's own process: never kicked or banned
}

// Detail is the player as the host's Players list shows it under its
// name: "Arcanist  ·  level 3  ·  The Catacombs, floor 2".
func (p PlayerInfo) Detail() string {
	if p.Class == "" {
		return "choosing a character"
	}
	where := "in the hub"
	switch {
	case p.Where == "character list":
		where = "choosing a character"
	case p.Depth > 0:
		where = fmt.Sprintf("%s, floor %d", p.Where, p.Depth)
	case p.Where != "hub":
		where = p.Where
	}
	return fmt.Sprintf("%s  ·  level %d  ·  %s", p.Class, max(p.Level, 1), where)
}

// PlayerList lists the players holding a seat: choosing a character or
// playing, in connect order. Bodies still channelling out are not listed.
func (s *Runtime) PlayerList() []PlayerInfo {
	var out []PlayerInfo
	for _, p := range s.order {
		if p.state != peerRoster && p.state != peerPlaying {
			continue
		}
		info := PlayerInfo{Player: p.player, Name: p.name, Account: p.account, Address: p.from,
			Where: s.whereWords(p), Host: p.from == ""}
		if p.state == peerPlaying && p.hasChar {
			info.Class, info.Level = "Ship", p.char.Level // a content with no classes flies one ship
			if i := int(s.classIndex(&p.char)); i < len(s.cfg.Content.Classes) {
				info.Class = s.cfg.Content.Classes[i].Name
			}
			if p.inst != nil && p.inst.dungeon != game.HubDungeon {
				info.Depth = p.inst.depth
			}
		}
		out = append(out, info)
	}
	return out
}

// Friends counts the players holding a seat besides the host's own:
// those a hosted game's end sends back to their menu.
func (s *Runtime) Friends() int {
	n := 0
	for _, p := range s.order {
		if (p.state == peerRoster || p.state == peerPlaying) && p.from != "" {
			n++
		}
	}
	return n
}

func (s *Runtime) whereWords(p *peer) string {
	switch {
	case p.state == peerRoster || p.inst == nil:
		return "character list"
	case p.inst.dungeon == game.HubDungeon:
		return "hub"
	case int(p.inst.dungeon) < len(s.cfg.Content.Dungeons):
		return s.cfg.Content.Dungeons[p.inst.dungeon].Name
	}
	return "dungeon"
}

// present says whether a host command can name the peer: seated, or a
// body still channelling out (a player who left a moment ago may still
// be banned).
func present(p *peer) bool {
	return p.state == peerRoster || p.state == peerPlaying || p.state == peerLinkdead
}

// seatedNamed is the present peer whose character or account is name
// (letter case aside), or nil.
func (s *Runtime) seatedNamed(name string) *peer {
	for _, p := range s.order {
		if present(p) && (store.SameKey(p.name, name) || store.SameKey(p.account, name)) {
			return p
		}
	}
	return nil
}

// seatedPlayer is the present peer with that player id, or nil.
func (s *Runtime) seatedPlayer(player uint16) *peer {
	for _, p := range s.order {
		if present(p) && p.player == player {
			return p
		}
	}
	return nil
}

// Kick removes a player by name: it reads KickedWords, and may join again.
func (s *Runtime) Kick(name string) string { return s.kickPeer(s.seatedNamed(name), name) }

// KickPlayer is Kick by player id (the window's list).
func (s *Runtime) KickPlayer(player uint16) string {
	return s.kickPeer(s.seatedPlayer(player), fmt.Sprintf("#%d", player))
}

func (s *Runtime) kickPeer(p *peer, asked string) string {
	switch {
	case p == nil:
		return "no player named " + asked
	case p.from == "":
		return p.name + " is the host"
	case p.state == peerLinkdead:
		return p.name + " has already left"
	}
	name := p.name
	s.counters.HostKicks++
	s.removePeer(p, KickedWords)
	return "kicked " + name
}

// Ban bans a player by name, by account and by address, and removes it.
// reason, when given, is shown to it now and at every try to come back.
// A griefer who has already gone is banned too: by the account and address
// it left from if it left lately (departed), else by account alone.
func (s *Runtime) Ban(name, reason string) string {
	if p := s.seatedNamed(name); p != nil {
		return s.banPeer(p, name, reason)
	}
	d, lately := s.departedNamed(name)
	if !lately {
		d = departure{name: name, account: name}
	}
	b := s.addBan(d.account, d.from, reason)
	s.log.Printf("banned %s, who is not here (account %s, address %s)", d.name, b.Account, b.Address)
	if !lately {
		return fmt.Sprintf("banned account %s (not seen lately: by account only)", b.Account)
	}
	return fmt.Sprintf("banned %s (account %s, address %s; already gone)", d.name, b.Account, b.Address)
}

// BanPlayer is Ban by player id (the window's list).
func (s *Runtime) BanPlayer(player uint16, reason string) string {
	return s.banPeer(s.seatedPlayer(player), fmt.Sprintf("#%d", player), reason)
}

func (s *Runtime) banPeer(p *peer, asked, reason string) string {
	switch {
	case p == nil:
		return "no player named " + asked
	case p.from == "":
		return p.name + " is the host"
	}
	b := s.addBan(p.account, p.from, reason)
	name := p.name
	if p.state != peerLinkdead { // a body channelling out has no connection to remove
		s.removePeer(p, banWords(b))
	}
	s.log.Printf("banned %s (account %s, address %s)", name, b.Account, b.Address)
	return fmt.Sprintf("banned %s (account %s, address %s)", name, b.Account, b.Address)
}

// addBan puts a ban in force and in the store.
func (s *Runtime) addBan(account, from, reason string) store.Ban {
	b := store.Ban{Account: account, Address: from, Reason: strings.TrimSpace(reason), At: s.now().UTC().Truncate(time.Second)}
	s.bans = slices.DeleteFunc(s.bans, func(o store.Ban) bool { return store.SameKey(o.Account, b.Account) })
	s.bans = append(s.bans, b)
	if !s.desk.ask(job{kind: jobBan, ban: b}) {
		s.log.Printf("the ban of %s is not in the store: its queue was full; it holds until the server stops", b.Account)
	}
	s.counters.Bans++
	return b
}

// departure is a player who left: who it was and where it played from.
type departure struct{ name, account, from string }

// departedKept is how many departures the server remembers for a late ban:
// a busy evening's worth, a few kilobytes.
const departedKept = 64

// noteDeparture remembers a seated peer as it goes for good: only one the
// server welcomed, so a stranger who claimed a name with the wrong token
// never lends it its address. The oldest is forgotten first.
func (s *Runtime) noteDeparture(p *peer) {
	if p.account == "" || p.from == "" {
		return // never claimed an account, or the host's own player
	}
	if len(s.departed) == departedKept {
		s.departed = slices.Delete(s.departed, 0, 1)
	}
	s.departed = append(s.departed, departure{name: p.name, account: p.account, from: p.from})
}

// departedNamed is the latest departure whose character or account is name.
func (s *Runtime) departedNamed(name string) (departure, bool) {
	for i := len(s.departed) - 1; i >= 0; i-- {
		if d := s.departed[i]; store.SameKey(d.name, name) || store.SameKey(d.account, name) {
			return d, true
		}
	}
	return departure{}, false
}

// Unban lifts the account's ban, by account and by address.
func (s *Runtime) Unban(name string) string {
	i := slices.IndexFunc(s.bans, func(b store.Ban) bool { return store.SameKey(b.Account, name) })
	if i < 0 {
		return name + " is not banned"
	}
	b := s.bans[i]
	s.bans = slices.Delete(s.bans, i, i+1)
	if !s.desk.ask(job{kind: jobUnban, account: b.Account}) {
		s.log.Printf("the ban of %s is still in the store: its queue was full", b.Account)
	}
	s.log.Printf("unbanned %s (account and address %s)", b.Account, b.Address)
	return "unbanned " + b.Account
}

// Bans lists the bans in force, oldest first.
func (s *Runtime) Bans() []store.Ban { return slices.Clone(s.bans) }

// banWords is what a banned player reads: the refusal, the operator's
// reason and when.
func banWords(b store.Ban) string {
	w := BannedWords
	if b.Reason != "" {
		w += ": " + b.Reason
	}
	since := " (since " + b.At.Format("2 Jan 2006 15:04 MST") + ")"
	return clipTo(w, wire.MaxReasonLen-len(since)) + since // a long reason is cut, never the date
}

// clipTo cuts s to at most n bytes, at a character boundary.
func clipTo(s string, n int) string {
	cut := min(len(s), n)
	for cut < len(s) && cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// banned is the ban an account or an address is under, if any. The
// host's own player (no address) is never banned.
func (s *Runtime) banned(account, from string) (store.Ban, bool) {
	if from == "" {
		return store.Ban{}, false
	}
	for _, b := range s.bans {
		if store.SameKey(b.Account, account) || (b.Address != "" && b.Address == from) {
			return b, true
		}
	}
	return store.Ban{}, false
}

// removePeer sends the reason and disconnects: a playing character stays
// as a body and channels out, as after any disconnect.
func (s *Runtime) removePeer(p *peer, reason string) {
	if b, err := wire.AppendReject(s.buf[:0], wire.Reject{Reason: reason}); err == nil {
		s.send(p, wire.MsgReject, b)
	}
	s.tr.Disconnect(p.id, true)
	s.log.Printf("removed %s (player %d): %s", p.name, p.player, reason)
	s.onDisconnect(p.id)
}

// Say tells every seated player a sentence from the host.
func (s *Runtime) Say(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return "say what?"
	}
	n := 0
	for _, p := range s.order {
		if p.state == peerRoster || p.state == peerPlaying {
			s.notify(p, "Host: "+text)
			n++
		}
	}
	return fmt.Sprintf("said to %d %s", n, plural(n, "player", "players"))
}

// listWords is the console's list: "2 players: kate (hub), bob (Catacombs)".
func (s *Runtime) listWords() string {
	ps := s.PlayerList()
	if len(ps) == 0 {
		return "0 players"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%s (%s)", p.Name, p.Where)
		if p.Host {
			parts[i] = fmt.Sprintf("%s (%s, host)", p.Name, p.Where)
		}
	}
	return fmt.Sprintf("%d %s: %s", len(ps), plural(len(ps), "player", "players"), strings.Join(parts, ", "))
}

// saveAll hands every character in play to the store now, and answers
// once the desk has written them.
func (s *Runtime) saveAll(reply func(string)) {
	n := 0
	for _, p := range s.order {
		if (p.state == peerPlaying || p.state == peerLinkdead) && p.hasChar {
			s.saveCharacter(p, false)
			n++
		}
	}
	s.desk.endTick()
	if !s.desk.ask(job{kind: jobSync, reply: reply, saved: n}) {
		reply("the store is too busy: try again")
	}
}

// checkPassword refuses a Hello without the game's password, or with a
// wrong one, pacing each address's failures; true when it may go on.
func (s *Runtime) checkPassword(p *peer, typed string) bool {
	if s.cfg.Password == "" || p.from == "" {
		return true
	}
	now := s.tick
	gate := s.pwGates[p.from]
	if int32(gate-now) > (passwordBurst-1)*passwordEvery {
		s.counters.PasswordPaced++
		wait := (int32(gate-now) - (passwordBurst-1)*passwordEvery + game.TickRate - 1) / game.TickRate
		s.reject(p.id, fmt.Sprintf("too many wrong passwords from your address: wait %d seconds and try again", wait))
		return false
	}
	want, got := sha256.Sum256([]byte(s.cfg.Password)), sha256.Sum256([]byte(typed))
	if subtle.ConstantTimeCompare(want[:], got[:]) == 1 {
		return true
	}
	if int32(gate-now) < 0 {
		gate = now
	}
	s.rememberGate(p.from, gate+passwordEvery)
	s.counters.PasswordRefused++
	if typed == "" {
		s.reject(p.id, NeedsPassword)
	} else {
		s.reject(p.id, WrongPassword)
	}
	return false
}

// rememberGate notes an address's pace, forgetting the addresses whose
// pace has run out when the map is full.
func (s *Runtime) rememberGate(addr string, gate uint32) {
	if s.pwGates == nil {
		s.pwGates = make(map[string]uint32)
	}
	if _, ok := s.pwGates[addr]; !ok && len(s.pwGates) >= passwordAddrs {
		for a, g := range s.pwGates {
			if int32(g-s.tick) < 0 {
				delete(s.pwGates, a)
			}
		}
		if len(s.pwGates) >= passwordAddrs {
			return // every one still paced: this address goes unpaced rather than the map unbounded
		}
	}
	s.pwGates[addr] = gate
}
