// Package settings is the Settings panel, the one the main menu opens and
// the one opened over a game: its rows (name, volumes, window and UI size,
// graphics, bullet colours, key bindings, gamepad), the list that scrolls
// when the window is too short for them, rebinding a key, and stepping the
// window's size (windowsize.go).
//
// Data flows both ways through the player's profile.Settings: the panel
// reads and changes them in place, so a change shows at once wherever
// they are read, and asks the app through a Keeper to save them, to hand
// new keys to the input and to keep a new name. It knows no scene
// (docs/ARCHITECTURE.md, "Packages").
package settings
