//go:build headless

package main

import "errors"

// runWindow is unavailable in the headless build: it leaves Ebitengine out
// so the dedicated server runs where there is no display.
func runWindow(options) error {
	return errors.New("this build has no window (built with -tags headless): use --server or --bot N --join HOST:PORT")
}
