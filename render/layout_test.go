//go:build frames

package render

import (
	"fmt"
	"image"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/listen"
	"duskfall/net/portmap"
	"duskfall/net/wire"
	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// layoutSizes are the windows the layout is checked at: the smallest the
// window allows, the default, and 1440p.
var layoutSizes = []image.Point{{640, 400}, {1280, 720}, {2560, 1440}}

// A HUD laid out for any window (docs/ART.md, "The HUD"): the main menu
// (its error shown), the Join screen (an error and a list longer than the
// room), a failed connection's reason, the first launch's name and character screens, the hub (with the
// net graph too), the keeper's panel, a boss fight, the pause menu in the
// hub and in a dungeon (also at UI scales 100 % and 125 %), Settings
// (scrolled to its last row too), the roster, the death screen, the roster
// after it and the inventory, each drawn by the running game at 640×400,
// 1280×720 and 2560×1440 at the automatic UI scale; and what comes and
// goes in its worst combinations: the boss phase's banner, the cleared
// panel, the level-up words, the host's sentence and three feedback lines
// at once over a dungeon's HUD and under its pause menu, over the keeper's
// panel and beside the keeper's prompt, over the inventory, and the
// inventory with a tooltip over it. Every box the layout records (text,
// panels, bars, the minimap, the item bar) lies inside the window, no two
// in one layer overlap unless one holds the other, no words lie on other
// words in any layer, nothing that comes and goes stands level with the XP
// line's words, no world label leaves the window or lies under the HUD, no
// panel covers the item bar, and nothing of the pause menu lies on the
// HUD's bars, slots or minimap. The frames are saved as PNGs in
// $HUD_SHOTS, or a temporary directory the log names.
func TestNoHUDElementsOverlapAtAnySize(t *testing.T) {
	dir := os.Getenv("HUD_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	t.Logf("screenshots in %s", dir)
	defer func() { ui.ScaleChoice = 0 }()
	ui.ScaleChoice = 0

	menu := newHarness(t, Options{Port: 7777})
	menuOf(t, menu).err = "The port is a number from 1 to 65535 (7777 unless another program has it)"
	checkLayout(t, dir, "menu", menu, []string{"DUSKFALL", LabelHostAndPlay, LabelQuit}, nil)

	menu.a.settings.Recent = []string{"10.0.0.1:7777", "10.0.0.2:7777", "10.0.0.3:7777", "10.0.0.4:7777", "10.0.0.5:7777"}
	menu.a.typed.addr, menu.a.typed.err = "203.0.113.7:7777/abcdefghijklmnopqrstuvwxyz234567", "Nothing answers at 203.0.113.7:7777: check the host's name or address, "+
		"and that the game there is hosting, then try again"
	menu.a.toJoin()
	menu.a.scenes.apply()
	checkLayout(t, dir, "join", menu, []string{"Join a game", "Connect", "Back", "10.0.0.1:7777   (joined before)"}, nil)

	menu.a.scenes.switchTo(menu.a.failedScene("Not connected", "Nothing answered at 10.0.0.9:7777 for 15 seconds: "+
		"check that the game there is hosting, that the port is right, and that no firewall stands between you"))
	menu.a.scenes.apply()
	checkLayout(t, dir, "not connected", menu, []string{"Not connected", "Back"}, nil)

	first := newHarnessAt(t, Options{Port: 7777}, false)
	first.press(ui.FrameInput{Enter: true})
	require.IsType(t, &nameScene{}, first.a.scenes.current)
	checkLayout(t, dir, "first launch", first, []string{"Welcome to Duskfall", "Continue", "Back"}, nil)

	hub, hubRec := hostedHarness(t)
	hubPlay := untilPlaying(t, hub)
	// The HUD's toasts last seconds of the scene's clock: here that clock
	// follows the frames the scene steps (60 a second), not the wall, so a
	// toast checked at three sizes is still up however slowly a busy
	// machine draws them (make test runs this beside other work).
	start := hubPlay.now()
	hubPlay.now = func() time.Time { return start.Add(time.Duration(hubPlay.clock.frames) * time.Second / game.TickRate) }
	settle(t, hub)
	checkLayout(t, dir, "hub", hub, []string{"health bar", "item bar", "minimap"}, nil)

	router := hubRec.session.(hostSession).h.(*routerSays)
	for _, st := range []struct {
		name string
		st   portmap.Status
	}{
		{"router open", portmap.Status{State: portmap.Open, Method: portmap.UPnP, Port: 7777, External: netip.MustParseAddrPort("203.0.113.5:7777")}},
		{"router shared", portmap.Status{State: portmap.Shared, Method: portmap.UPnP, Port: 7777, External: netip.MustParseAddrPort("100.64.3.7:7777")}},
		{"router refused", portmap.Status{State: portmap.Refused, Port: 7777, Err: "no router answered"}},
	} {
		router.set(st.st)
		hub.run(61) // the scene reads the router's answer once a second
		checkLayout(t, dir, st.name, hub, []string{"item bar", st.st.Short()}, nil)
	}
	router.set(portmap.Status{})
	hub.run(240) // the toasts fade

	hubPlay.inv.Open = true
	checkLayout(t, dir, "inventory", hub, []string{"item bar", "Stats"}, nil)
	// What the bag does says so with the inventory open: its feedback
	// lines find room among the panel's words, never level with the XP
	// line over the bar.
	for _, line := range []string{"Picked up Healing Potion", "Equipped Feather Charm", "Bag full: Shift+1-8 drops something"} {
		hubPlay.items.Push(line, hubPlay.now())
	}
	checkLayout(t, dir, "inventory with feedback", hub, []string{"Stats", "toast"}, nil)
	hubPlay.inv.Open = false
	hub.run(240) // the toasts fade

	hub.press(ui.FrameInput{Back: true})
	require.True(t, hubPlay.pause.open)
	checkPaused(t, dir, "pause in the hub", hub, func(image.Point) []string { return []string{"Paused", LabelCopyJoinCode, LabelQuit} })
	hubPlay.pause.settings = hub.a.settingsPanel()
	checkLayout(t, dir, "settings", hub, []string{"Settings", settings.LabelUIScale}, nil)
	hubPlay.pause.settings.Sel = hubPlay.pause.settings.Back // scrolled to its end: every row is reachable
	checkLayout(t, dir, "settings-end", hub, []string{"Settings", "Back"}, nil)
	hubPlay.pause.settings = nil
	friend := friendJoins(t, hub, hubRec, "Marguerite")
	hubPlay.host.players = hud.NewPlayersPanel(&hub.a.Window, hub.a.logw, hubPlay.rt, hubPlay.host.ctl)
	checkLayout(t, dir, "players", hub, []string{hud.LabelPlayers, "Marguerite", "Vanguard  ·  level 1  ·  in the hub", hud.LabelKick}, nil)
	players := hubPlay.host.players
	hubPlay.host.players, hubPlay.pause.endAsked = nil, true // End the game pressed once, a friend in the game
	checkLayout(t, dir, "pause end asked", hub, []string{"Paused", "Sure? End for 1 friend"}, nil)
	hubPlay.host.players, hubPlay.pause.endAsked = players, false
	hubPlay.host.ctl.BanPlayer(friend.PlayerID())
	checkLayout(t, dir, "players-banned", hub, []string{hud.LabelPlayers, hud.LabelBanned, hud.LabelUnban}, nil)
	var long []string
	for i := range 30 {
		long = append(long, fmt.Sprintf("griefer%02d", i))
	}
	hubPlay.host.players = hud.NewPlayersPanel(&hub.a.Window, hub.a.logw, hubPlay.rt, manyBans{HostControls: hubPlay.host.ctl, accounts: long})
	checkLayout(t, dir, "players-long", hub, []string{hud.LabelPlayers, hud.LabelBanned, hud.LabelUnban, hud.LabelBack}, nil)
	hubPlay.host.players, hubPlay.pause.open = nil, false

	hubPlay.netGraph = true
	checkLayout(t, dir, "net graph", hub, []string{"net graph", "minimap"}, nil)
	hubPlay.netGraph = false

	openKeeperPanel(t, hub, hubRec, hubPlay)
	checkLayout(t, dir, "keeper", hub, []string{"Choose an upgrade"}, nil)
	showEverything(t, hub, hubRec, hubPlay)
	checkLayoutAt(t, dir, "keeper with everything", hub, func(sz image.Point) []string {
		if sz.X < 1280 {
			return []string{"Choose an upgrade"}
		}
		return []string{"Choose an upgrade", "boss banner"}
	}, nil)
	hub.press(ui.FrameInput{Back: true})
	require.False(t, hubPlay.keeper.Open)

	// Beside the keeper with an upgrade owed, E's prompt stands over the
	// XP line; the inventory over it leaves it no room, and a tooltip goes
	// over the inventory, its words under the tooltip left out.
	showEverything(t, hub, hubRec, hubPlay)
	checkLayoutAt(t, dir, "keeper prompt with everything", hub, func(sz image.Point) []string {
		if sz.X < 1280 {
			return []string{"prompt", "boss banner"}
		}
		return []string{"prompt", "boss banner", "level-up", "cleared", "notice", "toast"}
	}, nil)
	giveABow(t, hub, hubRec, hubPlay)
	hubPlay.inv.Open = true
	showEverything(t, hub, hubRec, hubPlay)
	overSlot := func() {
		c := hud.SlotRect(0, hub.a.W, hub.a.H)
		hub.press(ui.FrameInput{Mouse: ui.Mouse{X: c.Min.X + c.Dx()/2, Y: c.Min.Y + c.Dy()/2, Moved: true}})
		require.Zero(t, hubPlay.items.Hover, "the pointer rests on the first slot")
	}
	checkLayout(t, dir, "inventory tooltip", hub, []string{"Stats", "Ashwood Bow"}, overSlot)
	hubPlay.inv.Open = false

	hub.a.scenes.switchTo(hub.a.rosterScene(hub.a.sess))
	hub.a.scenes.apply()
	checkLayout(t, dir, "roster", hub, []string{"Choose a character", "Leave"}, func() { hub.a.scenes.current.(*rosterScene).layout() })

	hub.a.scenes.switchTo(hub.a.classScene(hub.a.sess, "Vesper"))
	hub.a.scenes.apply()
	checkLayout(t, dir, "first character", hub, []string{"Make your character", "Create and play"}, func() { hub.a.scenes.current.(*classScene).layout() })

	died, death := dieInADungeon(t)
	death.lockSecs = deathLockWords - 1 // the lockout's longest line, as its Update would show it
	checkLayout(t, dir, "death", died, []string{"You fell", deathFooter}, func() {})
	death.frames = deathCalm // its calm over: Enter goes on to the roster, its banner counting the lockout down
	died.press(ui.FrameInput{Enter: true})
	died.a.scenes.apply()
	checkLayout(t, dir, "roster after a death", died, []string{"Choose a character", "Leave"}, func() { died.a.scenes.current.(*rosterScene).layout() })

	boss := bossHarness(t)
	untilPlaying(t, boss)
	bossPlay := untilBossSeen(t, boss)
	checkLayout(t, dir, "boss", boss, []string{"health bar", "boss bar", "item bar"}, nil)
	_ = bossPlay

	dungeon, dungeonRec := hostedHarnessEntering(t, "catacombs")
	d := untilDungeon(t, dungeon)
	dungeon.press(ui.FrameInput{Back: true})
	require.True(t, d.pause.open)
	checkPaused(t, dir, "pause", dungeon, func(image.Point) []string { return []string{"Paused", LabelReturnToHub, LabelQuit} })

	// All that comes and goes at once over a dungeon's HUD, then under its
	// pause menu: what finds no room is left out, never drawn over words.
	dungeon.press(ui.FrameInput{Back: true})
	require.False(t, d.pause.open)
	start = d.now()
	d.now = func() time.Time { return start.Add(time.Duration(d.clock.frames) * time.Second / game.TickRate) }
	showEverything(t, dungeon, dungeonRec, d)
	checkLayoutAt(t, dir, "everything", dungeon, func(sz image.Point) []string {
		if sz.X < 1280 {
			return []string{"health bar", "boss banner", "notice", "toast"}
		}
		return []string{"health bar", "boss banner", "level-up", "notice", "toast"} // the cleared panel waits for room
	}, nil)
	dungeon.press(ui.FrameInput{Back: true})
	require.True(t, d.pause.open)
	showEverything(t, dungeon, dungeonRec, d)
	checkPaused(t, dir, "everything paused", dungeon, func(sz image.Point) []string {
		if float64(sz.X)/ui.Scale(sz.X, sz.Y) < 1280 { // narrower than 1280×720 at its scale
			return []string{"Paused", LabelReturnToHub}
		}
		return []string{"Paused", LabelReturnToHub, "notice", "toast"}
	})
	dungeon.press(ui.FrameInput{Back: true})
	require.False(t, d.pause.open)

	// A boss falls: the cleared panel, the level it brought and the feedback
	// of what it dropped, all at once, all shown from 1280×720 up; at
	// 640×400 the cleared panel waits for the level-up words to go.
	d.fx.BannerUntil = d.clock.frames
	dungeon.run(4 * game.TickRate) // the host's sentence goes
	startFalling(d)
	checkLayoutAt(t, dir, "a boss falls", dungeon, func(sz image.Point) []string {
		if sz.X < 1280 {
			return []string{"level-up", "toast"}
		}
		return []string{"cleared", "level-up", "toast"}
	}, nil)
	dungeon.run(3 * game.TickRate)
	checkLayout(t, dir, "a boss fell 3 s ago", dungeon, []string{"cleared"}, nil)
}

// showEverything starts all that comes and goes at once: a boss's next
// phase's banner, a cleared dungeon's panel for four players, a level
// reached with two upgrades owed, a sentence from the host, and three
// feedback lines, the longest the game says.
func showEverything(t *testing.T, h *harness, rec *recorder, s *playScene) {
	t.Helper()
	s.fx.Banner, s.fx.BannerSub, s.fx.BannerUntil = "The Fury begins", "The Warden: Fury (2 of 3)", s.clock.frames+100*game.TickRate
	startFalling(s)
	hostOf(rec).Server.Say("the Warden's second phase fires rings: keep moving")
	for range 10 { // the sentence arrives
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
	}
	text, _ := s.rt.Notice()
	require.Contains(t, text, "keep moving", "the host's sentence arrived")
}

// startFalling starts what a boss's fall brings at once: its dungeon's
// cleared panel for four players, a level reached with two upgrades owed,
// and three feedback lines, the longest the game says.
func startFalling(s *playScene) {
	now := s.now()
	s.items.Level.Start(client.Sheet{Known: true, Level: 7, XP: 40, Next: 900, Owed: 2}, "the Keeper of Ways", now)
	cleared := wire.Cleared{Dungeon: 1}
	for _, name := range []string{"Marguerite", "Vesper", "Oduya", "Ilse"} {
		cleared.Players = append(cleared.Players, wire.ClearedPlayer{Name: name, XP: 1240, Kills: 48, Items: []uint8{0, 3}})
	}
	s.items.ClearAt, s.items.ClearTxt = now, s.items.ClearedLines(cleared)
	for _, line := range []string{
		"Your provider shares your router's address (CGNAT): friends outside can't join",
		"Join code copied: paste it to your friends",
		"Your router did not open port 7777: friends outside your network can't join",
	} {
		s.items.Push(line, now)
	}
}

// giveABow puts an Ashwood Bow in the player's first bag slot, as a pick
// up would, and waits for the sheet to show it.
func giveABow(t *testing.T, h *harness, rec *recorder, s *playScene) {
	t.Helper()
	id := s.rt.PlayerID()
	w := hostOf(rec).Server.World(id)
	bag, worn, ok := w.PlayerItems(id)
	require.True(t, ok)
	bow := slices.IndexFunc(s.rt.Content().Items, func(it game.ItemDef) bool { return it.ID == "ashwood_bow" })
	require.GreaterOrEqual(t, bow, 0)
	bag[0] = game.Item{ID: 990001, Def: uint16(bow)}
	require.True(t, w.SetPlayerItems(id, bag, worn))
	hostOf(rec).Server.GrantXP(id, 1) // the sheet goes out again, with the bag
	for n := 0; s.rt.Sheet().Bag[0] != bow; n++ {
		require.Less(t, n, 120, "the sheet shows the bow")
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
	}
}

// menuOf is the main menu the harness shows.
func menuOf(t *testing.T, h *harness) *menuScene {
	t.Helper()
	h.press(ui.FrameInput{})
	m, ok := h.a.scenes.current.(*menuScene)
	require.Truef(t, ok, "the main menu is shown, not %T", h.a.scenes.current)
	return m
}

// openKeeperPanel stands the ship beside the keeper with an upgrade owed
// and opens the keeper's panel.
func openKeeperPanel(t *testing.T, h *harness, rec *recorder, s *playScene) {
	t.Helper()
	host := hostOf(rec)
	id := s.rt.PlayerID()
	w := host.Server.World(id)
	g := w.Grid()
	i := slices.Index(g.Tiles, game.TileNPC)
	require.GreaterOrEqual(t, i, 0, "the hub has its keeper")
	w.Teleport(id, game.TileCenter(i%g.W, i/g.W).Add(game.Vec{X: game.TileSize}))
	host.Server.GrantXP(id, game.XPToNext(1))
	for n := 0; s.rt.Sheet().Owed == 0 || len(s.rt.Sheet().Offer) == 0 || !s.keeper.Near(s.rt, s.clock.frames); n++ {
		require.Less(t, n, 300, "an upgrade is owed")
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 40}})
	}
	h.press(ui.FrameInput{Interact: true})
	require.True(t, s.keeper.Open, "the keeper's panel opens")
}

// checkLayout draws the current scene at each size, saves the frame and
// checks its boxes; want are names that must be among them. relayout, if
// any, lays the scene out again for the size when its Update cannot run.
func checkLayout(t *testing.T, dir, name string, h *harness, want []string, relayout func()) {
	t.Helper()
	checkLayoutAt(t, dir, name, h, func(image.Point) []string { return want }, relayout)
}

// checkPaused is checkLayoutAt for a scene under its pause menu at the
// automatic UI scale, at 100 % and at 125 %: besides the layout's faults,
// nothing over the HUD's bars, slots and minimap, which stay in view under
// the dimmed screen.
func checkPaused(t *testing.T, dir, name string, h *harness, wantAt func(image.Point) []string) {
	t.Helper()
	defer func() { ui.ScaleChoice = 0 }()
	for _, choice := range []float64{0, 1, 1.25} {
		ui.ScaleChoice = choice
		at := name
		if choice > 0 {
			at = fmt.Sprintf("%s, UI %.0f %%", name, 100*choice)
		}
		checkLayoutWith(t, dir, at, h, wantAt, nil, clearOfTheHUD)
	}
}

// hudParts are the HUD's boxes a panel that leaves them in view keeps
// clear of.
var hudParts = []string{"health bar", "ability bar", "item bar", "XP bar", "minimap", "boss bar", "net graph"}

// clearOfTheHUD are the boxes of a layer over the HUD that lie on one of
// its parts.
func clearOfTheHUD(boxes []ui.Box) []string {
	var out []string
	for _, a := range boxes {
		if a.Layer != 0 || !slices.Contains(hudParts, a.Name) {
			continue
		}
		for _, b := range boxes {
			if b.Layer > 0 && b.R.Overlaps(a.R) {
				out = append(out, fmt.Sprintf("%q %v lies on the HUD's %q %v", b.Name, b.R, a.Name, a.R))
			}
		}
	}
	return out
}

// checkLayoutAt is checkLayout with the names that must be drawn at each
// size.
func checkLayoutAt(t *testing.T, dir, name string, h *harness, wantAt func(image.Point) []string, relayout func()) {
	t.Helper()
	checkLayoutWith(t, dir, name, h, wantAt, relayout, nil)
}

// checkLayoutWith is checkLayoutAt with more faults to find in the
// frame's boxes, if any.
func checkLayoutWith(t *testing.T, dir, name string, h *harness, wantAt func(image.Point) []string, relayout func(), more func([]ui.Box) []string) {
	t.Helper()
	for _, sz := range layoutSizes {
		want := wantAt(sz)
		t.Run(fmt.Sprintf("%s at %d×%d", name, sz.X, sz.Y), func(t *testing.T) {
			h.a.Layout(sz.X, sz.Y)
			if relayout != nil {
				relayout()
			} else {
				h.press(ui.FrameInput{Mouse: ui.Mouse{X: sz.X / 2, Y: sz.Y / 3}}) // the scene lays itself out for the size
			}
			screen := ebiten.NewImage(sz.X, sz.Y)
			defer screen.Deallocate()
			var boxes []ui.Box
			var labels []image.Rectangle
			inFrame(func() {
				h.a.Draw(screen) // the world's labels keep clear of the HUD of the frame before (render/world/labels.go)
				h.a.Draw(screen)
				boxes = append(boxes, h.a.Gfx.Boxes.Boxes...)
				if s, ok := h.a.scenes.current.(*playScene); ok {
					z := max(s.view.zoom, 1)
					for _, r := range s.labels.Boxes {
						labels = append(labels, ui.RectF(float32(float64(r.Min.X)*z), float32(float64(r.Min.Y)*z), float32(float64(r.Dx())*z), float32(float64(r.Dy())*z)))
					}
				}
			})
			path := filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, sz.X, sz.Y))
			savePNG(path, readFrame(screen))
			names := map[string]bool{}
			for _, b := range boxes {
				names[b.Name] = true
			}
			for _, n := range want {
				require.Truef(t, names[n], "%s is drawn (boxes: %v)", n, boxNames(boxes))
			}
			faults := ui.LayoutFaults(boxes, sz.X, sz.Y)
			faults = append(faults, rowFaults(boxes, sz.X, sz.Y)...)
			if more != nil {
				faults = append(faults, more(boxes)...)
			}
			for _, l := range labels {
				if !l.In(image.Rect(0, 0, sz.X, sz.Y)) {
					faults = append(faults, fmt.Sprintf("a world label %v leaves the %d×%d window", l, sz.X, sz.Y))
				}
				for _, b := range boxes {
					if l.Overlaps(b.R) {
						faults = append(faults, fmt.Sprintf("a world label %v lies under %q %v", l, b.Name, b.R))
					}
				}
			}
			if len(faults) > 0 {
				t.Errorf("%s at %d×%d (UI scale %.2f, %s):\n  %s", name, sz.X, sz.Y, ui.Scale(sz.X, sz.Y), path, strings.Join(faults, "\n  "))
			}
		})
	}
	h.a.Layout(ui.WindowWidth, ui.WindowHeight)
}

// transientNames are the boxes of what comes and goes (render/ui/placement.go).
var transientNames = []string{"toast", "notice", "status", "prompt", "cleared", "level-up", "boss banner"}

// rowFaults are the transients that lie level with the XP line over the
// item bar while its words are drawn, within the bar's width: words
// beside words on one row read as one line.
func rowFaults(boxes []ui.Box, w, h int) []string {
	k := ui.Scale(w, h)
	bar := hud.BarRect(w, h)
	top := bar.Min.Y - hud.XpLineUpAt(k)
	row := image.Rect(bar.Min.X, top, bar.Max.X, top+int(ui.GlyphH*k))
	if !slices.ContainsFunc(boxes, func(b ui.Box) bool { return b.Text && strings.HasPrefix(b.Name, "Level ") && b.R.Overlaps(row) }) {
		return nil
	}
	var out []string
	for _, b := range boxes {
		if slices.Contains(transientNames, b.Name) && b.R.Overlaps(row) {
			out = append(out, fmt.Sprintf("%q %v lies level with the XP line %v", b.Name, b.R, row))
		}
	}
	return out
}

func boxNames(boxes []ui.Box) []string {
	var out []string
	for _, b := range boxes {
		out = append(out, b.Name)
	}
	return out
}

// settle lets the map stream in and the HUD's words be made.
func settle(t *testing.T, h *harness) {
	t.Helper()
	for range 60 {
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
	}
}

// bossHarness is a hosted game on the boss hall's map.
func bossHarness(t *testing.T) *harness {
	t.Helper()
	st := starter{host: func(req HostRequest) (session, error) {
		return hostWith(func(req HostRequest) (Hosted, error) {
			h, err := listen.Start(listen.Config{Content: req.Content, Addr: "127.0.0.1:0", Map: "boss_hall", Seed: req.Seed, Log: req.Log, Client: req.Client})
			if err != nil {
				return nil, err
			}
			return h, nil
		})(req)
	}}
	h := &harness{t: t, log: &lockedBuffer{}, path: filepath.Join(t.TempDir(), "settings.toml")}
	a, err := newApp(Options{Content: builtin(t), Host: true, Seed: 5}, st, h.log, h.path)
	require.NoError(t, err)
	h.a = a
	t.Cleanup(h.closeAndWait)
	return h
}

// untilBossSeen steps, drawing, until the boss's bar is up.
func untilBossSeen(t *testing.T, h *harness) *playScene {
	t.Helper()
	screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
	defer screen.Deallocate()
	for range 600 {
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 640, Y: 200}})
		inFrame(func() { h.a.Draw(screen) })
		if s, ok := h.a.scenes.current.(*playScene); ok && s.hud.BossMet.Ok {
			return s
		}
	}
	t.Fatalf("the boss was never seen; log:\n%s", h.log)
	return nil
}

// untilDungeon steps until the player is in a dungeon and the map is in.
func untilDungeon(t *testing.T, h *harness) *playScene {
	t.Helper()
	for range 600 {
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
		if s, ok := h.a.scenes.current.(*playScene); ok && s.inDungeon() {
			settle(t, h)
			return s
		}
	}
	t.Fatalf("never reached a dungeon; log:\n%s", h.log)
	return nil
}
