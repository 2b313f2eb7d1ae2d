// Package sound is what the player hears: the sound effects, synthesized
// in code at start (sounds.go), the audio device or the silence that
// stands in for it (audio.go: a window without a device plays on without
// sound, and says so once), the director that decides which effects a
// frame of play sounds (a shot, a hit, a kill, a level up), and the
// jukebox that plays the music package's loops and crossfades between
// them (music.go).
//
// Data flows in from the scenes and out to the device: a scene tells the
// director what happened this frame (the runtime's events, the sheet) and
// the app tells the jukebox which track is wanted; the loudness is a
// function the app hands in and each sound reads, so a change in
// Settings is heard at once. Nothing here knows a scene (docs/ARCHITECTURE.md,
// "Packages").
package sound
