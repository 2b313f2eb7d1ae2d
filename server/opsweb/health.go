package opsweb

import (
	"fmt"
	"time"

	"duskfall/server"
)

// DefaultStallAfter is how long the loop may go without starting a Step
// before /healthz says it stalled: 60 ticks. The loop itself gives up
// catching up after 250 ms behind, so a healthy server never comes near.
const DefaultStallAfter = time.Second

// live says whether the loop ticks, and why not: it must be running and
// its latest Step must have started within stallAfter of now.
func live(v server.Vitals, now time.Time, stallAfter time.Duration) (bool, string) {
	switch v.Phase {
	case server.PhaseIdle:
		return false, "not running: the loop has not started"
	case server.PhaseStopping:
		return false, "stopping: the server is saying goodbye to its players"
	case server.PhaseStopped:
		return false, "stopped"
	}
	if v.LastStep.IsZero() {
		return false, "starting: no tick yet"
	}
	if age := now.Sub(v.LastStep); age > stallAfter {
		return false, fmt.Sprintf("stalled: no tick for %v", age.Round(time.Millisecond))
	}
	return true, "ok: ticking"
}

// ready says whether the server takes a player now: it ticks and its
// latest status has a free place (before the first status, a second in,
// it has every place free).
func ready(v server.Vitals, now time.Time, stallAfter time.Duration) (bool, string) {
	if ok, why := live(v, now, stallAfter); !ok {
		return false, why
	}
	players := 0
	if v.HasStatus {
		players = v.Status.Players
	}
	if players >= v.MaxPlayers {
		return false, fmt.Sprintf("full: %d of %d players", players, v.MaxPlayers)
	}
	return true, fmt.Sprintf("ready: %d of %d players", players, v.MaxPlayers)
}
