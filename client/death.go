package client

import (
	"time"

	"duskfall/game"
)

// A death the player understands (docs/NETCODE.md, "Death"): when the own
// ship dies the client keeps what the death screen says, all from its own
// knowledge: what killed it (the death event's enemy kind and pattern), how
// long that bullet was on screen before it hit (the hit-visibility record),
// what the death cost (the bag; the worn gear stays) and the last seconds
// of play as they were drawn, in a ring the client fills every frame and
// freezes at the death.

// Replay sizes. The ring holds ReplayFrames frames of at most
// ReplayBullets bullets and ReplayActors actors each, all allocated the
// first time the ship is drawn; recording then allocates nothing.
const (
	ReplayFrames  = 3 * game.TickRate // three seconds of frames at 60 Hz
	ReplayBullets = 768               // bullets kept per frame, nearest the ship first come first kept
	ReplayActors  = 64                // enemies and other players kept per frame
)

// ReplayBullet is one bullet as a frame drew it.
type ReplayBullet struct {
	UID    uint32
	X, Y   float32
	VX, VY float32 // u per tick: a player's shot is drawn along its flight
	Radius float32
	Kind   uint8
	Team   uint8
}

// ReplayFrame is what one frame drew near the own ship.
type ReplayFrame struct {
	Tick    uint32 // the ship's tick
	Self    Actor
	Players []Actor // the others
	Enemies []Actor
	Bullets []ReplayBullet
}

// Replay is the ring of the last frames drawn, and, once a death froze
// it, the world they were drawn in.
type Replay struct {
	frames []ReplayFrame
	n      int  // frames recorded since the last reset
	frozen bool // a death stopped the recording
	place  ReplayPlace
	fog    Fog // the explored memory at the death; Sight brings it to a frame
}

// ReplayPlace is the world a replay was recorded in, kept as the death
// froze it, when the runtime itself leaves that world: everything the
// world's drawers need besides the frames, so a replay is drawn as the
// game drew it (docs/ART.md, "The death screen").
type ReplayPlace struct {
	Grid     *game.Grid // the map as the client knew it (nil before a freeze)
	Portals  []game.Portal
	Instance uint16
	Dungeon  uint8 // the dungeon kind, its look
	Depth    int
	Class    *game.Class // the own character's, its ship's design (nil when unknown)
}

// Grid is the map as the client knew it when the replay froze (nil before).
func (rp *Replay) Grid() *game.Grid { return rp.place.Grid }

// Place is the world the replay was recorded in, as the death left it.
func (rp *Replay) Place() *ReplayPlace { return &rp.place }

// Sight is the fog as frame i was seen: the explored memory the death
// left, and in sight what frame i's ship saw from where it was. The fog is
// the replay's own, valid until the next call; nil without a frozen map.
// It allocates nothing.
func (rp *Replay) Sight(i int) *Fog {
	f := rp.Frame(i)
	if f == nil || rp.place.Grid == nil {
		return nil
	}
	rp.fog.Update(rp.place.Grid, f.Self.Pos)
	return &rp.fog
}

// Len is how many frames the replay holds, at most ReplayFrames.
func (rp *Replay) Len() int { return min(rp.n, len(rp.frames)) }

// Frame is the i-th frame held, 0 the oldest.
func (rp *Replay) Frame(i int) *ReplayFrame {
	l := rp.Len()
	if i < 0 || i >= l {
		return nil
	}
	return &rp.frames[(rp.n-l+i)%len(rp.frames)]
}

// Frozen says whether a death stopped the recording.
func (rp *Replay) Frozen() bool { return rp.frozen }

// record copies what this frame drew into the ring, unless frozen.
func (rp *Replay) record(tick uint32, self Actor, players, enemies []Actor, pool *game.BulletPool) {
	if rp.frozen {
		return
	}
	if rp.frames == nil {
		rp.frames = make([]ReplayFrame, ReplayFrames)
		for i := range rp.frames {
			f := &rp.frames[i]
			f.Players = make([]Actor, 0, ReplayActors)
			f.Enemies = make([]Actor, 0, ReplayActors)
			f.Bullets = make([]ReplayBullet, 0, ReplayBullets)
		}
	}
	f := &rp.frames[rp.n%len(rp.frames)]
	rp.n++
	f.Tick, f.Self = tick, self
	f.Players = append(f.Players[:0], players[:min(len(players), ReplayActors)]...)
	f.Enemies = f.Enemies[:0]
	for _, e := range enemies {
		if len(f.Enemies) < ReplayActors && inSight(self.Pos, float32(e.Pos.X), float32(e.Pos.Y)) {
			f.Enemies = append(f.Enemies, e)
		}
	}
	f.Bullets = f.Bullets[:0]
	for i := range pool.Len() {
		if len(f.Bullets) == ReplayBullets {
			break
		}
		if int32(tick-pool.Born[i]) < 0 || !inSight(self.Pos, pool.X[i], pool.Y[i]) {
			continue
		}
		f.Bullets = append(f.Bullets, ReplayBullet{UID: pool.UID[i], X: pool.X[i], Y: pool.Y[i], VX: pool.VX[i], VY: pool.VY[i],
			Radius: pool.Radius[i], Kind: pool.Kind[i], Team: pool.Team[i]})
	}
}

// reset forgets the frames and thaws the ring, keeping its memory.
func (rp *Replay) reset() {
	rp.n, rp.frozen = 0, false
	rp.place = ReplayPlace{Portals: rp.place.Portals[:0]}
}

// freeze stops the recording at a death and keeps the world it was in:
// the map, its portals, where it was, the own class and a copy of what
// the fog had explored of it (the runtime forgets all that on its way
// to the roster).
func (rp *Replay) freeze(r *Runtime) {
	rp.frozen = true
	rp.place = ReplayPlace{Grid: r.grid, Portals: append(rp.place.Portals[:0], r.portals...),
		Instance: r.instance, Dungeon: r.dungeon, Depth: r.depth, Class: r.Class()}
	rp.fog.Reset(r.grid)
	if r.fog.grid == r.grid && len(r.fog.explored) == len(rp.fog.explored) {
		copy(rp.fog.explored, r.fog.explored)
	}
}

// DeathReport is what the client knows of the own ship's last death.
type DeathReport struct {
	At      time.Time
	Tick    uint32
	Killer  string // "the Warden's Fury spiral" (game.KillerWords)
	Kind    int    // enemy kind, -1 unknown
	Pattern int    // pattern, -1 unknown
	Bullet  uint32 // the killing bullet
	// Seen says the killing bullet was drawn in sight before it hit, and
	// SeenTicks for how long (hit visibility, docs/NETCODE.md).
	Seen      bool
	SeenTicks int
	Place     string // "the Catacombs"; "" in the hub
	// Lost are the item defs the bag held, one per item (a stack of two
	// potions is two): a death in a dungeon costs the bag. Kept are those
	// worn, which stay with the character.
	Lost, Kept []int
}

// units is how many items a bag slot holding def holds, by its stack
// count: none for an empty slot, at least one for a filled one.
func units(def, stack int) int {
	if def < 0 {
		return 0
	}
	return max(stack, 1)
}

// SeenMs is how long the killing bullet was on screen, in milliseconds.
func (d DeathReport) SeenMs() int { return d.SeenTicks * 1000 / game.TickRate }

// LastDeath is the own ship's newest death and whether there was one since
// the client started.
func (r *Runtime) LastDeath() (DeathReport, bool) { return r.death, r.died }

// Replay is the ring of the last frames drawn; a death freezes it until the
// next world is entered.
func (r *Runtime) Replay() *Replay { return &r.replay }

// DeathWords says who fell to what for a player's death event, for a
// friend's feed: "Ada fell to the Warden's Fury spiral". It is "" for an
// event that is not a player's death.
func (r *Runtime) DeathWords(ev *game.Event) string {
	if ev.Kind != game.EvDeath || ev.Actor != game.ActorPlayer {
		return ""
	}
	name := r.names[ev.ID]
	if name == "" {
		name = "A friend"
	}
	return name + " fell to " + r.killerOf(ev)
}

// killerOf is the words for a player death event's cause.
func (r *Runtime) killerOf(ev *game.Event) string {
	return game.KillerWords(r.cfg.Content, int(ev.HP)-1, int(ev.Amount)-1)
}

// noteOwnDeath keeps the report of the own ship's death and freezes the
// replay on it.
func (r *Runtime) noteOwnDeath(ev *game.Event) {
	d := DeathReport{At: r.cfg.Now(), Tick: ev.Tick, Kind: int(ev.HP) - 1, Pattern: int(ev.Amount) - 1,
		Bullet: ev.Bullet.UID, Killer: r.killerOf(ev), Lost: r.death.Lost[:0], Kept: r.death.Kept[:0]}
	if d.Tick == 0 {
		d.Tick = r.lead.est
	}
	if gb, ok := r.sight.find(ev.Bullet.UID); ok && int32(d.Tick-gb.seen) >= 0 {
		d.Seen, d.SeenTicks = true, int(d.Tick-gb.seen)
	}
	if r.dungeon != game.HubDungeon {
		if c := r.cfg.Content; int(r.dungeon) < len(c.Dungeons) {
			d.Place = game.PlaceWords(c.Dungeons[r.dungeon].Name)
		}
		for i, it := range r.sheet.sheet.Bag {
			for range units(it, r.sheet.sheet.Stack[i]) {
				d.Lost = append(d.Lost, it)
			}
		}
	}
	for _, it := range r.sheet.sheet.Worn {
		if it >= 0 {
			d.Kept = append(d.Kept, it)
		}
	}
	r.death, r.died = d, true
	if r.dungeon != game.HubDungeon {
		r.replay.freeze(r) // the hub respawns in place: only a dungeon's death ends the play
	}
}
