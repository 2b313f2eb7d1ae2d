// Package hud is what play draws over the world and on it besides the
// world itself: the bars, lines and minimap (hud.go, minimap.go), the
// item bar, tooltips and the inventory with the words and numbers they
// read (items.go, items_draw.go, inventory.go, figures.go), the upgrade
// keeper and its panel (keeper.go), the level-up moment (levelup.go) and
// the fight's effects: damage numbers, bursts, the boss banner and
// marker, muzzle flashes, sparks and hit-stops (effects.go, punch.go),
// the pointers to the hub's portals out of the field (pointers.go), the
// pause menu's layout (pause_layout.go) and the host's Players list
// (players.go). Window (window.go) is the one window every scene and
// panel lays out and draws with: its size, this frame's input and the
// shared graphics.
//
// Data flows in through a Frame: the play scene fills one each update
// and each draw (the window's size, the frame count, the client's
// runtime, the world's look and camera, the settings and keys, the sound
// director, which panels are open) and hands it to these drawers, which
// read it and never the scene. What the player does on them (a slot
// used, an upgrade chosen) comes back as a client.Intent or a roster of
// the runtime's commands; the server decides (docs/ARCHITECTURE.md,
// "Packages").
package hud
