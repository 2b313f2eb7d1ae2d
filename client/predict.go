package client

import (
	"math"

	"duskfall/game"
)

// Reconciliation constants (NETCODE.md, "Prediction and reconciliation").
const (
	SnapDistance      = 24   // u: a larger error is applied at once
	SmoothFactor      = 0.3  // share of the remaining visual error removed per frame
	CorrectionEpsilon = 0.01 // u: smaller differences are float noise, not corrections
)

// predictor holds the own ship: pos is the predicted simulation position,
// offset the visual error still being smoothed away (drawn = pos + offset).
type predictor struct {
	ready  bool
	dead   bool
	pos    game.Vec
	offset game.Vec
}

// step moves the ship by one frame, dash its dash move (zero: none), as
// the server does (game.MoveShip).
func (p *predictor) step(f game.Input, dash game.Vec, stats game.PlayerStats, g *game.Grid) {
	if p.dead {
		return
	}
	p.pos = game.MoveShip(p.pos, f, dash, stats, g)
}

// smooth removes a share of the visual error each frame, so jitter never
// reads as rubber-banding.
func (p *predictor) smooth() {
	p.offset.X *= 1 - SmoothFactor
	p.offset.Y *= 1 - SmoothFactor
	if math.Abs(p.offset.X) < 1e-3 && math.Abs(p.offset.Y) < 1e-3 {
		p.offset = game.Vec{}
	}
}

// drawn is where the ship is shown.
func (p *predictor) drawn() game.Vec {
	return game.Vec{X: p.pos.X + p.offset.X, Y: p.pos.Y + p.offset.Y}
}

// reconcile takes the server's record of the own ship, drops the frames it
// has consumed and replays the rest from the authoritative position.
func (r *Runtime) reconcile(self *game.PlayerState) {
	acked := r.snap.LastInputTick
	drop := 0
	for drop < len(r.pending) && int32(r.pending[drop].Tick-acked) <= 0 {
		drop++
	}
	r.pending = append(r.pending[:0], r.pending[drop:]...)

	wasReady, wasDead := r.pred.ready, r.pred.dead
	before := r.pred.drawn()
	predicted := r.pred.pos
	r.pred.dead = self.Flags&game.PlayerDead != 0
	r.ability.grace = self.Flags&game.PlayerGrace != 0
	r.pred.ready = true
	r.pred.pos = game.Vec{X: float64(self.X), Y: float64(self.Y)}
	for _, f := range r.pending {
		r.pred.step(f, r.ability.dashOf(f.Tick), r.pstats, r.grid)
	}
	if !wasReady || wasDead || r.pred.dead {
		// Arriving, dying and respawning move the ship by rule, not by a
		// misprediction: place it without counting a correction.
		r.pred.offset = game.Vec{}
		return
	}
	r.noteCorrection(predicted, before)
}

func (r *Runtime) noteCorrection(predicted, drawnBefore game.Vec) {
	err := math.Hypot(r.pred.pos.X-predicted.X, r.pred.pos.Y-predicted.Y)
	r.stats.Reconciles++
	r.stats.SumCorrection += err
	if err <= CorrectionEpsilon {
		return
	}
	r.stats.Corrections++
	r.stats.MaxCorrection = max(r.stats.MaxCorrection, err)
	if err > SnapDistance {
		r.stats.Snaps++
		r.pred.offset = game.Vec{}
		return
	}
	r.pred.offset = game.Vec{X: drawnBefore.X - r.pred.pos.X, Y: drawnBefore.Y - r.pred.pos.Y}
}

// PredictedPos is the own ship's predicted simulation position (no
// smoothing): what the server will compute once it has the pending frames.
func (r *Runtime) PredictedPos() (game.Vec, bool) { return r.pred.pos, r.pred.ready }

// PendingFrames is how many sent frames the server has not acknowledged.
func (r *Runtime) PendingFrames() int { return len(r.pending) }
