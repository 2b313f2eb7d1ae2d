package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/game"
)

// backdrop is the menus' moving background: a slow spiral of bullets from
// the screen's centre, simulated by the game's own bullet pool and drawn
// by the same batch as the play scene.
type backdrop struct {
	pool *game.BulletPool
	grid *game.Grid
	tick uint32
	uid  uint32
	w, h int
}

// backdropTiles sizes the backdrop's empty map to cover any window.
const backdropTiles = 160

func newBackdrop() *backdrop {
	return &backdrop{pool: game.NewBulletPool(1024), grid: game.NewGrid(backdropTiles, backdropTiles)}
}

// update spawns a volley every few ticks and moves the bullets; w, h is
// the screen, whose centre is the emitter.
func (b *backdrop) update(w, h int) {
	b.w, b.h = w, h
	b.tick++
	if b.tick%5 == 0 {
		b.volley(float64(w)/2, float64(h)/2)
	}
	b.pool.Step(b.tick, b.grid, nil)
}

func (b *backdrop) volley(cx, cy float64) {
	const arms = 7
	spin := float64(b.tick) * 0.013
	for i := range arms {
		a := spin + float64(i)*2*math.Pi/arms
		kind := uint8(b.tick/40) % kindsPerTeam
		b.uid++
		b.pool.Spawn(game.MakeBulletSpawn(b.uid, b.tick, cx, cy, a, 1.6, 0, 0.002, 6, 600, kind, game.TeamEnemy))
	}
}

func (b *backdrop) draw(dst *ebiten.Image, g *graphics) {
	g.bullets.draw(dst, b.pool, nil, camera{W: float64(b.w), H: float64(b.h)}, nil)
}
