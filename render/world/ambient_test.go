package world

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/assets"
)

func TestAmbientMotion(t *testing.T) {
	look, err := assets.Shared()
	if err != nil {
		t.Fatal(err)
	}
	cam := Camera{X: 1000, Y: 1000, W: 1280, H: 720}
	run := func(id string, depth, frames int) *ambientMotion {
		p, _ := look.Place(id)
		var a ambientMotion
		a.reset(look.DepthPlace(p, depth), depth)
		for f := 1; f <= frames; f++ {
			a.step(f, cam)
		}
		return &a
	}
	t.Run("every place's air moves, in a pool that never overflows", func(t *testing.T) {
		for _, id := range []string{"hub", "proving_grounds", "catacombs", "sunken_keep"} {
			a := run(id, 1, 3000)
			assert.Positive(t, a.n, id)
			assert.LessOrEqual(t, a.n, maxMotes, id)
		}
	})
	t.Run("embers rise", func(t *testing.T) {
		a := run("catacombs", 1, 120)
		for _, m := range a.motes[:a.n] {
			assert.Negative(t, m.vy)
		}
	})
	t.Run("deeper floors have more embers and drops", func(t *testing.T) {
		for _, id := range []string{"catacombs", "sunken_keep"} {
			assert.Greater(t, run(id, 4, 600).n, run(id, 1, 600).n, id)
		}
	})
	t.Run("the same place moves the same way every time", func(t *testing.T) {
		assert.Equal(t, run("hub", 1, 500).motes, run("hub", 1, 500).motes)
	})
	t.Run("a step allocates nothing", func(t *testing.T) {
		a := run("sunken_keep", 1, 100)
		f := 100
		assert.Zero(t, allocsPerRun(100, func() { f++; a.step(f, cam) }))
	})
}
