package wire

// Numbers both ends of the protocol rely on: the server sends by them and
// the client reads and draws by them.
const (
	// SnapshotInterval is the ticks between snapshots: 20 Hz. Events ride
	// the snapshot's datagram, so they go out at the same rate.
	SnapshotInterval = 3
	// ChunkTiles is a map chunk's side in tiles.
	ChunkTiles = 16
	// FogViewRadius is how far the client shows the world (u). The server's
	// bullet interest sends what can reach ground within it.
	FogViewRadius = 460
	// MaxClientMessage bounds every message a client sends, with room to
	// spare: the longest, an Input of six frames, is 64 bytes, a Hello
	// at most 99 (a name of MaxNameLen bytes, a password of MaxPasswordLen),
	// a CharacterCommand under 40. A
	// server drops a longer packet unread (transport.Config.MaxIncoming).
	MaxClientMessage = 1024
)
