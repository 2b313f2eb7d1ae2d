package game

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchMap is a 60×40 walled room with a few pillars, 8 player spawns and a
// ring of turrets and walkers: the size of the arena.
func benchMap(b *testing.B) *Map {
	rows := make([]string, 40)
	for y := range rows {
		row := []byte(strings.Repeat(".", 60))
		row[0], row[59] = '#', '#'
		if y == 0 || y == 39 {
			row = []byte(strings.Repeat("#", 60))
		}
		rows[y] = string(row)
	}
	put := func(x, y int, c byte) {
		r := []byte(rows[y])
		r[x] = c
		rows[y] = string(r)
	}
	for k := range 8 {
		put(6+k*6, 20, 'P')
	}
	for _, p := range [][2]int{{10, 5}, {30, 5}, {50, 5}, {10, 34}, {30, 34}, {50, 34}} {
		put(p[0], p[1], '1')
		put(p[0]+2, p[1]+1, '3')
	}
	for _, p := range [][2]int{{20, 12}, {40, 12}, {20, 28}, {40, 28}} {
		put(p[0], p[1], '#')
	}
	return asciiMap(b, rows...)
}

// orbiter is a long-lived turning bullet that circles in place, so the live
// count stays put while every bullet still moves, turns and is tested.
func orbiter(w *World, r *rand.Rand, team uint8) BulletSpawn {
	x := 80 + r.Float64()*(60*TileSize-160)
	y := 80 + r.Float64()*(40*TileSize-160)
	return MakeBulletSpawn(w.newUID(), w.Tick(), x, y, r.Float64()*2*math.Pi, 2, 0, 0.05,
		3+r.Float64()*5, math.MaxUint16, uint8(r.IntN(4)), team)
}

// BenchmarkWorldStep10kBullets measures one server tick with 10,000 live
// bullets, 8 players moving and firing, and 12 enemies. Bullets consumed by
// hits are topped up outside the timer.
func BenchmarkWorldStep10kBullets(b *testing.B) {
	const target = 10000
	w := NewWorld(benchMap(b), testContent(), 1)
	r := rand.New(rand.NewPCG(1, 1))
	for id := uint16(1); id <= 8; id++ {
		w.AddPlayer(id)
		p := w.player(id)
		p.grace, p.stats.MaxHP, p.hp = 0, math.MaxInt16, math.MaxInt16
	}
	topUp := func() {
		for w.bullets.Len() < target {
			team := TeamEnemy
			if r.IntN(4) == 0 {
				team = TeamPlayer
			}
			if slot := w.bullets.Spawn(orbiter(w, r, team)); slot >= 0 {
				w.bullets.Damage[slot] = 1
			}
		}
	}
	step := func() {
		for id := uint16(1); id <= 8; id++ {
			w.QueueInput(id, scriptedInput(id, w.Tick()+1))
		}
		w.Step()
	}
	topUp()
	for range 200 { // reach steady state: every buffer at its working size
		step()
		topUp()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		step()
		if w.bullets.Len() < target-200 {
			b.StopTimer()
			topUp()
			b.StartTimer()
		}
	}
	b.ReportMetric(float64(w.bullets.Len()), "bullets")
}

// BenchmarkBulletPoolStep measures a client replica integrating 10,000
// bullets for one tick.
func BenchmarkBulletPoolStep(b *testing.B) {
	w := NewWorld(benchMap(b), testContent(), 1)
	r := rand.New(rand.NewPCG(2, 2))
	p := NewBulletPool(10000)
	for p.Len() < 10000 {
		p.Spawn(orbiter(w, r, TeamEnemy))
	}
	var kills []WallKill
	now := w.Tick()
	b.ReportAllocs()
	for b.Loop() {
		now++
		kills = p.Step(now, w.Grid(), kills[:0])
	}
	b.ReportMetric(float64(p.Len()), "bullets")
}

// BenchmarkStepPlayer measures one movement step sliding along a wall.
func BenchmarkStepPlayer(b *testing.B) {
	g := benchMap(b).Grid
	st := testStats()
	pos := Vec{40 + st.Radius - 2, 300}
	in := Input{MoveX: -90, MoveY: 60}
	b.ReportAllocs()
	for b.Loop() {
		next := StepPlayer(pos, in, st, g)
		if next.Y > 1000 {
			next.Y = 300
		}
		pos = next
	}
}
