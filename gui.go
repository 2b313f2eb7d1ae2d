//go:build !headless

package main

import "duskfall/render"

// runWindow opens the game window: the menu, or straight into a hosted or
// joined game.
func runWindow(o options) error {
	return render.Run(render.Options{
		Host: o.host,
		Join: o.join,
		Name: o.name,
		Port: o.port,
		Seed: o.seed,
	})
}
