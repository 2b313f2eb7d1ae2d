//go:build headless

package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"net"
	"os"
	"strconv"
	"time"

	"duskfall/client"
	"duskfall/game"
	"duskfall/listen"
)

// runWindow is unavailable in the headless build: it leaves Ebitengine out
// so the dedicated server runs where there is no display. --host is the
// exception: Host and play's own path without its window (runHeadlessHost).
func runWindow(o options) error {
	if o.host {
		return runHeadlessHost(o)
	}
	return errors.New("this build has no window (built with -tags headless): use --server, --host or --bot N --join HOST:PORT")
}

// runHeadlessHost runs Host and play as the window does (listen.Start, the
// host as peer 1, friends over ENet, the port opened on the home router
// unless --upnp=false), with a host player that stands still, until
// --duration ends or a signal comes: for testers and the port-mapping lab.
func runHeadlessHost(o options) error {
	lg := log.New(os.Stderr, "server: ", log.LstdFlags|log.Lmicroseconds)
	data, err := dataFolder(o.dataDir)
	if err != nil {
		return err
	}
	name := o.name
	if name == "" {
		name = "host"
	}
	ctx, stop := signalContext() // before the host's Close, so it stops after it (see signalContext)
	defer stop()
	var token [16]byte
	_, _ = rand.Read(token[:])
	h, err := listen.Start(listen.Config{
		Content: o.content,
		Addr:    net.JoinHostPort(o.bind, strconv.Itoa(o.port)), Map: "hub", Seed: worldSeed(o.seed), Log: lg,
		Client:  client.Config{Name: name, Token: token, Class: o.class},
		DataDir: data, MapPort: !o.upnpSet || o.upnp,
	})
	if err != nil {
		return err
	}
	defer h.Close() // the mapping goes with the game
	lg.Print(contentWords(o.content))
	fmt.Fprintf(os.Stderr, "duskfall: hosting on %s, join code %s/%s\n", h.Addr(), h.Addr(), h.Fingerprint())
	var end <-chan time.Time
	if o.duration > 0 {
		end = time.After(o.duration)
	}
	tick := time.NewTicker(time.Second / game.TickRate)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-end:
			return nil
		case <-tick.C:
			h.Frame(client.Intent{})
		}
	}
}
