package world

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

// Deaths: an enemy that dies breaks into the shards of its sprite, which
// fly out, tumble and fade over 0.4 s among a burst of sparks in its own
// light and a ring of it; a boss breaks apart bigger and longer (1 s):
// it trembles, its cracks lit, then bursts. Every death lives in a fixed
// array, and its shards and sparks are worked out from the death alone,
// so drawing allocates nothing (docs/ART.md, rule 6).

// Death timings, in frames.
const (
	DeathFrames     = 24 // a common enemy's shards fly this long
	BossDeathFrames = 60
	bossTremble     = 0.15 // share of a boss's death it trembles before it bursts
	sparkFrames     = 18
	bossSparkFrames = 34
	HideFrames      = 30 // a dead enemy still in the snapshots is not drawn this long
	deathSlots      = 24
	deathPopFrames  = 8 // a common death's pop of light
)

// colDeathPop is the pop of light where a common enemy dies.
var colDeathPop = ui.Rgb8(255, 240, 210, 0.9)

// death is one enemy breaking apart.
type death struct {
	kind    uint8
	id      uint16
	X, Y    float64 // world
	heading float64 // its turn when it died, for kinds that face their way
	born    int     // frame
	boss    bool
	Alive   bool
}

// DeathFX turns the deaths the runtime hears of into bursts.
type DeathFX struct {
	Deaths [deathSlots]death
	seen   int // hit marks already read (client.Runtime.HitsSince)
	onMark func(client.HitMark)

	inst uint16 // the instance the deaths were in

	// What onMark needs, set by update before it reads the marks.
	Enemies []client.Actor
	Art     *ActorArt
	Memory  *EnemyMemory
	fog     *client.Fog
	Frame   int
}

func NewDeathFX() *DeathFX {
	d := &DeathFX{}
	d.onMark = d.Mark
	return d
}

// update reads the deaths since the last frame; a new instance forgets
// the bursts of the last.
func (d *DeathFX) update(rt *client.Runtime, art *ActorArt, memory *EnemyMemory, fog *client.Fog, frame int) {
	if inst, _ := rt.Instance(); inst != d.inst {
		d.inst = inst
		d.forget()
	}
	d.Enemies, d.Art, d.Memory, d.fog, d.Frame = rt.Enemies(), art, memory, fog, frame
	d.seen = rt.HitsSince(d.seen, d.onMark)
}

// Mark starts a burst for an enemy's death where it is drawn, if the own
// ship can see it there: the death event names the enemy, and its kind
// and place are the view's.
func (d *DeathFX) Mark(h client.HitMark) {
	ev := &h.Event
	if ev.Kind != game.EvDeath || ev.Actor != game.ActorEnemy {
		return
	}
	for _, e := range d.Enemies {
		if e.ID != ev.ID {
			continue
		}
		if d.fog != nil && !d.fog.CanSee(e.Pos) {
			return
		}
		dd := death{kind: e.Kind, id: e.ID, X: e.Pos.X, Y: e.Pos.Y, born: d.Frame, Alive: true}
		if k, ok := d.Art.Kind(e.Kind); ok {
			dd.boss = k.Boss
			if k.faces {
				dd.heading = d.Memory[int(e.ID)%enemyNotes].Heading
			}
		}
		*d.slot() = dd
		return
	}
}

// slot is a free death, or the oldest.
func (d *DeathFX) slot() *death {
	slot := &d.Deaths[0]
	for i := range d.Deaths {
		if dd := &d.Deaths[i]; !dd.Alive || dd.born < slot.born {
			slot = dd
			if !dd.Alive {
				break
			}
		}
	}
	return slot
}

// Hidden reports whether an enemy just died: its burst stands in for it
// while the snapshots still hold it.
func (d *DeathFX) Hidden(id uint16, frame int) bool {
	for i := range d.Deaths {
		if dd := &d.Deaths[i]; dd.Alive && dd.id == id && frame-dd.born < HideFrames {
			return true
		}
	}
	return false
}

// forget drops every burst: the world they were in is gone.
func (d *DeathFX) forget() {
	for i := range d.Deaths {
		d.Deaths[i].Alive = false
	}
}

// life is how long a death lasts, in frames.
func (dd *death) life() int {
	if dd.boss {
		return BossDeathFrames
	}
	return DeathFrames
}

// Draw draws every burst under way.
func (d *DeathFX) Draw(dst *ebiten.Image, a *ActorArt, v *ActorView) {
	for i := range d.Deaths {
		dd := &d.Deaths[i]
		age := v.Frame - dd.born
		if !dd.Alive || age < 0 || age >= dd.life() {
			dd.Alive = false
			continue
		}
		k, known := a.Kind(dd.kind)
		reach := float64(DefaultEnemyRadius)
		hue := ui.Rgb8(255, 230, 160, 1)
		if known {
			reach, hue = float64(k.Radius), k.Hue
		}
		if !v.Cam.Visible(dd.X, dd.Y, reach*6) {
			continue
		}
		x, y := v.Cam.ToScreen(dd.X, dd.Y)
		if known && age < dd.life() {
			drawShards(dst, k, dd, x, y, float64(age)/float64(dd.life()))
		}
		drawBurst(dst, a, dd, x, y, float32(reach), hue, age)
	}
}

// jitter is a number in [0, 1) fixed by a death and an index: each shard
// and spark of a death goes its own way, the same way every frame.
func jitter(id uint16, born, j int) float64 {
	h := uint32(id)*0x9e3779b1 ^ uint32(born)*0x85ebca6b ^ uint32(j)*0xc2b2ae35
	h ^= h >> 16
	h *= 0x7feb352d
	h ^= h >> 15
	h *= 0x846ca68b
	h ^= h >> 16
	return float64(h) / (1 << 32)
}

// drawShards draws a death's shards at t (0 to 1) of its life: each flies
// out from the body's middle through its own, tumbling, shrinking and
// fading; a boss's tremble first.
func drawShards(dst *ebiten.Image, k *kindArt, dd *death, x, y float32, t float64) {
	fly, spin, far := t, 5.0, 1.4
	if dd.boss {
		fly, spin, far = max(0, (t-bossTremble)/(1-bossTremble)), 2.5, 1.1
	}
	ease := 1 - (1-fly)*(1-fly)
	alpha := float32(1 - t*t)
	scale := float32(1 - 0.3*fly)
	hs, hc := math.Sincos(dd.heading)
	for j, s := range k.Shards {
		r := jitter(dd.id, dd.born, j)
		sx := float64(s.dx)*hc - float64(s.dy)*hs
		sy := float64(s.dx)*hs + float64(s.dy)*hc
		dx, dy := sx, sy
		if l := math.Hypot(dx, dy); l > 0.5 {
			dx, dy = dx/l, dy/l
		} else {
			dy, dx = math.Sincos(r * 2 * math.Pi)
		}
		dist := float64(k.Radius) * (far + 1.6*r) * ease
		turn := dd.heading + (2*r-1)*spin*ease
		if dd.boss && fly == 0 { // trembling in place
			turn += 0.02 * math.Sin(t*400+float64(j))
		}
		// The frame is anchored at the body's position: place that point
		// so the shard's own middle lands where it has flown to.
		ts, tc := math.Sincos(turn)
		ox := (float64(s.dx)*tc - float64(s.dy)*ts) * float64(scale)
		oy := (float64(s.dx)*ts + float64(s.dy)*tc) * float64(scale)
		cx, cy := float64(x)+sx+dx*dist, float64(y)+sy+dy*dist
		ax, ay := float32(cx-ox), float32(cy-oy)
		k.Layer.Body.Sprite(dst, s.frame, ax, ay, float32(turn), 1, scale, ui.RGBA{R: 1, G: 1, B: 1, A: alpha})
		hot := float32(1 - t) // the pieces burn in its light, cooling as they fly
		k.Layer.Light.Sprite(dst, s.frame, ax, ay, float32(turn), 1, scale, k.Hue.Alpha(0.8*hot))
	}
}

// drawBurst draws a death's sparks and ring, age frames in; a boss's come
// as it bursts, bigger, with a flash.
func drawBurst(dst *ebiten.Image, a *ActorArt, dd *death, x, y, reach float32, hue ui.RGBA, age int) {
	sparks, life, start := 14, sparkFrames, 0
	if dd.boss {
		sparks, life, start = 32, bossSparkFrames, int(bossTremble*BossDeathFrames)
		if age < start { // the cracks open: light leaks
			a.Fx.Light.Sprite(dst, a.Dot, x, y, 0, 1, reach/fxDotRadius*0.8, hue.Alpha(float32(age)/float32(start)*0.6))
			return
		}
		if flash := age - start; flash < 10 {
			a.Fx.Light.Sprite(dst, a.Dot, x, y, 0, 1, reach/fxDotRadius, colDeathPop.Alpha(0.8*(1-float32(flash)/10)))
		}
	}
	age -= start
	if age >= life {
		return
	}
	if !dd.boss && age < deathPopFrames { // the moment it goes: a pop of light
		a.Fx.Light.Sprite(dst, a.Dot, x, y, 0, 1, reach/fxDotRadius*0.7, colDeathPop.Alpha(1-float32(age)/deathPopFrames))
	}
	t := float64(age) / float64(life)
	ease := float32(1 - (1-t)*(1-t)*(1-t))
	fade := float32(1 - t)
	spark := hue.Scale(0.7)
	spark = ui.RGBA{R: spark.R + 0.3, G: spark.G + 0.3, B: spark.B + 0.3, A: fade}
	for j := range sparks {
		r, far := jitter(dd.id, dd.born, 100+j), jitter(dd.id, dd.born, 200+j)
		s, c := math.Sincos((float64(j) + 0.9*r) * 2 * math.Pi / float64(sparks))
		dist := reach * (0.5 + 2.6*float32(far*far)) * ease // most stay near, a few fly far
		a.Fx.Light.Sprite(dst, a.Spark, x+float32(c)*dist, y+float32(s)*dist, float32(math.Atan2(s, c)), 1, 2.4-1.2*float32(t), spark)
	}
	ring, scale := a.ringOf(reach * (0.8 + 1.8*ease))
	a.Fx.Light.Sprite(dst, ring, x, y, 0, 1, scale, hue.Alpha(fade))
}
