// Package nodisplay keeps the window build from dying with a stack trace
// where there is no display. Ebitengine connects to the display in a
// package init, before main runs, and panics when there is none; this
// package's init runs before it (Go initializes packages in import-path
// order among those whose imports are ready, and this one needs only a few
// standard packages that Ebitengine needs too). When there is no display it
// answers what needs none: --help prints the usage, netsim runs, and
// --server, --bot and --check-content say in one line to use the headless
// build. With a display it does nothing. The headless build does not link
// it (or Ebitengine).
package nodisplay

import (
	"fmt"
	"os"
	"runtime"
	"strings"

	"duskfall/internal/usage"
	"duskfall/net/transport/netsim"
)

func init() {
	if HasDisplay(runtime.GOOS, os.Getenv) {
		return
	}
	code, done := Answer(os.Args[1:], os.Stdout, os.Stderr)
	if done {
		os.Exit(code)
	}
}

// HasDisplay says whether a window could open: off Linux and the BSDs
// there is always a display; on them X11 or Wayland must be named.
func HasDisplay(goos string, getenv func(string) string) bool {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}

// Answer handles a command line when there is no display. It reports the
// exit code and whether it answered; when it did not, the program goes on
// to open its window and fails in its own words.
func Answer(args []string, stdout, stderr *os.File) (int, bool) {
	if len(args) > 0 && args[0] == "netsim" {
		return netsim.Main(args[1:]), true
	}
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			fmt.Fprint(stdout, strings.TrimSuffix(usage.Text, "Flags:\n"))
			fmt.Fprintln(stdout, "\nThere is no display here: every flag is listed by the headless build's --help (make headless).")
			return 0, true
		case "-server", "--server", "-bot", "--bot", "-check-content", "--check-content":
			fmt.Fprintf(stderr, "duskfall: no display here, and this build opens one at start even for %s: run the headless build instead (make headless builds bin/duskfall-server)\n", a)
			return 2, true
		}
	}
	fmt.Fprintln(stderr, "duskfall: no display here (DISPLAY and WAYLAND_DISPLAY are unset): the game window needs one; for a dedicated server or bots run the headless build (make headless builds bin/duskfall-server)")
	return 1, true
}
