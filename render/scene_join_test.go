package render

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/lan"
	"duskfall/net/seal"
	"duskfall/profile"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// joinKey and aJoinCode are a server's fingerprint and a join code of it.
const (
	joinKey   = "nvpvcmm3cemk6e6m5hseodk24gfqegee"
	aJoinCode = "192.0.2.2:7777/" + joinKey
)

// clickGame clicks the i-th game of the join screen's list.
func clickGame(h *harness, s *joinScene, i int) {
	c := s.list.buttons[i].Rect.Min.Add(image.Pt(2, 2))
	h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
}

func TestJoinCodesOnTheJoinScreen(t *testing.T) {
	t.Run("a typed join code is dialled, its key in lower case", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "  192.0.2.2:7777/"+strings.ToUpper(joinKey)+" ")
		h.press(ui.FrameInput{Enter: true})
		c := sceneOf[*connectingScene](t, h)
		assert.Equal(t, []string{aJoinCode}, h.net.dials)
		assert.Equal(t, "Connecting to 192.0.2.2:7777", c.title, "the title names the address; the key is no one's to read")
	})
	for _, tc := range []struct{ name, text, words string }{
		{"a code with a short key says what a code looks like", "192.0.2.2:7777/abc",
			"Not a join code: the server's key after the slash is 32 letters and digits, and this one has 3. A join code is the address, a slash and 32 letters and digits, such as " + seal.ExampleCode},
		{"a code with a port out of range says so", "192.0.2.2:70000/" + joinKey, "The port must be a number from 1 to 65535"},
		{"a code with no port says so", "192.0.2.2/" + joinKey, `"192.0.2.2" has no port`},
	} {
		t.Run(tc.name+", and nothing is dialled", func(t *testing.T) {
			h, s := openJoin(t)
			typeInto(h, s.addr, tc.text)
			h.press(ui.FrameInput{Enter: true})
			assert.Contains(t, s.fault.text, tc.words)
			assert.Empty(t, h.net.dials)
			assert.Contains(t, h.log.String(), "duskfall: join refused: "+s.fault.text+"\n", "the log says what the screen shows, once")
			assert.Equal(t, 1, strings.Count(h.log.String(), "duskfall: join refused: "))
		})
	}
	t.Run("a join that reached the server by its code is listed by it, and a click fills the code", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, aJoinCode)
		h.press(ui.FrameInput{Enter: true})
		h.press(ui.FrameInput{}) // the client says hello
		h.net.sessions[0].welcome(t, twoCharacters)
		h.press(ui.FrameInput{})
		sceneOf[*rosterScene](t, h)
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, []string{aJoinCode}, saved.Recent, "the code, its key with it")
		assert.Equal(t, aJoinCode, saved.LastAddress)

		h.a.closeSession()
		h.a.toJoin()
		h.press(ui.FrameInput{})
		j := sceneOf[*joinScene](t, h)
		require.Len(t, j.list.buttons, 1)
		assert.Equal(t, "192.0.2.2:7777   (joined before by its join code)", j.list.buttons[0].Label)
		j.addr.SetText("")
		clickGame(h, j, 0)
		assert.Equal(t, aJoinCode, j.addr.Text())
	})
	t.Run("a server joined again is listed once, as it was last joined", func(t *testing.T) {
		var st profile.Settings
		st.RememberServer("192.0.2.2:7777")
		st.RememberServer("10.0.0.1:7777")
		st.RememberServer(aJoinCode)
		assert.Equal(t, []string{aJoinCode, "10.0.0.1:7777"}, st.Recent)
	})
	t.Run("an older settings file's addresses still load and list", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "settings.toml")
		require.NoError(t, os.WriteFile(path, []byte("name = \"Tester\"\nlast_address = \"10.0.0.2:7777\"\nrecent = [\"10.0.0.2:7777\", \"10.0.0.3:7777\"]\n"), 0o600))
		st, _, err := ui.LoadSettings(path)
		require.NoError(t, err)
		h := newHarness(t, Options{Port: 7777})
		h.a.settings.Recent, h.a.settings.LastAddress = st.Recent, st.LastAddress
		h.a.toJoin()
		h.press(ui.FrameInput{})
		s := sceneOf[*joinScene](t, h)
		assert.Equal(t, "10.0.0.2:7777", s.addr.Text())
		require.Len(t, s.list.buttons, 2)
		assert.Equal(t, "10.0.0.3:7777   (joined before)", s.list.buttons[1].Label)
	})
}

// announced opens the join screen of a harness that hears a game at
// 127.0.0.1:7000 announced with key, and waits for it in the list.
func announced(t *testing.T, key string, setUp func(h *harness)) (*harness, *joinScene) {
	h := newHarness(t, Options{Port: 7777})
	if setUp != nil {
		setUp(h)
	}
	an, err := lan.Announce(lan.Announcement{Port: 7000, Players: 1, MaxPlayers: 32, Fingerprint: key, Name: "Bo's game"}, h.lanAddr)
	require.NoError(t, err)
	t.Cleanup(an.Close)
	h.a.toJoin()
	h.a.scenes.apply()
	s := sceneOf[*joinScene](t, h)
	require.Eventually(t, func() bool {
		h.press(ui.FrameInput{})
		return len(s.list.buttons) > 0 && strings.HasPrefix(s.list.buttons[0].Label, "Bo's game")
	}, 3*time.Second, time.Millisecond)
	return h, s
}

func TestTheNetworksGamesFillInTheirJoinCodes(t *testing.T) {
	const heard = "127.0.0.1:7000"
	t.Run("a game whose host says its key fills in its join code", func(t *testing.T) {
		h, s := announced(t, joinKey, nil)
		clickGame(h, s, 0)
		assert.Equal(t, heard+"/"+joinKey, s.addr.Text())
	})
	t.Run("an older host's game fills in its address", func(t *testing.T) {
		h, s := announced(t, "", nil)
		clickGame(h, s, 0)
		assert.Equal(t, heard, s.addr.Text())
	})
	t.Run("a game joined before by its code fills that code, not the network's word", func(t *testing.T) {
		const mine = heard + "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		h, s := announced(t, joinKey, func(h *harness) { h.a.settings.RememberServer(mine) })
		require.Len(t, s.list.buttons, 1, "listed once")
		clickGame(h, s, 0)
		assert.Equal(t, mine, s.addr.Text())
	})
	t.Run("an address whose pinned key differs from the announced one fills the bare address, for the pin to check", func(t *testing.T) {
		h, s := announced(t, joinKey, func(h *harness) {
			known := filepath.Join(filepath.Dir(h.path), profile.KnownServersFile)
			require.NoError(t, os.WriteFile(known, []byte(heard+" aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"), 0o600))
		})
		clickGame(h, s, 0)
		assert.Equal(t, heard, s.addr.Text())
	})
	t.Run("an address pinned to the announced key fills the code", func(t *testing.T) {
		h, s := announced(t, joinKey, func(h *harness) {
			known := filepath.Join(filepath.Dir(h.path), profile.KnownServersFile)
			require.NoError(t, os.WriteFile(known, []byte(heard+" "+joinKey+"\n"), 0o600))
		})
		clickGame(h, s, 0)
		assert.Equal(t, heard+"/"+joinKey, s.addr.Text())
	})
}

// Journeys click the address field where JoinAddressCenter says it is;
// it must be where the live screen draws it, with and without an error.
func TestJoinAddressCenterIsWhereTheFieldIs(t *testing.T) {
	for _, size := range []image.Point{{ui.WindowWidth, ui.WindowHeight}, {settings.MinWindowWidth, settings.MinWindowHeight}} {
		for _, shown := range []string{"", seal.ErrWrongServer{Want: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Got: joinKey}.Error()} {
			t.Run(fmt.Sprintf("at %dx%d with error %q", size.X, size.Y, shown), func(t *testing.T) {
				h, s := openJoin(t)
				defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
				h.a.Layout(size.X, size.Y)
				s.fault.text = shown
				h.press(ui.FrameInput{})
				r := s.addr.Rect
				assert.Equal(t, r.Min.Add(r.Size().Div(2)), JoinAddressCenter(size.X, size.Y, shown))
			})
		}
	}
}

// The longest words the Join screen shows, a code's key refused by the
// server, stand clear of the fields, the list and the footer, at the
// smallest window as at the usual one: a long error takes a smaller hand
// before it covers anything.
func TestALongRefusalCoversNothing(t *testing.T) {
	refusals := []string{
		ui.Capitalize(seal.ErrWrongServer{Want: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Got: joinKey}.Error()),
		"Not a join code: the server's key after the slash holds only the letters a to z and the digits 2 to 7, and '1' is not one of them. A join code is the address, a slash and 32 letters and digits, such as " + seal.ExampleCode,
	}
	for _, size := range []image.Point{{ui.WindowWidth, ui.WindowHeight}, {settings.MinWindowWidth, settings.MinWindowHeight}} {
		for i, words := range refusals {
			t.Run(fmt.Sprintf("refusal %d at %dx%d", i+1, size.X, size.Y), func(t *testing.T) {
				h := newHarness(t, Options{Port: 7777})
				defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
				h.a.Layout(size.X, size.Y)
				h.a.settings.RememberServer(aJoinCode)
				h.a.toJoin()
				h.press(ui.FrameInput{})
				s := sceneOf[*joinScene](t, h)
				s.fault.text = words
				h.press(ui.FrameInput{})
				h.a.Draw(ebiten.NewImage(size.X, size.Y)) // the text's measures
				require.Len(t, s.list.buttons, 1)
				bottom := s.fault.y + len(s.fault.lines)*(int(ui.GlyphH*s.fault.k)+4)
				assert.GreaterOrEqual(t, s.fault.y, s.connect.Rect.Max.Y, "under the buttons")
				assert.LessOrEqual(t, bottom, s.list.y, "over the list's heading")
				row := s.list.buttons[0].Rect
				assert.False(t, row.Empty(), "a game still shows")
				assert.LessOrEqual(t, row.Max.Y, s.lay.footY, "over the footer")
				for _, l := range s.fault.lines {
					assert.LessOrEqual(t, h.a.Gfx.Text.Advance(l, s.fault.k), size.X-ui.Px(16, s.lay.k), "%q fits the window's width", l)
				}
			})
		}
	}
}

// aLongCode is the longest join code an IPv4 address makes: every digit
// of the address and the port a friend must read to tell two games apart.
const aLongCode = "192.168.100.200:65535/" + joinKey

// fieldShows is the text the address field draws in a frame of the join
// screen at w×h.
func fieldShows(t *testing.T, h *harness, s *joinScene, w, h2 int) string {
	t.Helper()
	screen := ebiten.NewImage(w, h2)
	defer screen.Deallocate()
	h.a.Draw(screen)
	inner := s.addr.Rect.Inset(2)
	var shown []string
	for _, b := range h.a.Gfx.Boxes.Boxes {
		if b.Text && b.R.Overlaps(inner) && b.Name != s.addr.Label {
			shown = append(shown, b.Name)
		}
	}
	require.Len(t, shown, 1, "one line of text in the field: %q", shown)
	return shown[0]
}

// A friend reads the whole join code in the address field, so codes for
// two ports of one address never look alike.
func TestTheAddressFieldShowsAWholeJoinCode(t *testing.T) {
	for _, tc := range []struct {
		size    image.Point
		uiScale float64
		focused bool
	}{
		{image.Pt(ui.WindowWidth, ui.WindowHeight), 0, true},
		{image.Pt(ui.WindowWidth, ui.WindowHeight), 0, false},
		{image.Pt(ui.WindowWidth, ui.WindowHeight), 1.25, true},
		{image.Pt(settings.MinWindowWidth, settings.MinWindowHeight), 0, true},
		{image.Pt(settings.MinWindowWidth, settings.MinWindowHeight), 0, false},
		{image.Pt(2560, 1440), 0, true},
	} {
		t.Run(fmt.Sprintf("at %dx%d, UI scale %v, focused %v", tc.size.X, tc.size.Y, tc.uiScale, tc.focused), func(t *testing.T) {
			defer func() { ui.ScaleChoice = 0 }()
			ui.ScaleChoice = tc.uiScale
			h, s := openJoin(t)
			defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
			h.a.Layout(tc.size.X, tc.size.Y)
			typeInto(h, s.addr, aLongCode)
			if !tc.focused {
				click(h, s.name.Rect)
			}
			h.press(ui.FrameInput{})
			assert.Equal(t, aLongCode, fieldShows(t, h, s, tc.size.X, tc.size.Y))
			assert.True(t, s.addr.Rect.In(image.Rect(0, 0, tc.size.X, tc.size.Y)))
		})
	}
	t.Run("a code longer than the field shows its start, the address and port, when not being edited", func(t *testing.T) {
		h, s := openJoin(t)
		long := "duskfall-host.example.net:65535/" + joinKey + joinKey
		typeInto(h, s.addr, long)
		click(h, s.name.Rect)
		h.press(ui.FrameInput{})
		shown := fieldShows(t, h, s, ui.WindowWidth, ui.WindowHeight)
		assert.True(t, strings.HasPrefix(shown, "duskfall-host.example.net:65535/"), "shows %q", shown)
	})
}

// An error from the last try is about the address then given: once the
// address is edited or another pasted, it goes.
func TestTheJoinErrorGoesWhenTheAddressChanges(t *testing.T) {
	refused := func(t *testing.T) (*harness, *joinScene) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "192.0.2.2:70000/"+joinKey)
		h.press(ui.FrameInput{Enter: true})
		require.NotEmpty(t, s.fault.text)
		return h, s
	}
	t.Run("typing in the address clears it", func(t *testing.T) {
		h, s := refused(t)
		h.press(ui.FrameInput{Edit: ui.EditKeys{Backspace: true}})
		assert.Empty(t, s.fault.text)
		assert.Contains(t, h.log.String(), "duskfall: join error cleared\n")
	})
	t.Run("pasting another clears it", func(t *testing.T) {
		h, s := refused(t)
		h.a.clip.Read = func() (string, error) { return aJoinCode, nil }
		h.press(ui.FrameInput{Edit: ui.EditKeys{Paste: true}})
		require.Eventually(t, func() bool {
			h.press(ui.FrameInput{})
			return s.addr.Text() == aJoinCode
		}, time.Second, time.Millisecond)
		assert.Empty(t, s.fault.text)
	})
	t.Run("moving about the form, or typing a password, keeps it", func(t *testing.T) {
		h, s := refused(t)
		words := s.fault.text
		h.press(ui.FrameInput{Down: true})
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("owl")}})
		assert.Equal(t, words, s.fault.text)
	})
}
