package wire

import "duskfall/game"

// The character roster: after the Welcome the server lists the account's
// characters (Characters); the client answers with one CharacterCommand at a
// time (select one to play, create one, delete one), and each is answered by
// an EnterInstance (a select that bound the character) or a fresh
// Characters. A character that dies in a dungeon is unbound on that tick and
// its player gets a Characters with cause CauseDied. Notice carries a
// sentence for a playing client to show (a portal refused, say).

// Limits of the roster messages.
const (
	MaxCharacters = 32  // entries a Characters can carry
	MaxNoteLen    = 200 // bytes of a Characters note or a Notice
)

// Cause says why the server sent a Characters.
type Cause uint8

const (
	CauseList    Cause = 0 // the roster after the Welcome, or after a command that changed it
	CauseRefused Cause = 1 // the last command was refused: Note says why
	CauseDied    Cause = 2 // the character played died: Note says where
	causeCount         = 3
)

// Where a character stands, as the roster shows it.
const (
	WhereHub     uint8 = 0
	WhereDungeon uint8 = 1
)

// CharacterEntry is one of an account's characters.
type CharacterEntry struct {
	ID        uint64
	Name      string
	Level     uint8
	Health    uint16 // what it carries; Health == MaxHealth when whole
	MaxHealth uint16
	Where     uint8  // WhereHub or WhereDungeon: where it was last saved
	Lockout   uint16 // ticks until it may enter a dungeon again (death's cost)
	Class     uint8  // its class: an index into the content's classes (game.Content.Classes)
}

// Characters lists an account's characters.
type Characters struct {
	Cause   Cause
	Note    string // the server's words on Cause, "" for CauseList
	Slots   uint8  // how many characters an account may hold
	Entries []CharacterEntry
}

// characterEntryMin is the smallest entry: id, a one-byte name and the
// fixed fields after it.
const characterEntryMin = 8 + 2 + 1 + 2 + 2 + 1 + 2 + 1

func checkNote(s string) error {
	if len(s) > MaxNoteLen {
		return ErrTooLarge
	}
	return checkReason(s)
}

func checkCharacters(c *Characters) error {
	if c.Cause >= causeCount {
		return ErrMalformed
	}
	if len(c.Entries) > MaxCharacters || len(c.Entries) > int(c.Slots) {
		return ErrTooLarge
	}
	for i := range c.Entries {
		if c.Entries[i].Where > WhereDungeon || c.Entries[i].Class >= game.MaxClasses {
			return ErrMalformed
		}
	}
	return checkNote(c.Note)
}

// AppendCharacters appends a Characters; on error b is unchanged.
func AppendCharacters(b []byte, c Characters) ([]byte, error) {
	if err := checkCharacters(&c); err != nil {
		return b, err
	}
	for _, e := range c.Entries {
		if err := ValidName(e.Name); err != nil {
			return b, err
		}
	}
	b = append(b, uint8(MsgCharacters), uint8(c.Cause))
	b, _ = AppendString(b, c.Note) // checkNote bounds the length
	b = append(b, c.Slots, uint8(len(c.Entries)))
	for _, e := range c.Entries {
		b = AppendU64(b, e.ID)
		b, _ = AppendString(b, e.Name)
		b = append(b, e.Level)
		b = AppendU16(b, e.Health)
		b = AppendU16(b, e.MaxHealth)
		b = append(b, e.Where)
		b = AppendU16(b, e.Lockout)
		b = append(b, e.Class)
	}
	return b, nil
}

// ParseCharacters decodes a Characters packet.
func ParseCharacters(b []byte) (Characters, error) {
	r := NewReader(b)
	readType(&r, MsgCharacters)
	c := Characters{Cause: Cause(r.U8()), Note: r.String(), Slots: r.U8()}
	n := int(r.U8())
	if r.Err() == nil && n*characterEntryMin > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return Characters{}, r.Err()
	}
	if n > MaxCharacters || n > int(c.Slots) {
		return Characters{}, ErrTooLarge
	}
	c.Entries = make([]CharacterEntry, n)
	for i := range c.Entries {
		c.Entries[i] = CharacterEntry{ID: r.U64(), Name: readName(&r), Level: r.U8(),
			Health: r.U16(), MaxHealth: r.U16(), Where: r.U8(), Lockout: r.U16(), Class: r.U8()}
	}
	if err := r.End(); err != nil {
		return Characters{}, err
	}
	if err := checkCharacters(&c); err != nil {
		return Characters{}, err
	}
	return c, nil
}

// CommandOp is what a CharacterCommand asks.
type CommandOp uint8

const (
	OpSelect CommandOp = 1 // play the character ID; Name is empty
	OpCreate CommandOp = 2 // make a character called Name of class Class; ID is 0
	OpDelete CommandOp = 3 // delete the character ID; Name repeats its name, as the player confirmed it
	// OpStay says the player is still choosing: ID 0, Name empty. A
	// client on the roster sends nothing else unasked, and the server's
	// idle kick would take it for a squatter.
	OpStay CommandOp = 4
)

// CharacterCommand is the client's choice on the roster.
type CharacterCommand struct {
	Op    CommandOp
	ID    uint64
	Name  string
	Class string // OpCreate: the class's content id (levels/classes.toml), which the server may refuse in words; empty for every other op
}

// MaxClassIDLen bounds a class id on the wire.
const MaxClassIDLen = 32

// checkClassID holds a class id to what content writes: up to
// MaxClassIDLen lower-case letters, digits and underscores. Whether the
// server's content has it is the server's to say, in words, and so is
// what an empty one (a create that chose no class) is told.
func checkClassID(s string) error {
	if len(s) > MaxClassIDLen {
		return ErrMalformed
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return ErrMalformed
		}
	}
	return nil
}

// checkCommand holds each op to its fields, so a command means one thing.
func checkCommand(c *CharacterCommand) error {
	if c.Op != OpCreate && c.Class != "" {
		return ErrMalformed
	}
	switch c.Op {
	case OpSelect:
		if c.Name != "" {
			return ErrMalformed
		}
		return nil
	case OpCreate:
		if c.ID != 0 {
			return ErrMalformed
		}
		if err := checkClassID(c.Class); err != nil {
			return err
		}
		return ValidName(c.Name)
	case OpDelete:
		return ValidName(c.Name)
	case OpStay:
		if c.ID != 0 || c.Name != "" {
			return ErrMalformed
		}
		return nil
	}
	return ErrMalformed
}

// AppendCharacterCommand appends a CharacterCommand; on error b is unchanged.
func AppendCharacterCommand(b []byte, c CharacterCommand) ([]byte, error) {
	if err := checkCommand(&c); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgCharacterCommand), uint8(c.Op))
	b = AppendU64(b, c.ID)
	b, _ = AppendString(b, c.Name)  // ValidName bounds the length
	b, _ = AppendString(b, c.Class) // checkClassID bounds the length
	return b, nil
}

// ParseCharacterCommand decodes a CharacterCommand packet.
func ParseCharacterCommand(b []byte) (CharacterCommand, error) {
	r := NewReader(b)
	readType(&r, MsgCharacterCommand)
	c := CharacterCommand{Op: CommandOp(r.U8()), ID: r.U64(), Name: r.String(), Class: r.String()}
	if err := r.End(); err != nil {
		return CharacterCommand{}, err
	}
	if err := checkCommand(&c); err != nil {
		return CharacterCommand{}, err
	}
	return c, nil
}

// Notice is a sentence for a playing client to show.
type Notice struct {
	Text string
}

// AppendNotice appends a Notice; an empty, overlong or non-UTF-8 text
// returns its error and b unchanged.
func AppendNotice(b []byte, n Notice) ([]byte, error) {
	if err := checkNoticeText(n.Text); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgNotice))
	return AppendString(b, n.Text)
}

func checkNoticeText(s string) error {
	if s == "" {
		return ErrMalformed
	}
	return checkNote(s)
}

// ParseNotice decodes a Notice packet.
func ParseNotice(b []byte) (Notice, error) {
	r := NewReader(b)
	readType(&r, MsgNotice)
	s := r.String()
	if err := r.End(); err != nil {
		return Notice{}, err
	}
	if err := checkNoticeText(s); err != nil {
		return Notice{}, err
	}
	return Notice{Text: s}, nil
}
