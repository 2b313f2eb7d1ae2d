package game

import "math"

// A player's stats are rebuilt, never edited: the base character, then each
// upgrade the character holds, then what it wears. The server's copy decides
// everything; the client builds the same copy only to show real numbers.

// StatMods is what an upgrade or a piece of equipment adds to the stats.
type StatMods struct {
	Damage       int16   // per bullet
	FireCooldown int     // ticks between shots (negative: faster)
	BulletSpeed  float64 // u per tick
	MaxHP        int16
	Speed        float64 // u per tick
	Shots        int     // extra bullets per shot, in a fan
	Split        uint8   // a hit splits the bullet into this many more
	Pierce       uint8   // enemies a bullet passes through before it stops
	Poison       int16   // damage per poison pulse a hit leaves behind
	Ability      AbilityMods
}

// AbilityMods change the wearer's class ability (EffectiveAbility): class
// gear carries them (docs/CONTENT.md, "Class gear").
type AbilityMods struct {
	Cooldown     int     // ticks from one use to the next (negative: sooner)
	Duration     int     // ticks a shield holds, a dash lasts, a decoy stands
	Radius       float64 // u a bomb reaches
	Distance     float64 // u a dash carries the ship
	Invulnerable int     // ticks a dash is untouchable from its start
}

// UpgradeDef is one upgrade a levelling player may choose.
type UpgradeDef struct {
	ID, Name, Text string
	Mods           StatMods
	Max            int // how many times one character may take it
}

// Limits on built stats, so no stack of upgrades breaks the game or the wire.
const (
	MinFireCooldown = 2
	MaxShots        = 7
	MaxSplit        = 4
	MaxPierce       = 5
	shotFan         = 0.12 // radians between the bullets of one multi-shot
	// MaxUpgradesHeld bounds a character's upgrades (the wire's count).
	MaxUpgradesHeld = 64
	// MaxUpgradeDefs bounds the upgrade kinds: the wire names one in a byte.
	MaxUpgradeDefs = 255
)

// Poison pulses: a poisoned enemy takes its dose this often, this many times.
const (
	PoisonPulseTicks = 30
	PoisonPulses     = 6
)

// Loadout is everything a character's stats are made of: its class (an
// index into Content.Classes), the upgrades it holds (indices into
// Content.Upgrades) and the item defs it wears, one per equipment slot (-1
// for an empty slot). The server reads it from the player, the client from
// its sheet.
type Loadout struct {
	Class    uint8
	Upgrades []uint8
	Worn     [EquipSlots]int
}

// NothingWorn is a Loadout's Worn with every slot empty.
func NothingWorn() [EquipSlots]int {
	var defs [EquipSlots]int
	for i := range defs {
		defs[i] = -1
	}
	return defs
}

// EffectiveStats is the one answer to what a character's stats are: its
// class's base (the content's baseline when content has no such class),
// every upgrade it holds and everything it wears, applied and clamped by
// BuildStats. The server plays these numbers (World.rebuild) and lists
// them on the roster; the client predicts with them and every figure the
// window shows (inventory, keeper cards, class cards, roster, HUD) is
// made from them (docs/CONTENT.md, "Classes").
func EffectiveStats(c *Content, l Loadout) PlayerStats {
	base := c.Player
	if int(l.Class) < len(c.Classes) {
		base = c.Classes[l.Class].Stats
	}
	var worn [EquipSlots]Item
	for i, d := range l.Worn {
		if d >= 0 && d < len(c.Items) && c.Items[d].WornBy(l.Class) {
			worn[i] = Item{ID: 1, Def: uint16(d)} // BuildStats reads the def; any id marks the slot full
		}
	}
	return BuildStats(base, l.Upgrades, &worn, c)
}

// WornDefs is the item def in each equipment slot, -1 for an empty one:
// a Loadout's Worn.
func WornDefs(worn *[EquipSlots]Item) [EquipSlots]int {
	defs := NothingWorn()
	for i, it := range worn {
		if !it.Empty() {
			defs[i] = int(it.Def)
		}
	}
	return defs
}

// BuildStats is base with every upgrade (indices into c.Upgrades) and every
// worn item (Item.Def into c.Items; empty slots skipped) applied, then
// clamped. Unknown indices are skipped: the content may have changed since
// the character was saved.
func BuildStats(base PlayerStats, upgrades []uint8, worn *[EquipSlots]Item, c *Content) PlayerStats {
	st := base
	st.Shots = max(st.Shots, 1)
	for _, u := range upgrades {
		if int(u) < len(c.Upgrades) {
			st.apply(&c.Upgrades[u].Mods)
		}
	}
	if worn != nil {
		for _, it := range worn {
			if !it.Empty() && int(it.Def) < len(c.Items) {
				st.apply(&c.Items[it.Def].Mods)
			}
		}
	}
	st.clamp(&base)
	return st
}

func (st *PlayerStats) apply(m *StatMods) {
	st.Damage += m.Damage
	st.FireCooldown += m.FireCooldown
	st.BulletSpeed += m.BulletSpeed
	st.MaxHP += m.MaxHP
	st.Speed += m.Speed
	st.Shots += m.Shots
	st.Split += m.Split
	st.Pierce += m.Pierce
	st.Poison += m.Poison
}

func (st *PlayerStats) clamp(base *PlayerStats) {
	st.Damage = max(st.Damage, 1)
	st.FireCooldown = max(st.FireCooldown, MinFireCooldown)
	st.BulletSpeed = max(st.BulletSpeed, base.BulletSpeed/2)
	st.MaxHP = max(st.MaxHP, 1)
	st.Speed = max(st.Speed, base.Speed/2)
	st.Shots = min(max(st.Shots, 1), MaxShots)
	st.Split = min(st.Split, MaxSplit)
	st.Pierce = min(st.Pierce, MaxPierce)
	st.Poison = max(st.Poison, 0)
}

// DamageRate is the damage a second a player's stats deal into one target
// under steady fire, every bullet of a shot landing (a target up close),
// by where it comes from. Pierce adds nothing here: a bullet never strikes
// the enemy it passed through again. TestTheDPSShownIsTheDamageMeasured
// (render) holds it to a world's target dummy (docs/CONTENT.md, "Items,
// upgrades and loot").
type DamageRate struct {
	Bullets float64 // the shots' own bullets
	Splits  float64 // the bullets a hit splits into: they fan out from inside the struck target and strike it too
	Poison  float64 // the pulses a hit leaves: one every PoisonPulseTicks while hits keep renewing the dose
}

// Total is the damage a second from every source.
func (d DamageRate) Total() float64 { return d.Bullets + d.Splits + d.Poison }

// Rates is the damage a second the stats deal into one target, by source.
func (st PlayerStats) Rates() DamageRate {
	shots := float64(max(st.Shots, 1)) * TickRate / float64(max(st.FireCooldown, 1))
	d := DamageRate{
		Bullets: shots * float64(st.Damage),
		Splits:  shots * float64(st.Split) * float64(SplitDamage(st.Damage)),
	}
	if st.Poison > 0 {
		d.Poison = float64(st.Poison) * TickRate / PoisonPulseTicks
	}
	return d
}

// DPS is the damage a second the stats deal into one target, splits and
// poison counted: the number the choice screen compares.
func (st PlayerStats) DPS() float64 { return st.Rates().Total() }

// SplitDamage is what each bullet a split makes deals: half the hit that
// made it, at least 1.
func SplitDamage(hit int16) int16 { return max(hit/2, 1) }

// XP and levels.
const (
	MaxLevel      = 50
	XPShareRadius = 900 // u: players this close to a kill share its XP
)

// KillXP is the XP each player paid for a kill of an ordinary kind def
// earns on floor depth in a dungeon whose kind scales kills' XP by mult (0
// reads as 1): the kind's xp grown as its health is. A kill pays the
// living players within XPShareRadius. A boss's xp is not a kill's: it is
// the clear's reward, paid by ClearXP to those who fought.
func KillXP(def *EnemyDef, depth int, mult float64) int {
	if def.XP <= 0 {
		return 0
	}
	if mult <= 0 {
		mult = 1
	}
	return int(scaleI16(int16(min(def.XP, math.MaxInt16)), DepthHealth(depth)*mult))
}

// XPToNext is the XP a character of level needs to reach the next level; 0
// at the cap.
func XPToNext(level int) int {
	if level >= MaxLevel {
		return 0
	}
	l := float64(max(level, 1))
	return int(100*l*math.Sqrt(l) + 0.5) // 100, 283, 520, 800, 1118: a first run's two levels come fast, then a floor or more each
}

// GainXP adds xp to (level, into) and returns the new level, the XP into it
// and how many levels were gained.
func GainXP(level, into, xp int) (newLevel, newInto, gained int) {
	level, into = max(level, 1), max(into, 0)+max(xp, 0)
	for level < MaxLevel && into >= XPToNext(level) {
		into -= XPToNext(level)
		level++
		gained++
	}
	if level >= MaxLevel {
		into = 0
	}
	return level, into, gained
}
