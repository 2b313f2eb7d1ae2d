package render

import (
	"fmt"
	"log"
	"strconv"
	"sync"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/listen"
	"duskfall/server"
)

// session is a game the window takes part in: a hosted one (a listen
// server with the player as peer 1) or a joined one. The scenes only call
// Frame once per Update and read the client runtime.
type session interface {
	Frame(in client.Intent)
	Runtime() *client.Runtime
	// Where says what the player connected to, for the screens.
	Where() string
	Close()
}

// hostSession is Host and play.
type hostSession struct{ h *listen.Host }

func (s hostSession) Frame(in client.Intent)   { s.h.Frame(in) }
func (s hostSession) Runtime() *client.Runtime { return s.h.Client }
func (s hostSession) Where() string            { return "hosting on " + s.h.Addr() }
func (s hostSession) Close()                   { s.h.Close() }

// joinSession is a friend's game.
type joinSession struct {
	rt   *client.Runtime
	addr string
}

func (s joinSession) Frame(in client.Intent)   { s.rt.Frame(in) }
func (s joinSession) Runtime() *client.Runtime { return s.rt }
func (s joinSession) Where() string            { return "joined " + s.addr }
func (s joinSession) Close()                   { s.rt.Close() }

// hostRequest is everything Host and play needs.
type hostRequest struct {
	Port   int
	Seed   uint64
	Client client.Config
	Log    *log.Logger // the server's log
}

// starter opens sessions. The app uses the real network; tests replace it.
type starter struct {
	host func(hostRequest) (session, error)
	dial func(addr string, cfg client.Config) (session, error)
}

func netStarter() starter {
	return starter{host: startHost, dial: dialGame}
}

func dialGame(addr string, cfg client.Config) (session, error) {
	rt, err := client.Dial(addr, cfg)
	if err != nil {
		return nil, err
	}
	return joinSession{rt: rt, addr: addr}, nil
}

// The content is embedded and never changes: load and validate it once.
var loadContent = sync.OnceValues(func() (*game.Content, error) {
	c, err := levels.LoadContent()
	if err != nil {
		return nil, fmt.Errorf("the game content does not load: %w", err)
	}
	return c, nil
})

func startHost(req hostRequest) (session, error) {
	content, err := loadContent()
	if err != nil {
		return nil, err
	}
	hub, err := levels.LoadMap("hub", content)
	if err != nil {
		return nil, fmt.Errorf("the hub does not load: %w", err)
	}
	h, err := listen.Start(listen.Config{
		Addr:   ":" + strconv.Itoa(req.Port),
		Server: server.Config{Content: content, Map: hub, Seed: req.Seed, Log: req.Log},
		Client: req.Client,
	})
	if err != nil {
		return nil, err
	}
	return hostSession{h: h}, nil
}
