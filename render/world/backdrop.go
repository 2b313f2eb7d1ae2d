package world

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/game"
	"duskfall/render/ui"
)

// Backdrop is the menus' moving background: the hub's floor lit from the
// middle and fading to black, and two slow spirals of hostile bullets
// from either side, simulated by the game's own bullet pool and drawn by
// the same batch and atlas as the play scene (docs/ART.md).
type Backdrop struct {
	pool *game.BulletPool
	grid *game.Grid
	tick uint32
	uid  uint32
	w, h int
}

// backdropTiles sizes the backdrop's empty map to cover any window.
const backdropTiles = 160

// The spirals: arms per volley, ticks between volleys and a bullet's life.
const (
	backdropArms  = 5
	backdropEvery = 6
	backdropLife  = 420
)

func NewBackdrop() *Backdrop {
	return &Backdrop{pool: game.NewBulletPool(1024), grid: game.NewGrid(backdropTiles, backdropTiles)}
}

// Update spawns a volley from each emitter every few ticks and moves the
// bullets; w, h is the screen. The emitters sit either side of the menu's
// card, so their spirals are seen, not hidden behind it.
func (b *Backdrop) Update(w, h int) {
	b.w, b.h = w, h
	b.tick++
	if b.tick%backdropEvery == 0 {
		b.volley(float64(w)*0.16, float64(h)*0.58, 1)
		b.volley(float64(w)*0.84, float64(h)*0.42, -1)
	}
	b.pool.Step(b.tick, b.grid, nil)
}

func (b *Backdrop) volley(cx, cy, turn float64) {
	spin := turn * float64(b.tick) * 0.011
	kind := uint8(b.tick/90) % KindsPerTeam
	if turn < 0 {
		kind = (kind + KindsPerTeam/2) % KindsPerTeam
	}
	for i := range backdropArms {
		a := spin + float64(i)*2*math.Pi/backdropArms
		b.uid++
		b.pool.Spawn(game.MakeBulletSpawn(b.uid, b.tick, cx, cy, a, 1.5, 0, turn*0.0025, 6, backdropLife, kind, game.TeamEnemy))
	}
}

func (b *Backdrop) Draw(dst *ebiten.Image, g *Graphics) {
	b.drawFloor(dst)
	g.Bullets.Draw(dst, PoolColumns(b.pool), nil, Camera{W: float64(b.w), H: float64(b.h)}, nil)
}

// drawFloor lays the hub's floor tiles over the screen, lit from the
// middle and dark at the edges, as a lantern-lit room is in play. Without
// the tile set the backdrop is the plain colour it is cleared to.
func (b *Backdrop) drawFloor(dst *ebiten.Image) {
	ts, err := loadTileSet("hub")
	if err != nil {
		return
	}
	const tile = float32(game.TileSize)
	cx, cy := float32(b.w)/2, float32(b.h)/2
	reach := float32(math.Hypot(float64(cx), float64(cy)))
	lit := func(x, y float32) ui.RGBA {
		d := float32(math.Hypot(float64(x-cx), float64(y-cy))) / reach
		k := 0.7 * (1 - float32(smoothstep(0.1, 1.05, float64(d))))
		return ui.RGBA{R: k, G: k * 0.93, B: k * 0.86, A: 1}
	}
	for ty := 0; float32(ty)*tile < float32(b.h); ty++ {
		for tx := 0; float32(tx)*tile < float32(b.w); tx++ {
			f := ts.Plains[tileHash(tx, ty)%uint32(len(ts.Plains))]
			x, y := float32(tx)*tile, float32(ty)*tile
			ts.Batch.quad4(dst, float32(f.Rect.Min.X), float32(f.Rect.Min.Y), float32(f.Rect.Dx()), x, y, tile,
				lit(x, y), lit(x+tile, y), lit(x, y+tile), lit(x+tile, y+tile))
		}
	}
	ts.Batch.Flush(dst)
}
