// Package wire defines Duskfall's network messages and their byte layouts.
//
// Data flows through it in two directions. Senders build a packet with
// append-style encoders (AppendX(b, ...) returns b extended), reusing one
// buffer per peer, and hand the bytes to the transport on the channel
// ChannelOf(type) names. Receivers look at the first byte with TypeOf and
// pass the packet to that type's decoder: ParseX for control messages
// (which may allocate), DecodeSnapshot, EventIter and DecodeInput for the
// per-tick traffic (which do not, once the caller's buffers have grown).
//
// Every byte from the network is hostile. Decoders check every length and
// count against the bytes actually present before reading or allocating,
// never panic, refuse trailing bytes, refuse NaN and infinite floats, and
// return one of the sentinel errors (ErrShort, ErrUnknownType,
// ErrWrongType, ErrMalformed, ErrTooLarge). Encoders refuse what decoders
// would refuse where they can return an error; the per-tick snapshot and
// input encoders cannot, and their callers must not pass non-finite
// coordinates or out-of-order input ticks.
//
// The protocol version travels in ENet's connect data (ProtocolVersion,
// CheckVersion); bump it whenever a layout below changes.
//
// # Layouts
//
// Little-endian throughout. Every packet starts with its type byte.
// "str" is a u8 byte length followed by that many bytes of UTF-8.
//
// Channel 0, reliable (control):
//
//	Hello 0x01 (client→server)
//	  off size field
//	  0   1    type 0x01
//	  1   1+n  name str, 1..16 bytes, no control/format chars, no edge spaces
//	  2+n 16   token, the account secret
//
//	Welcome 0x02 (server→client), 7 bytes
//	  0   1    type 0x02
//	  1   2    peerID u16
//	  3   4    serverTick u32
//
//	Reject 0x03 (server→client)
//	  0   1    type 0x03
//	  1   1+n  reason str, 0..200 bytes
//
//	Roster 0x04 (server→client)
//	  0   1    type 0x04
//	  1   1    count u8
//	  then count entries: id u16, name str (rules as in Hello)
//
//	EnterInstance 0x05 (server→client)
//	  0   1    type 0x05
//	  1   2    instance u16
//	  3   2    epoch u16: the receiver's instance changes on this connection
//	  5   1    dungeon u8 (0xFF: hub or arena)
//	  6   2    mapW u16, tiles, ≥ 1
//	  8   2    mapH u16, tiles, ≥ 1
//	  10  4    serverTick u32
//	  14  1    portal count u8
//	  then count portals of 5 bytes: tileX u16 (< mapW), tileY u16 (< mapH), dungeon u8
//
//	MapChunk 0x06 (server→client), 261 bytes
//	  0   1    type 0x06
//	  1   2    cx u16, chunk column
//	  3   2    cy u16, chunk row
//	  5   256  tiles, 16 × 16 bytes, row-major
//
// Channel 1, unreliable sequenced:
//
//	Snapshot 0x10 (server→client), 11 + 8·m bytes with no players,
//	28 + 9·(n−1) + 8·m with n ≥ 1 players and m enemies
//	  0   1    type 0x10
//	  1   2    epoch u16, as in the EnterInstance it belongs to
//	  3   4    tick u32
//	  7   1    input age u8: tick − lastInputTick, 255 when none within 254 ticks
//	  8   1    player count n, u8
//	  9   17   the receiver's own record (when n ≥ 1), full precision:
//	           id u16, x f32, y f32, aim u16, hp i16, maxHP i16, flags u8
//	  +17 9·(n−1) every other player, compact: id u16, x u16, y u16 (quarters),
//	           aim u8 (aim>>8), hp share u8, flags u8
//	  +0  2    enemy count m, u16
//	  +2  8·m  enemies, compact: id u16, kind u8, x u16, y u16 (quarters), hp share u8
//
//	  quarters: Quarter(v) = round(v·4) clamped to 0..65535 (NaN → 0), so
//	  0 to 16383.75 u; decoded as q/4.
//	  hp share: Share(hp, maxHP) = ceil(hp·255/maxHP) clamped to 255, and 0
//	  only when hp ≤ 0 or maxHP ≤ 0; decoded as HP = share, MaxHP = 255.
//	  aim u8 is decoded as aim<<8. A decoded snapshot re-encodes to the
//	  same bytes.
//
// Channel 2, reliable ordered:
//
//	Events 0x20 (server→client)
//	  0   1    type 0x20
//	  1   2    epoch u16, as in the EnterInstance its events belong to
//	  3   4    tick u32
//	  then events to the end of the packet: kind u8, payload (size by kind)
//
//	kind                 payload  fields
//	1 EvBulletSpawn      36       uid u32, spawnTick u32, x f32, y f32, vx f32, vy f32,
//	                              accel f32, turn i16, radius u16, life u16, kind u8, team u8 (0|1)
//	2 EvBulletDespawn    5        uid u32, reason u8 (1 hit | 2 wall)
//	3 EvHit              17       actor u8 (1 player | 2 enemy), id u16, other u16, amount i16, hp i16,
//	                              bullet uid u32, tick u32 (when it struck)
//	4 EvDeath            5        actor u8 (1 player | 2 enemy), id u16, other u16
//	5 EvPortalUsed       4        id u16, portal u8, dungeon u8
//	60 template          17       slot u8 (<32), speed f32, accel f32, turn i16, radius u16,
//	                              life u16, kind u8, team u8: defines a template slot
//	61 short spawn       10       slot u8, uid delta u16 (≥1, from the last uid on the stream),
//	                              tick offset i8 (from this packet's tick), x u16, y u16 (1/8 u), aim u16
//	62 sibling           3        uid delta u8 (≥1), aim u16: the next bullet of the last
//	                              short spawn's volley (same slot, tick and position)
//	                              The three stream kinds refer to earlier events of the same
//	                              connection (the channel is reliable and ordered): see
//	                              stream.go. The iterator yields each as an EvBulletSpawn whose
//	                              velocity is game.BulletVelocity(aim, slot speed).
//	≥ 64 (EvServerOnly)  —        never encoded: ErrServerOnly
//
// Channel 3, unreliable sequenced:
//
//	Input 0x30 (client→server), 2 + 10·count bytes
//	  0   1    type 0x30
//	  1   1    count u8, 1..3
//	  2   10·n frames, oldest first, ticks strictly rising:
//	           tick u32, moveX i8, moveY i8, aim u16, buttons u8, slot u8
package wire
