package game

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
)

var abilityKindNames = [...]string{"none", "bomb", "shield"}

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
	Kind     AbilityKind
	Name     string  // as the HUD shows it
	Cooldown int     // ticks from one use to the next
	Radius   float64 // u: a bomb's reach
	Duration int     // ticks: a shield's length
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
	Cooldown int // ticks until the ability may be used again
	Active   int // ticks left of a lasting effect (a shield)
}

// StepAbility advances an ability by one tick and reports whether it was
// used this tick: pressed is the ability button's press edge in this
// tick's frame, grace whether the ship is under arrival grace (no ability
// then, as no shot). It is pure, so the server deciding and the client
// predicting agree bit for bit.
func StepAbility(s *AbilityState, pressed, grace bool, ab *Ability) bool {
	if s.Cooldown > 0 {
		s.Cooldown--
	}
	if s.Active > 0 {
		s.Active--
	}
	if !pressed || grace || s.Cooldown > 0 || ab.Kind == AbilityNone {
		return false
	}
	s.Cooldown = ab.Cooldown
	if ab.Kind == AbilityShield {
		s.Active = ab.Duration
	}
	return true
}

// Shielded reports whether a lasting shield covers the ship.
func (s *AbilityState) Shielded() bool { return s.Active > 0 }

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

// useAbility runs the ability step for one living player and, when it
// fires, does what it does and announces it with EvAbility.
func (w *World) useAbility(p *player, pressed bool) {
	c := w.classOf(p)
	if c == nil {
		return
	}
	if !StepAbility(&p.ability, pressed, p.grace > 0, &c.Ability) {
		return
	}
	w.emit(Event{Kind: EvAbility, ID: p.id, Reason: p.class})
	if c.Ability.Kind == AbilityBomb {
		w.erase(p.pos, c.Ability.Radius)
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
