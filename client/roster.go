package client

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"duskfall/levels"
	"duskfall/net/wire"
)

// The character roster. After the Welcome the server lists the account's
// characters and the client picks one (StateRoster); a character that dies
// in a dungeon brings the client back here. The client sends one command at
// a time and waits for its answer: the server paces commands per peer, and
// a roster scene has nothing to show until the answer comes.

// RosterPolicy says who chooses on the roster.
type RosterPolicy uint8

const (
	// RosterAuto plays Config.Character (default: the account name), making
	// it when the account has none of that name, and plays it again after
	// a death: bots, tests and tools.
	RosterAuto RosterPolicy = iota
	// RosterAsk makes a character named after the account and plays it when
	// the account has none yet (a first join needs no clicks); otherwise the
	// player chooses (the window's roster scene).
	RosterAsk
	// RosterChoose leaves every choice to the player, the first character
	// included: the window's first launch, which walks through making it
	// (its name and its class).
	RosterChoose
)

// autoRetry is how long RosterAuto waits after a refusal before it asks
// again: the server paces commands, and asking at once would be refused too.
const autoRetry = time.Second

// RosterView is the roster as the server last sent it.
type RosterView struct {
	Characters []wire.CharacterEntry // shared with the runtime: read, do not keep
	Slots      int                   // characters the account may hold
	Cause      wire.Cause            // why it was sent: a list, a refusal, a death
	Note       string                // the server's words on Cause
	Pending    bool                  // a command is on its way: wait for its answer
	At         time.Time             // when it arrived (Config.Now), for lockout countdowns
	// Played is the id of the character whose play this roster ended (a
	// death unbinds it), 0 when it came to a client not playing.
	Played uint64
}

// LockoutLeft is how long the character must still keep out of dungeons:
// its entry's lockout, in the server's ticks, counted from the roster's
// arrival. The death screen and the roster both read it, one clock.
func (v *RosterView) LockoutLeft(c *wire.CharacterEntry, now time.Time) time.Duration {
	left := time.Duration(c.Lockout)*time.Second/60 - now.Sub(v.At)
	return max(0, left)
}

// Fallen is the entry of the character a death sent back to this roster:
// the one played, or, for a death while the connection was down (no
// character played on it), the one the server keeps out of dungeons
// longest. False for a roster that tells of no death.
func (v *RosterView) Fallen() (wire.CharacterEntry, bool) {
	if v.Cause != wire.CauseDied {
		return wire.CharacterEntry{}, false
	}
	best := -1
	for i := range v.Characters {
		c := &v.Characters[i]
		if v.Played != 0 && c.ID == v.Played {
			return *c, true
		}
		if v.Played == 0 && c.Lockout > 0 && (best < 0 || c.Lockout > v.Characters[best].Lockout) {
			best = i
		}
	}
	if best < 0 {
		return wire.CharacterEntry{}, false
	}
	return v.Characters[best], true
}

// rosterState is the runtime's side of the roster.
type rosterState struct {
	view     RosterView
	received bool // a Characters has arrived on this connection
	made     bool // RosterAsk asked for the first character
	asked    bool // RosterAsk is done: the player chooses from here on
	playing  wire.CharacterEntry
	retryAt  time.Time // RosterAuto's next try after a refusal
	stayedAt time.Time // the last OpStay sent
	notice   string
	noticeAt time.Time
}

// Roster returns the roster as the server last sent it.
func (r *Runtime) Roster() RosterView { return r.roster.view }

// Character is the character played, from the roster entry that was
// selected.
func (r *Runtime) Character() wire.CharacterEntry { return r.roster.playing }

// Notice is the server's last sentence for the player and when it came;
// "" when none came yet.
func (r *Runtime) Notice() (string, time.Time) { return r.roster.notice, r.roster.noticeAt }

// ErrRosterBusy refuses a command while the previous one is unanswered.
var ErrRosterBusy = errors.New("the server is still answering the last choice")

// errNotOnRoster refuses a command outside the roster.
var errNotOnRoster = errors.New("choose a character on the roster first")

// SelectCharacter asks to play a character of the roster.
func (r *Runtime) SelectCharacter(id uint64) error {
	for _, c := range r.roster.view.Characters {
		if c.ID == id {
			r.roster.playing = c
			r.pstats, r.pab = r.buildStats() // the class's own stats from the first predicted step
			return r.command(wire.CharacterCommand{Op: wire.OpSelect, ID: id})
		}
	}
	return fmt.Errorf("no character on the roster has id %d", id)
}

// CreateCharacter asks the server to make a character called name, of the
// class with content id class ("" for the content's first). A name or a
// class the server would refuse is refused here first, in words.
func (r *Runtime) CreateCharacter(name, class string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	c := r.cfg.Content
	if class == "" && len(c.Classes) > 0 {
		class = c.Classes[0].ID
	}
	if _, ok := levels.ClassIndex(c, class); !ok {
		return fmt.Errorf("there is no class %q", class)
	}
	return r.command(wire.CharacterCommand{Op: wire.OpCreate, Name: name, Class: class})
}

// DeleteCharacter asks the server to delete a character; name is the
// character's name as the player confirmed it, and the server deletes
// nothing unless it matches.
func (r *Runtime) DeleteCharacter(id uint64, name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	return r.command(wire.CharacterCommand{Op: wire.OpDelete, ID: id, Name: name})
}

// CheckName says in words what is wrong with a character name, or nil.
func CheckName(name string) error {
	switch err := wire.ValidName(name); {
	case err == nil:
		return nil
	case name == "":
		return errors.New("a name needs at least one character")
	case errors.Is(err, wire.ErrTooLarge):
		return fmt.Errorf("a name is at most %d bytes", wire.MaxNameLen)
	case strings.TrimSpace(name) != name:
		return errors.New("a name cannot start or end with a space")
	}
	return errors.New("a name cannot hold control or formatting characters")
}

// StayEvery is how often a client on the roster tells the server that the
// player is still choosing (wire.OpStay): the server disconnects a peer
// that sends nothing for its idle limit (15 s by default), and a player
// reading the roster or typing a name sends nothing else.
const StayEvery = 5 * time.Second

// stay says, every StayEvery on the roster, that the player is there.
func (r *Runtime) stay() {
	now := r.cfg.Now()
	if r.state != StateRoster || now.Sub(r.roster.stayedAt) < StayEvery {
		return
	}
	r.roster.stayedAt = now
	b, err := wire.AppendCharacterCommand(nil, wire.CharacterCommand{Op: wire.OpStay})
	if err == nil {
		r.tr.Send(wire.ChannelOf(wire.MsgCharacterCommand), b)
	}
}

func (r *Runtime) command(c wire.CharacterCommand) error {
	if r.state != StateRoster {
		return errNotOnRoster
	}
	if r.roster.view.Pending {
		return ErrRosterBusy
	}
	b, err := wire.AppendCharacterCommand(nil, c)
	if err != nil {
		return err
	}
	r.tr.Send(wire.ChannelOf(wire.MsgCharacterCommand), b)
	r.roster.view.Pending = true
	return nil
}

// onCharacters takes a roster. While playing it means the character was
// unbound (it died): the world is left behind.
func (r *Runtime) onCharacters(b []byte) error {
	c, err := wire.ParseCharacters(b)
	if err != nil {
		return err
	}
	if r.state != StateJoining && r.state != StateRoster && r.state != StatePlaying {
		return nil
	}
	var played uint64
	if r.state == StatePlaying {
		played = r.roster.playing.ID
		r.leaveWorld()
	}
	r.state = StateRoster
	r.roster.received = true
	r.roster.view = RosterView{Characters: c.Entries, Slots: int(c.Slots), Cause: c.Cause, Note: c.Note, At: r.cfg.Now(), Played: played}
	if c.Cause == wire.CauseRefused {
		r.roster.retryAt = r.cfg.Now().Add(autoRetry)
	}
	r.chooseForPlayer()
	return nil
}

func (r *Runtime) onNotice(b []byte) error {
	n, err := wire.ParseNotice(b)
	if err != nil {
		return err
	}
	r.roster.notice, r.roster.noticeAt = n.Text, r.cfg.Now()
	return nil
}

// leaveWorld forgets the instance: no map, no bullets, no prediction, until
// the next EnterInstance.
func (r *Runtime) leaveWorld() {
	r.grid, r.portals = nil, nil
	r.pending = r.pending[:0]
	r.pred = predictor{}
	r.ability = abilityPredictor{}
	r.abilityUses = r.abilityUses[:0]
	r.history.reset()
	r.bullets.reset(r.lead.est)
	r.sight.reset()
	clear(r.seen)
	r.roster.playing = wire.CharacterEntry{}
	r.sheet.loot = r.sheet.loot[:0]
	r.sheet.sheet = Sheet{} // the next character's sheet follows its EnterInstance
	r.pstats = r.cfg.Content.Player
	r.pab = noAbility // none until the next character plays
	r.pingAgain()
}

// chooseForPlayer runs the policy: it acts only on the roster, with no
// command pending, and after a refusal only once autoRetry has passed.
func (r *Runtime) chooseForPlayer() {
	v := &r.roster.view
	if r.state != StateRoster || v.Pending || r.cfg.Now().Before(r.roster.retryAt) {
		return
	}
	switch r.cfg.Roster {
	case RosterAuto:
		name := r.autoName()
		if id, ok := r.findNamed(name); ok {
			_ = r.SelectCharacter(id)
		} else if len(v.Characters) < v.Slots {
			_ = r.CreateCharacter(name, r.cfg.Class)
		}
	case RosterAsk:
		r.firstJoin()
	}
}

// firstJoin is RosterAsk's one decision: an account with no characters
// gets one named after it, played at once; any other roster (one with
// characters, a refusal, a death) is the player's to choose from.
func (r *Runtime) firstJoin() {
	v := &r.roster.view
	switch {
	case r.roster.asked:
		return
	case !r.roster.made && len(v.Characters) == 0 && v.Cause == wire.CauseList:
		r.roster.made = r.CreateCharacter(r.cfg.Name, r.cfg.Class) == nil
		r.roster.asked = !r.roster.made
	case r.roster.made && v.Cause == wire.CauseList:
		r.roster.asked = true
		if id, ok := r.findNamed(r.cfg.Name); ok {
			_ = r.SelectCharacter(id)
		}
	default:
		r.roster.asked = true
	}
}

func (r *Runtime) autoName() string {
	if r.cfg.Character != "" {
		return r.cfg.Character
	}
	return r.cfg.Name
}

// findNamed finds the roster's character called name, in any letter case.
func (r *Runtime) findNamed(name string) (uint64, bool) {
	for _, c := range r.roster.view.Characters {
		if strings.EqualFold(c.Name, name) {
			return c.ID, true
		}
	}
	return 0, false
}
