package wire

import (
	"unicode"
	"unicode/utf8"

	"duskfall/game"
)

// Control messages travel on ChanControl, a few per session, so their
// decoders may allocate (strings, slices). They still never trust a count:
// a count is checked against the bytes left before anything is allocated.

// Limits of the control messages.
const (
	MaxNameLen     = 16  // bytes of a player name
	MaxReasonLen   = 200 // bytes of a reject reason
	MaxPasswordLen = 64  // bytes of a game's password
	TokenLen       = 16  // bytes of an account token
	ContentHashLen = 32  // bytes of a content hash (SHA-256)
	MaxRoster      = 255 // entries a Roster can carry (u8 count)
	ChunkTileSize  = ChunkTiles * ChunkTiles
)

// ValidName reports whether s may be a player name: 1..MaxNameLen bytes of
// UTF-8 with no control or format characters (no escape sequences, no
// invisible direction overrides to spoof another name) and no leading or
// trailing space (a blank name would be invisible in the roster).
func ValidName(s string) error {
	if len(s) == 0 {
		return ErrMalformed
	}
	if len(s) > MaxNameLen {
		return ErrTooLarge
	}
	if !utf8.ValidString(s) {
		return ErrMalformed
	}
	for _, c := range s {
		if unicode.IsControl(c) || unicode.Is(unicode.Cf, c) {
			return ErrMalformed
		}
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if unicode.IsSpace(first) || unicode.IsSpace(last) {
		return ErrMalformed
	}
	return nil
}

// readName reads a string and checks it with ValidName.
func readName(r *Reader) string {
	s := r.String()
	if r.Err() != nil {
		return ""
	}
	if err := ValidName(s); err != nil {
		r.Fail(err)
		return ""
	}
	return s
}

// Hello is the client's first message: who it claims to be, and the
// game's password as the player typed it ("" when none was).
type Hello struct {
	Name  string
	Token [TokenLen]byte // the account secret, generated once by the client
	// Content is the hash of the client's content (game.Content.Hash): a
	// server playing other content refuses the client in words.
	Content  [ContentHashLen]byte
	Password string
}

// checkPassword holds a password to MaxPasswordLen bytes of UTF-8.
func checkPassword(s string) error {
	if len(s) > MaxPasswordLen {
		return ErrTooLarge
	}
	if !utf8.ValidString(s) {
		return ErrMalformed
	}
	return nil
}

// AppendHello appends a Hello. An invalid name or password returns its
// error and b unchanged.
func AppendHello(b []byte, h Hello) ([]byte, error) {
	if err := ValidName(h.Name); err != nil {
		return b, err
	}
	if err := checkPassword(h.Password); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgHello), uint8(len(h.Name)))
	b = append(b, h.Name...)
	b = append(b, h.Token[:]...)
	b = append(b, h.Content[:]...)
	return AppendString(b, h.Password)
}

// ParseHello decodes a Hello packet.
func ParseHello(b []byte) (Hello, error) {
	r := NewReader(b)
	readType(&r, MsgHello)
	var h Hello
	h.Name = readName(&r)
	copy(h.Token[:], r.Bytes(TokenLen))
	copy(h.Content[:], r.Bytes(ContentHashLen))
	h.Password = r.String()
	if r.Err() == nil {
		r.Fail(checkPassword(h.Password))
	}
	if err := r.End(); err != nil {
		return Hello{}, err
	}
	return h, nil
}

// Welcome accepts a client: its peer id and the server's tick, from which
// the client starts its tick estimate.
type Welcome struct {
	PeerID     uint16
	ServerTick uint32
}

// AppendWelcome appends a Welcome.
func AppendWelcome(b []byte, w Welcome) []byte {
	b = append(b, uint8(MsgWelcome))
	b = AppendU16(b, w.PeerID)
	return AppendU32(b, w.ServerTick)
}

// ParseWelcome decodes a Welcome packet.
func ParseWelcome(b []byte) (Welcome, error) {
	r := NewReader(b)
	readType(&r, MsgWelcome)
	w := Welcome{PeerID: r.U16(), ServerTick: r.U32()}
	if err := r.End(); err != nil {
		return Welcome{}, err
	}
	return w, nil
}

// Reject refuses a client; Reason is shown to the player as it is.
type Reject struct {
	Reason string
}

func checkReason(s string) error {
	if len(s) > MaxReasonLen {
		return ErrTooLarge
	}
	if !utf8.ValidString(s) {
		return ErrMalformed
	}
	return nil
}

// AppendReject appends a Reject. A reason over MaxReasonLen bytes or not
// UTF-8 returns its error and b unchanged.
func AppendReject(b []byte, j Reject) ([]byte, error) {
	if err := checkReason(j.Reason); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgReject))
	return AppendString(b, j.Reason)
}

// ParseReject decodes a Reject packet.
func ParseReject(b []byte) (Reject, error) {
	r := NewReader(b)
	readType(&r, MsgReject)
	s := r.String()
	if r.Err() == nil {
		r.Fail(checkReason(s))
	}
	if err := r.End(); err != nil {
		return Reject{}, err
	}
	return Reject{Reason: s}, nil
}

// TryAgain refuses a client for now: a refusal that time lifts, such as
// the account's old connection still going quiet or too many joining at
// once from one address. The client closes, waits at least Retry
// milliseconds (doubling the wait on each further TryAgain), dials again,
// and gives up at its handshake timeout, showing Reason meanwhile. A
// refusal that stands is a Reject, whose layout every protocol version
// reads.
type TryAgain struct {
	Retry  uint16 // ms, at least 1
	Reason string
}

// AppendTryAgain appends a TryAgain. A zero Retry is ErrMalformed (that
// refusal is a Reject), a reason as Reject's rules refuse is their error;
// either leaves b unchanged.
func AppendTryAgain(b []byte, j TryAgain) ([]byte, error) {
	if j.Retry == 0 {
		return b, ErrMalformed
	}
	if err := checkReason(j.Reason); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgTryAgain))
	b = AppendU16(b, j.Retry)
	return AppendString(b, j.Reason)
}

// ParseTryAgain decodes a TryAgain packet.
func ParseTryAgain(b []byte) (TryAgain, error) {
	r := NewReader(b)
	readType(&r, MsgTryAgain)
	j := TryAgain{Retry: r.U16(), Reason: r.String()}
	if r.Err() == nil && j.Retry == 0 {
		r.Fail(ErrMalformed)
	}
	if r.Err() == nil {
		r.Fail(checkReason(j.Reason))
	}
	if err := r.End(); err != nil {
		return TryAgain{}, err
	}
	return j, nil
}

// RoundTrip tells a playing client the round trip the server measures to
// it: the server hears an acknowledgement of nearly every snapshot tick's
// events, so its figure is fresh, and a client that takes it need not ping
// for its own (docs/NETCODE.md, "The round trip").
type RoundTrip struct {
	Millis uint16 // ms; MaxRoundTripMillis for that or longer
}

// MaxRoundTripMillis is the longest round trip a RoundTrip tells.
const MaxRoundTripMillis = 0xFFFF

// AppendRoundTrip appends a RoundTrip.
func AppendRoundTrip(b []byte, rt RoundTrip) []byte {
	return AppendU16(append(b, uint8(MsgRoundTrip)), rt.Millis)
}

// ParseRoundTrip decodes a RoundTrip packet.
func ParseRoundTrip(b []byte) (RoundTrip, error) {
	r := NewReader(b)
	readType(&r, MsgRoundTrip)
	rt := RoundTrip{Millis: r.U16()}
	if err := r.End(); err != nil {
		return RoundTrip{}, err
	}
	return rt, nil
}

// RosterEntry is one player on the server.
type RosterEntry struct {
	ID    uint16
	Class uint8 // the class of the character it plays: an index into the content's classes, so friends' ships look like theirs
	Name  string
}

// Roster lists the players on the server.
type Roster struct {
	Entries []RosterEntry
}

// rosterEntryMin is the smallest entry: id u16, class u8 and a one-byte name.
const rosterEntryMin = 2 + 1 + 1 + 1

// AppendRoster appends a Roster. Over MaxRoster entries is ErrTooLarge, a
// class of MaxClasses or more ErrMalformed; an invalid name returns its
// error; either way b is unchanged.
func AppendRoster(b []byte, ro Roster) ([]byte, error) {
	if len(ro.Entries) > MaxRoster {
		return b, ErrTooLarge
	}
	for _, e := range ro.Entries {
		if e.Class >= game.MaxClasses {
			return b, ErrMalformed
		}
		if err := ValidName(e.Name); err != nil {
			return b, err
		}
	}
	b = append(b, uint8(MsgRoster), uint8(len(ro.Entries)))
	for _, e := range ro.Entries {
		b = AppendU16(b, e.ID)
		b = append(b, e.Class)
		b, _ = AppendString(b, e.Name) // ValidName bounds the length
	}
	return b, nil
}

// ParseRoster decodes a Roster packet.
func ParseRoster(b []byte) (Roster, error) {
	r := NewReader(b)
	readType(&r, MsgRoster)
	n := int(r.U8())
	if n*rosterEntryMin > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return Roster{}, r.Err()
	}
	ro := Roster{Entries: make([]RosterEntry, n)}
	for i := range ro.Entries {
		ro.Entries[i] = RosterEntry{ID: r.U16(), Class: r.U8(), Name: readName(&r)}
		if ro.Entries[i].Class >= game.MaxClasses {
			r.Fail(ErrMalformed)
		}
	}
	if err := r.End(); err != nil {
		return Roster{}, err
	}
	return ro, nil
}

// EnterInstance moves the client into an instance. The map's tiles follow
// as MapChunks; the map size lets the client size its chunk cache and
// derive bullet deaths at the map's edge.
type EnterInstance struct {
	Instance uint16
	// Epoch counts the receiver's instance changes on this connection.
	// Snapshots and event packets carry it too: they travel on other
	// channels, unordered against this one, so the client tells a late
	// packet of the world it left from one of the world it enters.
	Epoch      uint16
	Dungeon    uint8 // dungeon kind, or game.HubDungeon for the hub or an arena
	Depth      uint8 // the dungeon floor, 1 to game.MaxDepth; 0 with HubDungeon
	MapW, MapH uint16
	ServerTick uint32
	Portals    []game.Portal // each on a tile centre: the wire carries the tile
}

const portalSize = 2 + 2 + 1

// checkInstance holds the rules both directions enforce: a map has tiles,
// and every portal stands on one of them.
func checkInstance(e *EnterInstance) error {
	if len(e.Portals) > game.MaxPortals {
		return ErrTooLarge
	}
	if e.MapW == 0 || e.MapH == 0 {
		return ErrMalformed
	}
	if (e.Dungeon == game.HubDungeon) != (e.Depth == 0) || e.Depth > game.MaxDepth {
		return ErrMalformed
	}
	if e.MapW > game.MaxMapSide || e.MapH > game.MaxMapSide {
		return ErrTooLarge // a client allocates the whole grid: bound what a server can make it hold
	}
	for _, p := range e.Portals {
		if tx, ty := p.Tile(); tx < 0 || ty < 0 || tx >= int(e.MapW) || ty >= int(e.MapH) {
			return ErrMalformed
		}
	}
	return nil
}

// AppendEnterInstance appends an EnterInstance; on error b is unchanged.
func AppendEnterInstance(b []byte, e EnterInstance) ([]byte, error) {
	if err := checkInstance(&e); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgEnterInstance))
	b = AppendU16(b, e.Instance)
	b = AppendU16(b, e.Epoch)
	b = append(b, e.Dungeon, e.Depth)
	b = AppendU16(b, e.MapW)
	b = AppendU16(b, e.MapH)
	b = AppendU32(b, e.ServerTick)
	b = append(b, uint8(len(e.Portals)))
	for _, p := range e.Portals {
		tx, ty := p.Tile()
		b = AppendU16(b, uint16(tx))
		b = AppendU16(b, uint16(ty))
		b = append(b, p.Dungeon)
	}
	return b, nil
}

// ParseEnterInstance decodes an EnterInstance packet. A decoded message
// with no portals has a nil Portals slice.
func ParseEnterInstance(b []byte) (EnterInstance, error) {
	r := NewReader(b)
	readType(&r, MsgEnterInstance)
	e := EnterInstance{
		Instance: r.U16(), Epoch: r.U16(), Dungeon: r.U8(), Depth: r.U8(), MapW: r.U16(), MapH: r.U16(), ServerTick: r.U32(),
	}
	n := int(r.U8())
	if n*portalSize > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return EnterInstance{}, r.Err()
	}
	if n > 0 {
		e.Portals = make([]game.Portal, n)
	}
	for i := range e.Portals {
		tx, ty := r.U16(), r.U16()
		e.Portals[i] = game.Portal{Pos: game.TileCenter(int(tx), int(ty)), Dungeon: r.U8()}
	}
	if err := r.End(); err != nil {
		return EnterInstance{}, err
	}
	if err := checkInstance(&e); err != nil {
		return EnterInstance{}, err
	}
	return e, nil
}

// ChunkOf cuts chunk (cx, cy) out of a grid: the tiles beyond the grid's
// edge are TileUnknown.
func ChunkOf(g *game.Grid, cx, cy int) MapChunk {
	c := MapChunk{CX: uint16(cx), CY: uint16(cy)}
	eachChunkTile(g, &c, func(gi, ci int) { c.Tiles[ci] = g.Tiles[gi] })
	return c
}

// CopyChunk writes a received chunk into the grid; tiles beyond the grid's
// edge are ignored.
func CopyChunk(g *game.Grid, c *MapChunk) {
	eachChunkTile(g, c, func(gi, ci int) { g.Tiles[gi] = c.Tiles[ci] })
}

// eachChunkTile calls fn with the grid index and chunk index of every tile
// of chunk c that lies inside g.
func eachChunkTile(g *game.Grid, c *MapChunk, fn func(gi, ci int)) {
	x0, y0 := int(c.CX)*ChunkTiles, int(c.CY)*ChunkTiles
	for y := range ChunkTiles {
		for x := range ChunkTiles {
			if tx, ty := x0+x, y0+y; tx < g.W && ty < g.H {
				fn(ty*g.W+tx, y*ChunkTiles+x)
			}
		}
	}
}

// MapChunk carries one chunk of ChunkTiles × ChunkTiles tiles, row-major.
// Tile bytes are passed through as they are: the client decides what an
// unknown tile kind means.
type MapChunk struct {
	CX, CY uint16 // chunk coordinates: tile x / ChunkTiles, tile y / ChunkTiles
	Tiles  [ChunkTileSize]uint8
}

// AppendMapChunk appends a MapChunk.
func AppendMapChunk(b []byte, c MapChunk) []byte {
	b = append(b, uint8(MsgMapChunk))
	b = AppendU16(b, c.CX)
	b = AppendU16(b, c.CY)
	return append(b, c.Tiles[:]...)
}

// ParseMapChunk decodes a MapChunk packet.
func ParseMapChunk(b []byte) (MapChunk, error) {
	r := NewReader(b)
	readType(&r, MsgMapChunk)
	c := MapChunk{CX: r.U16(), CY: r.U16()}
	copy(c.Tiles[:], r.Bytes(ChunkTileSize))
	if err := r.End(); err != nil {
		return MapChunk{}, err
	}
	return c, nil
}
