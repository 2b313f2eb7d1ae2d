package wire

import (
	"fmt"
	"slices"
)

// MsgType is the first byte of every packet.
type MsgType uint8

// Message types. The high nibble matches the channel the message travels on.
const (
	MsgHello            MsgType = 0x01
	MsgWelcome          MsgType = 0x02
	MsgReject           MsgType = 0x03
	MsgRoster           MsgType = 0x04
	MsgEnterInstance    MsgType = 0x05
	MsgMapChunk         MsgType = 0x06
	MsgCharacters       MsgType = 0x07
	MsgCharacterCommand MsgType = 0x08
	MsgNotice           MsgType = 0x09
	MsgInventory        MsgType = 0x0A
	MsgUpgradeChoice    MsgType = 0x0B
	MsgCleared          MsgType = 0x0C
	MsgTryAgain         MsgType = 0x0D
	MsgRoundTrip        MsgType = 0x0E
	MsgSnapshot         MsgType = 0x10
	MsgSnapshotDelta    MsgType = 0x11
	MsgEvents           MsgType = 0x20
	MsgInput            MsgType = 0x30
)

// The channel table. It is declared here, once: the transport knows
// channels only by number and applies the delivery each is given in
// ReliableChannels and UnorderedChannels (docs/NETCODE.md, Channels).
const (
	ChanControl  uint8 = 0 // reliable: handshake, rosters, notices, instances, map chunks
	ChanSnapshot uint8 = 1 // unreliable sequenced: newest snapshot wins
	ChanEvents   uint8 = 2 // reliable ordered: bullets, hits, deaths
	ChanInput    uint8 = 3 // unreliable unordered: input frames, each packet repeating the frames before
	NumChannels        = 4 // channels a host must allocate

	// NoChannel is what ChannelOf answers for an unknown type: no ENet host
	// has that channel, so a send on it fails loudly instead of landing on
	// a channel with the wrong delivery guarantees.
	NoChannel uint8 = 0xFF
)

// channelReliable is each channel's delivery: reliable and ordered, or
// unreliable sequenced (a packet may be lost, and one older than the
// newest received is dropped).
var channelReliable = [NumChannels]bool{
	ChanControl:  true,
	ChanSnapshot: false,
	ChanEvents:   true,
	ChanInput:    false,
}

// ChannelReliable reports whether ch must be sent reliably.
func ChannelReliable(ch uint8) bool { return int(ch) < NumChannels && channelReliable[ch] }

// channelUnordered names the unreliable channels whose packets are all
// delivered, in any order: every input packet repeats the frames before
// it, and the server queues frames by tick, so a packet that arrives after
// a newer one still brings frames the newer one may not (a newer packet
// that overtakes three older ones on a jittery path would otherwise cost
// a frame; docs/NETCODE.md, "Late inputs under jitter").
var channelUnordered = [NumChannels]bool{
	ChanInput: true,
}

// UnorderedChannels returns the channels delivered unordered, as the
// transport takes them (transport.Config.Unordered); a copy.
func UnorderedChannels() []bool { return slices.Clone(channelUnordered[:]) }

// ReliableChannels returns the channel table as the transport takes it
// (transport.Config.Reliable): one entry per channel, true for reliable.
// The slice is a copy the caller may keep.
func ReliableChannels() []bool { return slices.Clone(channelReliable[:]) }

// Direction says which side may send a message.
type Direction uint8

const (
	ClientToServer Direction = 1
	ServerToClient Direction = 2
)

func (d Direction) String() string {
	switch d {
	case ClientToServer:
		return "client→server"
	case ServerToClient:
		return "server→client"
	}
	return fmt.Sprintf("Direction(%d)", uint8(d))
}

// MsgInfo describes one message type. Fields names the wire fields after
// the type byte, in order, as the layout in doc.go names them (the fields
// of a repeated record listed once), so tests can audit what each side is
// able to say; a test holds them to doc.go.
type MsgInfo struct {
	Type    MsgType
	Name    string
	Channel uint8
	Dir     Direction
	Fields  []string
}

// registry lists every message type of this protocol version. It is
// unexported so no caller can change the protocol at run time; Messages
// and Info read it.
var registry = [...]MsgInfo{
	{MsgHello, "Hello", ChanControl, ClientToServer, []string{"name", "token", "content", "password"}},
	{MsgWelcome, "Welcome", ChanControl, ServerToClient, []string{"peerID", "serverTick"}},
	{MsgReject, "Reject", ChanControl, ServerToClient, []string{"reason"}},
	{MsgRoster, "Roster", ChanControl, ServerToClient, []string{"count", "id", "class", "name"}},
	{MsgEnterInstance, "EnterInstance", ChanControl, ServerToClient, []string{
		"instance", "epoch", "dungeon", "depth", "mapW", "mapH", "serverTick", "portalCount", "tileX", "tileY", "dungeon"}},
	{MsgMapChunk, "MapChunk", ChanControl, ServerToClient, []string{"cx", "cy", "tiles"}},
	{MsgCharacters, "Characters", ChanControl, ServerToClient, []string{
		"cause", "note", "slots", "count", "id", "name", "level", "health", "maxHealth", "where", "lockout", "class"}},
	{MsgCharacterCommand, "CharacterCommand", ChanControl, ClientToServer, []string{"op", "id", "name", "class"}},
	{MsgNotice, "Notice", ChanControl, ServerToClient, []string{"text"}},
	{MsgInventory, "Inventory", ChanControl, ServerToClient, []string{
		"level", "xp", "next", "owed", "bagCount", "bag", "equipCount", "equip",
		"upgradeCount", "upgrades", "offerCount", "offer", "action", "item", "stackCount", "stacks", "xpKills", "xpClears"}},
	{MsgUpgradeChoice, "UpgradeChoice", ChanControl, ClientToServer, []string{"index"}},
	{MsgCleared, "Cleared", ChanControl, ServerToClient, []string{"dungeon", "count", "name", "xp", "kills", "itemCount", "items"}},
	{MsgTryAgain, "TryAgain", ChanControl, ServerToClient, []string{"retry", "reason"}},
	{MsgRoundTrip, "RoundTrip", ChanControl, ServerToClient, []string{"rtt"}},
	{MsgSnapshot, "Snapshot", ChanSnapshot, ServerToClient, []string{
		"epoch", "tick", "inputAge", "playerCount",
		"id", "x", "y", "aim", "hp", "maxHP", "flags", // the receiver's own record
		"id", "x", "y", "aim", "hpShare", "flags", // every other player's
		"enemyCount", "id", "kind", "x", "y", "hpShare", "flags",
		"lootCount", "id", "def", "x", "y", "flags"}},
	{MsgSnapshotDelta, "SnapshotDelta", ChanSnapshot, ServerToClient, []string{
		"baseTick", "age", "lengthChange", "changes"}},
	{MsgEvents, "Events", ChanEvents, ServerToClient, []string{"change", "epoch", "kind", "payload"}},
	{MsgInput, "Input", ChanInput, ClientToServer, []string{
		"count", "ack", "tick", "moveX", "moveY", "aim", "buttons", "slot"}},
}

// Messages returns every message type of this protocol version, in type
// order. The slice and its Fields are copies the caller may keep.
func Messages() []MsgInfo {
	ms := make([]MsgInfo, len(registry))
	for i, m := range registry {
		ms[i] = m.clone()
	}
	return ms
}

// Info returns the entry of t; its Fields are a copy the caller may keep.
func Info(t MsgType) (MsgInfo, bool) {
	if m := lookup(t); m != nil {
		return m.clone(), true
	}
	return MsgInfo{}, false
}

// lookup finds t's entry without copying it: TypeOf and ChannelOf run for
// every packet and must not allocate.
func lookup(t MsgType) *MsgInfo {
	for i := range registry {
		if registry[i].Type == t {
			return &registry[i]
		}
	}
	return nil
}

func (m MsgInfo) clone() MsgInfo {
	m.Fields = slices.Clone(m.Fields)
	return m
}

func (t MsgType) String() string {
	if m := lookup(t); m != nil {
		return m.Name
	}
	return fmt.Sprintf("MsgType(0x%02x)", uint8(t))
}

// TypeOf returns the type of the packet b without decoding the rest.
func TypeOf(b []byte) (MsgType, error) {
	if len(b) == 0 {
		return 0, ErrShort
	}
	t := MsgType(b[0])
	if lookup(t) == nil {
		return 0, ErrUnknownType
	}
	return t, nil
}

// ChannelOf returns the channel t travels on, or NoChannel if t is unknown.
func ChannelOf(t MsgType) uint8 {
	if m := lookup(t); m != nil {
		return m.Channel
	}
	return NoChannel
}

// readType reads the type byte and checks it is want: every decoder starts
// here, so a packet routed to the wrong decoder fails instead of being
// misread.
func readType(r *Reader, want MsgType) {
	t := MsgType(r.U8())
	if r.Err() != nil || t == want {
		return
	}
	if lookup(t) == nil {
		r.Fail(ErrUnknownType)
		return
	}
	r.Fail(ErrWrongType)
}
