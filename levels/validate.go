package levels

import (
	"fmt"
	"math"
	"strings"

	"duskfall/game"
)

// Limits of what content may ask for.
const (
	maxLifeTicks   = game.MaxBulletLife // a bullet lives at most 10 s
	maxRadius      = 64.0               // u, bullets and actors
	maxBulletSpeed = 30 * game.TickRate // u/s: under a tile per tick, so no bullet skips a wall
	maxActorSpeed  = 600.0              // u/s
	maxCount       = 128                // bullets per volley
	maxVolleys     = 64
	maxTurn        = float64(math.MaxInt16) / game.TurnScale * game.TickRate * 180 / math.Pi // deg/s the wire carries
)

// check records the first broken rule about one item; later rules are
// skipped, so validation fails fast with one precise message.
type check struct {
	file, item string
	err        *Error
}

// rule fails with key item+": "+field unless ok.
func (c *check) rule(ok bool, field, format string, args ...any) {
	if c.err == nil && !ok {
		c.err = fail(c.file, c.item+": "+field, format, args...)
	}
}

// words checks that a player-facing text holds no digit: the window makes
// every number a player reads from the content's keys (render/hud/figures.go),
// so none is typed into words that could fall out of step with them.
func (c *check) words(text, field string) {
	c.rule(!strings.ContainsAny(text, "0123456789"), field,
		"%q holds a number: the window says every number from the keys, so the words are flavour only", text)
}

// between checks lo <= v <= hi.
func (c *check) between(v, lo, hi float64, field string) {
	c.rule(v >= lo && v <= hi, field, "%v is outside [%v, %v]", v, lo, hi)
}

// positive checks 0 < v <= hi.
func (c *check) positive(v, hi float64, field string) {
	c.rule(v > 0 && v <= hi, field, "%v is outside (0, %v]", v, hi)
}

// itemKey names an entry by id, or by position when the id is missing.
func itemKey(table, id string, i int) string {
	if id == "" {
		return fmt.Sprintf("%s[%d]", table, i)
	}
	return fmt.Sprintf("%s %q", table, id)
}

// validateContent is the one validation pass over the decoded content files.
func validateContent(pats rawPatterns, ens rawEnemies, pl rawPlayer) (*game.Content, error) {
	c := &game.Content{}
	ids := map[string]int{}
	for i, r := range pats.Pattern {
		p, err := convertPattern(r, i, ids)
		if err != nil {
			return nil, err
		}
		ids[p.ID] = i
		c.Patterns = append(c.Patterns, p)
	}
	if len(c.Patterns) == 0 {
		return nil, fail(PatternsFile, "pattern", "no patterns")
	}
	seen := map[string]bool{}
	for i, r := range ens.Enemy {
		e, err := convertEnemy(r, i, ids, seen)
		if err != nil {
			return nil, err
		}
		seen[e.ID] = true
		c.Enemies = append(c.Enemies, e)
	}
	if err := addElites(ens, ids, c); err != nil {
		return nil, err
	}
	if len(c.Enemies) == 0 || len(c.Enemies) > math.MaxUint8+1 {
		return nil, fail(EnemiesFile, "enemy", "%d enemy kinds, want 1 to 256", len(c.Enemies))
	}
	var err error
	c.Player, err = convertPlayer(pl)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// convertPattern checks one pattern and converts it to simulation units.
func convertPattern(r rawPattern, i int, ids map[string]int) (game.Pattern, error) {
	c := check{file: PatternsFile, item: itemKey("pattern", r.ID, i)}
	_, dup := ids[r.ID]
	c.rule(r.ID != "", "id", "missing")
	c.rule(!dup, "id", "duplicate")
	c.rule(r.Name != "", "name", "missing")
	kind, ok := game.ParsePatternKind(r.Kind)
	c.rule(ok, "kind", "unknown pattern kind %q (want ring, fan, spiral or shotgun)", r.Kind)
	c.rule(r.Count >= 1 && r.Count <= maxCount, "count", "%d bullets, want 1 to %d", r.Count, maxCount)
	c.between(r.Spread, 0, 360, "spread")
	c.rule(kind != game.PatternFan || r.Count == 1 || r.Spread > 0, "spread", "a fan of %d bullets needs a spread", r.Count)
	c.between(r.Jitter, 0, 0.9, "jitter")
	c.between(r.Speed, 0, maxBulletSpeed, "speed")
	top := r.Speed*(1+r.Jitter) + max(r.Accel, 0)*float64(r.LifeTicks)/game.TickRate
	c.rule(top <= maxBulletSpeed, "accel", "reaches %.0f u/s, over the %d u/s limit", top, maxBulletSpeed)
	c.between(r.Turn, -maxTurn, maxTurn, "turn")
	c.positive(r.Radius, maxRadius, "radius")
	c.rule(r.LifeTicks >= 1 && r.LifeTicks <= maxLifeTicks, "life_ticks", "%d ticks, want 1 to %d (10 s)", r.LifeTicks, maxLifeTicks)
	c.between(float64(r.BulletKind), 0, math.MaxUint8, "bullet_kind")
	c.between(float64(r.Damage), 1, math.MaxInt16, "damage")
	c.between(float64(r.Volleys), 0, maxVolleys, "volleys")
	c.rule(r.VolleyDelay >= 0 && (r.Volleys <= 1 || r.VolleyDelay >= 1), "volley_delay_ticks",
		"%d ticks, want at least 1 between %d volleys", r.VolleyDelay, r.Volleys)
	c.between(r.Spin, -360, 360, "spin")
	if c.err != nil {
		return game.Pattern{}, c.err
	}
	return game.Pattern{
		ID: r.ID, Name: r.Name, Kind: kind, Count: r.Count, Spread: radians(r.Spread),
		Speed: r.Speed / game.TickRate, Accel: r.Accel / (game.TickRate * game.TickRate),
		Turn: radians(r.Turn) / game.TickRate, Radius: r.Radius, Life: uint16(r.LifeTicks),
		BulletKind: uint8(r.BulletKind), Damage: int16(r.Damage), Volleys: max(r.Volleys, 1),
		VolleyDelay: r.VolleyDelay, SpinPerVolley: radians(r.Spin), SpeedJitter: r.Jitter,
	}, nil
}

// convertEnemy checks one enemy kind, resolving its emitters' pattern ids.
func convertEnemy(r rawEnemy, i int, pats map[string]int, seen map[string]bool) (game.EnemyDef, error) {
	c := check{file: EnemiesFile, item: itemKey("enemy", r.ID, i)}
	c.rule(r.ID != "", "id", "missing")
	c.rule(!seen[r.ID], "id", "duplicate")
	c.rule(r.Name != "", "name", "missing")
	c.positive(r.Radius, maxRadius, "radius")
	c.between(float64(r.HP), 1, math.MaxInt16, "hp")
	c.between(float64(r.XP), 0, maxXP, "xp")
	c.between(r.Aggro, 0, game.BulletInterestCeiling, "aggro")
	c.rule(r.Leash == nil || (*r.Leash >= 0 && *r.Leash <= maxLeash), "leash", "want 0 (never) to %v u", maxLeash)
	c.between(float64(r.Telegraph), 0, maxTelegraph, "telegraph_ticks")
	c.rule(!r.Boss || len(r.Phases) > 0, "phase", "a boss needs at least one [[enemy.phase]] after its first")
	c.rule(r.Boss || len(r.Phases) == 0, "phase", "only a boss has phases")
	c.rule(len(r.Phases) < int(game.EnemyPhaseMask), "phase", "%d phases, want at most %d", len(r.Phases)+1, game.EnemyPhaseMask)
	if c.err != nil {
		return game.EnemyDef{}, c.err
	}
	def := game.EnemyDef{ID: r.ID, Name: r.Name, Radius: r.Radius, MaxHP: int16(r.HP),
		Boss: r.Boss, Hostile: r.Hostile, XP: r.XP, Telegraph: r.Telegraph, Leash: defaultLeash}
	if r.Leash != nil {
		def.Leash = *r.Leash
	}
	first := rawPhase{Name: r.PhaseName, Below: 1, Move: r.Move, Speed: &r.Speed, Range: r.Range,
		DmgTaken: r.DmgTaken, Telegraph: new(int), Emitters: r.Emitters}
	if first.Move == "" {
		first.Move = defaultMove(r)
	}
	prev := game.Phase{Below: 1}
	for j, rp := range append([]rawPhase{first}, r.Phases...) {
		item := c.item
		if j > 0 {
			item += fmt.Sprintf(": phase %d", j+1)
		}
		ph, err := convertPhase(rp, prev, j == 0, r.Hostile, item, pats)
		if err != nil {
			return game.EnemyDef{}, err
		}
		def.Phases = append(def.Phases, ph)
		prev = ph
	}
	def.Aggro = r.Aggro
	if def.Aggro == 0 {
		def.Aggro = def.Reach()
	}
	return def, nil
}

// Enemy defaults and limits.
const (
	defaultLeash   = 480.0 // u: an enemy follows a foe this far from its post
	defaultOpening = 45    // ticks: a phase's opening telegraph
	maxLeash       = 4096.0
	maxTelegraph   = 240 // ticks
	maxDamageMult  = 10.0
	// defaultRangeShare places a moving fighter that names no range at this
	// share of its shortest emitter's range.
	defaultRangeShare = 0.6
)

// defaultMove is a first phase's style when content does not name one: a
// stationary kind stands, a harmless one drifts, a hostile one chases.
func defaultMove(r rawEnemy) string {
	switch {
	case r.Speed == 0:
		return "still"
	case !r.Hostile:
		return "wander"
	}
	return "chase"
}

// convertPhase checks one phase, filling what it leaves out from the phase
// before it.
func convertPhase(r rawPhase, prev game.Phase, first, hostile bool, item string, pats map[string]int) (game.Phase, error) {
	c := check{file: EnemiesFile, item: item}
	ph := game.Phase{Name: r.Name, Below: r.Below, Move: prev.Move, Speed: prev.Speed, Range: prev.Range,
		DamageTaken: 1, Opening: defaultOpening}
	if r.Move != "" {
		m, ok := game.ParseMoveStyle(r.Move)
		c.rule(ok, "move", "unknown move %q (want still, wander, chase, keep or orbit)", r.Move)
		ph.Move = m
	}
	if r.Speed != nil {
		c.between(*r.Speed, 0, maxActorSpeed, "speed")
		ph.Speed = *r.Speed / game.TickRate
	}
	if r.Range != 0 {
		c.between(r.Range, 0, game.BulletInterestCeiling, "range")
		ph.Range = r.Range
	}
	if r.DmgTaken != 0 {
		c.rule(r.DmgTaken > 0 && r.DmgTaken <= maxDamageMult, "damage_taken_mult", "%v, want above 0 and at most %v", r.DmgTaken, maxDamageMult)
		ph.DamageTaken = r.DmgTaken
	}
	if r.Telegraph != nil {
		c.between(float64(*r.Telegraph), 0, maxTelegraph, "telegraph_ticks")
		ph.Opening = *r.Telegraph
	}
	c.rule(first || (r.Below > 0 && r.Below < prev.Below), "below", "%v, want above 0 and under the previous phase's %v", r.Below, prev.Below)
	c.rule(!hostile || len(r.Emitters) > 0, "emitter", "a hostile enemy needs at least one emitter in every phase (there is no contact damage)")
	if c.err != nil {
		return game.Phase{}, c.err
	}
	shortest := math.Inf(1)
	for j, em := range r.Emitters {
		e, err := convertEmitter(em, item+fmt.Sprintf(": emitter %d", j), pats)
		if err != nil {
			return game.Phase{}, err
		}
		ph.Emitters = append(ph.Emitters, e)
		shortest = min(shortest, e.Range)
	}
	if ph.Range == 0 && len(ph.Emitters) > 0 {
		ph.Range = shortest * defaultRangeShare // fights well inside its reach
	}
	return ph, nil
}

// convertEmitter checks one emitter of an enemy.
func convertEmitter(r rawEmitter, item string, pats map[string]int) (game.Emitter, error) {
	idx, ok := pats[r.Pattern]
	if !ok {
		return game.Emitter{}, fail(EnemiesFile, item, "unknown pattern %q", r.Pattern)
	}
	c := check{file: EnemiesFile, item: item}
	c.rule(r.Cooldown >= 1, "cooldown_ticks", "%d ticks, want at least 1", r.Cooldown)
	c.positive(r.Range, game.BulletInterestCeiling, "range")
	if c.err != nil {
		return game.Emitter{}, c.err
	}
	return game.Emitter{Pattern: idx, Cooldown: r.Cooldown, Range: r.Range}, nil
}

// convertPlayer checks the player stats.
func convertPlayer(r rawPlayer) (game.PlayerStats, error) {
	c := check{file: PlayerFile, item: "player"}
	c.positive(r.Speed, maxActorSpeed, "speed")
	c.positive(r.Radius, maxRadius, "radius")
	c.between(float64(r.HP), 1, math.MaxInt16, "hp")
	c.rule(r.FireCooldown >= 1, "fire_cooldown_ticks", "%d ticks, want at least 1", r.FireCooldown)
	c.positive(r.BulletSpeed, maxBulletSpeed, "bullet_speed")
	c.rule(r.BulletLife >= 1 && r.BulletLife <= maxLifeTicks, "bullet_life_ticks", "%d ticks, want 1 to %d (10 s)", r.BulletLife, maxLifeTicks)
	c.positive(r.BulletRadius, maxRadius, "bullet_radius")
	c.between(float64(r.Damage), 1, math.MaxInt16, "damage")
	c.between(float64(r.BulletKind), 0, math.MaxUint8, "bullet_kind")
	c.between(r.MuzzleOffset, 0, maxRadius, "muzzle_offset")
	if c.err != nil {
		return game.PlayerStats{}, c.err
	}
	return game.PlayerStats{
		Speed: r.Speed / game.TickRate, Radius: r.Radius, MaxHP: int16(r.HP), FireCooldown: r.FireCooldown,
		BulletSpeed: r.BulletSpeed / game.TickRate, BulletLife: uint16(r.BulletLife), BulletRadius: r.BulletRadius,
		Damage: int16(r.Damage), BulletKind: uint8(r.BulletKind), MuzzleOffset: r.MuzzleOffset,
	}, nil
}

func radians(deg float64) float64 { return deg * math.Pi / 180 }
