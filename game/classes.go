package game

import "math"

// Classes and abilities (docs/CONTENT.md, "Classes"; docs/NETCODE.md,
// "Abilities"). A character's class is its base stats, its weapon and one
// ability on its own button. The ability rule is StepAbility: the server
// runs it for every player from the input frame, and the client runs the
// same function over the frames it sends to predict its own cooldown.

// AbilityKind names what an ability does.
type AbilityKind uint8

// Ability kinds.
const (
	AbilityNone   AbilityKind = iota
	AbilityBomb               // erases every hostile bullet within Radius of the ship
	AbilityShield             // the ship takes no hits for Duration ticks
	AbilityDash               // the ship bursts Distance over Duration ticks, untouchable for the first Invulnerable
	AbilityDecoy              // a decoy stands where the ship was for Duration ticks, and enemies aim at it
)

var abilityKindNames = [...]string{"none", "bomb", "shield", "dash", "decoy"}

// AbilityKindNames is every kind content may name, in order, for the
// loader's words.
func AbilityKindNames() []string { return abilityKindNames[1:] }

// String is the kind's name as content writes it.
func (k AbilityKind) String() string {
	if int(k) < len(abilityKindNames) {
		return abilityKindNames[k]
	}
	return "unknown"
}

// ParseAbilityKind reads a kind's content name; "none" is not a choice.
func ParseAbilityKind(s string) (AbilityKind, bool) {
	for i, n := range abilityKindNames {
		if i > 0 && n == s {
			return AbilityKind(i), true
		}
	}
	return AbilityNone, false
}

// Ability is one class's ability, in simulation units.
type Ability struct {
	Kind         AbilityKind
	Name         string  // as the HUD shows it
	Cooldown     int     // ticks from one use to the next
	Radius       float64 // u: a bomb's reach
	Duration     int     // ticks: a shield's length, a dash's, how long a decoy stands
	Distance     float64 // u: how far a dash carries the ship
	Invulnerable int     // ticks: how long from its start no bullet hits a dashing ship
}

// Lasting is what a use starts besides the cooldown: the ticks of its
// lasting effect (AbilityState.Active) and of its guard against bullets
// (AbilityState.Guard).
func (ab *Ability) Lasting() (active, guard int) {
	switch ab.Kind {
	case AbilityShield:
		return ab.Duration, ab.Duration
	case AbilityDash:
		return ab.Duration, ab.Invulnerable
	case AbilityDecoy:
		return ab.Duration, 0
	}
	return 0, 0
}

// DashSpeed is how far a dash carries the ship each tick it lasts.
func (ab *Ability) DashSpeed() float64 {
	if ab.Kind != AbilityDash || ab.Duration <= 0 {
		return 0
	}
	return ab.Distance / float64(ab.Duration)
}

// Class is one playable class: its base stats (weapon included) and its
// ability. Ship names its ship's design, which the window draws.
type Class struct {
	ID, Name, Text string
	Ship           string
	Stats          PlayerStats
	Ability        Ability
}

// MaxClasses bounds the classes content may hold: the wire names one in a
// byte, and the roster lists them all in one packet.
const MaxClasses = 16

// AbilityState is the part of a player the ability rule reads and writes:
// the server keeps one per player, the client one for its own ship.
type AbilityState struct {
	Cooldown int  // ticks until the ability may be used again
	Active   int  // ticks left of a lasting effect: a shield up, a dash under way, a decoy standing
	Guard    int  // ticks left in which no bullet hits the ship: a shield's whole length, a dash's first ticks
	Buffered bool // pressed in the last AbilityBufferTicks of the cooldown: fires the tick it is ready
	Dash     Vec  // a dash's move each tick while Active, fixed at its press (zero for other kinds)
}

// AbilityBufferTicks is the input buffer: a press this close to the end of
// the cooldown (100 ms) is kept and fires the moment the ability is ready,
// as fighting games keep an early press, rather than being lost.
const AbilityBufferTicks = 6

// StepAbility advances an ability by one tick and reports whether it was
// used this tick: pressed is the ability button's press edge in this
// tick's frame, grace whether the ship is under arrival grace (no ability
// then, as no shot), and in the frame itself, whose move (or, standing
// still, aim) a dash takes as its heading. It is pure, so the server
// deciding and the client predicting agree bit for bit.
func StepAbility(s *AbilityState, pressed, grace bool, in Input, ab *Ability) bool {
	if s.Cooldown > 0 {
		s.Cooldown--
	}
	if s.Active > 0 {
		s.Active--
	}
	if s.Guard > 0 {
		s.Guard--
	}
	if pressed && s.Cooldown > 0 && s.Cooldown <= AbilityBufferTicks {
		s.Buffered = true
	}
	if !(pressed || s.Buffered) || grace || s.Cooldown > 0 || ab.Kind == AbilityNone {
		return false
	}
	s.Buffered = false
	s.Cooldown = ab.Cooldown
	s.Active, s.Guard = ab.Lasting()
	s.Dash = Vec{}
	if ab.Kind == AbilityDash {
		s.Dash = dashHeading(in).Scale(ab.DashSpeed())
	}
	return true
}

// dashMinMove is the least stick a dash takes as its heading: below it the
// ship dashes where it aims.
const dashMinMove = 0.2

// dashHeading is the unit vector a dash pressed with frame in goes along:
// the frame's move, or its aim when the ship stands (nearly) still.
func dashHeading(in Input) Vec {
	mx, my := MoveVector(in)
	if l := math.Sqrt(mx*mx + my*my); l >= dashMinMove {
		return Vec{mx / l, my / l}
	}
	a := AimAngle(in.Aim)
	return Vec{math.Cos(a), math.Sin(a)}
}

// DashStep is the move a dash under way makes this tick; zero when none
// is (MoveShip then walks by the frame).
func (s *AbilityState) DashStep() Vec {
	if s.Active > 0 {
		return s.Dash
	}
	return Vec{}
}

// Invulnerable reports whether no bullet can hit the ship: a shield is
// up, or a dash is in its first ticks.
func (s *AbilityState) Invulnerable() bool { return s.Guard > 0 }

// EffectiveAbility is the ability a character of loadout l plays: its
// class's, changed by the class gear it wears (AbilityMods), kept within
// what its kind allows. Server and client both build it from the
// loadout, so the prediction steps the ability the server does.
func EffectiveAbility(c *Content, l Loadout) Ability {
	if int(l.Class) >= len(c.Classes) {
		return Ability{}
	}
	ab := c.Classes[l.Class].Ability
	for _, d := range l.Worn {
		if d >= 0 && d < len(c.Items) && c.Items[d].WornBy(l.Class) {
			ab.apply(&c.Items[d].Mods.Ability)
		}
	}
	return ab
}

// Limits gear keeps an ability within, whatever it stacks.
const (
	minAbilityCooldown = AbilityBufferTicks + 1
	maxDashStep        = 24.0 // u a tick: content's own most (levels)
)

// apply adds m to the ability where its kind takes it, then holds it to
// its kind's rules: a cooldown past the input buffer, a lasting effect
// under the cooldown, a dash untouchable no longer than it lasts and no
// faster a tick than content's most.
func (ab *Ability) apply(m *AbilityMods) {
	if ab.Kind == AbilityNone {
		return
	}
	ab.Cooldown = max(ab.Cooldown+m.Cooldown, minAbilityCooldown)
	switch ab.Kind {
	case AbilityBomb:
		ab.Radius = max(ab.Radius+m.Radius, 1)
	case AbilityShield, AbilityDecoy:
		ab.Duration = min(max(ab.Duration+m.Duration, 1), ab.Cooldown-1)
	case AbilityDash:
		ab.Duration = min(max(ab.Duration+m.Duration, 1), ab.Cooldown-1)
		ab.Distance = min(max(ab.Distance+m.Distance, 1), maxDashStep*float64(ab.Duration))
		ab.Invulnerable = min(max(ab.Invulnerable+m.Invulnerable, 1), ab.Duration)
	}
}

// PlayerAbilityOf is the ability player id plays (EffectiveAbility).
func (w *World) PlayerAbilityOf(id uint16) Ability {
	if p := w.player(id); p != nil {
		return p.ab
	}
	return Ability{}
}

// classOf is the player's class, or nil when content has none.
func (w *World) classOf(p *player) *Class {
	if int(p.class) < len(w.content.Classes) {
		return &w.content.Classes[p.class]
	}
	return nil
}

// SetPlayerClass gives a player its class (an index into Content.Classes),
// rebuilding its stats from the class's base. An index content does not
// hold is refused. It reports whether the player is here and took it.
func (w *World) SetPlayerClass(id uint16, class uint8) bool {
	p := w.player(id)
	if p == nil || int(class) >= len(w.content.Classes) {
		return false
	}
	p.class = class
	w.rebuild(p)
	return true
}

// PlayerAbility is the player's ability state (zero for an unknown id).
func (w *World) PlayerAbility(id uint16) AbilityState {
	if p := w.player(id); p != nil {
		return p.ability
	}
	return AbilityState{}
}

// decideAbility runs the ability rule for one living player, before it
// moves: a dash pressed this tick carries the ship from this tick on. It
// reports whether the ability fired; applyAbility then does what it does.
func (w *World) decideAbility(p *player, pressed bool, in Input) bool {
	c := w.classOf(p)
	if c == nil {
		return false
	}
	return StepAbility(&p.ability, pressed, p.grace > 0, in, &p.ab)
}

// applyAbility does what an ability that fired this tick does, where the
// ship now is, and announces it with EvAbility (with that spot: a decoy
// stands there, a bomb's wave starts there).
func (w *World) applyAbility(p *player) {
	w.emit(Event{Kind: EvAbility, ID: p.id, Reason: p.class, X: float32(p.pos.X), Y: float32(p.pos.Y)})
	switch p.ab.Kind {
	case AbilityBomb:
		w.erase(p.pos, p.ab.Radius)
	case AbilityDecoy:
		p.decoy, p.decoyUntil = p.pos, w.tick+uint32(p.ab.Duration)
	}
}

// erase removes every hostile bullet already in flight whose centre lies
// within r of at, each announced as a despawn (DespawnErased) to the peers
// that were told of it: clients drop it from their replica on this tick's
// events, as they drop a bullet that hit.
func (w *World) erase(at Vec, r float64) {
	b := w.bullets
	for i := 0; i < b.Len(); {
		dx, dy := float64(b.X[i])-at.X, float64(b.Y[i])-at.Y
		if b.Team[i] != TeamEnemy || w.tick < b.Born[i] || dx*dx+dy*dy > r*r {
			i++
			continue
		}
		w.emit(Event{Kind: EvBulletDespawn, Bullet: BulletSpawn{UID: b.UID[i]}, Reason: DespawnErased, Tag: b.Tag[i]})
		b.removeAt(i)
	}
}
