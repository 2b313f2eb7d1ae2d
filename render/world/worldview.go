package world

import (
	"time"

	"duskfall/client"
	"duskfall/game"
)

// View is one frame of the world as its drawers draw it: the ground
// and its light (ground.go, light.go, lamps.go), the portals, enemies and
// ships (world.go, actor_draw.go) and the bullets (bullets.go). The play
// scene makes it from the runtime every frame (playScene.worldView); the
// death screen makes it from a frame of its replay (deathScene.replayView),
// so the replay is drawn by the same code as the game. The drawers read
// this value and nothing of either scene. It holds slices the runtime or
// the replay owns, valid for the frame: making one allocates nothing.
type View struct {
	Cam   Camera
	Frame int       // the frame count motion and pulses run by
	High  bool      // the Graphics quality draws lights, lanterns and glows
	Now   time.Time // the abilities' waves run by it

	Grid *game.Grid
	Fog  *client.Fog
	Eye  game.Vec // the centre of sight and of the own ship's light

	Instance uint16
	Dungeon  uint8 // game.HubDungeon in the hub
	Depth    int

	Self     client.Actor
	HasSelf  bool
	SelfAim  float64
	SelfShip int  // the own ship's design (shipDesign)
	Focused  bool // the player holds focus: the hitbox is drawn

	Players []client.Actor
	ClassOf func(id uint16) *game.Class // another player's class, for its ship's design; nil: the first design
	Enemies []client.Actor
	Portals []game.Portal

	Bullets    BulletColumns
	Telegraphs []client.Telegraph
	Abilities  []client.AbilityUse
}

// playerPos is where a ship of this view is: the own, or another's.
func (v *View) playerPos(id uint16) (game.Vec, bool) {
	if v.HasSelf && id == v.Self.ID {
		return v.Self.Pos, true
	}
	for _, p := range v.Players {
		if p.ID == id {
			return p.Pos, true
		}
	}
	return game.Vec{}, false
}

// playerDead reports whether the player id is dead in this view.
func (v *View) playerDead(id uint16) bool {
	if v.HasSelf && id == v.Self.ID {
		return v.Self.Flags&game.PlayerDead != 0
	}
	for _, p := range v.Players {
		if p.ID == id {
			return p.Flags&game.PlayerDead != 0
		}
	}
	return false
}

// shipOf is another player's ship design.
func (v *View) shipOf(id uint16) int {
	if v.ClassOf == nil {
		return 0
	}
	if cl := v.ClassOf(id); cl != nil {
		return ShipDesign(cl.Ship)
	}
	return 0
}

// BulletColumns are the bullets to draw, one column a field as
// game.BulletPool keeps them: the play scene's are the replica's pool
// itself, the death screen's a replay frame's copied into columns of its
// own.
type BulletColumns struct {
	X, Y, VX, VY, Radius []float32
	Kind, Team           []uint8
}

// PoolColumns are a pool's live bullets, its own slices.
func PoolColumns(p *game.BulletPool) BulletColumns {
	n := p.Len()
	return BulletColumns{X: p.X[:n], Y: p.Y[:n], VX: p.VX[:n], VY: p.VY[:n], Radius: p.Radius[:n], Kind: p.Kind[:n], Team: p.Team[:n]}
}

// Fill copies a replay frame's bullets into the columns, reusing their
// memory: it allocates only while they grow to the most bullets held.
func (b *BulletColumns) Fill(bs []client.ReplayBullet) {
	b.X, b.Y, b.VX, b.VY, b.Radius = b.X[:0], b.Y[:0], b.VX[:0], b.VY[:0], b.Radius[:0]
	b.Kind, b.Team = b.Kind[:0], b.Team[:0]
	for i := range bs {
		r := &bs[i]
		b.X, b.Y, b.VX, b.VY = append(b.X, r.X), append(b.Y, r.Y), append(b.VX, r.VX), append(b.VY, r.VY)
		b.Radius, b.Kind, b.Team = append(b.Radius, r.Radius), append(b.Kind, r.Kind), append(b.Team, r.Team)
	}
}

// Len is how many bullets the columns hold.
func (b *BulletColumns) Len() int { return len(b.X) }
