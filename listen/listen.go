// Package listen wires "Host and play": a server.Runtime and a
// client.Runtime in one process, the client as peer 1 over an in-memory
// transport, friends over ENet on the same server.
//
// It is the one place that imports both server and client, and it builds
// the host's server itself (server.ConfigFor and server.Config.Network, as
// the dedicated server does), so its caller names the content, a map and a
// seed, not a server.Config. The host's client still encodes its input and
// learns every outcome from encoded snapshots and events; only the
// transport is short-circuited. One Frame
// runs, in order: the client samples and sends input, the server steps,
// the client reads. So input sampled this frame is consumed this frame,
// and the host's ship is never a tick ahead of the authoritative one.
package listen

import (
	"errors"
	"fmt"
	"log"
	"net"
	"strconv"
	"syscall"

	"duskfall/client"
	"duskfall/levels"
	"duskfall/net/lan"
	"duskfall/net/portmap"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server"
	"duskfall/server/opsweb"
)

// Config configures a hosted game.
type Config struct {
	// Content is what the game plays (the built-in content, or --content
	// DIR): the server's, and the host player's whatever Client says.
	Content *levels.Pack
	Addr    string // ENet listen address for friends, e.g. ":7777"
	Map     string // the map players start in, e.g. "hub" (of Content)
	Seed    uint64
	Log     *log.Logger // the server's log; nil means log.Default()
	DataDir string      // where accounts and characters are kept, as a dedicated server keeps them; "" keeps none
	Client  client.Config
	Network transport.Config // limits; Start completes it as server.Config.Network does
	// Announce broadcasts the game on the local network (net/lan) so Join
	// screens there list it; AnnounceTo replaces the broadcast targets
	// (tests).
	Announce   bool
	AnnounceTo []string
	// Private keeps the game off the local network whatever Announce
	// says: friends type its address.
	Private bool
	// Enter sends every character on from the hub to this dungeon kind at
	// once, as the server's --enter does (tests and screenshots).
	Enter string
	// Password, when set, is asked of every friend who joins; the host
	// player never needs it.
	Password string
	// MapPort opens the port on the home router (net/portmap), off the
	// game's loop; Host.PortMap says how it stands.
	MapPort bool
	// Metrics, when set (host:port), serves the hosted server's metrics
	// and health checks over HTTP as --server --metrics does
	// (server/opsweb); StatusFile, when set, is rewritten once a second
	// as the dedicated server's status file is.
	Metrics    string
	StatusFile string
}

// Host is a running listen server with its host player.
type Host struct {
	Server *server.Runtime
	Client *client.Runtime
	enet   *transport.ENetServer
	an     *lan.Announcer  // nil unless announcing
	mapper *portmap.Mapper // nil unless mapping the port
	hosted *server.Hosted  // steps the server, keeping its vitals and status
	web    *opsweb.Server  // nil unless serving metrics
	ann    lan.Announcement
	frames int
}

// Start opens the port, starts the server and connects the host player.
func Start(cfg Config) (*Host, error) {
	if cfg.Content == nil {
		return nil, errors.New("listen: Config.Content is nil: a hosted game plays the content it is given")
	}
	srvCfg, err := server.ConfigFor(cfg.Content, cfg.Map, cfg.Seed)
	if err != nil {
		return nil, err
	}
	cfg.Client.Content = cfg.Content.Content
	srvCfg.Log = cfg.Log
	srvCfg.Enter, srvCfg.Password, srvCfg.StatusFile = cfg.Enter, cfg.Password, cfg.StatusFile
	if srvCfg.Log == nil {
		srvCfg.Log = log.Default()
	}
	if cfg.DataDir != "" {
		if srvCfg.Store, err = server.OpenStore(cfg.DataDir); err != nil {
			return nil, err
		}
	}
	closeStore := func() {
		if srvCfg.Store != nil {
			srvCfg.Store.Close() // the next try must find the store free
		}
	}
	cfg.Network = srvCfg.Network(cfg.Network) // as the dedicated server listens
	if cfg.DataDir != "" && cfg.Network.Identity == nil {
		id, err := server.LoadIdentity(cfg.DataDir)
		if err != nil {
			closeStore()
			return nil, err
		}
		cfg.Network.Identity = &id
	}
	netSrv, err := transport.ListenENet(cfg.Addr, cfg.Network)
	if err != nil {
		closeStore()
		return nil, PortError(cfg.Addr, err)
	}
	localSrv, localCli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	srv, err := server.New(srvCfg, transport.Merge(localSrv, netSrv))
	if err != nil {
		netSrv.Close()
		closeStore()
		return nil, err
	}
	var web *opsweb.Server
	if cfg.Metrics != "" {
		if web, err = opsweb.Listen(cfg.Metrics, srv, opsweb.Config{}, srv.Logf); err != nil {
			srv.Shutdown("the host could not start")
			return nil, fmt.Errorf("cannot serve metrics on %s: %w", cfg.Metrics, err)
		}
		srv.Logf("metrics on http://%s/metrics, health checks on /healthz and /readyz", web.Addr())
	}
	cfg.Client.InProcess = true // the server steps in the host's frames (Frame)
	h := &Host{Server: srv, Client: client.New(localCli, cfg.Client), enet: netSrv, hosted: srv.Hosted(), web: web}
	if cfg.Announce && !cfg.Private {
		h.announce(cfg)
	}
	if cfg.MapPort {
		_, port, _ := net.SplitHostPort(netSrv.Addr())
		p, _ := strconv.Atoi(port)
		h.mapper = portmap.Start(portmap.Config{Port: uint16(p), Description: "Duskfall (Host and play)", Logf: srv.Logf})
	}
	return h, nil
}

// announce starts the LAN announcement, with the server's fingerprint so a
// Join screen nearby fills in the join code; a network that refuses it
// only means friends type the code.
func (h *Host) announce(cfg Config) {
	_, port, _ := net.SplitHostPort(h.enet.Addr())
	p, _ := strconv.Atoi(port)
	h.ann = lan.Announcement{Port: uint16(p), Players: 1, MaxPlayers: uint8(min(h.Server.MaxPlayers(), 255)),
		Fingerprint: h.Fingerprint(), Name: cfg.Client.Name + "'s game"}
	an, err := lan.Announce(h.ann, cfg.AnnounceTo...)
	if err != nil {
		h.Server.Logf("cannot announce the game on the local network: %v", err)
		return
	}
	h.an = an
}

// Runtime is the host player's client.
func (h *Host) Runtime() *client.Runtime { return h.Client }

// Addr is the address friends join.
func (h *Host) Addr() string { return h.enet.Addr() }

// MetricsAddr is where the metrics and health checks are served; "" when
// they are not.
func (h *Host) MetricsAddr() string {
	if h.web == nil {
		return ""
	}
	return h.web.Addr()
}

// Fingerprint names the server's identity key; a join code is an address
// and this (net/seal).
func (h *Host) Fingerprint() string { return h.enet.Fingerprint() }

// Seed is the hosted world's seed.
func (h *Host) Seed() uint64 { return h.Server.Seed() }

// Frame runs one update: client input, server step, client read.
func (h *Host) Frame(in client.Intent) {
	h.Client.SendInput(in)
	h.hosted.Step()
	h.Client.Receive()
	if h.frames++; h.an != nil && h.frames%60 == 0 {
		h.ann.Players = uint8(min(h.Server.Players(), 255))
		h.an.Set(h.ann)
	}
}

// KickPlayer removes a friend by player id, as the pause menu's Players
// list does; the answer is one line ("kicked kate"). It runs between
// Frames, on the Frame's goroutine.
func (h *Host) KickPlayer(player uint16) string { return h.Server.KickPlayer(player) }

// BanPlayer bans a friend by account and by address and removes it.
func (h *Host) BanPlayer(player uint16) string { return h.Server.BanPlayer(player, "") }

// Banned lists the accounts banned, oldest first, for the Players list's
// Unban.
func (h *Host) Banned() []string {
	var out []string
	for _, b := range h.Server.Bans() {
		out = append(out, b.Account)
	}
	return out
}

// Friends counts the friends in the game: those Close sends back to
// their menu.
func (h *Host) Friends() int { return h.Server.Friends() }

// About says who a player is and where, for the Players list: its class,
// level and place ("Arcanist  ·  level 3  ·  The Catacombs, floor 2");
// "" for no such player.
func (h *Host) About(player uint16) string {
	for _, p := range h.Server.PlayerList() {
		if p.Player == player {
			return p.Detail()
		}
	}
	return ""
}

// Unban lifts an account's ban, by account and by address.
func (h *Host) Unban(account string) string { return h.Server.Unban(account) }

// PortMap says how the port stands on the home router; State Off when
// the game does not map it.
func (h *Host) PortMap() portmap.Status { return h.mapper.Status() }

// Announcing says whether the game is announced on the local network.
func (h *Host) Announcing() bool { return h.an != nil }

// Close says goodbye to the friends, then stops the server.
func (h *Host) Close() {
	if h.an != nil {
		h.an.Close()
	}
	h.Client.Close()
	h.hosted.Stop("the host ended the game")
	if h.web != nil {
		h.web.Close() // after Stop: the probes read "stopped"
	}
	h.mapper.Close() // the mapping goes with the game (2 s at most for a silent router)
}

// PortError says in words why the port for friends did not open, with what
// to do about it. ENet only reports that it could not create its host; a
// plain UDP bind on the same address tells a port in use from one that
// needs permission.
func PortError(addr string, err error) error {
	_, port, _ := net.SplitHostPort(addr)
	if c, perr := net.ListenPacket("udp", addr); perr == nil {
		c.Close()
	} else {
		switch {
		case errors.Is(perr, syscall.EADDRINUSE):
			return fmt.Errorf("port %s is in use by another program (perhaps another Duskfall): choose another port", port)
		case errors.Is(perr, syscall.EACCES):
			return fmt.Errorf("port %s needs special permission on this computer: choose a port from 1024 to 65535", port)
		case errors.Is(perr, syscall.EADDRNOTAVAIL):
			return fmt.Errorf("the address %s is not one of this computer's: host on all of them (leave the address out) or pick one it has", addr)
		}
	}
	return fmt.Errorf("cannot open port %s for friends (%v): choose another port", port, err)
}
