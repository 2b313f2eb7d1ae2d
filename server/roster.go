package server

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// The roster: a Hello claims its account through the desk; the Welcome
// follows with the account's characters, and the peer stays on the roster
// (peerRoster) until it selects one, which enters the hub. A character that
// dies in a dungeon is unbound on that tick and its peer is back on the
// roster, the character kept out of dungeons for DeathLockoutTicks. Every
// command is paced per peer; one that changes the ledger (create, delete)
// waits for its answer before the next is taken. docs/NETCODE.md (The
// roster) gives the rules and the reasons.

// DeathLockoutTicks is how long a character that died in a dungeon is kept
// out of every dungeon: a death costs the run, not just 3 seconds.
const DeathLockoutTicks = 10 * game.TickRate

// Command pacing, per peer: a burst, then one every so many ticks.
const (
	selectEvery = game.TickRate / 2 // selects: one each half second after a burst
	changeEvery = 2 * game.TickRate // creates and deletes: one each 2 s after a burst
	paceBurst   = 3
)

// pace is a generic cell rate limiter: tat is the tick at which the
// bucket would be empty again.
type pace struct{ tat uint32 }

func (g *pace) allow(now, every uint32) bool {
	tat := g.tat
	if int32(tat-now) < 0 {
		tat = now
	}
	if tat-now > (paceBurst-1)*every {
		return false
	}
	g.tat = tat + every
	return true
}

// seated counts the peers holding a place on the server: on the roster or
// playing.
func (s *Runtime) seated() int {
	n := 0
	for _, p := range s.order {
		if p.state == peerRoster || p.state == peerPlaying || p.state == peerLinkdead {
			n++
		}
	}
	return n
}

// bodyOf is the account's linkdead body still resolving, if any: the
// account's own (store.SameKey), never a look-alike's, since its player
// takes the body's place.
func (s *Runtime) bodyOf(account string) *peer {
	for _, q := range s.order {
		if q.state == peerLinkdead && store.SameKey(q.account, account) {
			return q
		}
	}
	return nil
}

// holdsSeat says whether the account holds a seat: a connection on the
// roster or playing, or a body resolving.
func (s *Runtime) holdsSeat(account string) bool {
	return s.seatedPeer(account, nil) != nil || s.bodyOf(account) != nil
}

// seatedPeer is the other peer holding the account itself, or nil: a
// token checked for the account may replace it, never a look-alike's.
func (s *Runtime) seatedPeer(name string, except *peer) *peer {
	for _, q := range s.order {
		if q != except && (q.state == peerRoster || q.state == peerPlaying) && store.SameKey(q.account, name) {
			return q
		}
	}
	return nil
}

// ReplaceSilentTicks is how long an account's connection must have been
// silent for a new connection with the account's token to replace it. A
// playing client sends every tick, and only the account's own token can
// replace it, so half a second of silence is a game that is gone: a game
// killed and relaunched at once plays again within 2 s (the old body's
// one-second channel included).
const ReplaceSilentTicks = game.TickRate / 2

// SuspectSilentTicks is how long an account's connection must have been
// silent for a new connection of the account to wait for it (up to
// ReplaceSilentTicks) instead of being refused as a second session: longer
// than a few lost input frames on a bad network.
const SuspectSilentTicks = game.TickRate / 4

// parkedTicks is how long a returning player waits for its old body to
// finish leaving before it is told to try again.
const parkedTicks = 5 * game.TickRate

// park holds a claimed peer until its account's body has resolved; then
// retryParked seats it.
func (s *Runtime) park(p *peer, chars []store.Character) {
	if !p.isParked {
		p.isParked, p.parkedAt = true, s.tick
	}
	p.parked = append(p.parked[:0], chars...)
}

// retryParked seats each parked peer whose account's body has gone, and
// gives up on one that waited too long.
func (s *Runtime) retryParked() {
	for _, p := range s.order {
		if !p.isParked || p.state != peerClaiming {
			continue
		}
		switch body := s.bodyOf(p.account); {
		case body == nil:
			chars := p.parked
			p.parked, p.isParked = nil, false
			s.welcome(p, chars, nil)
		case int(s.tick-p.parkedAt) > parkedTicks:
			p.parked, p.isParked = nil, false
			s.tryAgain(p.id, fmt.Sprintf("%s is still leaving the dungeon (its connection closed a moment ago)", body.char.Name), retryBusy)
		}
	}
}

// accountSeated says whether another peer holds the account or one a
// player could take it for (store.SameName): two look-alikes an older
// store let through are never seated at once.
func (s *Runtime) accountSeated(name string, except *peer) bool {
	for _, q := range s.order {
		if q != except && (q.state == peerRoster || q.state == peerPlaying) && store.SameName(q.account, name) {
			return true
		}
	}
	return false
}

func (s *Runtime) onHello(p *peer, b []byte) error {
	h, err := wire.ParseHello(b)
	if err != nil {
		s.reject(p.id, "malformed Hello: "+err.Error())
		return err
	}
	if b, ok := s.banned(h.Name, p.from); ok {
		s.counters.BanRefused++
		s.reject(p.id, banWords(b))
		return nil
	}
	if h.Content != s.cfg.Content.Hash {
		s.reject(p.id, contentRefusal(s.cfg.Content.Hash, h.Content))
		return nil
	}
	if !s.checkPassword(p, h.Password) {
		return nil
	}
	if s.seated() >= s.cfg.MaxPlayers && !s.holdsSeat(h.Name) {
		// An account that holds a seat may be coming back to it (a game
		// that crashed, a body still channelling out): welcome decides,
		// once the desk has checked the token.
		s.reject(p.id, fmt.Sprintf("the server is full (%d players)", s.cfg.MaxPlayers))
		return nil
	}
	p.account, p.name = h.Name, h.Name
	if !s.desk.ask(job{kind: jobClaim, p: p, account: h.Name, from: p.from, token: store.Token(h.Token)}) {
		s.tryAgain(p.id, "the server is too busy to take a new player", retryBusy)
		return nil
	}
	p.state = peerClaiming
	return nil
}

// takeAnswers applies what the desk answered since the last tick. An
// answer for a peer that has gone is dropped: what it did (a character
// made, say) stays done.
func (s *Runtime) takeAnswers() {
	for {
		select {
		case a := <-s.desk.answers:
			s.apply(&a)
		default:
			return
		}
	}
}

func (s *Runtime) apply(a *answer) {
	switch a.kind {
	case jobExpire:
		s.noteSwept(a)
		return
	case jobBan, jobUnban:
		if a.err != nil {
			s.log.Printf("character store: %s: %v", requestWords[a.kind], a.err)
		}
		return
	case jobSync:
		if a.err != nil {
			a.reply("the store did not save: " + a.err.Error())
			return
		}
		a.reply(fmt.Sprintf("saved %d %s", a.saved, plural(a.saved, "character", "characters")))
		return
	}
	p := a.p
	if p.state == peerGone || s.peers[p.id] != p {
		return
	}
	switch a.kind {
	case jobClaim:
		s.welcome(p, a.chars, a.err)
	case jobCreate:
		p.busy = false
		if a.err != nil {
			s.refuse(p, a.err.Error())
			return
		}
		p.roster = append(p.roster, a.char)
		s.log.Printf("%s made the character %s", p.account, a.char.Name)
		s.sendCharacters(p, wire.CauseList, "")
	case jobDelete:
		p.busy = false
		if a.err != nil {
			s.refuse(p, a.err.Error())
			return
		}
		s.forget(p, a.id)
		s.sendCharacters(p, wire.CauseList, "")
	}
}

// welcome seats a peer whose account the desk has claimed.
func (s *Runtime) welcome(p *peer, chars []store.Character, err error) {
	if p.state != peerClaiming {
		return
	}
	if err != nil {
		s.refuseClaim(p, err)
		return
	}
	if old := s.seatedPeer(p.account, p); old != nil && s.cfg.Store != nil {
		switch silent := int(s.tick - old.meter.heard); {
		case silent >= ReplaceSilentTicks:
			// The account's own token (a store checked it), and its old
			// connection has gone quiet: a game that crashed and came back.
			// The old one goes the way of any disconnect (a playing
			// character's body channels out); this one waits for that and
			// then takes the seat.
			s.kick(old, "replaced by a new connection of the same account")
		case silent >= SuspectSilentTicks:
			// Quiet, but not for long yet: a game that crashed a moment
			// ago, or one that merely stutters. This one waits to see
			// which, instead of being refused and trying again.
			s.park(p, chars)
			return
		}
	}
	switch {
	case s.bodyOf(p.account) != nil:
		s.park(p, chars)
		return
	case s.accountSeated(p.account, p):
		s.refuseSecondSession(p)
		return
	case s.seated() >= s.cfg.MaxPlayers:
		s.reject(p.id, fmt.Sprintf("the server is full (%d players)", s.cfg.MaxPlayers))
		return
	}
	if why := s.rosterRefusal(p); why != "" {
		s.reject(p.id, why)
		return
	}
	id, ok := s.ids.take()
	if !ok {
		s.reject(p.id, "the server is full")
		return
	}
	for i := range chars {
		if r, ok := s.recent[chars[i].ID]; ok {
			chars[i] = r.c // its last save may still be on its way to the disk
		}
	}
	p.player, p.state, p.roster, p.rosterAt, p.rosterOwed = id, peerRoster, chars, s.tick, s.rosterSpent(p)
	s.send(p, wire.MsgWelcome, wire.AppendWelcome(s.buf[:0], wire.Welcome{PeerID: id, ServerTick: s.tick}))
	cause, note := wire.CauseList, ""
	for _, c := range chars {
		if where, ok := s.diedAway[c.ID]; ok { // its body died while the connection was down
			delete(s.diedAway, c.ID)
			cause, note = wire.CauseDied, fmt.Sprintf("%s fell in %s while the connection was down.", c.Name, where)
		}
	}
	s.sendCharacters(p, cause, note)
	s.log.Printf("%s joined as player %d", p.account, id)
}

// refuseSecondSession turns away a connection of an account that is
// already seated. If the seated connection has gone quiet at all, or this
// is the account's first such try in a while, it may be a game that was
// just killed (a busy server can read the old game's last packets and the
// new one's Hello in one tick): the new one is told to try again, and by
// then the old one is quiet long enough to wait for (welcome's park) or
// has spoken again, and the refusal stands.
func (s *Runtime) refuseSecondSession(p *peer) {
	why := fmt.Sprintf("the name %q is already playing", p.account)
	old := s.seatedPeer(p.account, p)
	if old != nil && s.cfg.Store != nil && (int(s.tick-old.meter.heard) >= quietTicks || s.firstRetry(p.account)) {
		s.tryAgain(p.id, why, retryReplaced)
		return
	}
	s.reject(p.id, why)
}

// quietTicks is how long a seated connection must have been silent for a
// second session of its account to be told to try again rather than
// refused: a playing client sends every tick.
const quietTicks = 2

// retryMemoryTicks is how long the server remembers that it told an
// account's second session to try again: longer than the retry's wait.
const retryMemoryTicks = 2 * game.TickRate

// firstRetry says whether the account's second session has not been told
// to try again within retryMemoryTicks, and notes that it is now. The list
// holds only the last couple of seconds' tries.
func (s *Runtime) firstRetry(account string) bool {
	kept := s.retried[:0]
	first := true
	for _, r := range s.retried {
		if int(s.tick-r.tick) > retryMemoryTicks {
			continue
		}
		if store.SameKey(r.account, account) {
			first = false
		}
		kept = append(kept, r)
	}
	s.retried = kept
	if first {
		s.retried = append(s.retried, retriedSession{account: account, tick: s.tick})
	}
	return first
}

// retriedSession is an account whose second session was told to try again.
type retriedSession struct {
	account string
	tick    uint32
}

// refuseClaim rejects a peer whose claim the ledger refused, in words it
// can act on; a refused new account is counted.
func (s *Runtime) refuseClaim(p *peer, err error) {
	rules := s.cfg.accountRules()
	switch {
	case errors.Is(err, store.ErrNoNewAccounts):
		s.counters.AccountsRefused++
		s.reject(p.id, rules.noNewAccountsReason())
	case errors.Is(err, store.ErrAccountsFull):
		s.counters.AccountsRefused++
		s.reject(p.id, rules.accountsFullReason())
	case errors.Is(err, store.ErrNameTaken), errors.Is(err, store.ErrNameLooksTaken), errors.Is(err, errStoreStopped):
		s.reject(p.id, err.Error())
	default:
		s.reject(p.id, "the server cannot take that name: "+err.Error())
	}
}

func (s *Runtime) onCommand(p *peer, b []byte) error {
	c, err := wire.ParseCharacterCommand(b)
	if err != nil {
		return err // counted as garbage; an honest client never sends it
	}
	switch c.Op {
	case wire.OpSelect:
		s.onSelect(p, c.ID)
	case wire.OpCreate:
		s.onCreate(p, c.Name, c.Class)
	case wire.OpDelete:
		s.onDelete(p, c.ID, c.Name)
	case wire.OpStay:
		// Nothing to do: being heard (the caller notes it) is the point.
	}
	return nil
}

// refuse answers a command with the reason, counted.
func (s *Runtime) refuse(p *peer, why string) {
	s.counters.RosterRefused++
	s.sendCharacters(p, wire.CauseRefused, why)
}

// paced answers a command over its pace: counted, and answered at most
// once a tick, so a flood is not echoed back.
func (s *Runtime) paced(p *peer) {
	s.counters.RosterPaced++
	if p.pacedAt != s.tick+1 {
		p.pacedAt = s.tick + 1
		s.sendCharacters(p, wire.CauseRefused, "too many choices at once; wait a moment")
	}
}

func (s *Runtime) onSelect(p *peer, id uint64) {
	if p.state == peerPlaying {
		if p.char.ID != id {
			s.refuse(p, fmt.Sprintf("you are playing %s; leave the game to choose another character", p.char.Name))
		}
		return // the character held: nothing to do
	}
	if !p.selects.allow(s.tick, selectEvery) {
		s.paced(p)
		return
	}
	i := s.rosterIndex(p, id)
	if i < 0 {
		s.refuse(p, "no character of yours has that id")
		return
	}
	s.bind(p, p.roster[i])
}

func (s *Runtime) onCreate(p *peer, name, class string) {
	_, known := levels.ClassIndex(s.cfg.Content, class)
	switch {
	case p.state != peerRoster:
		s.refuse(p, "leave the game to make a character")
	case class == "":
		s.refuse(p, fmt.Sprintf("choose a class for %s: this server has %s", name, s.classIDs()))
	case !known:
		s.refuse(p, fmt.Sprintf("this server has no class %q; choose one it lists", class))
	case p.busy || !p.changes.allow(s.tick, changeEvery):
		s.paced(p)
	case len(p.roster) >= store.MaxCharactersPerAccount:
		s.refuse(p, store.ErrTooManyCharacters.Error())
	case !s.desk.ask(job{kind: jobCreate, p: p, account: p.account, name: name, class: class}):
		s.refuse(p, "the server is too busy to make a character; try again in a moment")
	default:
		p.busy = true
	}
}

// classIDs lists the content's class ids, as a create names them. A
// create that names none is refused with them rather than given one: a
// character's class is for good, and the player is the one to choose it.
func (s *Runtime) classIDs() string {
	ids := make([]string, len(s.cfg.Content.Classes))
	for i := range s.cfg.Content.Classes {
		ids[i] = s.cfg.Content.Classes[i].ID
	}
	return strings.Join(ids, ", ")
}

func (s *Runtime) onDelete(p *peer, id uint64, name string) {
	i := s.rosterIndex(p, id)
	switch {
	case p.state != peerRoster:
		s.refuse(p, "leave the game to delete a character")
	case p.busy || !p.changes.allow(s.tick, changeEvery):
		s.paced(p)
	case i < 0:
		s.refuse(p, "no character of yours has that id")
	case p.roster[i].Name != name:
		s.refuse(p, fmt.Sprintf("the name confirmed does not match %s; nothing was deleted", p.roster[i].Name))
	case !s.desk.ask(job{kind: jobDelete, p: p, account: p.account, id: id}):
		s.refuse(p, "the server is too busy to delete a character; try again in a moment")
	default:
		p.busy = true
	}
}

func (s *Runtime) rosterIndex(p *peer, id uint64) int {
	for i := range p.roster {
		if p.roster[i].ID == id {
			return i
		}
	}
	return -1
}

// forget drops a deleted character from the peer's roster and from memory.
func (s *Runtime) forget(p *peer, id uint64) {
	if i := s.rosterIndex(p, id); i >= 0 {
		s.log.Printf("%s deleted the character %s", p.account, p.roster[i].Name)
		p.roster = append(p.roster[:i], p.roster[i+1:]...)
	}
	s.desk.unstage(id)
	delete(s.recent, id)
	delete(s.lockout, id)
}

// bind makes the peer play a character: it enters the hub with what the
// character carries.
func (s *Runtime) bind(p *peer, c store.Character) {
	p.char, p.hasChar, p.name, p.state, p.rosterOwed = c, true, c.Name, peerPlaying, 0
	s.forgiveRoster(p)
	s.hub.add(s, p)
	s.kit(p)
	s.equip(p)
	s.restore(p)
	s.raise(p)
	s.rollOffer(p)
	s.touchSheet(p, wire.ActionNone, 0)
	s.broadcastRoster()
	s.log.Printf("%s plays %s (player %d)", p.account, c.Name, p.player)
	s.enterAtOnce(p)
}

// raise gives a character entering play Config.EnterLevels levels at once
// (--enter-levels), as XP earned would, each owing an upgrade choice:
// testers and screenshots reach the keeper without the fights.
func (s *Runtime) raise(p *peer) {
	n := min(s.cfg.EnterLevels, game.MaxLevel)
	if n <= 0 {
		return
	}
	xp := -p.char.XP
	for i := range n {
		xp += game.XPToNext(p.char.Level + i)
	}
	level, into, gained := game.GainXP(p.char.Level, p.char.XP, xp)
	p.char.Level, p.char.XP = level, into
	if gained > 0 {
		s.log.Printf("%s raised to level %d (--enter-levels)", p.char.Name, level)
		s.touchSheet(p, wire.ActionLevelled, 0)
	}
}

// kit puts Config.EnterItems in the bag of a character entering play
// (--enter-items), each minted and journalled, one to a free slot while
// there is one: testers and screenshots have things to point at without
// the fights.
func (s *Runtime) kit(p *peer) {
	for _, id := range s.cfg.EnterItems {
		def, ok := s.itemDef[id]
		slot := s.freeBagSlot(&p.char)
		if !ok || slot < 0 {
			continue
		}
		it := game.Item{ID: s.itemIDs.Next(), Def: def}
		p.char.Inventory = append(p.char.Inventory, store.ItemStack{ID: it.ID, Kind: id, Count: 1, Slot: slot})
		s.journal(game.ItemMinted, it, p.player, "--enter-items")
	}
}

// freeBagSlot is the first bag slot the character's record leaves empty,
// or -1.
func (s *Runtime) freeBagSlot(c *store.Character) int {
	for slot := range game.BagSlots {
		if !slices.ContainsFunc(c.Inventory, func(st store.ItemStack) bool { return st.Slot == slot }) {
			return slot
		}
	}
	return -1
}

// enterAtOnce sends a character that just entered the hub on through the
// hub's portal to Config.Enter's dungeon, as if it had walked in: testers
// and screenshots start in a dungeon without the walk.
func (s *Runtime) enterAtOnce(p *peer) {
	if s.cfg.Enter == "" || p.inst != s.hub {
		return
	}
	for i, portal := range s.hub.world.Map().Portals {
		if int(portal.Dungeon) < len(s.cfg.Content.Dungeons) && s.cfg.Content.Dungeons[portal.Dungeon].ID == s.cfg.Enter {
			s.transfers = append(s.transfers, transfer{s.hub, p.player, uint8(i), portal.Dungeon})
			return
		}
	}
}

// unbind takes a playing character out of the world and puts its peer back
// on the roster, with the character as it left.
func (s *Runtime) unbind(p *peer) {
	s.flushEvents(p) // what happened to it this tick (its death) arrives first
	s.saveCharacter(p, true)
	p.inst.remove(s, p)
	// The sheet owed to the body left behind (a death's bag dropped on the
	// floor) is never sent: the death screen says what the bag lost, and a
	// "Dropped" carried over to the next entry into play would tell the
	// player of a drop they never made.
	p.sheetDirty, p.sheetAction, p.sheetItem = false, wire.ActionNone, 0
	p.xpKills, p.xpClears = 0, 0
	if i := s.rosterIndex(p, p.char.ID); i >= 0 {
		p.roster[i] = p.char
	}
	p.hasChar, p.state, p.rosterAt = false, peerRoster, s.tick
	s.broadcastRoster()
}

// playerDeath is a player's death in a dungeon, applied after every world
// has stepped.
type playerDeath struct {
	in            *instance
	player        uint16
	kind, pattern int // what killed it: an enemy kind and a pattern, -1 unknown
}

// applyDeaths unbinds every player who died in a dungeon this tick. In the
// hub, or an arena served as the hub, a death keeps the world's respawn:
// those are places to practise, not runs.
func (s *Runtime) applyDeaths() {
	for _, d := range s.deaths {
		p := s.peerOf(d.in, d.player)
		if p == nil {
			continue
		}
		if p.state == peerLinkdead {
			s.resolveLinkdead(p, true) // saved dead; the lockout and the words wait for its return
			s.lockout[p.char.ID] = s.tick + DeathLockoutTicks
			s.diedAway[p.char.ID] = game.PlaceWords(s.cfg.Content.Dungeons[d.in.dungeon].Name)
			continue
		}
		where := game.PlaceWords(s.cfg.Content.Dungeons[d.in.dungeon].Name)
		by := game.KillerWords(s.cfg.Content, d.kind, d.pattern)
		s.unbind(p)
		s.lockout[p.char.ID] = s.tick + DeathLockoutTicks
		s.log.Printf("%s fell to %s in %s", p.char.Name, by, where)
		// The words say what happened; how long the dungeons stay closed is
		// the entry's lockout, which the client counts down: a sentence
		// naming the seconds would be wrong a second later.
		s.sendCharacters(p, wire.CauseDied, fmt.Sprintf("%s fell to %s in %s.", p.char.Name, by, where))
	}
	s.deaths = s.deaths[:0]
	s.closeEmpty()
}

// lockedOut is how many ticks the character is still kept out of dungeons.
func (s *Runtime) lockedOut(id uint64) uint32 {
	until, ok := s.lockout[id]
	if !ok {
		return 0
	}
	if int32(until-s.tick) <= 0 {
		delete(s.lockout, id)
		return 0
	}
	return until - s.tick
}

// notify sends a playing peer a sentence to show.
func (s *Runtime) notify(p *peer, text string) {
	b, err := wire.AppendNotice(s.buf[:0], wire.Notice{Text: clipNote(text)})
	if err == nil {
		s.send(p, wire.MsgNotice, b)
	}
}

// sendCharacters sends the peer its roster as the server holds it.
func (s *Runtime) sendCharacters(p *peer, cause wire.Cause, note string) {
	msg := wire.Characters{Cause: cause, Slots: store.MaxCharactersPerAccount,
		Entries: make([]wire.CharacterEntry, 0, len(p.roster))}
	for i := range p.roster {
		msg.Entries = append(msg.Entries, s.entryOf(&p.roster[i]))
	}
	msg.Note = clipNote(note)
	b, err := wire.AppendCharacters(s.buf[:0], msg)
	if err != nil {
		s.log.Printf("cannot list the characters of %s: %v", p.account, err)
		return
	}
	s.send(p, wire.MsgCharacters, b)
}

// entryOf is a character's roster entry: its class, its level and its
// health out of the most the world gives it, gear and upgrades included
// (the roster shows what the HUD will), and its lockout.
func (s *Runtime) entryOf(c *store.Character) wire.CharacterEntry {
	l := s.loadout(c)
	maxHP := uint16(max(game.EffectiveStats(s.cfg.Content, l).MaxHP, 1))
	e := wire.CharacterEntry{ID: c.ID, Name: c.Name, Level: uint8(min(max(c.Level, 0), 255)),
		Health: maxHP, MaxHealth: maxHP, Lockout: uint16(min(s.lockedOut(c.ID), 65535)), Class: l.Class}
	if c.Health > 0 { // 0: never spawned, or dead: it comes back whole
		e.Health = uint16(min(c.Health, int(maxHP)))
	}
	if c.Where.Kind == store.PlaceDungeon {
		e.Where = wire.WhereDungeon
	}
	return e
}

// clipNote fits a sentence to a note, cutting at a character boundary: a
// store error can quote a long path.
func clipNote(s string) string {
	if len(s) <= wire.MaxNoteLen {
		return s
	}
	cut := wire.MaxNoteLen - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
