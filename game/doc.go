// Package game is Duskfall's deterministic simulation, shared by the server
// (which is authoritative) and the client (which predicts its own player and
// replays bullets from spawn events).
//
// Data flows one way through a tick. The server hands each player's input
// frames to World.QueueInput, the single audit point for inputs. World.Step
// then advances one tick at 60 Hz: it consumes the frame numbered for that
// tick, moves players with StepPlayer, fires player shots, runs enemy behaviour and
// its data-driven emitter patterns, integrates the BulletPool, resolves hits
// through a uniform grid, and handles deaths and respawns. Every outcome is
// appended to an event buffer (World.Events) that the server encodes.
//
// Two functions are deliberately shared verbatim with the client:
// StepPlayer, so prediction and the server move a player identically, and
// BulletPool's integration, which starts from the wire-exact BulletSpawn
// record only, so a replica spawned from a decoded copy matches the server's
// bullet bit for bit at every tick.
//
// Beyond the fight, a world holds portals (World.PortalAt resolves a
// player's INTERACT to the portal under it; the server-only EvTransfer
// tells the server to move the player) and, in a dungeon, opens an exit
// portal when the boss dies. GenerateDungeon builds a dungeon's map as a
// pure function of (kind, seed, depth): rooms joined by corridors and
// tunnels, an entrance, the boss room farthest from it by walking, and
// spawn slots for enemies and loot.
//
// The package imports only the standard library: no clocks, no files, no
// global random source. The world owns a PCG generator seeded from its seed,
// so the same seed and the same inputs give the same event stream.
package game
