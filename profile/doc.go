// Package profile is what the player keeps on this computer between runs:
// the settings (name, account token and the tokens of other names played
// under, the servers joined, the preferences the Settings screen changes,
// the key bindings by name) in settings.toml, and the identity of every
// server joined by address in known_servers beside it.
//
// Data flows in at start and out on a change: the window loads the
// settings once (LoadSettings fills in what the file leaves out and
// notes each fallback in Warnings), holds them while it runs and saves
// them whole when the player changes one (Save writes a temporary file
// and renames it). The package reads and writes files and knows no
// window: key names are kept as the player's keyboard names them, and
// the window checks them against its keys (docs/ARCHITECTURE.md, "Packages").
package profile
