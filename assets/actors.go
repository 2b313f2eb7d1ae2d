package assets

import (
	"strconv"
	"strings"
)

// The actors' sprite sheets and the names of their frames: cmd/artgen
// draws them under these names and render finds them by them, so the two
// never disagree on a spelling. docs/ART.md says what each sheet holds.
const (
	ShipsSheet   = "ships"   // the players' ships by design, and the keeper
	EnemiesSheet = "enemies" // every enemy kind that is not a boss
	BossesSheet  = "bosses"  // the bosses, large and layered
	LootSheet    = "loot"    // an icon per item, the plate loot lies on, the kinds' marks
	PortalsSheet = "portals" // portal frames and their swirl
	FXSheet      = "fx"      // sparks, rings and soft light for effects
)

// IdleFrames is how many idle frames each enemy kind has: its idle motion
// steps through them.
const IdleFrames = 3

// ShipDesigns are the players' ship designs; each class names its own
// (levels/classes.toml, ship), and the first is the ship of a character
// whose class names none of these.
var ShipDesigns = []string{"striker", "warden", "skirmisher", "mystic", "dart", "twin"}

// Idle is frame i of an actor's idle motion.
func Idle(id string, i int) string { return id + "_idle" + strconv.Itoa(i) }

// Charge is an actor's telegraph frame: its core swollen and bright.
func Charge(id string) string { return id + "_charge" }

// Glow is the soft light around a frame or actor, drawn additively and
// left out at low quality.
func Glow(id string) string { return id + "_glow" }

// Flash is an actor's silhouette in white, added over it when it is hit.
func Flash(id string) string { return id + "_flash" }

// Part is a layer drawn under an actor's body and turned as it idles (a
// turret's gear, a boss's outer ring); not every actor has one.
func Part(id string) string { return id + "_part" }

// Shard is piece i of an actor's body: drawn at the actor's position they
// make up its idle frame, and they fly apart when it dies.
func Shard(id string, i int) string { return id + "_shard" + strconv.Itoa(i) }

// Ship is a ship design's body, pointing along +x (its aim).
func Ship(design string) string { return "ship_" + design }

// Icon is an item's icon, by the item's id.
func Icon(item string) string { return "icon_" + item }

// KindIcon is the mark of an item kind ("weapon", "armour", "charm",
// "consumable"): an empty worn slot shows it faintly, and an item without
// an icon of its own is drawn with it.
func KindIcon(kind string) string { return "kind_" + kind }

// FacesItsWay reports whether an actor's art points along +x and is turned
// toward where it moves; the others are drawn upright.
func FacesItsWay(id string) bool {
	switch strings.TrimSuffix(id, "_elite") { // an elite variant is drawn as its kind

	case "stalker", "lancer", "mite", "comet":
		return true
	}
	return false
}
