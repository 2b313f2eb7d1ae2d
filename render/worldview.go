package render

import (
	"time"

	"duskfall/client"
	"duskfall/game"
)

// worldView is one frame of the world as its drawers draw it: the ground
// and its light (ground.go, light.go, lamps.go), the portals, enemies and
// ships (world.go, actor_draw.go) and the bullets (bullets.go). The play
// scene makes it from the runtime every frame (playScene.worldView); the
// death screen makes it from a frame of its replay (deathScene.replayView),
// so the replay is drawn by the same code as the game. The drawers read
// this value and nothing of either scene. It holds slices the runtime or
// the replay owns, valid for the frame: making one allocates nothing.
type worldView struct {
	cam   camera
	frame int       // the frame count motion and pulses run by
	high  bool      // the Graphics quality draws lights, lanterns and glows
	now   time.Time // the abilities' waves run by it

	grid *game.Grid
	fog  *client.Fog
	eye  game.Vec // the centre of sight and of the own ship's light

	instance uint16
	dungeon  uint8 // game.HubDungeon in the hub
	depth    int

	self     client.Actor
	hasSelf  bool
	selfAim  float64
	selfShip int  // the own ship's design (shipDesign)
	focused  bool // the player holds focus: the hitbox is drawn

	players []client.Actor
	classOf func(id uint16) *game.Class // another player's class, for its ship's design; nil: the first design
	enemies []client.Actor
	portals []game.Portal

	bullets    bulletColumns
	telegraphs []client.Telegraph
	abilities  []client.AbilityUse
}

// playerPos is where a ship of this view is: the own, or another's.
func (v *worldView) playerPos(id uint16) (game.Vec, bool) {
	if v.hasSelf && id == v.self.ID {
		return v.self.Pos, true
	}
	for _, p := range v.players {
		if p.ID == id {
			return p.Pos, true
		}
	}
	return game.Vec{}, false
}

// playerDead reports whether the player id is dead in this view.
func (v *worldView) playerDead(id uint16) bool {
	if v.hasSelf && id == v.self.ID {
		return v.self.Flags&game.PlayerDead != 0
	}
	for _, p := range v.players {
		if p.ID == id {
			return p.Flags&game.PlayerDead != 0
		}
	}
	return false
}

// shipOf is another player's ship design.
func (v *worldView) shipOf(id uint16) int {
	if v.classOf == nil {
		return 0
	}
	if cl := v.classOf(id); cl != nil {
		return shipDesign(cl.Ship)
	}
	return 0
}

// bulletColumns are the bullets to draw, one column a field as
// game.BulletPool keeps them: the play scene's are the replica's pool
// itself, the death screen's a replay frame's copied into columns of its
// own.
type bulletColumns struct {
	X, Y, VX, VY, Radius []float32
	Kind, Team           []uint8
}

// poolColumns are a pool's live bullets, its own slices.
func poolColumns(p *game.BulletPool) bulletColumns {
	n := p.Len()
	return bulletColumns{X: p.X[:n], Y: p.Y[:n], VX: p.VX[:n], VY: p.VY[:n], Radius: p.Radius[:n], Kind: p.Kind[:n], Team: p.Team[:n]}
}

// fill copies a replay frame's bullets into the columns, reusing their
// memory: it allocates only while they grow to the most bullets held.
func (b *bulletColumns) fill(bs []client.ReplayBullet) {
	b.X, b.Y, b.VX, b.VY, b.Radius = b.X[:0], b.Y[:0], b.VX[:0], b.VY[:0], b.Radius[:0]
	b.Kind, b.Team = b.Kind[:0], b.Team[:0]
	for i := range bs {
		r := &bs[i]
		b.X, b.Y, b.VX, b.VY = append(b.X, r.X), append(b.Y, r.Y), append(b.VX, r.VX), append(b.VY, r.VY)
		b.Radius, b.Kind, b.Team = append(b.Radius, r.Radius), append(b.Kind, r.Kind), append(b.Team, r.Team)
	}
}

// len is how many bullets the columns hold.
func (b *bulletColumns) len() int { return len(b.X) }
