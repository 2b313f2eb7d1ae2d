package levels

import (
	"errors"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"strings"

	"duskfall/game"
)

// ClassesFile holds the playable classes (docs/CONTENT.md, "Classes"). It
// is optional in a content FS, as DungeonsFile is: without it content has
// no classes, every player plays levels/player.toml's baseline and no
// ability fires.
const ClassesFile = "classes.toml"

type rawClasses struct {
	Class []rawClass `toml:"class"`
}

type rawClass struct {
	ID      string     `toml:"id"`
	Name    string     `toml:"name"`
	Text    string     `toml:"description"`
	Ship    string     `toml:"ship"`  // the ship design's id (assets.ShipDesigns)
	HP      int        `toml:"hp"`    // 0: the baseline
	Speed   float64    `toml:"speed"` // u/s; 0: the baseline
	Weapon  rawWeapon  `toml:"weapon"`
	Ability rawAbility `toml:"ability"`
}

type rawWeapon struct {
	Shots        int     `toml:"shots"`  // 0: one
	Spread       float64 `toml:"spread"` // degrees between bullets; 0: the default fan
	Damage       int     `toml:"damage"`
	FireCooldown int     `toml:"fire_cooldown_ticks"`
	BulletSpeed  float64 `toml:"bullet_speed"` // u/s
	BulletRadius float64 `toml:"bullet_radius"`
}

type rawAbility struct {
	Kind         string  `toml:"kind"`
	Name         string  `toml:"name"`
	Cooldown     int     `toml:"cooldown_ticks"`
	Duration     int     `toml:"duration_ticks"`
	Radius       float64 `toml:"radius"`
	Distance     float64 `toml:"distance"`           // u: a dash's
	Invulnerable int     `toml:"invulnerable_ticks"` // a dash's untouchable start
}

// Limits of a class.
const (
	maxAbilityCooldown = 60 * game.TickRate // a minute
	maxShieldTicks     = 5 * game.TickRate
	maxBombRadius      = 480.0 // u: fifteen tiles
	maxDashDistance    = 320.0 // u: ten tiles
	maxDashTicks       = game.TickRate / 2
	maxDashStep        = 24.0 // u a tick: three quarters of a tile, six times the baseline's speed
	maxDecoyTicks      = 10 * game.TickRate
	maxClassText       = 160 // bytes of a description: it must fit the creation screen
	maxSpreadDeg       = 45.0
)

var classIDRule = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

// loadClasses reads ClassesFile, if present, against the loaded baseline.
func loadClasses(fsys fs.FS, c *game.Content) error {
	if _, err := fs.Stat(fsys, ClassesFile); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var raw rawClasses
	if err := decode(fsys, ClassesFile, &raw); err != nil {
		return err
	}
	if len(raw.Class) == 0 || len(raw.Class) > game.MaxClasses {
		return fail(ClassesFile, "class", "%d classes, want 1 to %d", len(raw.Class), game.MaxClasses)
	}
	seen, ships := map[string]bool{}, map[string]bool{}
	for i, r := range raw.Class {
		cl, err := convertClass(r, i, c.Player, seen, ships)
		if err != nil {
			return err
		}
		seen[cl.ID], ships[cl.Ship] = true, true
		c.Classes = append(c.Classes, cl)
	}
	return nil
}

// convertClass checks one class and builds its stats on the baseline.
func convertClass(r rawClass, i int, base game.PlayerStats, seen, ships map[string]bool) (game.Class, error) {
	c := check{file: ClassesFile, item: itemKey("class", r.ID, i)}
	c.rule(classIDRule.MatchString(r.ID), "id", "%q is not 1 to 32 of a-z, 0-9 and _", r.ID)
	c.rule(!seen[r.ID], "id", "a second class with this id")
	c.rule(r.Name != "" && len(r.Name) <= 24, "name", "want 1 to 24 bytes")
	c.rule(r.Text != "" && len(r.Text) <= maxClassText, "description", "want 1 to %d bytes", maxClassText)
	c.words(r.Text, "description")
	c.rule(classIDRule.MatchString(r.Ship), "ship", "%q is not a ship design's id", r.Ship)
	c.rule(!ships[r.Ship], "ship", "%q is another class's ship: each class has its own", r.Ship)
	c.between(float64(r.HP), 0, math.MaxInt16, "hp")
	c.between(r.Speed, 0, maxActorSpeed, "speed")
	w := r.Weapon
	c.between(float64(w.Shots), 0, game.MaxShots, "weapon.shots")
	c.between(w.Spread, 0, maxSpreadDeg, "weapon.spread")
	c.between(float64(w.Damage), 0, math.MaxInt16, "weapon.damage")
	c.rule(w.FireCooldown == 0 || w.FireCooldown >= game.MinFireCooldown, "weapon.fire_cooldown_ticks",
		"%d ticks, want at least %d", w.FireCooldown, game.MinFireCooldown)
	c.between(w.BulletSpeed, 0, maxBulletSpeed, "weapon.bullet_speed")
	c.between(w.BulletRadius, 0, maxRadius, "weapon.bullet_radius")
	kind := checkAbility(&c, r.Ability)
	if c.err != nil {
		return game.Class{}, c.err
	}
	a := r.Ability
	st := base
	if r.HP > 0 {
		st.MaxHP = int16(r.HP)
	}
	if r.Speed > 0 {
		st.Speed = r.Speed / game.TickRate
	}
	st.Shots = max(w.Shots, 1)
	st.Spread = radians(w.Spread)
	if w.Damage > 0 {
		st.Damage = int16(w.Damage)
	}
	if w.FireCooldown > 0 {
		st.FireCooldown = w.FireCooldown
	}
	if w.BulletSpeed > 0 {
		st.BulletSpeed = w.BulletSpeed / game.TickRate
	}
	if w.BulletRadius > 0 {
		st.BulletRadius = w.BulletRadius
	}
	return game.Class{ID: r.ID, Name: r.Name, Text: r.Text, Ship: r.Ship, Stats: st,
		Ability: game.Ability{Kind: kind, Name: a.Name, Cooldown: a.Cooldown, Radius: a.Radius, Duration: a.Duration,
			Distance: a.Distance, Invulnerable: a.Invulnerable}}, nil
}

// checkAbility checks a class's ability: its kind, name and cooldown, and
// by kind the keys it takes (and none it does not), and returns its kind.
func checkAbility(c *check, a rawAbility) game.AbilityKind {
	kind, ok := game.ParseAbilityKind(a.Kind)
	c.rule(ok, "ability.kind", "%q is not one of %s", a.Kind, strings.Join(game.AbilityKindNames(), ", "))
	c.rule(a.Name != "" && len(a.Name) <= 16, "ability.name", "want 1 to 16 bytes")
	c.rule(a.Cooldown >= 1 && a.Cooldown <= maxAbilityCooldown, "ability.cooldown_ticks",
		"%d ticks, want 1 to %d", a.Cooldown, maxAbilityCooldown)
	lasting := func(most int) {
		c.rule(a.Duration >= 1 && a.Duration <= most && a.Duration < a.Cooldown, "ability.duration_ticks",
			"%d ticks, want 1 to %d and under the cooldown", a.Duration, most)
	}
	switch kind {
	case game.AbilityBomb:
		c.positive(a.Radius, maxBombRadius, "ability.radius")
	case game.AbilityShield:
		lasting(maxShieldTicks)
	case game.AbilityDash:
		c.positive(a.Distance, maxDashDistance, "ability.distance")
		lasting(maxDashTicks)
		c.rule(a.Invulnerable >= 1 && a.Invulnerable <= a.Duration, "ability.invulnerable_ticks",
			"%d ticks, want 1 to the dash's duration_ticks (%d)", a.Invulnerable, a.Duration)
		c.rule(a.Duration < 1 || a.Distance/float64(a.Duration) <= maxDashStep, "ability.distance",
			"%v u over %d ticks is %.1f u a tick, want at most %v", a.Distance, a.Duration, a.Distance/float64(max(a.Duration, 1)), maxDashStep)
	case game.AbilityDecoy:
		lasting(maxDecoyTicks)
	}
	takes := abilityKeys[kind]
	for _, k := range [...]struct {
		key string
		set bool
	}{{"radius", a.Radius != 0}, {"duration_ticks", a.Duration != 0}, {"distance", a.Distance != 0},
		{"invulnerable_ticks", a.Invulnerable != 0}} {
		c.rule(!ok || !k.set || slices.Contains(takes, k.key), "ability."+k.key, "a %s has no %s", kind, k.key)
	}
	return kind
}

// abilityKeys is what each kind of ability takes besides its kind, name
// and cooldown.
var abilityKeys = map[game.AbilityKind][]string{
	game.AbilityBomb:   {"radius"},
	game.AbilityShield: {"duration_ticks"},
	game.AbilityDash:   {"distance", "duration_ticks", "invulnerable_ticks"},
	game.AbilityDecoy:  {"duration_ticks"},
}

// ClassIndex finds a class by its content id.
func ClassIndex(c *game.Content, id string) (uint8, bool) {
	for i := range c.Classes {
		if c.Classes[i].ID == id {
			return uint8(i), true
		}
	}
	return 0, false
}
