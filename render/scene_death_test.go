package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
)

// dieInADungeon plays a hosted game into the Proving Grounds with three
// potions in the bag (it drinks one) and a worn weapon, then keeps the ship at 1 health on
// top of an enemy until it dies, and returns the death scene.
func dieInADungeon(t *testing.T) (*harness, *deathScene) {
	t.Helper()
	h, rec := hostedHarnessEntering(t, "proving_grounds")
	s := untilPlaying(t, h)
	host := hostOf(rec)
	id := s.rt.PlayerID()
	for range 120 { // until the ship stands in the dungeon
		if _, d := s.rt.Instance(); d != game.HubDungeon {
			if _, ok := s.rt.Self(); ok {
				break
			}
		}
		h.press(frameInput{})
	}
	potion, sword := itemDef(t, "healing_potion"), wornWeapon(t)
	w := host.Server.World(id)
	require.NotNil(t, w)
	require.True(t, w.SetPlayerItems(id, [game.BagSlots]game.Item{{ID: 9001, Def: uint16(potion)}, {ID: 9002, Def: uint16(potion)},
		{ID: 9004, Def: uint16(potion)}}, [game.EquipSlots]game.Item{{ID: 9003, Def: uint16(sword)}}))
	// Hurt, key 1 drinks the first potion: the sheet the server sends for it
	// shows the other two and the weapon.
	require.True(t, w.SetPlayerHealth(id, 40))
	h.press(frameInput{})
	h.press(frameInput{Digit: 1})
	for i := 0; i < 4*game.TickRate || s.rt.Sheet().Bag[1] != potion || s.rt.Sheet().Worn[0] != sword; i++ {
		require.Less(t, i, 600, "the sheet never showed the items")
		h.press(frameInput{}) // three seconds and more of play, for a whole replay
	}
	for range 60 * 60 {
		if d, ok := h.a.scenes.current.(*deathScene); ok {
			return h, d
		}
		if w := host.Server.World(id); w != nil {
			if st, ok := w.PlayerState(id); ok && st.Flags&game.PlayerDead == 0 {
				w.SetPlayerHealth(id, 1)
				// Close enough to the nearest hostile enemy to be fired on,
				// far enough for the killing bullet to fly (and be drawn)
				// first.
				from := game.Vec{X: float64(st.X), Y: float64(st.Y)}
				near, best := game.Vec{}, -1.0
				w.EachEnemy(func(e game.EnemyState, at game.Vec) {
					if d := at.Sub(from).Len(); builtin(t).Content.Enemies[e.Kind].Hostile && (best < 0 || d < best) {
						near, best = at, d
					}
				})
				if best > 180 || best < 100 {
					dir := from.Sub(near)
					if l := dir.Len(); l > 1 {
						w.Teleport(id, near.Add(dir.Scale(140/l)))
					} else {
						w.Teleport(id, near.Add(game.Vec{X: 140}))
					}
				}
			}
		}
		h.press(frameInput{})
	}
	t.Fatalf("the ship never died; scene %T, log:\n%s", h.a.scenes.current, h.log)
	return nil, nil
}

// wornWeapon is the first weapon in content.
func wornWeapon(t *testing.T) int {
	for i, it := range builtin(t).Content.Items {
		if it.Kind == game.ItemWeapon {
			return i
		}
	}
	t.Fatal("no weapon in content")
	return -1
}

func TestTheDeathScreen(t *testing.T) {
	h, d := dieInADungeon(t)
	c := builtin(t).Content
	potion, sword := c.Items[itemDef(t, "healing_potion")].Name, c.Items[wornWeapon(t)].Name

	t.Run("it names the enemy and the pattern that killed, and the place", func(t *testing.T) {
		assert.Regexp(t, `^Killed by (a|an|the) [A-Z][^ ]*( [A-Z][^ ]*)*'s? [a-zA-Z -]+ in the Proving Grounds$`, d.killed)
		assert.NotContains(t, d.killed, "the The")
		assert.NotContains(t, d.killed, "bullet from the dark", "the server named the killer")
	})
	t.Run("it says how long the killing bullet was on screen", func(t *testing.T) {
		assert.Regexp(t, `^That bullet was (on your screen for (only )?[0-9.]+ (seconds|second|ms) before it hit|never on your screen before it hit)`, d.sight)
		if d.report.Seen {
			assert.Contains(t, d.sight, secondsWords(d.report.SeenTicks))
		}
	})
	t.Run("it names what the bag lost and what was worn and kept", func(t *testing.T) {
		assert.Equal(t, "Lost with your bag: "+potion+" ×2", d.lost)
		assert.Equal(t, "Kept, as you wore it: "+sword, d.kept)
	})
	t.Run("the replay holds the last three seconds with the killing bullet in its last frame", func(t *testing.T) {
		rp := d.replay
		require.True(t, rp.Frozen())
		require.Equal(t, client.ReplayFrames, rp.Len())
		last := rp.Frame(rp.Len() - 1)
		var found bool
		for _, b := range last.Bullets {
			found = found || b.UID == d.report.Bullet
		}
		assert.True(t, found, "the bullet that killed is in the frame of the death")
	})
	t.Run("it counts the lockout down in words", func(t *testing.T) {
		h.press(frameInput{})
		assert.Equal(t, 10, d.lockSecs)
		assert.Equal(t, "The dungeons open to you again in 10 seconds.", d.lockWord[d.lockSecs])
		assert.Equal(t, "The dungeons open to you again in 1 second.", lockoutWords(1))
		assert.Equal(t, "The dungeons are open to you again.", lockoutWords(0))
	})
	t.Run("the replay plays at a third of its speed", func(t *testing.T) {
		_, i := d.replayFrame()
		assert.Equal(t, int(float64(d.frames)*replaySpeed), i)
	})
	t.Run("drawing the replay allocates nothing", func(t *testing.T) {
		screen := ebiten.NewImage(WindowWidth, WindowHeight)
		h.a.Draw(screen)
		assert.NotPanics(t, func() { d.Draw(screen) })
		g, box := h.a.gfx, d.replayBox()
		f, _ := d.replayFrame()
		require.NotNil(t, f)
		allocs := testing.AllocsPerRun(20, func() {
			d.drawReplay(screen, g, box, f)
			g.shapes.vs, g.shapes.is = g.shapes.vs[:0], g.shapes.is[:0] // drawn by ebiten at the flush
		})
		assert.Zero(t, allocs)
	})
	t.Run("Space skips the replay to the roster", func(t *testing.T) {
		h.press(frameInput{Pressed: []ebiten.Key{ebiten.KeySpace}})
		_, ok := h.a.scenes.current.(*rosterScene)
		assert.True(t, ok, "scene %T", h.a.scenes.current)
		assert.Contains(t, h.log.String(), "duskfall: scene=death killed=\"Killed by ")
		t.Log(d.killed, " / ", d.sight, " / ", d.lost, " / ", d.kept)
	})
}

func TestAFriendsDeathIsInTheFeed(t *testing.T) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	c := builtin(t).Content
	warden, fury := -1, -1
	for k := range c.Enemies {
		if c.Enemies[k].ID == "warden" {
			warden = k
		}
	}
	for k := range c.Patterns {
		if c.Patterns[k].ID == "warden_spiral" {
			fury = k
		}
	}
	friend := s.rt.PlayerID() + 1
	s.friendFell(client.HitMark{Event: game.Event{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: friend,
		HP: int16(warden + 1), Amount: int16(fury + 1)}})
	var line string
	for _, ts := range s.items.toasts {
		if strings.Contains(ts.text, "fell to") {
			line = ts.text
		}
	}
	assert.Equal(t, "A friend fell to the Warden's Fury spiral", line, "a friend the roster has not named yet")
	s.friendFell(client.HitMark{Event: game.Event{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: s.rt.PlayerID()}})
	assert.Equal(t, line, s.items.toasts[toastLines-1].text, "the own death is the death screen's, not the feed's")
}
