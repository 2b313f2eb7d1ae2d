package game

// PatternKind names how an emitter lays out one volley.
type PatternKind uint8

// Pattern kinds. Bursts, acceleration and turning are not kinds: any pattern
// may have several volleys, an Accel and a Turn.
const (
	PatternRing    PatternKind = iota + 1 // Count bullets evenly around, the first at the target
	PatternFan                            // Count bullets over Spread, centred on the target
	PatternSpiral                         // a ring (Spread 0) or fan that keeps rotating, untargeted
	PatternShotgun                        // random angles in Spread, random speed jitter
)

var patternKindNames = [...]string{"", "ring", "fan", "spiral", "shotgun"}

// String is the kind's name as content writes it.
func (k PatternKind) String() string {
	if int(k) < len(patternKindNames) && k != 0 {
		return patternKindNames[k]
	}
	return "unknown"
}

// ParsePatternKind reads a kind's content name.
func ParsePatternKind(s string) (PatternKind, bool) {
	for i, n := range patternKindNames {
		if i > 0 && n == s {
			return PatternKind(i), true
		}
	}
	return 0, false
}

// Pattern is one data-driven bullet pattern, in simulation units.
type Pattern struct {
	ID            string
	Kind          PatternKind
	Count         int     // bullets per volley
	Spread        float64 // radians: fan width, shotgun cone, spiral arm width (0: full ring)
	Speed         float64 // u per tick
	Accel         float64 // u per tick², along the velocity
	Turn          float64 // radians per tick
	Radius        float64 // u
	Life          uint16  // ticks
	BulletKind    uint8
	Damage        int16
	Volleys       int     // volleys per firing (a burst when above 1)
	VolleyDelay   int     // ticks between volleys
	SpinPerVolley float64 // radians added to the base angle every volley
	SpeedJitter   float64 // shotgun: each pellet's speed varies by ±this fraction
}

// Emitter fires one pattern on a cooldown while a player is within range.
type Emitter struct {
	Pattern  int     // index into Content.Patterns
	Cooldown int     // ticks between the starts of two firings
	Range    float64 // u: fires only when a player is this close
}

// EnemyDef is one kind of enemy.
type EnemyDef struct {
	ID       string
	Name     string
	Radius   float64 // u
	MaxHP    int16
	Speed    float64 // u per tick while wandering (0: stationary)
	Emitters []Emitter
	Boss     bool // player bullets hit a boss before any other enemy
	Hostile  bool // a hostile kind must have an emitter: there is no contact damage
}

// Content is the plain data a world is built from; package levels loads and
// validates it.
type Content struct {
	Patterns []Pattern
	Enemies  []EnemyDef
	Player   PlayerStats
}

// EnemySpawn is a map's enemy slot: where an enemy of a kind stands and
// respawns.
type EnemySpawn struct {
	Pos  Vec
	Kind int // index into Content.Enemies
}

// Map is one playable area: its tiles and its spawn points.
type Map struct {
	Name         string
	Grid         *Grid
	PlayerSpawns []Vec
	EnemySpawns  []EnemySpawn
}
