package render

import (
	"fmt"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/listen"
	"duskfall/net/portmap"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// recorder wraps a real session and notes what the scenes did with it.
type recorder struct {
	session
	intents []client.Intent
	closed  atomic.Bool
}

func (r *recorder) Frame(in client.Intent) {
	r.intents = append(r.intents, in)
	r.session.Frame(in)
}

func (r *recorder) Close() { r.closed.Store(true); r.session.Close() }

// hostedHarness is an app whose Host and play starts a real listen server
// on a free port.
func hostedHarness(t testing.TB) (*harness, *recorder) {
	return hostedHarnessEntering(t, "")
}

// hostedHarnessEntering is a hostedHarness whose server sends the player
// on to the dungeon kind enter at once ("" leaves it in the hub).
func hostedHarnessEntering(t testing.TB, enter string) (*harness, *recorder) {
	t.Helper()
	return hostedHarnessWith(t, enter, Options{Host: true, Seed: 5})
}

// routerSays stands in for the home router's answer to a hosted game's
// port mapping (listen.Host.PortMap), which tests never ask a real
// network for.
type routerSays struct {
	*listen.Host
	mu sync.Mutex
	st portmap.Status
}

func (r *routerSays) PortMap() portmap.Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.st
}

func (r *routerSays) set(st portmap.Status) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.st = st
}

// hostedHarnessWith is a hosted harness launched with opts.
func hostedHarnessWith(t testing.TB, enter string, opts Options) (*harness, *recorder) {
	h, rec, _ := hostedHarnessRouted(t, enter, opts)
	return h, rec
}

// hostedHarnessRouted is a hosted harness whose router's answer the test
// sets.
func hostedHarnessRouted(t testing.TB, enter string, opts Options) (*harness, *recorder, *routerSays) {
	t.Helper()
	rec := &recorder{}
	router := &routerSays{}
	start := hostWith(func(req HostRequest) (Hosted, error) {
		h, err := listen.Start(listen.Config{Content: req.Content, Addr: "127.0.0.1:0", Map: "hub", Seed: req.Seed, Log: req.Log, Client: req.Client, Enter: enter})
		if err != nil {
			return nil, err
		}
		router.Host = h
		return router, nil
	})
	st := starter{host: func(req HostRequest) (session, error) {
		s, err := start(req)
		if err != nil {
			return nil, err
		}
		rec.session = s
		return rec, nil
	}}
	h := &harness{t: t, log: &lockedBuffer{}, path: filepath.Join(t.TempDir(), "settings.toml")}
	opts.Content = builtin(t)
	a, err := newApp(opts, st, h.log, h.path)
	require.NoError(t, err)
	h.a = a
	t.Cleanup(h.closeAndWait)
	return h, rec, router
}

// untilPlaying steps until the play scene has the own ship.
func untilPlaying(t testing.TB, h *harness) *playScene {
	t.Helper()
	for range 120 {
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
		if s, ok := h.a.scenes.current.(*playScene); ok {
			if _, placed := s.rt.Self(); placed {
				return s
			}
		}
	}
	t.Fatalf("never reached play with a ship; scene %T, log:\n%s", h.a.scenes.current, h.log)
	return nil
}

func TestHostAndPlay(t *testing.T) {
	t.Run("it reaches the play scene and says so once", func(t *testing.T) {
		h, _ := hostedHarness(t)
		untilPlaying(t, h)
		for range 10 {
			h.press(ui.FrameInput{})
		}
		assert.Equal(t, 1, strings.Count(h.log.String(), "duskfall: scene=play players=1\n"), h.log.String())
	})
	t.Run("held keys move the own ship", func(t *testing.T) {
		h, _ := hostedHarness(t)
		s := untilPlaying(t, h)
		before, _ := s.rt.Self()
		for range 30 {
			h.press(ui.FrameInput{Move: [2]float64{1, 0}, Mouse: ui.Mouse{X: 700, Y: 360}})
		}
		after, _ := s.rt.Self()
		assert.Greater(t, after.Pos.X-before.Pos.X, 20.0, "30 ticks at 4 u per tick, less any wall")
	})
	t.Run("the camera follows the own ship, centred in the field the HUD leaves open", func(t *testing.T) {
		h, _ := hostedHarness(t)
		s := untilPlaying(t, h)
		self, _ := s.rt.Self()
		x, y := s.view.cam.ToScreen(self.Pos.X, self.Pos.Y)
		assert.InDelta(t, ui.WindowWidth/2, x, 1)
		hudTop := float32(hud.BarRect(ui.WindowWidth, ui.WindowHeight).Min.Y - hud.XpLineUp)
		assert.InDelta(t, hudTop/2, y, 1, "as much field above the ship as below it, down to the HUD")
		assert.Less(t, y, float32(ui.WindowHeight/2))
	})
	t.Run("the pause menu stops the player's input but not the game", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		h.press(ui.FrameInput{Back: true})
		require.True(t, s.pause.open)
		n := len(rec.intents)
		tick := s.rt.ServerTick()
		for range 5 {
			h.press(ui.FrameInput{Move: [2]float64{1, 0}, Mouse: ui.Mouse{Held: true, X: 900, Y: 100}})
		}
		require.Len(t, rec.intents, n+5, "the session still runs every frame")
		for _, in := range rec.intents[n:] {
			assert.Zero(t, in.MoveX)
			assert.False(t, in.Fire)
		}
		assert.Greater(t, s.rt.ServerTick(), tick)
		h.press(ui.FrameInput{Back: true})
		assert.False(t, s.pause.open, "escape resumes")
	})
	t.Run("disconnect to menu closes the game", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		h.press(ui.FrameInput{Back: true})
		c := s.pause.leave.Rect.Min
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X + 4, Y: c.Y + 4, Click: true}})
		sceneOf[*menuScene](t, h)
		require.True(t, h.a.waitClosed(3*time.Second))
		assert.True(t, rec.closed.Load())
		assert.Nil(t, h.a.sess)
	})
	t.Run("a game that ends under the player is explained", func(t *testing.T) {
		h, rec := hostedHarness(t)
		untilPlaying(t, h)
		rec.session.(hostSession).h.(*routerSays).Host.Server.Shutdown("the server is restarting")
		for range 3 {
			h.press(ui.FrameInput{})
		}
		s := sceneOf[*connectingScene](t, h)
		assert.Equal(t, "Disconnected", s.title)
		assert.Equal(t, "The server is restarting", s.reason, "in the server's words, not as a refusal")
		require.True(t, h.a.waitClosed(3*time.Second))
		assert.True(t, rec.closed.Load())
	})
	t.Run("the screenshot is due after two seconds of play", func(t *testing.T) {
		h, _ := hostedHarness(t)
		h.a.shot.path = filepath.Join(t.TempDir(), "shot.png")
		s := untilPlaying(t, h)
		for s.clock.playing < shotAfterFrames-1 {
			h.press(ui.FrameInput{})
			require.False(t, h.a.shot.due)
		}
		h.press(ui.FrameInput{})
		assert.True(t, h.a.shot.due)
	})
	t.Run("F3 toggles the net graph, which names the hosted world's seed", func(t *testing.T) {
		h, rec := hostedHarnessWith(t, "", Options{Host: true, Seed: 0xfeed})
		s := untilPlaying(t, h)
		h.press(ui.FrameInput{F3: true})
		assert.True(t, s.netGraph)
		for range hud.HudRefresh {
			h.press(ui.FrameInput{})
		}
		assert.Equal(t, uint64(0xfeed), hostOf(rec).Server.Seed())
		assert.Equal(t, "world seed 0xfeed", s.hud.GraphLines[len(s.hud.GraphLines)-1])
		h.press(ui.FrameInput{F3: true})
		assert.False(t, s.netGraph)
	})
}

func TestGamepadStartTogglesPause(t *testing.T) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	h.press(ui.FrameInput{Pad: ui.PadState{Present: true, Start: true}})
	require.True(t, s.pause.open)
	h.press(ui.FrameInput{Pad: ui.PadState{Present: true, Start: true}})
	assert.False(t, s.pause.open)
}

func TestReturnToHub(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	host := rec.session.(hostSession).h.(*routerSays).Host
	id := s.rt.PlayerID()
	hub := host.Server.World(id)
	hub.Teleport(id, hub.Portals()[0].Pos)
	h.press(ui.FrameInput{Interact: true})
	for i := 0; i < 120 && !s.inDungeon(); i++ {
		h.press(ui.FrameInput{})
	}
	require.True(t, s.inDungeon(), "through the portal")
	for range 10 {
		h.press(ui.FrameInput{})
	}
	t.Run("in a dungeon the pause menu offers the way out and says its cost", func(t *testing.T) {
		h.press(ui.FrameInput{Back: true})
		require.True(t, s.pause.open)
		assert.Same(t, s.pause.dungeonForm, s.menu())
		assert.Contains(t, leaveCost, "Leaving takes a second")
	})
	t.Run("Return to hub holds ESCAPE until the ship is out, a second later", func(t *testing.T) {
		c := s.pause.toHub.Rect.Min
		n := len(rec.intents)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X + 4, Y: c.Y + 4, Click: true}})
		require.False(t, s.pause.open)
		require.True(t, s.pause.returning)
		for i := 0; i < 3*game.TickRate && s.inDungeon(); i++ {
			h.press(ui.FrameInput{})
		}
		assert.False(t, s.inDungeon(), "back in the hub")
		held := 0
		for _, in := range rec.intents[n:] {
			if in.Escape {
				held++
			}
		}
		assert.GreaterOrEqual(t, held, game.EscapeTicks, "the channel's second, held")
		h.press(ui.FrameInput{})
		assert.False(t, s.pause.returning, "and let go once out")
		assert.False(t, rec.intents[len(rec.intents)-1].Escape)
	})
}

// A first Host and play makes the character and plays it: the roster never
// flashes on screen on the way.
func TestAFirstJoinNeverFlashesTheRoster(t *testing.T) {
	h, _ := hostedHarness(t)
	for range 120 {
		h.press(ui.FrameInput{})
		_, roster := h.a.scenes.current.(*rosterScene)
		require.False(t, roster, "the roster scene opened during a first join")
		if _, ok := h.a.scenes.current.(*playScene); ok {
			return
		}
	}
	t.Fatalf("never reached play; scene %T", h.a.scenes.current)
}

func TestThePauseMenu(t *testing.T) {
	t.Run("Settings opens over the game, which goes on, and Esc comes back to the menu", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		h.press(ui.FrameInput{Back: true})
		c := s.pause.setup.Rect.Min
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X + 4, Y: c.Y + 4, Click: true}})
		require.NotNil(t, s.pause.settings)
		n, tick := len(rec.intents), s.rt.ServerTick()
		for range 5 {
			h.press(ui.FrameInput{Move: [2]float64{1, 0}})
		}
		require.Len(t, rec.intents, n+5, "the session still runs every frame")
		assert.Greater(t, s.rt.ServerTick(), tick)
		h.press(ui.FrameInput{Back: true})
		assert.Nil(t, s.pause.settings)
		assert.True(t, s.pause.open, "back in the pause menu")
	})
	t.Run("Quit closes the game and the window", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		h.press(ui.FrameInput{Back: true})
		c := s.pause.quit.Rect.Min
		assert.ErrorIs(t, h.step(ui.FrameInput{Mouse: ui.Mouse{X: c.X + 4, Y: c.Y + 4, Click: true}}), ebiten.Termination)
		require.True(t, h.a.waitClosed(3*time.Second))
		assert.True(t, rec.closed.Load())
	})
}

func TestTheWorldIsZoomedToTheWindow(t *testing.T) {
	for _, tt := range []struct {
		w, h int
		zoom float64
	}{
		{640, 400, 1},
		{1280, 720, 1},
		{1280, 1024, 1},
		{1920, 1080, 1.5},
		{2560, 1440, 2},
		{3440, 1440, 2},
		{3840, 2160, 3},
	} {
		t.Run(fmt.Sprintf("a %d×%d window shows a world unit as %.1f pixels", tt.w, tt.h, tt.zoom), func(t *testing.T) {
			assert.InDelta(t, tt.zoom, worldZoom(tt.w, tt.h), 1e-9)
		})
	}
	t.Run("a world point maps to the window through the zoom", func(t *testing.T) {
		s := &playScene{view: playView{zoom: 2, cam: world.CentredOn(100, 100, 1280, 720)}}
		x, y := s.onScreen(100, 100)
		assert.Equal(t, [2]float32{1280, 720}, [2]float32{x, y}, "the camera's centre is the window's")
	})
}

// The host learns how the router answered without asking: a toast and a
// log line when the state changes, and the join code on the HUD becomes
// the public address's once the port is open.
func TestTheHostSeesHowTheRouterAnswered(t *testing.T) {
	h, _, router := hostedHarnessRouted(t, "", Options{Host: true, Seed: 5})
	play := untilPlaying(t, h)
	lanCode := play.hud.Code
	require.NotEmpty(t, lanCode)
	toasts := func() []string {
		var out []string
		for _, t := range play.items.Toasts {
			if t.Text != "" {
				out = append(out, t.Text)
			}
		}
		return out
	}

	router.set(portmap.Status{State: portmap.Looking, Port: 7777})
	h.run(90)
	assert.Equal(t, lanCode, play.hud.Code, "looking: the LAN code stays")
	assert.Contains(t, play.hud.PlaceLines[0], "looking for your router…")
	assert.Empty(t, toasts(), "looking is not news")

	router.set(portmap.Status{State: portmap.Open, Method: portmap.UPnP, Port: 7777,
		External: netip.MustParseAddrPort("203.0.113.5:7777")})
	h.run(90)
	assert.True(t, strings.HasPrefix(play.hud.Code, "203.0.113.5:7777/"), "the public code: %s", play.hud.Code)
	assert.Contains(t, toasts(), "Friends anywhere can join: 203.0.113.5:7777")
	assert.Contains(t, h.log.String(), "duskfall: join code 203.0.113.5:7777/")
	assert.Contains(t, play.hud.PlaceLines[0], "join code 203.0.113.5:7777/")

	router.set(portmap.Status{State: portmap.Refused, Port: 7777, Err: "no router answered"})
	h.run(90)
	assert.Equal(t, lanCode, play.hud.Code, "refused: back to the LAN code")
	assert.Contains(t, toasts(), "Your router did not open port 7777: friends outside your network can't join")
	assert.Contains(t, h.log.String(), "port mapping: Your router did not open the port")
	assert.Contains(t, play.hud.PlaceLines[0], "your router did not open the port: only friends on your network",
		"the place line keeps saying so after the toast")
}

// run steps n idle frames.
func (h *harness) run(n int) {
	for range n {
		h.press(ui.FrameInput{})
	}
}
