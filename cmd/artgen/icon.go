package main

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"os"

	"duskfall/assets"
)

// The icon a desktop shows for Duskfall, in the archive make dist builds
// (docs/HOSTING.md, "A download for players"): the Striker with its glow,
// flying up a plate of the hub's dusk stone ringed in the hub's accent,
// a volley of hostile bullets ahead of its nose. It is drawn as the archive
// is made, never committed: artgen -icon FILE.

// iconSize is the icon's side in pixels: the largest size a desktop's
// launcher draws from one file without blurring it.
const iconSize = 256

// runIcon draws the icon from the look in the assets folder dir and
// writes it to path as a PNG.
func runIcon(dir, path string) error {
	look, err := assets.LoadLook(os.DirFS(dir))
	if err != nil {
		return err
	}
	data, err := iconPNG(look)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// iconPNG is the icon, encoded.
func iconPNG(look *assets.Look) ([]byte, error) {
	c, err := iconCanvas(look)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, c.image()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// iconCanvas paints the plate, the volley and the ship, back to front.
func iconCanvas(look *assets.Look) (*canvas, error) {
	hub, ok := look.Place("hub")
	if !ok {
		return nil, fmt.Errorf("the icon's plate is the hub's stone, and places.toml has no hub")
	}
	c := newCanvas(iconSize, iconSize)
	iconPlate(c, hub)
	iconVolley(c, look.Palette("standard").Hostile)
	iconShip(c)
	return c, nil
}

// iconPlate is a rounded square of the hub's floor, lit from above by its
// lanterns, inside a thin rim of its accent.
func iconPlate(c *canvas, hub assets.Place) {
	const inset, corner = 10.0, 44.0
	s := float64(iconSize)
	plate := grow(newPolygon([]pt{{inset + corner, inset + corner}, {s - inset - corner, inset + corner},
		{s - inset - corner, s - inset - corner}, {inset + corner, s - inset - corner}}), corner)
	c.fill(plate, colourOf(hub.Floor[0]), 1)
	light := colourOf(hub.Light)
	c.paint(plate, 0, func(i int, x, y, d float64) {
		fall := math.Hypot(x-s/2, y-s*0.3) / s // the lantern's light fades from above the middle
		c.add(i, light, 0.2*math.Exp(-fall*fall*9)*coverage(d))
	})
	c.line(grow(plate, -3), colourOf(hub.Accent), 3, 0.85)
}

// iconVolley is an arc of hostile bullets ahead of the ship: bright cores
// in the hostile hues, the brightest things on the plate (docs/ART.md).
func iconVolley(c *canvas, hues []assets.RGB) {
	const n = 5
	for k := range n {
		a := math.Pi * (1.2 + 0.6*float64(k)/(n-1)) // across the top, in an arc
		x, y := 128+100*math.Cos(a), 156+100*math.Sin(a)
		hue := colourOf(hues[k%len(hues)])
		c.glowFill(disc(x, y, 15), hue, 0.22)
		c.core(x, y, 9, hue, white)
	}
}

// iconShip is the Striker pointing up, over its own glow, as it is drawn
// on the ships' sheet (ships.go) but larger.
func iconShip(c *canvas) {
	p := pen{x: 128, y: 162, r: 46} // its design points up (ships.go)
	body := newCanvas(iconSize, iconSize)
	drawStriker(body, p)
	c.composite(body.glow(9, 1.2))
	c.composite(body)
}

// colourOf is an assets colour as the canvas's.
func colourOf(c assets.RGB) colour { return rgb(c[0], c[1], c[2]) }
