package render

import (
	"errors"
	"log"
	"net"
	"strings"
	"time"

	"duskfall/client"
	"duskfall/levels"
	"duskfall/net/portmap"
	"duskfall/profile"
	"duskfall/render/hud"
)

// session is a game the window takes part in: a hosted one (a listen
// server with the player as peer 1) or a joined one. The scenes only call
// Frame once per Update and read the client runtime.
type session interface {
	Frame(in client.Intent)
	Runtime() *client.Runtime
	// Where says what the player connected to, for the screens.
	Where() string
	// JoinCode is the code friends join this game by, when this process
	// hosts it (net/seal); "" for a joined game.
	JoinCode() string
	// Reach is how the hosted game's port stands on the home router;
	// State Off for a joined game or one that does not map it.
	Reach() portmap.Status
	// Seed is the world's seed when this process hosts it; a joined
	// game's seed stays with its host (it would draw the whole map).
	Seed() (uint64, bool)
	// Controls is the host's say over the other players (the pause menu's
	// Players list); nil in a game this window joined.
	Controls() hud.HostControls
	Close()
}

// Hosted is a game this process serves with the player as peer 1 (a
// listen.Host). The caller of Run says how to start one, so the window
// never depends on the server.
type Hosted interface {
	Frame(in client.Intent)
	Runtime() *client.Runtime
	Addr() string // the address friends join
	Seed() uint64 // the world's seed
	// Fingerprint names the server's identity key: a join code is an
	// address and it (net/seal).
	Fingerprint() string
	Close()
}

// HostRequest is everything Host and play needs.
type HostRequest struct {
	Content *levels.Pack // what the game plays: the window's content
	Port    int
	Seed    uint64
	Client  client.Config
	Log     *log.Logger // the server's log
	// Password is asked of every friend who joins ("" none); Private keeps
	// the game off the local network's Join screens (no announcement).
	Password string
	Private  bool
	// MapPort opens the port on the home router (net/portmap).
	MapPort bool
}

// HostFunc starts a hosted game.
type HostFunc func(HostRequest) (Hosted, error)

// hostSession is Host and play.
type hostSession struct{ h Hosted }

func (s hostSession) Frame(in client.Intent)   { s.h.Frame(in) }
func (s hostSession) Runtime() *client.Runtime { return s.h.Runtime() }

// Where names the addresses friends join, and how the router answered.
func (s hostSession) Where() string {
	w := friendWords(s.h.Addr(), lanAddrs())
	if r := reachWords(s.Reach()); r != "" {
		w += "; " + r
	}
	return w
}

// reachWords is the router's answer in the few words the place line has
// room for; the toast and the log say the rest.
func reachWords(r portmap.Status) string {
	switch r.State {
	case portmap.Looking:
		return "looking for your router…"
	case portmap.Open:
		return "friends anywhere join " + r.External.String()
	case portmap.Shared:
		return "your router's address is shared (CGNAT): only friends on your network"
	case portmap.Refused:
		return "your router did not open the port: only friends on your network"
	}
	return ""
}

// JoinCode is the public address's code once the router opened the port,
// else the first LAN address's.
func (s hostSession) JoinCode() string {
	if r := s.Reach(); r.State == portmap.Open {
		return r.External.String() + "/" + s.h.Fingerprint()
	}
	return joinCode(s.h.Addr(), lanAddrs(), s.h.Fingerprint())
}
func (s hostSession) Seed() (uint64, bool) { return s.h.Seed(), true }

// Reach is the hosted game's, when it maps its port (listen.Host does).
func (s hostSession) Reach() portmap.Status {
	if m, ok := s.h.(interface{ PortMap() portmap.Status }); ok {
		return m.PortMap()
	}
	return portmap.Status{}
}
func (s hostSession) Close() { s.h.Close() }

// Controls is the hosted game's, when it has them (listen.Host does).
func (s hostSession) Controls() hud.HostControls {
	c, _ := s.h.(hud.HostControls)
	return c
}

// joinSession is a friend's game.
type joinSession struct {
	rt   *client.Runtime
	addr string // its address, without a join code's key
}

func (s joinSession) Frame(in client.Intent)     { s.rt.Frame(in) }
func (s joinSession) Runtime() *client.Runtime   { return s.rt }
func (s joinSession) Where() string              { return "joined " + s.addr }
func (s joinSession) JoinCode() string           { return "" }
func (s joinSession) Reach() portmap.Status      { return portmap.Status{} }
func (s joinSession) Seed() (uint64, bool)       { return 0, false }
func (s joinSession) Close()                     { s.rt.Close() }
func (s joinSession) Controls() hud.HostControls { return nil }

// starter opens sessions. The app uses the real network; tests replace it.
// now is the clock the sessions' runtimes keep (client.Config.Now), which
// the screens read to count down what the runtime timestamps; nil means
// time.Now.
type starter struct {
	host func(HostRequest) (session, error)
	dial func(addr string, cfg client.Config) (session, error)
	now  func() time.Time
}

func netStarter(host HostFunc) starter {
	return starter{host: hostWith(host), dial: dialGame, now: time.Now}
}

func dialGame(addr string, cfg client.Config) (session, error) {
	rt, err := client.Dial(addr, cfg)
	if err != nil {
		return nil, err
	}
	return joinSession{rt: rt, addr: profile.ServerAddr(addr)}, nil
}

// hostWith makes Host and play sessions with host; a program that gave
// none cannot host.
func hostWith(host HostFunc) func(HostRequest) (session, error) {
	return func(req HostRequest) (session, error) {
		if host == nil {
			return nil, errors.New("this program cannot host games")
		}
		h, err := host(req)
		if err != nil {
			return nil, err
		}
		return hostSession{h: h}, nil
	}
}

// friendWords says where friends join a game hosted on addr: every address
// this computer has on its networks, with the port, or this computer alone
// when it has none.
func friendWords(addr string, ips []net.IP) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "hosting on " + addr
	}
	if ip := net.ParseIP(host); ip != nil && !ip.IsUnspecified() {
		return "friends join " + net.JoinHostPort(host, port)
	}
	if len(ips) == 0 {
		return "hosting: friends on this computer join " + net.JoinHostPort("127.0.0.1", port) + " (no network found)"
	}
	parts := make([]string, 0, len(ips))
	for _, ip := range ips {
		parts = append(parts, net.JoinHostPort(ip.String(), port))
	}
	return "friends join " + strings.Join(parts, " or ")
}

// joinCode is the join code of a game hosted on addr (net/seal), at the
// first of this computer's addresses that friendWords names.
func joinCode(addr string, ips []net.IP, fingerprint string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr + "/" + fingerprint
	}
	if ip := net.ParseIP(host); (ip == nil || ip.IsUnspecified()) && len(ips) > 0 {
		host = ips[0].String()
	} else if ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port) + "/" + fingerprint
}

// lanAddrs is this computer's addresses on its networks: IPv4 first, no
// loopback, no link-local.
func lanAddrs() []net.IP {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var v4, v6 []net.IP
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || n.IP.IsMulticast() {
			continue
		}
		if n.IP.To4() != nil {
			v4 = append(v4, n.IP)
		} else {
			v6 = append(v6, n.IP)
		}
	}
	return append(v4, v6...)
}
