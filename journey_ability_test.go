//go:build !headless

package main

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
)

// The journeys of the abilities that move and that set up: a Corsair
// dashes where it aims, and a Trickster leaves its lure behind as it
// flies on.

// newPilotOf makes a first character of class on a first launch and
// waits until its arrival grace is over, so its ability may be used.
func newPilotOf(t *testing.T, class string) *player {
	t.Helper()
	c := journeyContent(t)
	p := launch(t, class, t.TempDir(), "--port", strconv.Itoa(freeUDPPort(t)))
	p.expect("duskfall: scene=menu")
	p.hostAndPlay("duskfall: scene=name", 1)
	p.typeText("Ada")
	p.key("Return")
	p.expect("duskfall: scene=class")
	p.makeCharacter(c, "Ada", class, false, 1)
	time.Sleep(time.Duration(game.SpawnGraceTicks)*time.Second/game.TickRate + 300*time.Millisecond)
	return p
}

// abilityAt is where the ship was on the last "duskfall: ability KIND
// WHAT at X,Y" line.
func (p *player) abilityAt(kind, what string) (x, y float64) {
	p.t.Helper()
	m := regexp.MustCompile(`^duskfall: ability ` + kind + ` ` + what + ` at (-?\d+),(-?\d+)$`).FindStringSubmatch(p.last("duskfall: ability " + kind + " " + what + " "))
	require.NotNil(p.t, m, "no ability line:\n%s", p.log())
	x, _ = strconv.ParseFloat(m[1], 64)
	y, _ = strconv.ParseFloat(m[2], 64)
	return x, y
}

// A Corsair standing still in the hub's court aims west and presses
// Space: its ship bursts four tiles west, and the bar says Dash is ready
// again two and a half seconds later, with the ship where the dash left it.
func TestJourneyCorsairDashes(t *testing.T) {
	needWindow(t)
	start := time.Now()
	p := newPilotOf(t, "corsair")
	p.at(p.w/10, p.h/2) // the pointer far west of the ship: it aims west
	p.screenshot("before-dash")
	p.until("duskfall: ability dash used at ", 1, func() { p.key("space") })
	p.screenshot("dashed")
	p.expect("duskfall: ability dash ready at ")
	p.screenshot("dash-ready")
	ux, uy := p.abilityAt("dash", "used")
	rx, ry := p.abilityAt("dash", "ready")
	// The line of the use comes a tick into the dash: the rest of its
	// 128 u are still to go, all of them west.
	assert.Greater(t, ux-rx, 96.0, "the ship dashed west (from %v,%v to %v,%v)", ux, uy, rx, ry)
	assert.InDelta(t, uy, ry, 24, "along its aim")
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}

// A Trickster presses Space and flies east: its lure stays where the ship
// was, drawn as the ship's pale double, until it is ready again.
func TestJourneyTricksterLeavesALure(t *testing.T) {
	needWindow(t)
	start := time.Now()
	p := newPilotOf(t, "trickster")
	p.until("duskfall: ability decoy used at ", 1, func() { p.key("space") })
	time.Sleep(200 * time.Millisecond) // drawn
	p.screenshot("lure-placed")
	p.hold("d", 700*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	p.screenshot("lure-left-behind")
	assert.False(t, p.saw("duskfall: ability decoy ready"), "a lure waits out its cooldown")
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}
