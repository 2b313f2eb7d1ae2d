// Package render is the window and its scenes: the menus, the join and
// roster screens, play (which puts the world, the HUD and the panels
// together) and the death screen, and the app that builds each scene and
// makes the moves they ask for.
//
// Data flows one way. Each Update the app collects this frame's input once
// (frameInput), and the current scene reads it: the menus feed it to their
// widgets, the play scene maps it to a client.Intent and hands that to its
// session (a hosted game the caller of Run starts, a listen.Host in the
// program, or a remote client.Runtime), which sends it and
// reads the network. Draw then only reads: the client.Runtime's predicted
// own ship, interpolated players and enemies, streamed tiles and bullet
// replica are turned into vertices and drawn. Game objects never draw
// themselves and render never changes the client's state.
//
// The scenes follow the session's state: connecting (the handshake), the
// roster (choosing, making or deleting a character; after a death it
// opens again on the character that fell, with the server's words and its
// lockout counting down), and
// play. The roster scene sends its choices through the runtime's roster
// commands (rosterActions) and waits for each answer before the next.
//
// A scene is given the state it uses, never the app. Every scene points
// to the one window (its size, this frame's input and the shared
// graphics), so a resize is seen by all; it asks the app for what
// outlives it through moves (change the scene, host, join, keep a name,
// close the session); and it keeps fields of its own for the rest: the
// session, the clock, the log writer, the Settings where it changes them.
// The app builds every scene (moves.go), so only it knows what each is
// handed. The settings panel (render/settings) asks its own few things
// of the app through a settings.Keeper (settingsKeeper), and the play
// scene gets a playEnv (the Settings and key bindings it reads each
// frame, the content, the sound, the quality judge).
//
// Items are drawn from the client's sheet (render/hud: items.go,
// items_draw.go): the
// inventory bar (1–8 use a bag slot on the press, Shift drops it, a click
// on a worn slot takes it off; a click that lands on the bar fires nothing
// until the button is let go), tooltips with real numbers (render/hud/figures.go:
// the stats with the item against the stats without it, in player units),
// loot on the ground (the player's own instanced items ringed in gold and
// marked "yours"), a line of feedback for each thing the server did, the
// XP bar and the banner of a cleared dungeon. The upgrade keeper
// (render/hud/keeper.go) stands on its TileNPC tile and is a dot on the minimap; E
// beside it with a choice owed opens its panel of the three options on
// offer with their numbers before → after. The panel only asks: the
// server decides, and its answer (the next sheet) closes the panel or
// leaves the refusal's words on it.
//
// What the scenes are made of lives beside them: the world's drawing
// (render/world: ground, light, fog, actors, bullets, each drawer taking
// a world.View of the frame), what play draws besides it (render/hud:
// bars, minimap, items, keeper, effects, each reading a hud.Frame), the
// Settings panel (render/settings), the UI kit (render/ui: input, key
// bindings, widgets, text, shapes, the UI scale) and the sound
// (render/sound). The settings (player name, last address joined,
// account token) and the known servers are the player's profile
// (duskfall/profile), kept as files in the user config directory.
package render
