package client

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// walker is the stats these tests move with: 4 u a tick.
var walker = game.PlayerStats{Speed: 4, Radius: 10, MaxHP: 100}

// predictingClient is a Runtime holding only what reconciliation reads: an
// open 40×40 map, the own player id 1 and a ship predicted at x = 100.
func predictingClient() *Runtime {
	g := game.NewGrid(40, 40)
	for i := range g.Tiles {
		g.Tiles[i] = game.TileFloor
	}
	r := &Runtime{id: 1, grid: g, pstats: walker}
	r.pred = predictor{ready: true, pos: game.Vec{X: 100, Y: 100}}
	return r
}

// east is the frame numbered tick walking east at full speed.
func east(tick uint32) game.Input { return game.Input{Tick: tick, MoveX: 100} }

// sendEast predicts n frames walking east, numbered from first, as
// SendInput does.
func (r *Runtime) sendEast(first uint32, n int) {
	for i := range n {
		f := east(first + uint32(i))
		r.pending = append(r.pending, f)
		r.pred.step(f, game.Vec{}, r.pstats, r.grid)
	}
}

// serverSays reconciles against the server's record at x with frames up
// to acked consumed.
func (r *Runtime) serverSays(x float32, acked uint32, flags uint8) {
	r.snap = wire.Snapshot{Tick: acked, LastInputTick: acked}
	r.reconcile(&game.PlayerState{ID: 1, X: x, Y: 100, HP: 100, MaxHP: 100, Flags: flags})
}

func TestReconciliation(t *testing.T) {
	t.Run("frames the server consumed are dropped and the rest replayed from its position", func(t *testing.T) {
		r := predictingClient()
		r.sendEast(1, 5) // predicted at 120
		r.serverSays(108, 2, 0)
		require.Len(t, r.pending, 3, "frames 3 to 5 are still in flight")
		assert.Equal(t, uint32(3), r.pending[0].Tick)
		assert.InDelta(t, 120, r.pred.pos.X, 1e-9, "108 plus three frames of 4 u")
		assert.Zero(t, r.stats.Corrections, "the prediction was right")
		assert.Equal(t, 1, r.stats.Reconciles)
	})
	t.Run("a small error is corrected at once but smoothed on screen", func(t *testing.T) {
		r := predictingClient()
		r.sendEast(1, 5)
		r.serverSays(104, 2, 0) // the server is 4 u behind the prediction
		assert.InDelta(t, 116, r.pred.pos.X, 1e-9)
		assert.Equal(t, 1, r.stats.Corrections)
		assert.InDelta(t, 4, r.pred.offset.X, 1e-9, "the ship is still drawn where it was")
		assert.InDelta(t, 120, r.pred.drawn().X, 1e-9)
		r.pred.smooth()
		assert.InDelta(t, 4*(1-SmoothFactor), r.pred.offset.X, 1e-9, "and eases toward the truth")
		assert.InDelta(t, 4, r.stats.MaxCorrection, 1e-9)
	})
	t.Run("an error beyond SnapDistance is applied at once and counted as a snap", func(t *testing.T) {
		r := predictingClient()
		r.sendEast(1, 5)
		r.serverSays(60, 2, 0)
		assert.Equal(t, 1, r.stats.Snaps)
		assert.Zero(t, r.pred.offset, "no smoothing across a snap")
		assert.InDelta(t, 72, r.pred.drawn().X, 1e-9)
	})
	t.Run("dying, respawning and arriving move the ship by rule, not as corrections", func(t *testing.T) {
		r := predictingClient()
		r.sendEast(1, 3)
		r.serverSays(500, 1, game.PlayerDead)
		assert.True(t, r.pred.dead)
		r.sendEast(4, 3)
		assert.InDelta(t, 500, r.pred.pos.X, 1e-9, "a dead ship does not move")
		r.serverSays(300, 4, 0) // respawned elsewhere
		r2 := predictingClient()
		r2.pred = predictor{}
		r2.sendEast(1, 2)
		r2.serverSays(50, 1, 0) // the first snapshot of an arrival places the ship
		assert.Zero(t, r.stats.Corrections+r2.stats.Corrections)
		assert.InDelta(t, 308, r.pred.pos.X, 1e-9, "the respawned ship replays frames 5 and 6, still in flight")
		assert.InDelta(t, 54, r2.pred.pos.X, 1e-9)
	})
	t.Run("differences below CorrectionEpsilon are float noise", func(t *testing.T) {
		r := predictingClient()
		r.sendEast(1, 2)
		r.serverSays(104.001, 1, 0)
		assert.Zero(t, r.stats.Corrections)
		assert.InDelta(t, 0.001, r.stats.SumCorrection, 1e-4, "but they count toward the mean")
	})
}

func TestSmoothingSettlesToZero(t *testing.T) {
	p := predictor{offset: game.Vec{X: 3, Y: -2}}
	for range 40 {
		p.smooth()
	}
	assert.Equal(t, game.Vec{}, p.offset, "a tiny leftover is cleared, not chased forever")
}

// The ship is never predicted into a tile the client has not been
// streamed: what is there may be wall, and the server would stop the ship
// where the prediction ran on, a snap on the next snapshot.
func TestTheShipIsHeldAtTilesNotYetStreamed(t *testing.T) {
	r := predictingClient()
	for ty := range 40 { // tile column 5 (x 160 to 192) not streamed yet
		r.grid.Set(5, ty, game.TileUnknown)
	}
	t.Run("a move that would come beside an unknown tile keeps its aim and buttons but not its movement", func(t *testing.T) {
		f := r.holdAtUnknown(game.Input{Tick: 1, MoveX: 100, Aim: 7, Buttons: game.BtnFire})
		assert.Equal(t, game.Input{Tick: 1, MoveX: 100, Aim: 7, Buttons: game.BtnFire}, f, "at x 100 the column is 50 u away")
		r.pred.pos.X = 146 // the rim at 156, the unknown tile at 160
		f = r.holdAtUnknown(game.Input{Tick: 2, MoveX: 100, Aim: 7, Buttons: game.BtnFire})
		assert.Equal(t, game.Input{Tick: 2, Aim: 7, Buttons: game.BtnFire}, f)
		assert.Equal(t, 1, r.stats.HeldAtUnknown)
	})
	t.Run("a move away from it is not held", func(t *testing.T) {
		f := r.holdAtUnknown(game.Input{Tick: 3, MoveX: -100})
		assert.EqualValues(t, -100, f.MoveX)
	})
	t.Run("once the chunk arrives the ship moves on", func(t *testing.T) {
		for ty := range 40 {
			r.grid.Set(5, ty, game.TileFloor)
		}
		f := r.holdAtUnknown(game.Input{Tick: 4, MoveX: 100})
		assert.EqualValues(t, 100, f.MoveX)
	})
}
