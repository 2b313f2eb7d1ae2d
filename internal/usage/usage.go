// Package usage holds the command line's summary, shared by the program's
// --help and by the window build's answer when there is no display
// (internal/nodisplay). It imports nothing.
package usage

// Text is the summary --help prints before the flags.
const Text = `Duskfall, a co-op bullet hell.

Usage:
  duskfall [flags]                      open the game window (main menu)
  duskfall --host [--port N]            open the window and host a game at once
  duskfall --join HOST:PORT             open the window and join a friend's game
  duskfall --server [--port N]          run a dedicated server without a window
  duskfall --bot N --join HOST:PORT     run N headless bots; one JSON line per bot at exit
  duskfall --check-content [DIR]        validate a content folder (the built-in one by default): a JSON
                                        summary, or file: key: problem lines and a non-zero exit
  duskfall netsim --listen ADDR --target ADDR [--loss %] [--latency D] ...
                                        run a UDP impairment proxy (see: duskfall netsim --help)

Flags:
`
