// Package bots holds the headless scripted players used for tests, smoke
// runs and load: each Bot drives one client.Runtime through its public API
// only, exactly as a player at a keyboard would.
//
// Data flows round one frame at a time:
//
//	client.Runtime view (Self, Enemies, Grid, Portals, Instance)
//	    ──▶ script (wander, fight, dungeon) ──▶ client.Intent
//	    ──▶ Runtime.Frame (send input, receive) ──▶ next frame's view
//
// A bot decides only intents; the server decides every outcome. The dungeon
// script finds its way with a navigator over the map the client has been
// streamed, where unknown tiles count as open so a route into the unknown
// is a way to explore. RunBots dials n bots and DriveBots paces them at the
// game's tick rate; each bot's Report is the JSON line `--bot` prints, and
// its field names are a contract with the scripts that read it.
package bots
