//go:build frames

package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/profile"
	"duskfall/render/ui"
)

// BenchmarkDeathFrame draws whole frames of the death screen inside the
// running game, as the window does: the replay of a death in the Proving
// Grounds drawn by the world's drawers, its words and the lockout. The
// frame's allocations at steady state are Ebitengine's own (its draw
// calls), as BenchmarkPlayFrame's are: a memory profile focused on
// deathScene.Draw lists no Duskfall function (docs/PERFORMANCE.md).
//
//	scripts/with-display.sh go test -tags frames -run '^$' -bench DeathFrame -benchmem ./render
func BenchmarkDeathFrame(b *testing.B) {
	for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
		b.Run(q, func(b *testing.B) {
			h, d := dieInADungeon(b)
			h.a.settings.Quality = q
			screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
			draw := func() {
				d.frames++ // the replay plays on, as Update moves it
				h.a.Draw(screen)
			}
			for range 3 * d.replay.Len() {
				inFrame(draw) // every frame of the replay once: the buffers grow to the busiest
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				inFrame(draw)
			}
		})
	}
}
