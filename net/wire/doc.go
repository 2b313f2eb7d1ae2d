// Package wire defines Duskfall's network messages and their byte layouts.
//
// Data flows through it in two directions. Senders build a packet with
// append-style encoders (AppendX(b, ...) returns b extended), reusing one
// buffer per peer, and hand the bytes to the transport on the channel
// ChannelOf(type) names. Receivers look at the first byte with TypeOf and
// pass the packet to that type's decoder: ParseX for control messages
// (which may allocate), DecodeSnapshot, EventIter and DecodeInput for the
// per-tick traffic (which do not, once the caller's buffers have grown).
// A SnapshotDelta is first rebuilt into the Snapshot it stands for, against
// the base the receiver holds in its SnapshotRing (ApplySnapshotDelta), and
// then decoded as one (delta.go).
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
// # Connecting
//
// The transport is ENet 1.3 with its range coder on at both ends
// (enet_host_compress_with_range_coder): a Duskfall host range-codes every
// datagram it sends, and a host without the coder drops those datagrams
// unread, so a client without it never completes a connect and is told
// nothing. The connect asks for NumChannels channels and carries
// ProtocolVersion as ENet's connect data, a u32 (both in Numbers, below).
// The server lets the ENet connect complete whatever the data says, then
// checks it (CheckVersion): a mismatch is answered with a Reject whose
// reason reads "server speaks protocol S, client speaks C", S and C the two
// versions, and an ENet disconnect (data 0) once the Reject is sent. A
// connect that asks for fewer channels is refused with a Reject naming the
// count. Bump the version whenever a layout below changes.
//
// Each message travels on its own channel (the headings below; ChannelOf),
// and one that arrives on another is dropped as garbage. Channels 0 and 2
// are sent with ENET_PACKET_FLAG_RELIABLE; channel 1 with no delivery flag,
// so ENet sequences it (the server adds ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT
// so that a long snapshot's fragments are not sent reliably); channel 3
// with ENET_PACKET_FLAG_UNSEQUENCED, so every packet that arrives is
// delivered.
//
// # Layouts
//
// Little-endian throughout. Every packet starts with its type byte.
// "str" is a u8 byte length followed by that many bytes of UTF-8.
//
// Each table row gives a field's offset and size in bytes, then its name
// and type. A table indented under a row is one record of that row, with
// offsets from the record's start. n, m, k and p are the counts and
// lengths the rows name; a size of … runs to the end of the packet. These
// tables are checked: TestTheLayoutDocMatchesTheEncoders encodes a value
// of every message and event kind and finds each field below at its
// offset, and holds MsgInfo.Fields to the names, so a layout changed in
// the code and not here (or here and not in the code) fails the tests.
//
// Channel 0, reliable (control):
//
//	Hello 0x01 (client→server), 51 + n + k bytes
//	  off   size  field
//	  0     1     type 0x01
//	  1     1+n   name str, n = 1..16 bytes, no control/format chars, no edge spaces
//	  2+n   16    token, the account secret
//	  18+n  32    content hash: SHA-256 of the client's content folder (levels.Hash);
//	              a server whose own differs refuses it with a Reject naming both
//	  50+n  1+k   password str, k = 0..64 bytes of UTF-8 (0: none typed)
//
//	Welcome 0x02 (server→client), 7 bytes
//	  off  size  field
//	  0    1     type 0x02
//	  1    2     peerID u16: the player id, the id of the receiver's own
//	             record in every Snapshot (and its id in Roster entries and
//	             in hit, death and portal events)
//	  3    4     serverTick u32: the server's tick count, not an instance's
//
//	Reject 0x03 (server→client), 2 + n bytes
//	  off  size  field
//	  0    1     type 0x03
//	  1    1+n   reason str, n = 0..200 bytes
//
// A Reject before the Welcome refuses the connection; one after it ends the
// session in the server's words ("The server is shutting down"). Either
// way the server disconnects once it is sent.
//
// A Reject's layout is the same in every protocol version, so a game of
// another version reads why it was refused. A refusal that time lifts is a
// TryAgain instead (below).
//
//	Roster 0x04 (server→client)
//	  off  size  field
//	  0    1     type 0x04
//	  1    1     count u8
//	  2    …     entries, count of them, each:
//	    0    2     id u16
//	    2    1     class u8, an index into the content's classes (below MaxClasses)
//	    3    1+k   name str, k bytes, rules as in Hello
//
//	EnterInstance 0x05 (server→client), 16 + 5·n bytes
//	  off  size  field
//	  0    1     type 0x05
//	  1    2     instance u16
//	  3    2     epoch u16: the receiver's instance changes on this connection
//	  5    1     dungeon u8 (0xFF: hub or arena)
//	  6    1     depth u8: 0 with dungeon 0xFF, else the floor, 1 to game.MaxDepth
//	  7    2     mapW u16, tiles, ≥ 1
//	  9    2     mapH u16, tiles, ≥ 1
//	  11   4     serverTick u32
//	  15   1     portalCount u8, n
//	  16   5·n   portals, each (a portal whose dungeon is the instance's own
//	             is the way down to the next floor):
//	    0    2     tileX u16 (< mapW)
//	    2    2     tileY u16 (< mapH)
//	    4    1     dungeon u8
//
//	MapChunk 0x06 (server→client), 261 bytes
//	  off  size  field
//	  0    1     type 0x06
//	  1    2     cx u16, chunk column
//	  3    2     cy u16, chunk row
//	  5    256   tiles, 16 × 16 bytes, row-major: game.Tile* values
//
// Chunk (cx, cy) holds the map's tiles x = 16·cx to 16·cx + 15 and
// y = 16·cy to 16·cy + 15 (16 is ChunkTiles), tile (x, y) at index
// 16·(y − 16·cy) + (x − 16·cx) of tiles. A map of mapW × mapH tiles (its
// EnterInstance) has ⌈mapW/16⌉ × ⌈mapH/16⌉ chunks; an edge chunk's tiles
// beyond the map are TileUnknown. A tile is game.TileSize u on a side:
// tile (x, y) is the square from (x, y)·TileSize to (x+1, y+1)·TileSize,
// the map's origin at (0, 0), +x right and +y down. TileWall is the one
// solid tile value, and everything outside the map is solid too; a tile
// not streamed yet is TileUnknown: bullets cross it as empty (as they must
// to match the server's), and a predicting client stops its ship short of
// it (docs/NETCODE.md, "Maps"). The values are in Numbers, below.
//
//	Characters 0x07 (server→client)
//	  off   size  field
//	  0     1     type 0x07
//	  1     1     cause u8: 0 list | 1 refused | 2 died
//	  2     1+n   note str, n = 0..200 bytes: the server's words on the cause
//	  3+n   1     slots u8: characters an account may hold
//	  4+n   1     count u8, ≤ slots and ≤ 32
//	  5+n   …     characters, count of them, each:
//	    0     8     id u64
//	    8     1+k   name str, k bytes, rules as in Hello
//	    9+k   1     level u8
//	    10+k  2     health u16
//	    12+k  2     maxHealth u16
//	    14+k  1     where u8 (0 hub | 1 dungeon): where it was last saved
//	    15+k  2     lockout u16: ticks until it may enter a dungeon again
//	    17+k  1     class u8: its class, an index into the content's classes (< 16)
//
//	CharacterCommand 0x08 (client→server), 12 + n + m bytes
//	  off  size  field
//	  0    1     type 0x08
//	  1    1     op u8: 1 select | 2 create | 3 delete | 4 stay (still choosing:
//	             id 0, name empty; sent every few seconds while on the roster)
//	  2    8     id u64: the character (0 for create)
//	  10   1+n   name str: create, the new name; delete, the character's name
//	             as the player confirmed it; select, empty (n = 0)
//	  11+n 1+m   class str: create, the class id (0 to 32 of a-z, 0-9, _; the
//	             server refuses in words one its content lacks, and an empty
//	             one, naming its classes); else empty
//
//	Notice 0x09 (server→client), 2 + n bytes
//	  off  size  field
//	  0    1     type 0x09
//	  1    1+n   text str, n = 1..200 bytes: a sentence to show the player
//
//	Inventory 0x0a (server→client), 26 + n + m + k + p + n bytes
//	  the receiver's character sheet, sent whenever it changes
//	  off          size  field
//	  0            1     type 0x0a
//	  1            1     level u8, ≥ 1
//	  2            4     xp u32: into this level, < next unless next is 0
//	  6            4     next u32: what the next level needs (0 at the cap)
//	  10           1     owed u8: upgrade choices owed
//	  11           1     bagCount u8, n ≤ 16
//	  12           n     bag, u8 each: item def + 1, 0 for an empty slot
//	  12+n         1     equipCount u8, m ≤ 4
//	  13+n         m     equip, u8 each: the worn slots, as bag
//	  13+n+m       1     upgradeCount u8, k ≤ 64
//	  14+n+m       k     upgrades, u8 each: upgrade indices held
//	  14+n+m+k     1     offerCount u8, p ≤ 3
//	  15+n+m+k     p     offer, u8 each: the upgrade indices on offer
//	  15+n+m+k+p   1     action u8: 0 none | 1 picked | 2 used | 3 dropped | 4 equipped
//	                     | 5 unequipped | 6 bag full | 7 levelled | 8 upgraded | 9 refused
//	  16+n+m+k+p   1     item u8: def + 1 the action concerns; the upgrade index for 8
//	  17+n+m+k+p   1     stackCount u8: n, one per bag slot (0 before any stack is told)
//	  18+n+m+k+p   n     stacks, u8 each: how many of the bag slot's item it holds,
//	                     1..99 for a filled slot (consumables stack), 0 for an empty one
//	  18+n+m+k+p+n 4     xpKills u32: XP earned from kills since the previous sheet
//	  22+n+m+k+p+n 4     xpClears u32: XP earned from clears (a boss's reward to those
//	                     who fought it) since the previous sheet
//
//	UpgradeChoice 0x0b (client→server), 2 bytes
//	  off  size  field
//	  0    1     type 0x0b
//	  1    1     index u8: which option of the offer (the server refuses one it did not offer)
//
//	Cleared 0x0c (server→client)
//	  off  size  field
//	  0    1     type 0x0c
//	  1    1     dungeon u8: the kind cleared
//	  2    1     count u8, ≤ 32
//	  3    …     players, count of them, each:
//	    0      1+k   name str, k bytes, rules as in Hello
//	    1+k    4     xp u32: earned in the dungeon
//	    5+k    2     kills u16
//	    7+k    1     itemCount u8, p ≤ 32
//	    8+k    p     items, u8 each: item defs it took there
//
//	TryAgain 0x0d (server→client), 4 + n bytes
//	  off  size  field
//	  0    1     type 0x0d
//	  1    2     retry u16, ms ≥ 1: dial again after at least this long, doubling each time
//	  3    1+n   reason str, n = 0..200 bytes: what the client waits for, shown meanwhile
//
//	RoundTrip 0x0e (server→client), 3 bytes
//	  off  size  field
//	  0    1     type 0x0e
//	  1    2     rtt u16, ms: the round trip the server measures to the receiver
//	             (ENet's, from the acknowledgements of what it sends reliably);
//	             65535 for that or longer. Sent once a second while the
//	             receiver is in an instance, beside a snapshot
//
// Channel 1, unreliable sequenced:
//
//	Snapshot 0x10 (server→client), 20 + 9·n + 9·m + 8·k bytes
//	  with n ≥ 1 players, m enemies and k loot records; with no players
//	  there is no own record, the enemy count sits at offset 9, and the
//	  packet is 12 + 9·m + 8·k bytes
//	  off     size     field
//	  0       1        type 0x10
//	  1       2        epoch u16, as in the EnterInstance it belongs to
//	  3       4        tick u32
//	  7       1        inputAge u8: tick − lastInputTick, the newest frame the server
//	                   used on its own tick (Input); 255 when none within 254 ticks
//	  8       1        playerCount u8, n
//	  9       17       own: the receiver's record, full precision:
//	    0    2     id u16
//	    2    4     x f32
//	    6    4     y f32
//	    10   2     aim u16, as Input's
//	    12   2     hp i16
//	    14   2     maxHP i16
//	    16   1     flags u8: the game.Player* bits (Numbers); others 0
//	  26      9·(n−1)  others: every other player, compact, each:
//	    0    2     id u16
//	    2    2     x u16, quarters
//	    4    2     y u16, quarters
//	    6    1     aim u8, aim>>8
//	    7    1     hpShare u8
//	    8    1     flags u8, as the own record's
//	  17+9·n  2        enemyCount u16, m
//	  19+9·n  9·m      enemies, compact, each:
//	    0    2     id u16
//	    2    1     kind u8: the enemy's index in the content's enemies (Items)
//	    3    2     x u16, quarters
//	    5    2     y u16, quarters
//	    7    1     hpShare u8
//	    8    1     flags u8: bits 0–2 the boss phase (0 the first), bit 3
//	                 telegraphing (a firing is coming); others 0
//	  19+9·n+9·m  1    lootCount u8, k ≤ 254; 255: no list, keep the last (then k = 0)
//	  20+9·n+9·m  8·k  loot, the ground items the receiver may see near it, each:
//	    0    2     id u16, the world's handle
//	    2    1     def u8: the item def (Items, below)
//	    3    2     x u16, quarters
//	    5    2     y u16, quarters
//	    7    1     flags u8: bit 0 the item is instanced to the receiver; others 0
//
// quarters: Quarter(v) = round(v·4) clamped to 0..65535 (NaN → 0), so 0
// to 16383.75 u; decoded as q/4. hpShare: Share(hp, maxHP) =
// ceil(hp·255/maxHP) clamped to 255, and 0 only when hp ≤ 0 or maxHP ≤ 0;
// decoded as HP = share, MaxHP = 255. A compact aim is decoded as aim<<8.
// A decoded snapshot re-encodes to the same bytes.
//
// A player's id is its player id (Welcome's peerID), from 1: 0 names no
// player. An enemy's id is its slot in its world, from 0. Each player has
// one record among the players and each enemy one among the enemies (a
// player and an enemy may share a number): a Snapshot that repeats an id
// in either list, or gives a player id 0, is malformed (ErrMalformed),
// since a receiver keeps and interpolates actors by id.
//
//	SnapshotDelta 0x11 (server→client), 4 + k + n bytes
//	  a Snapshot told as its difference from an earlier one, its base: the
//	  newest snapshot of the same epoch the receiver acknowledged (Input's
//	  ack). The Snapshot's epoch is the base's, its tick the base's + age.
//	  off  size  field
//	  0    1     type 0x11
//	  1    2     baseTick u16: the low 16 bits of the base's tick
//	  3    1     age u8: the Snapshot's tick − the base's tick, 1..255
//	  4    k     lengthChange: the Snapshot's length − the base's, as a
//	             zigzag varint (encoding/binary's, k = 1 for −64..63),
//	             shortest form; the Snapshot is longer than 7 bytes
//	  4+k  n     changes: the Snapshot's bytes from offset 7 XOR the base's
//	             (zero past the base's end), taken in groups of 8 bytes and
//	             the groups in blocks of 8 (64 bytes), as blocks, each a u8 of
//	             group bits (bit j: the block's group j has a nonzero byte)
//	             and, for each group whose bit is set, in order, a mask u8
//	             (bit j: the group's byte j is nonzero; never 0) and those
//	             nonzero bytes in order; the last block has a group bit set,
//	             and bytes after it are zero
//
// The receiver rebuilds the Snapshot and decodes it as a whole one
// (delta.go). A server sends a delta only when it is shorter than the
// Snapshot, and a whole Snapshot when it holds no acknowledged base.
//
// Channel 2, reliable ordered:
//
//	Events 0x20 (server→client)
//	  off    size  field
//	  0      1     type 0x20
//	  1      k     change: the tick's change since the stream's previous
//	               packet as a zigzag int32, shifted left once, bit 0 set
//	               when the epoch changed; a varint (encoding/binary's,
//	               shortest form, k = 1 for a change of −32..31 ticks with
//	               no new epoch). A stream's first packet counts from tick 0
//	               of epoch 0
//	  1+k    e     epoch u16, as in the EnterInstance its events belong to:
//	               e = 2 when bit 0 of change is set, else 0 (the epoch is
//	               the previous packet's)
//	  1+k+e  …     events, each:
//	    0    1     kind u8
//	    1    p     payload, p bytes by kind
//
// An event's payload, by kind (field sizes follow from their types):
//
//	kind  name              payload  fields
//	1     EvBulletSpawn     36       uid u32, spawnTick u32, x f32, y f32, vx f32, vy f32,
//	                                 accel f32, turn i16, radius u16, life u16, kind u8, team u8 (0|1)
//	2     EvBulletDespawn   5        uid u32, reason u8 (1 hit | 2 wall | 3 erased by a bomb)
//	3     EvHit             17       actor u8 (1 player | 2 enemy), id u16, other u16, amount i16,
//	                                 hp i16, bulletUID u32, tick u32 (when it struck)
//	4     EvDeath           13       actor u8 (1 player | 2 enemy), id u16, other u16, cause i16, kind i16, bulletUID u32
//	5     EvPortalUsed      4        id u16, portal u8, dungeon u8
//	6     EvPortalOpened    10       portal u8, dungeon u8, x f32, y f32
//	7     EvAbility         11       id u16 (the player), class u8 (< 16, its class: what it did and how far),
//	                                 x f32, y f32 (where the ship was: where a decoy stands)
//	0x36  evHitShort        12       actor u8 (1 player | 2 enemy), id u16, other u16, amount i16,
//	                                 hp i16, uidDelta i16 (from the last spawned uid),
//	                                 tickOffset i8 (from this packet's tick): an EvHit
//	0x37  evBulletNear      9        slot u8, uidDelta u8 (≥ 1), tickOffset i8, x u16, y u16, aim u16:
//	                                 a short spawn whose uid delta fits a byte
//	0x38  evNearDespawnWall 1        uidDelta i8 (from the last spawned uid): despawned by a wall
//	0x39  evNearDespawnHit  1        uidDelta i8 (from the last spawned uid): despawned by a hit
//	0x3A  evDespawnWall     2        uidDelta i16 (from the last spawned uid): despawned by a wall
//	0x3B  evDespawnHit      2        uidDelta i16 (from the last spawned uid): despawned by a hit
//	0x3C  evBulletTemplate  17       slot u8 (< 32), speed f32, accel f32, turn i16, radius u16,
//	                                 life u16, kind u8, team u8: defines a template slot
//	0x3D  evBulletShort     10       slot u8, uidDelta u16 (≥ 1, from the last spawned uid),
//	                                 tickOffset i8 (from this packet's tick), x u16, y u16 (1/8 u), aim u16
//	0x3E  evBulletSibling   3        uidDelta u8 (≥ 1), aim u16: the next bullet of the last
//	                                 short spawn's volley (same slot, tick and position)
//	0x3F  evBulletFan       7        n u8 (≥ 1), step u32, phase u16: the volley's next n bullets,
//	                                 uids one apart, bullet i's aim a0 + ⌊(i·step + phase) / 65536⌋
//	                                 (a0: the aim of the volley's bullet before the fan)
//	≥ 64  EvServerOnly      —        never encoded: ErrServerOnly
//
// The kinds from 0x36 refer to earlier events of the same connection (the
// channel is reliable and ordered): see stream.go. The iterator yields a
// short hit as an EvHit, a short despawn as an EvBulletDespawn, a short or
// near spawn, a sibling or each of
// a fan's bullets as an EvBulletSpawn whose velocity is
// game.BulletVelocity(aim, slot speed), and nothing for a template.
//
// Channel 3, unreliable unordered (every packet that arrives is delivered,
// in any order; the server queues frames by tick):
//
//	Input 0x30 (client→server), 4 + 10·n bytes
//	  off  size  field
//	  0    1     type 0x30
//	  1    1     count u8, n = 1..6 (game.InputRedundancy)
//	  2    2     ack u16: the newest snapshot the client holds, as ticks back
//	             from the newest frame's tick (less than it); 0 for none
//	  4    10·n  frames, oldest first, ticks strictly rising, each:
//	    0    4     tick u32: the instance's tick the frame is for
//	    4    1     moveX i8: hundredths of a full push along +x (game.MoveVector)
//	    5    1     moveY i8: the same along +y, down the screen
//	    6    2     aim u16: 1/65536 turns, 0 along +x, growing toward +y (clockwise)
//	    8    1     buttons u8: the game.Btn* bits
//	    9    1     slot u8: what USE and DROP act on: the bag, then the worn slots
//
// A frame's tick counts in the ticks of the receiver's instance, those of
// its Snapshots and of EnterInstance's serverTick (not the Welcome's): the
// server's step to tick T uses the frame for T. A client sends one packet
// a tick, 60 a second, carrying its newest frames, at most
// game.InputRedundancy of them, oldest first, so that a lost packet costs
// nothing; it numbers them ahead of the server's tick by its round trip and
// a margin, so that each arrives before its tick is stepped.
//
// The server judges every frame once, against the world's tick W (the
// last it stepped) and the tick L of the last frame it used
// (game.World.QueueInput, whose verdicts these are):
//
//   - replay: tick ≤ L, already used; dropped (the redundant copies of
//     frames already used are expected and not counted).
//   - stale: tick < W − game.InputMaxAge; dropped.
//   - future: tick > W + game.InputMaxLead; dropped.
//   - duplicate: that tick is already queued (the usual fate of redundant
//     copies); dropped.
//   - flood: the player's queue already holds game.InputQueueCap frames;
//     the one furthest ahead, maybe this one, is dropped.
//   - accepted: queued for its tick.
//
// A frame queued after its tick was stepped is late: it is not used for its
// tick, nor counted in inputAge, only coasted on. A player with no frame for
// a tick coasts on its last frame for up to game.InputMaxAge ticks, then
// stands still and holds fire.
//
// ack names the newest Snapshot the client holds in its current instance,
// whole or rebuilt from a SnapshotDelta, as ticks back from the newest
// frame's tick: the Snapshot's tick is that tick − ack. It is 0 (none) when
// the client holds none in this instance, and when that Snapshot cannot be
// said so: its tick at or after the newest frame's (a client whose frames
// trail the server's tick), or 65,535 ticks or more before it. The server
// takes an ack as the base of its next SnapshotDelta only when it names a
// Snapshot the server sent the peer in its current instance, still among
// the last SnapshotRingSize it keeps, and newer than the base it holds; any
// other ack, 0 included, leaves the base as it was. So with no ack the
// server goes on building deltas on the last base it took until that base
// leaves its ring, then sends whole Snapshots; only entering an instance
// forgets the base. A client keeps the last SnapshotRingSize Snapshots it
// took, so that it holds the base a delta names.
//
// # Items
//
// An item def is an index into the content's items, in the order of the
// content's items.toml as the server loaded it (0 the first); a client
// built from the same content agrees, and one built from other content
// names other items. A Snapshot's loot def and Cleared's items carry the
// def itself; an Inventory's bag, equip and item bytes carry def + 1, so
// that 0 is an empty slot (for item: no item). In the same way an upgrade
// index counts the content's upgrades.toml, an enemy kind its enemies.toml
// and a dungeon its dungeons.toml, each in file order from 0.
//
// # Numbers
//
// The numbers a client is built with, by their names in the code (for a
// scale the code keeps in a function, the function's name). This table is
// checked: TestTheNumbersDocMatchesTheCode reads each row and holds its
// value to the code, and fails on a number changed on one side only, on a
// row for a name it does not know, and on a name it knows with no row.
//
//	name                   value   meaning
//	ProtocolVersion        23      ENet's connect data, u32; another is refused with a Reject
//	NumChannels            4       channels the connect asks for; fewer are refused with a Reject
//	ChanControl            0       reliable: handshake, roster, instances, map chunks, sheets
//	ChanSnapshot           1       unreliable sequenced: Snapshot and SnapshotDelta
//	ChanEvents             2       reliable ordered: Events
//	ChanInput              3       unreliable unordered: Input
//	ReliableChannels       0,2     the channels sent reliably
//	UnorderedChannels      3       the channels sent unsequenced
//	MaxClientMessage       1024    bytes: a longer packet from a client is dropped unread
//	MaxNameLen             16      bytes of a name at most
//	game.TickRate          60      ticks a second
//	SnapshotInterval       3       ticks between a peer's Snapshots (20 a second)
//	SnapshotRingSize       32      Snapshots each end keeps as delta bases
//	InputFrameSize         10      bytes of one input frame
//	game.InputRedundancy   6       frames an Input packet carries at most
//	game.InputMaxLead      40      ticks: a frame further ahead of the world's is refused (future)
//	game.InputMaxAge       30      ticks: a frame further behind is refused (stale); the coasting limit
//	game.InputQueueCap     46      frames queued per player; beyond, the furthest is dropped (flood)
//	game.BtnFire           0x01    buttons: fire, while held
//	game.BtnInteract       0x02    buttons: interact on a press: pick up what lies here, else a portal
//	game.BtnEscape         0x04    buttons: escape, while held: channel out of a dungeon
//	game.BtnUse            0x08    buttons: use the item in slot on a press: drink, wear, take off
//	game.BtnDrop           0x10    buttons: drop the item in slot, on a press
//	game.BtnFocus          0x20    buttons: focus, while held: move slower, to thread patterns
//	game.BtnAbility        0x40    buttons: the class's ability, on a press (the server decides)
//	game.MoveVector        100     moveX and moveY: hundredths; 100 is a full push
//	game.AimAngle          65536   aim units in a turn; aim 0 points along +x
//	game.BulletVelocity    16384   the aim along +y, down the screen: aims grow clockwise
//	game.BagSlots          8       slot: 0 to 7 are the bag
//	game.FirstEquipSlot    8       slot: 8 the weapon worn, then the armour, then the charm
//	game.EquipSlots        3       worn slots
//	NoInputAge             255     Snapshot inputAge: no frame used within 254 ticks
//	game.PlayerGrace       0x01    player flags: arrival grace, invulnerable and unable to fire
//	game.PlayerDead        0x02    player flags: dead, waiting to respawn
//	game.PlayerLinkdead    0x04    player flags: its connection closed; the body stays a moment
//	game.PlayerEscaping    0x08    player flags: channelling the escape
//	game.PlayerShielded    0x10    player flags: no bullet hits it: a shield is up, or a dash in its first ticks
//	game.EnemyPhaseMask    0x07    enemy flags: the boss's phase, 0 the first
//	game.EnemyTelegraph    0x08    enemy flags: telegraphing, a firing is coming
//	LootMine               0x01    loot flags: the item is instanced to the receiver
//	ShareMax               255     hpShare of full health
//	game.TileSize          32      u on a tile's side
//	game.TileUnknown       0       tile: not streamed yet: bullets cross it, a predicted ship stops short
//	game.TileFloor         1       tile: floor
//	game.TileWall          2       tile: wall, the one solid tile
//	game.TileDecor         3       tile: decorative floor, walkable
//	game.TileNPC           4       tile: the floor the upgrade keeper stands on, walkable
//	ChunkTiles             16      tiles on a MapChunk's side
//	game.MaxMapSide        512     tiles on a map's longest side at most
//	game.MaxItemDefs       254     item defs at most, so that def + 1 fits a byte
package wire
