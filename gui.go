//go:build !headless

package main

import (
	"strconv"

	_ "duskfall/internal/nodisplay" // before Ebitengine's init: answers without a display instead of panicking
	"duskfall/listen"
	"duskfall/render"
	"duskfall/server"
)

// runWindow opens the game window: the menu, or straight into a hosted or
// joined game.
func runWindow(o options) error {
	return render.Run(render.Options{
		Host:      o.host,
		Join:      o.join,
		Name:      o.name,
		Class:     o.class,
		Port:      o.port,
		Seed:      o.seed,
		NoPortMap: o.upnpSet && !o.upnp,
		StartHost: hostGame(o),
		Content:   o.content,
	})
}

// hostGame is Host and play: a listen server whose players start in the
// hub, serving --metrics and writing --status-file when they are given. It
// lives here, not in render, so the window never imports the server.
func hostGame(o options) render.HostFunc {
	return func(req render.HostRequest) (render.Hosted, error) {
		data, err := server.DefaultDataDir()
		if err != nil {
			return nil, err
		}
		h, err := listen.Start(listen.Config{
			Content: req.Content,
			Addr:    ":" + strconv.Itoa(req.Port), Map: "hub", Seed: worldSeed(req.Seed), Log: req.Log, Client: req.Client,
			DataDir: data, Password: req.Password,
			Announce: true, Private: req.Private, // friends on the same network find it on their Join screen, unless it is private
			MapPort: req.MapPort, // friends anywhere, once the router opens the port
			Metrics: o.metrics, StatusFile: o.statusFile,
		})
		if err != nil {
			return nil, err
		}
		return h, nil
	}
}
