package main

import (
	"fmt"
	"math"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/levels"
)

// Loot: an icon per item of levels/items.toml, in its kind's colour (as
// render's itemColours), and what loot lies on: a dark plate, a glow and
// the gold ring of the player's own loot, drawn white and tinted in play.
// The kinds' marks stand for an empty worn slot and for an item without
// an icon of its own.

var kindHues = map[game.ItemKind]colour{
	game.ItemConsumable: rgb(230, 80, 110),
	game.ItemWeapon:     rgb(240, 200, 90),
	game.ItemArmour:     rgb(120, 170, 230),
	game.ItemCharm:      rgb(170, 120, 240),
}

// itemIcons draw each item, in design units of the icon's radius.
var itemIcons = map[string]func(c *canvas, p pen, hue colour){
	"healing_potion":    drawPotion,
	"wardens_ration":    drawRation,
	"greater_potion":    drawGreaterPotion,
	"ashwood_bow":       drawBow,
	"hailstorm_sling":   drawSling,
	"twinshot_repeater": drawRepeater,
	"padded_jerkin":     drawJerkin,
	"warden_plate":      drawPlate,
	"feather_charm":     drawFeather,
	"viper_fang":        drawFang,
	"slipstream_vanes":  drawVanes,
	"quickened_coil":    drawCoil,
	"brace_of_pistols":  drawPistols,
	"mirror_lacquer":    drawMirror,
	"hollow_mask":       drawMask,
	"conjurers_cane":    drawCane,
	"bulwark_emitter":   drawEmitter,
	"tempered_aegis":    drawAegis,
	"wardens_lance":     drawLance,
	"wide_charge":       drawCharge,
	"fuse_satchel":      drawSatchel,
	"scatter_mortar":    drawMortar,
	"afterimage_band":   drawBand,
	"hair_trigger_rig":  drawTrigger,
	"needle_repeater":   drawNeedles,
	"nova_lens":         drawLens,
	"starwoven_robe":    drawRobe,
	"runed_focus":       drawFocus,
}

// kindIcons are the kinds' marks.
var kindIcons = map[game.ItemKind]func(c *canvas, p pen, hue colour){
	game.ItemConsumable: drawDrop,
	game.ItemWeapon:     drawBlade,
	game.ItemArmour:     drawShield,
	game.ItemCharm:      drawGem,
}

// iconRadius is an icon's size in world units: it fills a loot plate and,
// scaled, a slot of the bar.
const iconRadius = 9

func init() { register("loot", func(*assets.Look) ([]output, error) { return lootSheet() }) }

func lootSheet() ([]output, error) {
	c, err := levels.LoadContent()
	if err != nil {
		return nil, err
	}
	s := newSheet("sprites", assets.LootSheet, 512)
	for _, it := range c.Items {
		draw, ok := itemIcons[it.ID]
		if !ok {
			return nil, fmt.Errorf("item %q has no icon: draw it in cmd/artgen (docs/ART.md)", it.ID)
		}
		addIcon(s, assets.Icon(it.ID), draw, kindHues[it.Kind])
	}
	for _, k := range []game.ItemKind{game.ItemConsumable, game.ItemWeapon, game.ItemArmour, game.ItemCharm} {
		addIcon(s, assets.KindIcon(k.String()), kindIcons[k], kindHues[k])
	}
	addPlate(s)
	return s.outputs()
}

func addIcon(s *sheetBuilder, name string, draw func(c *canvas, p pen, hue colour), hue colour) {
	d := design{id: name, radius: iconRadius, reach: 1.25}
	c, p := d.canvasFor()
	draw(c, p, hue)
	addCropped(s, name, c)
}

// addPlate draws what loot lies on: loot_plate, loot_glow and loot_mine.
func addPlate(s *sheetBuilder) {
	d := design{id: "loot", radius: 12, reach: 1.3}
	plate, p := d.canvasFor()
	plate.fill(p.disc(0, 0, 0.95), rgb(8, 8, 12), 0.7)
	plate.line(p.ring(0, 0, 0.93, 0.93), white.times(0.7), 1.4, 0.8)
	addCropped(s, "loot_plate", plate)
	glow, p := d.canvasFor()
	glow.glowFill(p.disc(0, 0, 0.8), white, 0.8)
	addCropped(s, "loot_glow", glow.glow(d.sigma()*1.5, 1.6))
	mine, p := d.canvasFor()
	hull(mine, p, p.ring(0, 0, 1.0, 1.17), white)
	for k := range 4 {
		a := float64(k)*math.Pi/2 - math.Pi/2
		mine.fill(p.moved(1.08*math.Cos(a), 1.08*math.Sin(a)).ngon(4, 0.16, a), white, 1)
	}
	addCropped(s, "loot_mine", mine)
}

// A round flask with a cork, half full.
func drawPotion(c *canvas, p pen, hue colour) {
	flask := join(p.disc(0, 0.3, 0.7), p.poly(-0.22, -0.75, 0.22, -0.75, 0.22, -0.2, -0.22, -0.2))
	hull(c, p, flask, hue)
	c.fill(meet(grow(p.disc(0, 0.3, 0.7), -rimOf(p)), p.poly(-1, 0.15, 1, 0.15, 1, 1.2, -1, 1.2)), hue.times(0.75), 1)
	c.fill(p.disc(-0.25, 0.12, 0.12), white, 0.7)
	hull(c, p, p.poly(-0.3, -1.05, 0.3, -1.05, 0.26, -0.72, -0.26, -0.72), hueWood)
}

// A tall flask in two bands, brimming, with a sparkle.
func drawGreaterPotion(c *canvas, p pen, hue colour) {
	flask := join(p.oval(0, 0.25, 0.62, 0.8, 0), p.poly(-0.2, -0.9, 0.2, -0.9, 0.2, -0.4, -0.2, -0.4))
	hull(c, p, flask, hue.toward(white, 0.15))
	c.fill(meet(grow(p.oval(0, 0.25, 0.62, 0.8, 0), -rimOf(p)), p.poly(-1, -0.2, 1, -0.2, 1, 1.2, -1, 1.2)), hue.times(0.85), 1)
	seam(c, p, p.stroke(-0.55, 0.35, 0.55, 0.35, 0.001), white)
	hull(c, p, p.poly(-0.28, -1.15, 0.28, -1.15, 0.24, -0.86, -0.24, -0.86), hueWood)
	c.fill(p.moved(0.3, 0.05).star(4, 0.26, 0.07, 0), white, 0.9)
}

// A ration bundled in cloth and tied with a cord.
func drawRation(c *canvas, p pen, hue colour) {
	hull(c, p, grow(p.poly(-0.85, -0.45, 0.85, -0.6, 0.9, 0.55, -0.8, 0.65), 0.12*p.r), rgb(220, 170, 110))
	c.fill(p.stroke(-0.05, -0.75, 0.05, 0.8, 0.16), hue, 1)
	c.fill(p.stroke(-0.95, 0.05, 0.95, -0.02, 0.16), hue, 1)
	hull(c, p, p.disc(0, 0.02, 0.2), hue)
}

// A longbow, strung.
func drawBow(c *canvas, p pen, hue colour) {
	arc := cut(p.disc(-0.55, 0, 1.2), p.disc(-0.85, 0, 1.2))
	hull(c, p, meet(arc, p.poly(-1, -1.1, 1, -1.1, 1, 1.1, -1, 1.1)), hueWood.toward(hue, 0.4))
	c.fill(p.stroke(0.08, -1.05, 0.08, 1.05, 0.06), white.times(0.85), 1)
	c.fill(p.stroke(-0.9, 0, 0.75, 0, 0.08), hue, 1)
	hull(c, p, p.poly(0.75, -0.18, 1.15, 0, 0.75, 0.18), hue)
}

// A sling's fork, its band and three hailstones.
func drawSling(c *canvas, p pen, hue colour) {
	hull(c, p, join(p.stroke(0, 1.0, 0, 0.1, 0.26), p.stroke(0, 0.15, -0.5, -0.6, 0.24), p.stroke(0, 0.15, 0.5, -0.6, 0.24)), hueWood.toward(hue, 0.3))
	c.fill(p.stroke(-0.5, -0.6, 0.5, -0.6, 0.08), hue, 1)
	for _, s := range [][2]float64{{-0.7, -0.95}, {-0.15, -1.0}, {0.6, -0.98}} {
		c.fill(p.disc(s[0], s[1], 0.16), rgb(220, 240, 255).times(0.9), 1)
	}
}

// A repeater crossbow with two bolts laid.
func drawRepeater(c *canvas, p pen, hue colour) {
	hull(c, p, p.poly(-0.18, -0.4, 0.18, -0.4, 0.14, 1.05, -0.14, 1.05), hueWood)
	hull(c, p, meet(cut(p.disc(0, 0.3, 1.0), p.disc(0, 0.55, 1.0)), p.poly(-1.1, -1, 1.1, -1, 1.1, 0.3, -1.1, 0.3)), hue)
	for _, x := range []float64{-0.3, 0.3} {
		c.fill(p.stroke(x, 0.6, x, -1.0, 0.09), hue.toward(white, 0.3), 1)
		c.fill(p.poly(x-0.13, -0.9, x+0.13, -0.9, x, -1.15), white, 0.9)
	}
}

// A quilted jerkin.
func drawJerkin(c *canvas, p pen, hue colour) {
	body := p.mirror(0, -0.55, 0.35, -0.9, 0.85, -0.65, 1.05, 0, 0.7, -0.15, 0.72, 0.95, 0, 1.0)
	hull(c, p, body, hue)
	for _, y := range []float64{-0.1, 0.3, 0.7} {
		seam(c, p, meet(p.stroke(-0.7, y, 0.7, y, 0.001), body), hue)
	}
	seam(c, p, p.stroke(0, -0.5, 0, 0.95, 0.001), hue)
}

// A breastplate, riveted, with the Warden's bar.
func drawPlate(c *canvas, p pen, hue colour) {
	plate := grow(p.mirror(0, -0.95, 0.85, -0.85, 0.8, 0.25, 0.4, 0.85, 0, 1.0), 0.05*p.r)
	hull(c, p, plate, hue.toward(white, 0.1))
	c.fill(p.stroke(-0.55, -0.2, 0.55, -0.2, 0.14), hue.toward(white, 0.35), 1)
	c.fill(p.stroke(0, -0.75, 0, 0.75, 0.1), hue.times(0.8), 1)
	for _, r := range [][2]float64{{-0.6, -0.7}, {0.6, -0.7}, {-0.45, 0.45}, {0.45, 0.45}} {
		c.fill(p.disc(r[0], r[1], 0.08), white, 0.85)
	}
}

// A feather, its spine and barbs.
func drawFeather(c *canvas, p pen, hue colour) {
	q := p.turned(math.Pi / 5)
	vane := q.oval(0, -0.15, 0.38, 0.95, 0)
	hull(c, q, vane, hue)
	c.fill(q.stroke(0, 1.15, 0, -1.0, 0.07), white.times(0.9), 1)
	for k := range 5 {
		y := -0.75 + 0.3*float64(k)
		seam(c, q, meet(join(q.stroke(0, y, 0.4, y-0.25, 0.001), q.stroke(0, y, -0.4, y-0.25, 0.001)), vane), hue)
	}
}

// A curved fang with a drop of venom.
func drawFang(c *canvas, p pen, hue colour) {
	fang := meet(cut(p.disc(0.55, -0.2, 1.05), p.disc(0.95, -0.35, 0.95)), p.poly(-1, -1.1, 1, -1.1, 1, 1.0, -1, 1.0))
	hull(c, p, fang, rgb(240, 230, 210).toward(hue, 0.25))
	c.fill(join(p.disc(0.15, 0.95, 0.17), p.poly(0.02, 0.9, 0.28, 0.9, 0.15, 0.65)), rgb(170, 255, 70).times(0.85), 1)
}

// The consumable kind's mark: a drop.
func drawDrop(c *canvas, p pen, hue colour) {
	drop := join(p.disc(0, 0.3, 0.62), p.poly(-0.55, 0.05, 0.55, 0.05, 0, -1.1))
	hull(c, p, drop, hue)
	c.fill(p.disc(-0.22, 0.15, 0.13), white, 0.7)
}

// The weapon kind's mark: a blade.
func drawBlade(c *canvas, p pen, hue colour) {
	q := p.turned(math.Pi / 4)
	hull(c, q, q.mirror(0, -1.3, 0.2, -1.0, 0.2, 0.35, 0, 0.45), hue)
	hull(c, q, q.poly(-0.55, 0.4, 0.55, 0.4, 0.55, 0.56, -0.55, 0.56), hueWood.toward(hue, 0.4))
	c.fill(q.stroke(0, 0.56, 0, 1.1, 0.2), hueWood, 1)
}

// The armour kind's mark: a shield.
func drawShield(c *canvas, p pen, hue colour) {
	hull(c, p, p.mirror(0, -1.0, 0.9, -0.8, 0.8, 0.2, 0, 1.1), hue)
	seam(c, p, p.stroke(0, -0.75, 0, 0.8, 0.001), hue)
}

// The charm kind's mark: a cut gem.
func drawGem(c *canvas, p pen, hue colour) {
	hull(c, p, p.mirror(0, -0.95, 0.85, -0.2, 0, 1.05), hue)
	seam(c, p, p.stroke(-0.8, -0.2, 0.8, -0.2, 0.001), hue)
	seam(c, p, p.mirror(0, -0.2, 0.35, -0.2, 0, -0.9), hue)
}

// Two swept fins either side of a streak: the Corsair's vanes.
func drawVanes(c *canvas, p pen, hue colour) {
	hull(c, p, p.pair(0.15, -0.9, 0.95, 0.45, 0.95, 0.9, 0.2, 0.35), hue)
	c.fill(p.stroke(0, -1.1, 0, 1.0, 0.1), white.times(0.85), 1)
}

// A coiled spring standing on a plate.
func drawCoil(c *canvas, p pen, hue colour) {
	for k := range 4 {
		hull(c, p, p.ring(0, -0.75+0.42*float64(k), 0.5, 0.7), hue)
	}
	hull(c, p, p.poly(-0.85, 0.75, 0.85, 0.75, 0.85, 1.0, -0.85, 1.0), hueWood)
}

// Two pistols crossed at their grips.
func drawPistols(c *canvas, p pen, hue colour) {
	for _, s := range []float64{-1, 1} {
		q := p.turned(s * math.Pi / 5)
		hull(c, q, join(q.stroke(0, -1.0, 0, 0.15, 0.26), q.stroke(0, 0.1, s*0.3, 0.85, 0.3)), hue)
		c.fill(q.disc(0, -1.0, 0.1), white, 0.8)
	}
}

// A round hand mirror on a short handle, a streak of light across it.
func drawMirror(c *canvas, p pen, hue colour) {
	hull(c, p, p.stroke(0, 0.35, 0, 1.1, 0.22), hueWood)
	hull(c, p, p.disc(0, -0.3, 0.72), hue)
	c.fill(meet(p.stroke(-0.5, -0.05, 0.2, -0.75, 0.14), p.disc(0, -0.3, 0.6)), white, 0.85)
}

// A blank mask with two hollow eyes.
func drawMask(c *canvas, p pen, hue colour) {
	face := cut(p.oval(0, 0, 0.8, 1.0, 0), join(p.oval(-0.32, -0.2, 0.2, 0.12, 0.3), p.oval(0.32, -0.2, 0.2, 0.12, -0.3)))
	hull(c, p, face, rgb(240, 236, 228).toward(hue, 0.35))
	seam(c, p, p.stroke(-0.25, 0.5, 0.25, 0.5, 0.001), hue)
}

// A cane with a curled head and a gem set in the curl.
func drawCane(c *canvas, p pen, hue colour) {
	hull(c, p, join(p.stroke(0.1, -0.45, -0.35, 1.1, 0.2), meet(p.ring(0.45, -0.55, 0.25, 0.45), p.poly(-0.2, -1.2, 1.2, -1.2, 1.2, -0.45, -0.2, -0.45))), hueWood.toward(hue, 0.4))
	c.fill(p.disc(0.45, -0.55, 0.16), hue.toward(white, 0.4), 1)
}

// A hexagonal emitter with a bright core.
func drawEmitter(c *canvas, p pen, hue colour) {
	hull(c, p, p.ngon(6, 0.95, math.Pi/6), hue)
	hull(c, p, p.ngon(6, 0.5, math.Pi/6), hue.toward(white, 0.2))
	c.fill(p.disc(0, 0, 0.2), white, 0.9)
}

// A heater shield with a star on its face.
func drawAegis(c *canvas, p pen, hue colour) {
	hull(c, p, p.mirror(0, -1.0, 0.85, -0.8, 0.8, 0.2, 0, 1.1), hue)
	c.fill(p.moved(0, -0.1).star(5, 0.42, 0.17, -math.Pi/2), white, 0.85)
}

// A long lance with a bright head.
func drawLance(c *canvas, p pen, hue colour) {
	q := p.turned(math.Pi / 4)
	hull(c, q, q.stroke(0, 1.1, 0, -0.4, 0.18), hueWood.toward(hue, 0.3))
	hull(c, q, q.mirror(0, -1.2, 0.25, -0.45, 0, -0.3), hue)
	hull(c, q, q.stroke(-0.3, 0.45, 0.3, 0.45, 0.14), hue)
}

// A round charge with a lit fuse.
func drawCharge(c *canvas, p pen, hue colour) {
	hull(c, p, p.disc(-0.1, 0.2, 0.75), hue)
	c.fill(p.stroke(0.35, -0.4, 0.7, -0.85, 0.1), hueWood, 1)
	c.fill(p.moved(0.75, -0.9).star(4, 0.3, 0.08, 0), white, 0.95)
}

// A satchel with a flap and a strap.
func drawSatchel(c *canvas, p pen, hue colour) {
	hull(c, p, p.poly(-0.85, -0.3, 0.85, -0.3, 0.75, 0.9, -0.75, 0.9), hue)
	hull(c, p, p.poly(-0.85, -0.3, 0.85, -0.3, 0.6, 0.25, -0.6, 0.25), hue.toward(white, 0.2))
	seam(c, p, p.ring(0, -0.3, 0.7, 0.7), hue)
}

// A squat mortar tipped up, three shells over it.
func drawMortar(c *canvas, p pen, hue colour) {
	hull(c, p, p.turned(-0.4).poly(-0.4, -0.6, 0.4, -0.6, 0.5, 0.7, -0.5, 0.7), hue)
	for _, s := range [][2]float64{{-0.6, -0.9}, {0.1, -1.05}, {0.75, -0.7}} {
		c.fill(p.disc(s[0], s[1], 0.15), white.times(0.9), 1)
	}
}

// A band with two fading copies of itself behind it.
func drawBand(c *canvas, p pen, hue colour) {
	c.fill(p.ring(-0.35, 0.1, 0.5, 0.62), hue, 0.35)
	c.fill(p.ring(-0.15, 0.05, 0.5, 0.62), hue, 0.6)
	hull(c, p, p.ring(0.15, 0, 0.5, 0.7), hue)
}

// A trigger in its guard.
func drawTrigger(c *canvas, p pen, hue colour) {
	hull(c, p, cut(p.disc(0, 0.2, 0.85), p.disc(0, 0.2, 0.6)), hue)
	hull(c, p, p.poly(-0.1, -0.9, 0.15, -0.9, 0.25, 0.35, 0.05, 0.45), hue.toward(white, 0.3))
}

// Three long needles, fanned.
func drawNeedles(c *canvas, p pen, hue colour) {
	for _, a := range []float64{-0.35, 0, 0.35} {
		q := p.turned(a)
		hull(c, q, q.mirror(0, -1.15, 0.09, 0.9, 0, 1.0), hue)
	}
}

// A lens: rings about a starred centre.
func drawLens(c *canvas, p pen, hue colour) {
	hull(c, p, p.ring(0, 0, 0.75, 0.95), hue)
	seam(c, p, p.ring(0, 0, 0.5, 0.5), hue)
	c.fill(p.star(8, 0.45, 0.12, 0), white, 0.9)
}

// A robe with a star sewn on it.
func drawRobe(c *canvas, p pen, hue colour) {
	hull(c, p, p.mirror(0, -1.0, 0.35, -0.95, 0.5, -0.5, 0.9, 1.0, 0, 0.9), hue)
	c.fill(p.moved(0, 0.2).star(4, 0.3, 0.1, 0), white, 0.9)
}

// A faceted focus stone with runes cut in it.
func drawFocus(c *canvas, p pen, hue colour) {
	hull(c, p, p.ngon(4, 1.05, -math.Pi/2), hue)
	seam(c, p, join(p.stroke(-0.3, -0.3, 0.3, -0.3, 0.001), p.stroke(0, -0.55, 0, 0.55, 0.001), p.stroke(-0.3, 0.3, 0.3, 0.3, 0.001)), white)
}
