package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"net"
	"os"
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
	"duskfall/net/lan"
	"duskfall/net/portmap"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/profile"
	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// fakeSession is a client runtime over an in-memory pair whose server end
// the test plays by hand: nothing answers unless the test says so.
type fakeSession struct {
	rt      *client.Runtime
	srv     *transport.LocalServer
	closed  atomic.Bool
	hold    chan struct{} // when set, Close blocks until it is closed
	intents []client.Intent
}

func (f *fakeSession) Frame(in client.Intent) {
	f.intents = append(f.intents, in)
	f.rt.Frame(in)
}
func (f *fakeSession) Runtime() *client.Runtime   { return f.rt }
func (f *fakeSession) Where() string              { return "fake" }
func (f *fakeSession) JoinCode() string           { return "" }
func (f *fakeSession) Reach() portmap.Status      { return portmap.Status{} }
func (f *fakeSession) Seed() (uint64, bool)       { return 0, false }
func (f *fakeSession) Controls() hud.HostControls { return nil }
func (f *fakeSession) Close() {
	if f.hold != nil {
		<-f.hold
	}
	f.closed.Store(true)
	f.rt.Close()
}

// reject answers the client's hello with a refusal.
func (f *fakeSession) reject(t *testing.T, reason string) {
	b, err := wire.AppendReject(nil, wire.Reject{Reason: reason})
	require.NoError(t, err)
	f.srv.Send(transport.LocalPeer, wire.ChannelOf(wire.MsgReject), b)
}

// fakeNet records what the app asked to start and hands out fakeSessions
// on a clock the test moves.
type fakeNet struct {
	now      time.Time
	hosts    []HostRequest
	dials    []string
	names    []string
	passes   []string // the password each dial's Hello carries
	hostErr  error
	sessions []*fakeSession
}

func (n *fakeNet) session(cfg client.Config) *fakeSession {
	cfg.Now = func() time.Time { return n.now }
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	s := &fakeSession{rt: client.New(cli, cfg), srv: srv}
	n.sessions = append(n.sessions, s)
	return s
}

func (n *fakeNet) starter() starter {
	return starter{
		host: func(r HostRequest) (session, error) {
			n.hosts = append(n.hosts, r)
			if n.hostErr != nil {
				return nil, n.hostErr
			}
			return n.session(r.Client), nil
		},
		dial: func(addr string, cfg client.Config) (session, error) {
			n.dials, n.names, n.passes = append(n.dials, addr), append(n.names, cfg.Name), append(n.passes, cfg.Password)
			if strings.HasPrefix(addr, "unreachable") {
				return nil, errors.New("cannot reach " + addr + ": no such host")
			}
			return n.session(cfg), nil
		},
		now: func() time.Time { return n.now },
	}
}

func fakeStarter(t *testing.T) starter {
	t.Helper()
	return (&fakeNet{now: time.Unix(1000, 0)}).starter()
}

// harness is an app with fake networking and a settings file of its own.
type harness struct {
	t       testing.TB
	a       *app
	net     *fakeNet
	log     *lockedBuffer
	path    string
	lanAddr string // where this app hears LAN announcements
}

func newHarness(t *testing.T, opts Options) *harness {
	t.Helper()
	return newHarnessAt(t, opts, true)
}

// newHarnessAt is newHarness; named says whether the player has chosen its
// name already (a later launch), or this is the first launch.
func newHarnessAt(t *testing.T, opts Options, named bool) *harness {
	t.Helper()
	h := &harness{t: t, net: &fakeNet{now: time.Unix(1000, 0)}, log: &lockedBuffer{},
		path: filepath.Join(t.TempDir(), "settings.toml")}
	if named {
		require.NoError(t, os.WriteFile(h.path, []byte("name = \"Tester\"\n"), 0o600))
	}
	l, err := lan.Listen("127.0.0.1:0", nil)
	require.NoError(t, err)
	t.Cleanup(l.Close)
	h.lanAddr = l.Addr().String()
	opts.Content = builtin(t)
	a, err := newApp(opts, h.net.starter(), h.log, h.path)
	require.NoError(t, err)
	a.lan.listen = func() (*lan.Listener, error) { return l, nil }
	h.a = a
	t.Cleanup(h.closeAndWait)
	return h
}

// lockedBuffer is the log both the app and a hosted server (from its own
// goroutine) write to.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// closeAndWait closes the session and waits for its goodbye to finish.
func (h *harness) closeAndWait() {
	h.a.closeSession()
	require.True(h.t, h.a.waitClosed(time.Second), "the session never finished closing")
}

// step runs one Update with the given input.
func (h *harness) step(in ui.FrameInput) error {
	*h.a.In = in
	return h.a.scenes.update()
}

func (h *harness) press(in ui.FrameInput) {
	h.t.Helper()
	require.NoError(h.t, h.step(in))
}

func sceneOf[T scene](t *testing.T, h *harness) T {
	t.Helper()
	s, ok := h.a.scenes.current.(T)
	require.Truef(t, ok, "current scene is %T", h.a.scenes.current)
	return s
}

func TestMainMenu(t *testing.T) {
	t.Run("down past the port, then enter, opens the join screen", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		h.press(ui.FrameInput{Down: true})
		h.press(ui.FrameInput{Down: true})
		h.press(ui.FrameInput{Enter: true})
		sceneOf[*joinScene](t, h)
	})
	t.Run("the port typed beside Host and play is the one hosted on; a bad one is explained", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		m := sceneOf[*menuScene](t, h)
		h.press(ui.FrameInput{Down: true})
		h.press(ui.FrameInput{Edit: ui.EditKeys{Backspace: true}})
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("6")}})
		assert.Equal(t, "7776", m.port.Text())
		m.port.SetText("99999")
		h.press(ui.FrameInput{Enter: true})
		assert.Contains(t, m.err, "1 to 65535")
		sceneOf[*menuScene](t, h)
		m.port.SetText("7776")
		h.press(ui.FrameInput{Enter: true})
		assert.Equal(t, 7776, h.a.opts.Port)
		sceneOf[*connectingScene](t, h)
	})
	t.Run("enter on the first button hosts on the configured port", func(t *testing.T) {
		h := newHarness(t, Options{Port: 24680, Seed: 9})
		h.press(ui.FrameInput{Enter: true})
		sceneOf[*connectingScene](t, h)
		require.Len(t, h.net.hosts, 1)
		assert.Equal(t, 24680, h.net.hosts[0].Port)
		assert.Equal(t, uint64(9), h.net.hosts[0].Seed)
		assert.Equal(t, h.a.settings.Name, h.net.hosts[0].Client.Name)
		tok, _ := h.a.settings.OwnToken()
		assert.Equal(t, tok, h.net.hosts[0].Client.Token, "the account token comes from the settings")
	})
	t.Run("clicking where the layout puts a button presses it", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		p, ok := MainMenuButtonCenter(LabelJoin, h.a.W, h.a.H)
		require.True(t, ok)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: p.X, Y: p.Y, Click: true}})
		sceneOf[*joinScene](t, h)
	})
	t.Run("quit ends the game", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		h.press(ui.FrameInput{Up: true})
		assert.ErrorIs(t, h.step(ui.FrameInput{Enter: true}), ebiten.Termination)
	})
	t.Run("a host that cannot start says why, and Back returns", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		h.net.hostErr = errors.New("port 7777 is in use by another program (perhaps another Duskfall): choose another port")
		h.press(ui.FrameInput{Enter: true})
		s := sceneOf[*connectingScene](t, h)
		assert.Equal(t, "Port 7777 is in use by another program (perhaps another Duskfall): choose another port", s.reason)
		h.press(ui.FrameInput{Enter: true})
		sceneOf[*menuScene](t, h)
	})
	t.Run("the command line can go straight into joining", func(t *testing.T) {
		h := newHarness(t, Options{Join: "10.0.0.1:7000", Name: "Cli"})
		sceneOf[*connectingScene](t, h)
		assert.Equal(t, []string{"10.0.0.1:7000"}, h.net.dials)
		assert.Equal(t, []string{"Cli"}, h.net.names)
	})
	t.Run("the main menu button centres are inside the window", func(t *testing.T) {
		for _, l := range []string{LabelHostAndPlay, LabelJoin, LabelSettings, LabelQuit} {
			for _, size := range [][2]int{{ui.WindowWidth, ui.WindowHeight}, {settings.MinWindowWidth, settings.MinWindowHeight}} {
				p, ok := MainMenuButtonCenter(l, size[0], size[1])
				require.True(t, ok)
				assert.True(t, p.X > 0 && p.X < size[0] && p.Y > 0 && p.Y < size[1], "%s in %v", l, size)
			}
		}
		_, ok := MainMenuButtonCenter("Options", ui.WindowWidth, ui.WindowHeight)
		assert.False(t, ok)
	})
}

// typeInto focuses a join field by clicking it and replaces its text.
func typeInto(h *harness, f *ui.TextField, text string) {
	h.press(ui.FrameInput{Mouse: ui.Mouse{X: f.Rect.Min.X + 5, Y: f.Rect.Min.Y + 5, Click: true}})
	for range len(f.Runes) {
		h.press(ui.FrameInput{Edit: ui.EditKeys{Backspace: true}})
	}
	h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune(text)}})
}

func openJoin(t *testing.T) (*harness, *joinScene) {
	h := newHarness(t, Options{Port: 7777})
	h.a.toJoin()
	h.a.scenes.apply()
	return h, sceneOf[*joinScene](t, h)
}

func TestJoinScene(t *testing.T) {
	t.Run("it starts with the saved name and the last address", func(t *testing.T) {
		_, s := openJoin(t)
		assert.Equal(t, profile.DefaultAddress, s.addr.Text())
		assert.NotEmpty(t, s.name.Text())
	})
	t.Run("a malformed address is explained and nothing is dialled", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "nowhere")
		h.press(ui.FrameInput{Enter: true})
		assert.Contains(t, s.fault.text, "has no port: write the host, a colon and the port")
		assert.Empty(t, h.net.dials)
		sceneOf[*joinScene](t, h)
	})
	t.Run("an error has its own place under the buttons, clear of the title and the fields", func(t *testing.T) {
		h, s := openJoin(t)
		s.fault.text = ui.Capitalize("nothing is listening on port 1 at 127.0.0.1:1: check the port number, and that your friend's game is hosted (Host and play) or the server is running")
		h.press(ui.FrameInput{})
		s.layout()
		require.NotEmpty(t, s.fault.lines)
		assert.GreaterOrEqual(t, s.fault.y, s.back.Rect.Max.Y, "under the buttons")
		bottom := s.fault.y + len(s.fault.lines)*(ui.GlyphH*ui.TextScale+4)
		assert.LessOrEqual(t, bottom, s.list.y, "the list of games starts below it")
		for _, b := range s.list.buttons {
			assert.GreaterOrEqual(t, b.Rect.Min.Y, bottom)
		}
	})
	t.Run("a port out of range is explained", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "example.org:70000")
		h.press(ui.FrameInput{Enter: true})
		assert.Contains(t, s.fault.text, "port")
		assert.Empty(t, h.net.dials)
	})
	t.Run("a name with a leading space is refused", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.name, " Ada")
		h.press(ui.FrameInput{Enter: true})
		assert.Contains(t, s.fault.text, "name")
		assert.Empty(t, h.net.dials)
	})
	t.Run("connect dials and remembers the name, and the address once the server answered", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.name, "Ada")
		typeInto(h, s.addr, "192.168.1.20:7777")
		h.press(ui.FrameInput{Enter: true})
		sceneOf[*connectingScene](t, h)
		assert.Equal(t, []string{"192.168.1.20:7777"}, h.net.dials)
		assert.Equal(t, []string{"Ada"}, h.net.names)
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, profile.DefaultAddress, saved.LastAddress, "not yet: the join has not reached anyone")
		assert.Equal(t, "Ada", saved.Name)
		h.press(ui.FrameInput{}) // the client says hello
		h.net.sessions[0].welcome(t, twoCharacters)
		h.press(ui.FrameInput{})
		sceneOf[*rosterScene](t, h)
		saved, _, err = ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, "192.168.1.20:7777", saved.LastAddress)
		assert.Equal(t, []string{"192.168.1.20:7777"}, saved.Recent)
	})
	t.Run("an address that cannot be reached is shown in words on the join screen, kept and not saved", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "unreachable.invalid:7777")
		h.press(ui.FrameInput{Enter: true})
		j := sceneOf[*joinScene](t, h)
		assert.Equal(t, "Cannot reach unreachable.invalid:7777: no such host", j.fault.text)
		assert.Equal(t, "unreachable.invalid:7777", j.addr.Text(), "there to correct")
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, profile.DefaultAddress, saved.LastAddress)
		assert.Empty(t, saved.Recent)
	})
	t.Run("a refusal returns to the join screen with the server's words", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "10.0.0.9:7777")
		h.press(ui.FrameInput{Enter: true})
		h.press(ui.FrameInput{}) // the client says hello
		h.net.sessions[0].reject(t, "the server is full")
		h.press(ui.FrameInput{})
		j := sceneOf[*joinScene](t, h)
		assert.Equal(t, "The server refused the connection: the server is full", j.fault.text)
		assert.Equal(t, "10.0.0.9:7777", j.addr.Text())
	})
	t.Run("a recent server fills the address", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		h.a.settings.RememberServer("10.0.0.2:7777")
		h.a.settings.RememberServer("10.0.0.3:7777")
		h.a.toJoin()
		h.a.scenes.apply()
		s := sceneOf[*joinScene](t, h)
		require.Len(t, s.list.buttons, 2)
		assert.Equal(t, []string{"10.0.0.3:7777", "10.0.0.2:7777"}, s.list.addr, "newest first")
		c := s.list.buttons[1].Rect.Min.Add(image.Pt(2, 2))
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
		assert.Equal(t, "10.0.0.2:7777", s.addr.Text())
	})
	t.Run("a game announced on the network is listed first, and a click fills its address", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		h.a.settings.RememberServer("10.0.0.2:7777")
		an, err := lan.Announce(lan.Announcement{Port: 7000, Players: 2, MaxPlayers: 32, Name: "Bo's game"}, h.lanAddr)
		require.NoError(t, err)
		defer an.Close()
		h.a.toJoin()
		h.a.scenes.apply()
		s := sceneOf[*joinScene](t, h)
		require.Eventually(t, func() bool {
			h.press(ui.FrameInput{})
			return len(s.list.buttons) == 2
		}, 3*time.Second, time.Millisecond)
		assert.Equal(t, []string{"127.0.0.1:7000", "10.0.0.2:7777"}, s.list.addr)
		assert.Equal(t, "Bo's game   127.0.0.1:7000   (2 of 32 playing)", s.list.buttons[0].Label)
		c := s.list.buttons[0].Rect.Min.Add(image.Pt(2, 2))
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
		assert.Equal(t, "127.0.0.1:7000", s.addr.Text())
	})
	t.Run("Ctrl+V pastes into the address", func(t *testing.T) {
		h, s := openJoin(t)
		h.a.clip.Read = func() (string, error) { return " 203.0.113.7:7777\n", nil }
		h.press(ui.FrameInput{Edit: ui.EditKeys{Paste: true}})
		require.Eventually(t, func() bool {
			h.press(ui.FrameInput{})
			return s.addr.Text() == "203.0.113.7:7777"
		}, time.Second, time.Millisecond)
	})
	t.Run("escape goes back to the menu", func(t *testing.T) {
		h, _ := openJoin(t)
		h.press(ui.FrameInput{Back: true})
		sceneOf[*menuScene](t, h)
	})
}

func TestConnectingScene(t *testing.T) {
	t.Run("a refusal is shown in the server's words", func(t *testing.T) {
		h := newHarness(t, Options{Join: "127.0.0.1:7777"})
		h.press(ui.FrameInput{}) // the client says hello
		h.net.sessions[0].reject(t, "the server is full")
		h.press(ui.FrameInput{})
		s := sceneOf[*connectingScene](t, h)
		assert.Equal(t, "The server refused the connection: the server is full", s.reason)
		require.True(t, h.a.waitClosed(time.Second))
		assert.True(t, h.net.sessions[0].closed.Load(), "a failed session is closed at once")
		assert.Nil(t, h.a.sess)
	})
	t.Run("silence times out with a reason", func(t *testing.T) {
		h := newHarness(t, Options{Join: "127.0.0.1:7777"})
		h.press(ui.FrameInput{})
		assert.Empty(t, sceneOf[*connectingScene](t, h).reason, "still waiting")
		h.net.now = h.net.now.Add(4 * time.Second)
		h.press(ui.FrameInput{})
		c := sceneOf[*connectingScene](t, h)
		assert.Empty(t, c.reason, "still waiting after 4 s")
		assert.Equal(t, "step 2 of 2, joining: 4 s, trying 11 s more (Back cancels)", c.countdown(),
			"the player sees the step and how long the client keeps trying")
		h.net.now = h.net.now.Add(client.DefaultHandshakeTimeout)
		h.press(ui.FrameInput{})
		assert.Contains(t, sceneOf[*connectingScene](t, h).reason, "No answer from the server")
	})
	t.Run("back while waiting cancels the connection", func(t *testing.T) {
		h := newHarness(t, Options{Join: "127.0.0.1:7777"})
		h.press(ui.FrameInput{})
		h.press(ui.FrameInput{Back: true})
		sceneOf[*menuScene](t, h)
		require.True(t, h.a.waitClosed(time.Second))
		assert.True(t, h.net.sessions[0].closed.Load())
	})
	t.Run("a goodbye that takes long never holds up the frame", func(t *testing.T) {
		h := newHarness(t, Options{Join: "127.0.0.1:7777"})
		h.press(ui.FrameInput{})
		sess := h.net.sessions[0]
		sess.hold = make(chan struct{})
		h.press(ui.FrameInput{Back: true}) // would hang here if Close ran on the frame
		sceneOf[*menuScene](t, h)
		assert.False(t, h.a.waitClosed(10*time.Millisecond), "the goodbye is still under way")
		assert.False(t, sess.closed.Load())
		close(sess.hold)
		require.True(t, h.a.waitClosed(time.Second), "the app waits for the goodbye to finish")
		assert.True(t, sess.closed.Load())
	})
}

func TestSceneManagerSwitchesAfterTheUpdate(t *testing.T) {
	h := newHarness(t, Options{Port: 7777})
	menu := sceneOf[*menuScene](t, h)
	h.press(ui.FrameInput{Down: true})
	h.press(ui.FrameInput{Down: true})
	h.press(ui.FrameInput{Enter: true}) // opens Join
	join := sceneOf[*joinScene](t, h)
	assert.NotSame(t, menu, h.a.scenes.current)
	assert.Equal(t, 1, join.form.Focus, "the Enter that opened the join screen did not reach it")
	assert.Empty(t, h.net.dials)
}

func TestFriendWords(t *testing.T) {
	for _, tc := range []struct {
		name, addr string
		ips        []net.IP
		want       string
	}{
		{"every network address is listed with the port", "0.0.0.0:7777",
			[]net.IP{net.ParseIP("192.168.1.20"), net.ParseIP("10.0.0.5")}, "friends join 192.168.1.20:7777 or 10.0.0.5:7777"},
		{"an IPv6 address is bracketed", "[::]:7000", []net.IP{net.ParseIP("2001:db8::1")}, "friends join [2001:db8::1]:7000"},
		{"a host bound to one address names it", "192.168.1.20:7777", nil, "friends join 192.168.1.20:7777"},
		{"without a network it says so", "0.0.0.0:7777", nil, "hosting: friends on this computer join 127.0.0.1:7777 (no network found)"},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, friendWords(tc.addr, tc.ips)) })
	}
}

func TestJoinCodes(t *testing.T) {
	const fp = "abcdefghijklmnopqrstuvwxyz234567"
	for _, tc := range []struct {
		name, addr string
		ips        []net.IP
		want       string
	}{
		{"the code names the first network address", "0.0.0.0:7777",
			[]net.IP{net.ParseIP("192.168.1.20"), net.ParseIP("10.0.0.5")}, "192.168.1.20:7777/" + fp},
		{"a host bound to one address names it", "192.168.1.20:7777", nil, "192.168.1.20:7777/" + fp},
		{"without a network it names this computer", "0.0.0.0:7777", nil, "127.0.0.1:7777/" + fp},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, joinCode(tc.addr, tc.ips, fp)) })
	}
}

func TestSettingsScene(t *testing.T) {
	open := func(t *testing.T) (*harness, *settings.Panel) {
		h := newHarness(t, Options{Port: 7777})
		for range 4 { // past Host and play, its port, Join and the host's password
			h.press(ui.FrameInput{Down: true})
		}
		h.press(ui.FrameInput{Enter: true})
		h.press(ui.FrameInput{}) // its first frame lays it out
		return h, sceneOf[*settingsScene](t, h).panel
	}
	row := func(p *settings.Panel, label string) int {
		for i, r := range p.Rows {
			if r.Label == label {
				return i
			}
		}
		return -1
	}
	choose := func(h *harness, p *settings.Panel, label string) {
		for p.Rows[p.Sel].Label != label {
			h.press(ui.FrameInput{Down: true})
		}
	}
	t.Run("the main menu opens it and Esc returns, saved", func(t *testing.T) {
		h, p := open(t)
		choose(h, p, "Screen shake")
		h.press(ui.FrameInput{Enter: true})
		assert.False(t, h.a.settings.ScreenShake)
		h.press(ui.FrameInput{Back: true})
		sceneOf[*menuScene](t, h)
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.False(t, saved.ScreenShake)
	})
	t.Run("a key is rebound by pressing it, and play reads the new key", func(t *testing.T) {
		h, p := open(t)
		choose(h, p, "Take, use a portal")
		h.press(ui.FrameInput{Enter: true})
		require.True(t, p.Binding)
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyG}})
		assert.False(t, p.Binding)
		assert.Equal(t, ebiten.KeyG, h.a.col.Keys[ui.ActInteract])
		assert.Contains(t, p.Rows[row(p, "Take, use a portal")].Value(), "G")
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, map[string]string{"interact": "G"}, saved.Keys)
	})
	t.Run("Esc while rebinding cancels it", func(t *testing.T) {
		h, p := open(t)
		choose(h, p, "Move up")
		h.press(ui.FrameInput{Enter: true})
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyEscape}})
		assert.False(t, p.Binding)
		assert.Equal(t, ebiten.KeyW, h.a.col.Keys[ui.ActUp])
		sceneOf[*settingsScene](t, h)
	})
	t.Run("the window size steps with Left and Right", func(t *testing.T) {
		h, p := open(t)
		choose(h, p, "Window size")
		h.press(ui.FrameInput{Right: true})
		assert.Equal(t, 1.25, h.a.settings.WindowScale)
		h.press(ui.FrameInput{Left: true})
		h.press(ui.FrameInput{Left: true})
		assert.Equal(t, 0.75, h.a.settings.WindowScale)
	})
	t.Run("at 1280×720 the rows do not all fit: the wheel scrolls them and the log says which are shown", func(t *testing.T) {
		h, p := open(t)
		require.True(t, p.Scrolls(), "%d rows, %d shown", len(p.Rows), p.List.Shown)
		n := len(p.Rows)
		assert.Contains(t, h.log.String(), fmt.Sprintf("duskfall: settings rows 1-%d of %d shown\n", p.List.Shown, n))
		assert.Contains(t, p.Sign(), "more below")
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}})
		assert.Equal(t, 2, p.List.Top, "a notch down moves two rows")
		assert.Contains(t, p.Sign(), "more above and below")
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -10}})
		assert.Equal(t, n-p.List.Shown, p.List.Top, "never past the end")
		assert.Contains(t, h.log.String(), fmt.Sprintf("duskfall: settings rows %d-%d of %d shown\n", n-p.List.Shown+1, n, n))
		assert.Contains(t, p.Sign(), "more above:")
		assert.True(t, p.InView(p.Back), "Back shows at the end")
		assert.False(t, p.InView(0), "the name's row is scrolled out")
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}})
		assert.Equal(t, 1, strings.Count(h.log.String(), fmt.Sprintf("rows %d-%d of", n-p.List.Shown+1, n)), "one line per change, not per frame")
	})
	t.Run("a click lands on the row drawn under the pointer, not a row scrolled out", func(t *testing.T) {
		h, p := open(t)
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -10}})
		r := p.Rects[p.Back-1] // the last bag slot's key, in view at the end
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: r.Min.X + 10, Y: r.Min.Y + 5, Moved: true, Click: true}})
		assert.Equal(t, p.Back-1, p.Sel)
		assert.True(t, p.Binding, "the click on a key's row waits for the key")
		assert.Contains(t, h.log.String(), "duskfall: settings waiting for a key for slot8")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyEscape}})
		hidden := p.Rects[0] // the name's row lies above the view now
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: hidden.Min.X + 10, Y: hidden.Min.Y + 5, Moved: true, Click: true}})
		assert.Equal(t, p.Back-1, p.Sel, "a row out of view takes no click")
	})
	t.Run("Up and Down keep the chosen row in view after the wheel moved it away", func(t *testing.T) {
		h, p := open(t)
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -10}})
		require.False(t, p.InView(p.Sel))
		h.press(ui.FrameInput{Down: true})
		assert.True(t, p.InView(p.Sel), "row %d shown in %d-%d", p.Sel, p.List.Top, p.List.Top+p.List.Shown-1)
		h.press(ui.FrameInput{Up: true})
		h.press(ui.FrameInput{Up: true}) // wraps round to Back
		assert.Equal(t, p.Back, p.Sel)
		assert.True(t, p.InView(p.Back))
	})
	t.Run("a window tall enough shows every row, with no sign", func(t *testing.T) {
		h, p := open(t)
		defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
		h.a.Layout(1280, 1200)
		h.press(ui.FrameInput{})
		assert.False(t, p.Scrolls())
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -3}})
		assert.Zero(t, p.List.Top)
	})
	t.Run("SettingsRowCenter finds a row where the panel draws it", func(t *testing.T) {
		h, p := open(t)
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -10}})
		pt, ok := SettingsRowCenter("Use bag slot 8", p.List.Top+1, h.a.W, h.a.H)
		require.True(t, ok)
		assert.True(t, pt.In(p.Rects[p.Back-1]))
		_, ok = SettingsRowCenter("Name", p.List.Top+1, h.a.W, h.a.H)
		assert.False(t, ok, "scrolled out")
	})
	t.Run("the name is typed in its row; an invalid one is not kept", func(t *testing.T) {
		h, p := open(t)
		old := h.a.settings.Name
		p.Name.SetText("")
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("Zed")}})
		h.press(ui.FrameInput{Down: true})
		assert.Equal(t, "Zed", h.a.settings.Name)
		h.press(ui.FrameInput{Up: true})
		p.Name.SetText(" ")
		h.press(ui.FrameInput{Down: true})
		assert.Equal(t, "Zed", h.a.settings.Name)
		assert.NotEqual(t, old, h.a.settings.Name)
	})
}

// The menus before play lay themselves out every frame, and cut or wrap
// their words only when the words, the scale or the width change: at a
// steady size that work allocates nothing. (Drawing itself is ebiten's;
// outside a running game its own queue allocates, so it is left out.)
func TestMenusLayOutEachFrameWithoutAllocating(t *testing.T) {
	h := newHarness(t, Options{Port: 7777})
	h.press(ui.FrameInput{})
	screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
	h.a.Draw(screen) // the text cache
	g := h.a.Gfx
	menu := sceneOf[*menuScene](t, h)
	join := h.a.joinScene()
	join.fault.text = "Nothing answers at nowhere.invalid: check the host's name or address, and that the game there is hosting"
	name := newNameScene(&h.a.Window, h.a, func() {})
	failed := h.a.failedScene("Not connected", "The server is full: 8 of 8 are playing. Try again when someone leaves.")
	var line ui.Fitted
	const words = "playing as Tester - friends join you on the port beside Host and play"
	work := []struct {
		name string
		each func()
	}{
		{"the main menu", func() { menu.layout(); _ = mainMenuLayout(h.a.W, h.a.H) }},
		{"the Join screen with an error", join.layout},
		{"the first launch's name screen", name.layout},
		{"a failed connection", failed.layout},
		{"the death screen", func() { _ = deathLayoutFor(h.a.W, h.a.H) }},
		{"a line cut to the window", func() { _ = line.Get(&g.Graphics, words, h.a.W/3, ui.Scale(h.a.W, h.a.H)) }},
	}
	for _, sz := range []struct{ w, h int }{{settings.MinWindowWidth, settings.MinWindowHeight}, {ui.WindowWidth, ui.WindowHeight}, {2560, 1440}} {
		h.a.Layout(sz.w, sz.h)
		for _, wk := range work {
			t.Run(fmt.Sprintf("%s allocates nothing at %d×%d once laid out", wk.name, sz.w, sz.h), func(t *testing.T) {
				wk.each() // the first at a size may wrap or cut
				assert.Zero(t, allocsPerRun(20, wk.each))
			})
		}
	}
	h.a.Layout(ui.WindowWidth, ui.WindowHeight)
}

// In the smallest window the Join screen's list of games shows what fits
// under its error, and Up/Down scroll it so the focused game is in view.
func TestJoinListScrollsInASmallWindow(t *testing.T) {
	h := newHarness(t, Options{Port: 7777})
	defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
	h.a.Layout(settings.MinWindowWidth, settings.MinWindowHeight)
	h.a.settings.Recent = []string{"10.0.0.1:7777", "10.0.0.2:7777", "10.0.0.3:7777", "10.0.0.4:7777", "10.0.0.5:7777"}
	h.a.typed.addr, h.a.typed.err = "nowhere.invalid:7777", "Nothing answers at nowhere.invalid: check the host's name or address"
	h.press(ui.FrameInput{})
	h.a.toJoin()
	h.press(ui.FrameInput{})
	s := sceneOf[*joinScene](t, h)
	require.Len(t, s.list.buttons, 5)
	require.Less(t, s.list.shown, 5, "not every game fits at 640×400")
	win := image.Rect(0, 0, settings.MinWindowWidth, settings.MinWindowHeight)
	h.press(ui.FrameInput{Down: true}) // the password
	h.press(ui.FrameInput{Down: true}) // Connect
	h.press(ui.FrameInput{Down: true}) // Back
	for i := range s.list.buttons {
		t.Run(fmt.Sprintf("game %d is in view when it has the focus, under the error", i+1), func(t *testing.T) {
			h.press(ui.FrameInput{Down: true})
			require.True(t, s.form.HasFocus(s.list.buttons[i]))
			r := s.list.buttons[i].Rect
			assert.False(t, r.Empty(), "shown")
			assert.True(t, r.In(win), "%v inside the window", r)
			assert.GreaterOrEqual(t, r.Min.Y, s.list.y, "under the list's heading")
			assert.Less(t, r.Max.Y, s.lay.footY, "over the footer")
			shown := 0
			for _, g := range s.list.buttons {
				if !g.Rect.Empty() {
					shown++
				}
			}
			assert.Equal(t, s.list.shown, shown, "the rest are hidden")
		})
	}
	t.Run("the wheel scrolls the games while the focus is on a field", func(t *testing.T) {
		s.form.Focus = focusAddr
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: 10}})
		require.Zero(t, s.list.top, "at the top")
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}})
		assert.Equal(t, min(2, len(s.list.buttons)-s.list.shown), s.list.top, "a notch down moves two rows")
		down := s.list.top
		h.press(ui.FrameInput{PageUp: true})
		assert.Equal(t, max(0, down-max(1, s.list.shown-1)), s.list.top, "Page Up goes a page back")
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}})
		h.press(ui.FrameInput{Down: true}) // the password: the view stays where the wheel left it
		assert.Positive(t, s.list.top)
	})
}

// A join code is longer than the Join screen's address field in a small
// window: the field shows the part that fits, with the caret in it, and
// Home brings back the start.
func TestALongAddressScrollsInItsField(t *testing.T) {
	h := newHarness(t, Options{Port: 7777})
	defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
	h.a.Layout(settings.MinWindowWidth, settings.MinWindowHeight)
	h.a.toJoin()
	h.press(ui.FrameInput{})
	h.a.Draw(ebiten.NewImage(settings.MinWindowWidth, settings.MinWindowHeight)) // the text cache
	s := sceneOf[*joinScene](t, h)
	// A join code fits the field whole (TestTheAddressFieldShowsAWholeJoinCode);
	// a host's name can make one longer than the field at its smallest hand.
	code := strings.Repeat("a", 75) + ".example.net:7777/abcdefghijklmnopqrstuvwxyz234567"
	s.addr.SetText(code)
	s.form.Focus = focusAddr
	h.press(ui.FrameInput{Edit: ui.EditKeys{End: true}})
	k := ui.Scale(h.a.W, h.a.H)
	inner := s.addr.Rect.Dx() - 2*ui.Px(10, k)
	ts := s.addr.TextScale(&h.a.Gfx.Graphics, ui.FieldTextScale(s.addr.Rect.Dy(), k), inner, k)
	require.Equal(t, k, ts, "the field's smallest hand")
	require.Greater(t, h.a.Gfx.Text.Advance(code, ts), inner, "the code is wider than the field")

	shown := func() (string, int, int) {
		from, to := s.addr.View(&h.a.Gfx.Graphics, ts, inner)
		return string(s.addr.Runes[from:to]), from, to
	}
	t.Run("at the end, the end is shown and fits", func(t *testing.T) {
		text, from, to := shown()
		assert.Equal(t, len([]rune(code)), to)
		assert.Positive(t, from)
		assert.LessOrEqual(t, h.a.Gfx.Text.Advance(text, ts), inner)
	})
	t.Run("Home shows the start", func(t *testing.T) {
		h.press(ui.FrameInput{Edit: ui.EditKeys{Home: true}})
		text, from, _ := shown()
		assert.Zero(t, from)
		assert.True(t, strings.HasPrefix(code, text))
		assert.LessOrEqual(t, h.a.Gfx.Text.Advance(text, ts), inner)
	})
	t.Run("a short address replacing it is shown whole", func(t *testing.T) {
		h.press(ui.FrameInput{Edit: ui.EditKeys{End: true}})
		s.addr.SetText("10.0.0.1:7777")
		text, _, _ := shown()
		assert.Equal(t, "10.0.0.1:7777", text)
	})
}
