//go:build frames

package render

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"duskfall/listen"
)

// layoutSizes are the windows the layout is checked at: the smallest the
// window allows, the default, and 1440p.
var layoutSizes = []image.Point{{640, 400}, {1280, 720}, {2560, 1440}}

// A HUD laid out for any window (docs/ART.md, "The HUD"): the hub, a boss
// fight, the pause menu in a dungeon, Settings (scrolled to its last row
// too), the roster and the inventory, each drawn by the running game at
// 640×400, 1280×720 and 2560×1440 at the automatic UI scale. Every box the
// layout records (text, panels, bars, the minimap, the item bar) lies
// inside the window, no two in one layer overlap unless one holds the
// other, and no panel covers the item bar. The frames are saved as PNGs in
// $HUD_SHOTS, or a temporary directory the log names.
func TestNoHUDElementsOverlapAtAnySize(t *testing.T) {
	dir := os.Getenv("HUD_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	t.Logf("screenshots in %s", dir)
	defer func() { uiChoice = 0 }()
	uiChoice = 0

	hub, hubRec := hostedHarness(t)
	hubPlay := untilPlaying(t, hub)
	settle(t, hub)
	checkLayout(t, dir, "hub", hub, []string{"health bar", "item bar", "minimap"}, nil)

	hubPlay.inv.open = true
	checkLayout(t, dir, "inventory", hub, []string{"item bar", "Stats"}, nil)
	hubPlay.inv.open = false

	hub.press(frameInput{Back: true})
	require.True(t, hubPlay.paused)
	hubPlay.settings = newSettingsPanel(hub.a)
	checkLayout(t, dir, "settings", hub, []string{"Settings", LabelUIScale}, nil)
	hubPlay.settings.sel = hubPlay.settings.back // scrolled to its end: every row is reachable
	checkLayout(t, dir, "settings-end", hub, []string{"Settings", "Back"}, nil)
	hubPlay.settings = nil
	friend := friendJoins(t, hub, hubRec, "Marguerite")
	hubPlay.roster = newPlayersPanel(hub.a, hubPlay.rt, hubPlay.ctl)
	checkLayout(t, dir, "players", hub, []string{LabelPlayers, "Marguerite", LabelKick}, nil)
	hubPlay.ctl.BanPlayer(friend.PlayerID())
	checkLayout(t, dir, "players-banned", hub, []string{LabelPlayers, LabelBanned, LabelUnban}, nil)
	hubPlay.roster, hubPlay.paused = nil, false

	hub.a.scenes.switchTo(newRosterScene(hub.a, hub.a.sess))
	hub.a.scenes.apply()
	checkLayout(t, dir, "roster", hub, []string{"Choose a character", "Leave"}, func() { hub.a.scenes.current.(*rosterScene).layout() })

	boss := bossHarness(t)
	untilPlaying(t, boss)
	bossPlay := untilBossSeen(t, boss)
	checkLayout(t, dir, "boss", boss, []string{"health bar", "boss bar", "item bar"}, nil)
	_ = bossPlay

	dungeon, _ := hostedHarnessEntering(t, "catacombs")
	d := untilDungeon(t, dungeon)
	dungeon.press(frameInput{Back: true})
	require.True(t, d.paused)
	checkLayout(t, dir, "pause", dungeon, []string{"Paused", LabelReturnToHub}, nil)
}

// checkLayout draws the current scene at each size, saves the frame and
// checks its boxes; want are names that must be among them. relayout, if
// any, lays the scene out again for the size when its Update cannot run.
func checkLayout(t *testing.T, dir, name string, h *harness, want []string, relayout func()) {
	t.Helper()
	for _, sz := range layoutSizes {
		t.Run(fmt.Sprintf("%s at %d×%d", name, sz.X, sz.Y), func(t *testing.T) {
			h.a.Layout(sz.X, sz.Y)
			if relayout != nil {
				relayout()
			} else {
				h.press(frameInput{MouseX: sz.X / 2, MouseY: sz.Y / 3}) // the scene lays itself out for the size
			}
			screen := ebiten.NewImage(sz.X, sz.Y)
			defer screen.Deallocate()
			var boxes []uiBox
			inFrame(func() {
				h.a.Draw(screen)
				boxes = append(boxes, h.a.gfx.boxes.boxes...)
			})
			path := filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, sz.X, sz.Y))
			savePNG(path, readFrame(screen))
			names := map[string]bool{}
			for _, b := range boxes {
				names[b.name] = true
			}
			for _, n := range want {
				require.Truef(t, names[n], "%s is drawn (boxes: %v)", n, boxNames(boxes))
			}
			if faults := layoutFaults(boxes, sz.X, sz.Y); len(faults) > 0 {
				t.Errorf("%s at %d×%d (UI scale %.2f, %s):\n  %s", name, sz.X, sz.Y, uiScale(sz.X, sz.Y), path, strings.Join(faults, "\n  "))
			}
		})
	}
	h.a.Layout(WindowWidth, WindowHeight)
}

func boxNames(boxes []uiBox) []string {
	var out []string
	for _, b := range boxes {
		out = append(out, b.name)
	}
	return out
}

// settle lets the map stream in and the HUD's words be made.
func settle(t *testing.T, h *harness) {
	t.Helper()
	for range 60 {
		h.press(frameInput{MouseX: 700, MouseY: 360})
	}
}

// bossHarness is a hosted game on the boss hall's map.
func bossHarness(t *testing.T) *harness {
	t.Helper()
	st := starter{host: func(req HostRequest) (session, error) {
		return hostWith(func(req HostRequest) (Hosted, error) {
			h, err := listen.Start(listen.Config{Addr: "127.0.0.1:0", Map: "boss_hall", Seed: req.Seed, Log: req.Log, Client: req.Client})
			if err != nil {
				return nil, err
			}
			return h, nil
		})(req)
	}}
	h := &harness{t: t, log: &lockedBuffer{}, path: filepath.Join(t.TempDir(), "settings.toml")}
	a, err := newApp(Options{Host: true, Seed: 5}, st, h.log, h.path)
	require.NoError(t, err)
	h.a = a
	t.Cleanup(h.closeAndWait)
	return h
}

// untilBossSeen steps, drawing, until the boss's bar is up.
func untilBossSeen(t *testing.T, h *harness) *playScene {
	t.Helper()
	screen := ebiten.NewImage(WindowWidth, WindowHeight)
	defer screen.Deallocate()
	for range 600 {
		h.press(frameInput{MouseX: 640, MouseY: 200})
		inFrame(func() { h.a.Draw(screen) })
		if s, ok := h.a.scenes.current.(*playScene); ok && s.hud.bossMet.ok {
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
		h.press(frameInput{MouseX: 700, MouseY: 360})
		if s, ok := h.a.scenes.current.(*playScene); ok && s.inDungeon() {
			settle(t, h)
			return s
		}
	}
	t.Fatalf("never reached a dungeon; log:\n%s", h.log)
	return nil
}
