package world

import (
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
)

// ambientMotion is what moves in a place's air (docs/ART.md, "Places"):
// dust motes drifting in the hub, pollen bobbing over the Proving
// Grounds, embers rising in the Catacombs, drops falling in the Sunken
// Keep and ringing the water where they land. A fixed pool of specks is
// spawned around the camera on a schedule of frames from a seeded
// generator, so nothing allocates; they show only in sight, faint enough
// never to rival a bullet. Deeper floors have more embers and drops.
type ambientMotion struct {
	kind   string
	colour [3]float32
	every  int // frames between spawns
	motes  [maxMotes]mote
	n      int
	rng    rand.PCG
	frame  int // the last frame stepped
}

// maxMotes bounds the pool: the most specks in the air at once.
const maxMotes = 96

// mote is one speck. A drop falls while age < fall, then rings.
type mote struct {
	x, y, vx, vy float32 // world, u and u a frame
	age, life    int32   // frames
	fall         int32   // a drop: frames it falls before it lands
	size, phase  float32
}

// ambientFrames are the ambient sheet's frames, looked up once.
var ambientFrames struct {
	loaded                    bool
	mote, spark, streak, ring assets.Frame
}

// reset empties the air and sets it moving as place p does depth floors
// down.
func (a *ambientMotion) reset(p assets.Place, depth int) {
	a.kind, a.n = p.Ambient, 0
	a.rng.Seed(placeSeed(p.ID), uint64(depth))
	a.colour = unit(p.Light)
	deeper := min(depth-1, 4)
	switch p.Ambient {
	case assets.AmbientPollen:
		a.colour, a.every = unit(p.Accent), 5
	case assets.AmbientEmbers:
		a.every = max(4-deeper/2, 2)
	case assets.AmbientDrips:
		a.every = max(14-2*deeper, 6)
	default:
		a.every = 4
	}
}

// placeSeed is a place id hashed (FNV-1a), the seed of its motion.
func placeSeed(id string) uint64 {
	h := uint64(14695981039346656037)
	for i := range len(id) {
		h = (h ^ uint64(id[i])) * 1099511628211
	}
	return h
}

// step moves the specks on to frame, one update a frame since the last
// (at most a second of them, after a stall), spawning on the schedule
// around the camera.
func (a *ambientMotion) step(frame int, cam Camera) {
	if a.every == 0 {
		return
	}
	steps := min(frame-a.frame, 60)
	if steps < 0 || steps == 60 {
		steps = 1
	}
	a.frame = frame
	for k := range steps {
		if (frame-k)%a.every == 0 {
			a.spawn(cam)
		}
		a.advance(frame - k)
	}
}

// spawn adds a speck somewhere on or just above the screen, when the pool
// has room.
func (a *ambientMotion) spawn(cam Camera) {
	if a.n == maxMotes {
		return
	}
	r := func() float32 { return float32(a.rng.Uint64()>>40) / (1 << 24) } // 0 to 1
	m := mote{x: float32(cam.X) + r()*float32(cam.W), y: float32(cam.Y) + r()*float32(cam.H),
		size: 0.6 + 0.6*r(), phase: 6.28 * r()}
	switch a.kind {
	case assets.AmbientPollen:
		m.vx, m.vy, m.life = 0.15+0.2*r(), -0.05, int32(300+240*r())
	case assets.AmbientEmbers:
		m.vx, m.vy, m.life = (r()-0.5)*0.2, -0.5-0.5*r(), int32(100+90*r())
	case assets.AmbientDrips:
		m.fall = int32(14 + 8*r())
		m.vy = 4
		m.y -= float32(m.fall) * m.vy // it lands where it was placed
		m.life = m.fall + 40
	default:
		m.vx, m.vy, m.life = (r()-0.5)*0.25, (r()-0.5)*0.15, int32(240+240*r())
	}
	a.motes[a.n] = m
	a.n++
}

// advance moves every speck a frame and lets the spent ones go.
func (a *ambientMotion) advance(frame int) {
	t := float64(frame)
	for i := 0; i < a.n; {
		m := &a.motes[i]
		m.age++
		if m.age >= m.life {
			a.n--
			a.motes[i] = a.motes[a.n]
			continue
		}
		switch a.kind {
		case assets.AmbientPollen:
			m.x += m.vx
			m.y += m.vy + 0.25*float32(math.Sin(t*0.05+float64(m.phase)))
		case assets.AmbientEmbers:
			m.x += m.vx + 0.2*float32(math.Sin(t*0.09+float64(m.phase)))
			m.y += m.vy
		case assets.AmbientDrips:
			if m.age < m.fall {
				m.y += m.vy
			}
		default:
			m.x += m.vx
			m.y += m.vy
		}
		i++
	}
}

// draw adds the specks in sight to the screen, each as bright as the
// light map says that spot is in sight.
func (a *ambientMotion) draw(dst *ebiten.Image, b *spriteBatch, cam Camera, light *LightMap) {
	if !ambientFrames.loaded {
		s := b.sheet
		ambientFrames.mote, ambientFrames.spark = s.frame("mote"), s.frame("spark")
		ambientFrames.streak, ambientFrames.ring = s.frame("streak"), s.frame("ring")
		ambientFrames.loaded = true
	}
	for i := range a.n {
		m := &a.motes[i]
		sight := light.sightAt(float64(m.x), float64(m.y))
		if sight <= 0 {
			continue
		}
		x, y := cam.ToScreen(float64(m.x), float64(m.y))
		life := float32(m.age) / float32(m.life)
		fade := 4 * life * (1 - life) // in and out
		switch a.kind {
		case assets.AmbientEmbers:
			flick := 0.7 + 0.3*float32(math.Sin(float64(m.age)*0.7+float64(m.phase)))
			b.Sprite(dst, ambientFrames.spark, x, y, 0, 1, 0.6*m.size, glowTint(a.colour, 0.55*fade*flick*sight))
		case assets.AmbientDrips:
			a.drawDrop(dst, b, m, x, y, sight)
		case assets.AmbientPollen:
			b.Sprite(dst, ambientFrames.mote, x, y, 0, 1, 0.5*m.size, glowTint(a.colour, 0.4*fade*sight))
		default:
			b.Sprite(dst, ambientFrames.mote, x, y, 0, 1, 0.45*m.size, glowTint(a.colour, 0.28*fade*sight))
		}
	}
}

// drawDrop draws a falling drop, or the ring it spreads once it lands.
func (a *ambientMotion) drawDrop(dst *ebiten.Image, b *spriteBatch, m *mote, x, y, sight float32) {
	if m.age < m.fall {
		b.Sprite(dst, ambientFrames.streak, x, y, 0, 1, 0.8, glowTint(a.colour, 0.45*sight))
		return
	}
	t := float32(m.age-m.fall) / float32(m.life-m.fall)
	b.Sprite(dst, ambientFrames.ring, x, y, 0, 1, 0.25+0.9*t, glowTint(a.colour, 0.4*(1-t)*sight))
}
