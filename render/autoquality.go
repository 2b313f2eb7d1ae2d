package render

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/game"
	"duskfall/profile"
)

// Automatic graphics quality. The lights, glows and ambient motion cost
// fill rate, which a machine drawing in software (or a weak GPU) lacks: at
// the Auto setting the window starts high and, once it has played for
// autoSettle and then drawn under autoLowFPS for autoSlowSeconds in a row,
// drops to low for the rest of the session. It never climbs back on its
// own, so the look does not flicker between the two; High and Low in
// Settings pin it.
const (
	autoSettle      = 5 * game.TickRate // frames of play before judging: loading and the first chunks are slow
	autoLowFPS      = 50                // a 60 Hz display drawn this slowly for long is not keeping up
	autoSlowSeconds = 3
)

// autoQuality is the Auto setting's state for the session.
type autoQuality struct {
	lowered bool
	slow    int     // seconds in a row under autoLowFPS
	fps     float64 // the rate that lowered it, for Settings' words
}

// graphicsQuality is the Auto setting's judge, kept by the app for the
// session: the play scene asks it whether the costly effects are drawn,
// and tells it the frame rate once a second of play.
type graphicsQuality interface {
	highQuality() bool
	judgeQuality(playing int, fps float64)
}

var _ graphicsQuality = (*app)(nil)

// highQuality says whether the expensive effects are drawn now.
func (a *app) highQuality() bool {
	switch a.settings.Quality {
	case profile.QualityLow:
		return false
	case profile.QualityAuto:
		return !a.auto.lowered
	}
	return true
}

// judgeQuality is called once a second of play with the frame rate; at
// Auto it lowers the quality when the window has been slow for long.
func (a *app) judgeQuality(playing int, fps float64) {
	if a.settings.Quality != profile.QualityAuto || a.auto.lowered || playing < autoSettle {
		return
	}
	if fps >= autoLowFPS {
		a.auto.slow = 0
		return
	}
	a.auto.slow++
	if a.auto.slow >= autoSlowSeconds {
		a.auto.lowered, a.auto.fps = true, fps
		fmt.Fprintf(a.logw, "duskfall: graphics: auto quality lowered to low (%.0f fps)\n", fps)
	}
}

// qualityWords is the Graphics row's value.
func (a *app) qualityWords() string {
	switch a.settings.Quality {
	case profile.QualityHigh:
		return "High"
	case profile.QualityLow:
		return "Low (fast)"
	}
	if a.auto.lowered {
		return fmt.Sprintf("Auto: low (the window drew %.0f fps)", a.auto.fps)
	}
	return "Auto: high"
}

// actualFPS is the window's frame rate, a seam for tests.
var actualFPS = ebiten.ActualFPS
