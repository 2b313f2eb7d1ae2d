package game

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGridReads(t *testing.T) {
	g := NewGrid(3, 2)
	g.Set(1, 0, TileWall)
	g.Set(2, 1, TileFloor)
	cases := []struct {
		name   string
		tx, ty int
		tile   uint8
		solid  bool
	}{
		{"an unset tile reads as unknown and is not solid", 0, 0, TileUnknown, false},
		{"a wall is solid", 1, 0, TileWall, true},
		{"a floor is not solid", 2, 1, TileFloor, false},
		{"left of the map reads as wall", -1, 0, TileWall, true},
		{"below the map reads as wall", 0, 2, TileWall, true},
		{"right of the map reads as wall", 3, 1, TileWall, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.tile, g.At(c.tx, c.ty))
			assert.Equal(t, c.solid, g.Solid(c.tx, c.ty))
		})
	}
}

func TestGridInBounds(t *testing.T) {
	g := NewGrid(2, 1) // 64×32 u
	cases := []struct {
		name string
		x, y float64
		in   bool
	}{
		{"the origin is inside", 0, 0, true},
		{"just inside the far corner is inside", 63.9, 31.9, true},
		{"the far edge itself is outside", 64, 10, false},
		{"a negative coordinate is outside", -0.1, 10, false},
		{"NaN is outside", math.NaN(), 10, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.in, g.InBounds(c.x, c.y)) })
	}
}

func TestCircleSolid(t *testing.T) {
	m := asciiMap(t, "#####", "#...#", "#.#.#", "#...#", "#####") // a pillar at x,y 64..96
	cases := []struct {
		name string
		c    Vec
		r    float64
		hit  bool
	}{
		{"a small circle in the room is clear", Vec{48, 112}, 10, false},
		{"a circle touching a wall exactly is clear", Vec{42, 64}, 10, false},
		{"a circle crossing a wall face hits", Vec{40, 64}, 10, true},
		{"a circle reaching diagonally into a pillar's corner hits", Vec{58, 58}, 10, true},
		{"a circle whose box overlaps a corner but whose disc does not is clear", Vec{56, 56}, 10, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.hit, m.Grid.CircleSolid(c.c, c.r)) })
	}
}

func TestAimRoundTrip(t *testing.T) {
	for _, aim := range []uint16{0, 1, 16384, 32768, 49152, 65535} {
		assert.Equal(t, aim, AimFromAngle(AimAngle(aim)), "aim %d", aim)
	}
	assert.Equal(t, uint16(16384), AimFromAngle(math.Pi/2-4*math.Pi), "angles wrap into one turn")
	assert.Equal(t, uint16(0), AimFromAngle(math.NaN()), "NaN aims along +X")
}
