package wire

import "fmt"

// MsgType is the first byte of every packet.
type MsgType uint8

// Message types. The high nibble matches the channel the message travels on.
const (
	MsgHello         MsgType = 0x01
	MsgWelcome       MsgType = 0x02
	MsgReject        MsgType = 0x03
	MsgRoster        MsgType = 0x04
	MsgEnterInstance MsgType = 0x05
	MsgMapChunk      MsgType = 0x06
	MsgSnapshot      MsgType = 0x10
	MsgEvents        MsgType = 0x20
	MsgInput         MsgType = 0x30
)

// ENet channels (0-based), DESIGN.md §3.
const (
	ChanControl  uint8 = 0 // reliable: handshake, roster, instances, map chunks
	ChanSnapshot uint8 = 1 // unreliable sequenced: newest snapshot wins
	ChanEvents   uint8 = 2 // reliable ordered: bullets, hits, deaths
	ChanInput    uint8 = 3 // unreliable sequenced: input frames
	NumChannels        = 4 // channels a host must allocate

	// NoChannel is what ChannelOf answers for an unknown type: no ENet host
	// has that channel, so a send on it fails loudly instead of landing on
	// a channel with the wrong delivery guarantees.
	NoChannel uint8 = 0xFF
)

// ChannelReliable reports whether ch must be sent reliably.
func ChannelReliable(ch uint8) bool { return ch == ChanControl || ch == ChanEvents }

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

// MsgInfo describes one message type. Fields names the wire fields in
// order (repeated groups included once), so tests can audit what each side
// is able to say.
type MsgInfo struct {
	Type    MsgType
	Name    string
	Channel uint8
	Dir     Direction
	Fields  []string
}

// Registry lists every message type of this protocol version.
var Registry = []MsgInfo{
	{MsgHello, "Hello", ChanControl, ClientToServer, []string{"name", "token"}},
	{MsgWelcome, "Welcome", ChanControl, ServerToClient, []string{"peerID", "serverTick"}},
	{MsgReject, "Reject", ChanControl, ServerToClient, []string{"reason"}},
	{MsgRoster, "Roster", ChanControl, ServerToClient, []string{"count", "id", "name"}},
	{MsgEnterInstance, "EnterInstance", ChanControl, ServerToClient, []string{
		"instance", "epoch", "dungeon", "mapW", "mapH", "serverTick", "portalCount", "tileX", "tileY", "portalDungeon"}},
	{MsgMapChunk, "MapChunk", ChanControl, ServerToClient, []string{"cx", "cy", "tiles"}},
	{MsgSnapshot, "Snapshot", ChanSnapshot, ServerToClient, []string{
		"epoch", "tick", "lastInputTick", "playerCount", "id", "x", "y", "aim", "hp", "maxHP", "flags",
		"enemyCount", "id", "kind", "x", "y", "hp", "maxHP"}},
	{MsgEvents, "Events", ChanEvents, ServerToClient, []string{"epoch", "tick", "kind", "payload"}},
	{MsgInput, "Input", ChanInput, ClientToServer, []string{
		"count", "tick", "moveX", "moveY", "aim", "buttons", "slot"}},
}

// Info returns the registry entry of t.
func Info(t MsgType) (MsgInfo, bool) {
	for _, m := range Registry {
		if m.Type == t {
			return m, true
		}
	}
	return MsgInfo{}, false
}

func (t MsgType) String() string {
	if m, ok := Info(t); ok {
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
	if _, ok := Info(t); !ok {
		return 0, ErrUnknownType
	}
	return t, nil
}

// ChannelOf returns the channel t travels on, or NoChannel if t is unknown.
func ChannelOf(t MsgType) uint8 {
	if m, ok := Info(t); ok {
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
	if _, ok := Info(t); !ok {
		r.Fail(ErrUnknownType)
		return
	}
	r.Fail(ErrWrongType)
}
