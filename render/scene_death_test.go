package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/render/ui"
)

// dieInADungeon plays a hosted game into the Proving Grounds with five
// potions in the bag, three of them one stack (it drinks a single one), and
// a worn weapon, then keeps the ship at 1 health on
// top of an enemy until it dies, and returns the death scene.
func dieInADungeon(t testing.TB) (*harness, *deathScene) {
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
		h.press(ui.FrameInput{})
	}
	potion, sword := contentItem(t, "healing_potion"), wornWeapon(t)
	w := host.Server.World(id)
	require.NotNil(t, w)
	require.True(t, w.SetPlayerItems(id, [game.BagSlots]game.Item{{ID: 9001, Def: uint16(potion)}, {ID: 9002, Def: uint16(potion)},
		{ID: 9004, Def: uint16(potion), More: 2}}, [game.EquipSlots]game.Item{{ID: 9003, Def: uint16(sword)}}))
	// Hurt, key 1 drinks the first potion: the sheet the server sends for it
	// shows the other four and the weapon.
	require.True(t, w.SetPlayerHealth(id, 40))
	h.press(ui.FrameInput{})
	h.press(ui.FrameInput{Slot: 1})
	for i := 0; i < 4*game.TickRate || s.rt.Sheet().Bag[1] != potion || s.rt.Sheet().Worn[0] != sword; i++ {
		require.Less(t, i, 600, "the sheet never showed the items")
		h.press(ui.FrameInput{}) // three seconds and more of play, for a whole replay
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
		h.press(ui.FrameInput{})
	}
	t.Fatalf("the ship never died; scene %T, log:\n%s", h.a.scenes.current, h.log)
	return nil, nil
}

// contentItem is the index of the item id names in content.
func contentItem(t testing.TB, id string) int {
	for i, it := range builtin(t).Content.Items {
		if it.ID == id {
			return i
		}
	}
	t.Fatalf("no item %q in content", id)
	return -1
}

// wornWeapon is the first weapon in content.
func wornWeapon(t testing.TB) int {
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

	t.Run("nothing a player still fighting presses leaves it in its first second", func(t *testing.T) {
		require.Zero(t, d.frames, "the screen just opened")
		for d.frames < deathCalm {
			h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeySpace}, Ability: true, Enter: d.frames%10 == 5, Back: d.frames%10 == 7, Mouse: ui.Mouse{Click: true, Held: true}})
			require.Same(t, d, h.a.scenes.current, "frame %d of the screen", d.frames)
		}
	})
	t.Run("held fire and ability, Space and clicks never leave it, even after the first second", func(t *testing.T) {
		for range 2 * game.TickRate {
			h.press(ui.FrameInput{Ability: true, Mouse: ui.Mouse{Held: true}})
		}
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeySpace}, Mouse: ui.Mouse{Click: true, Held: true}})
		assert.Same(t, d, h.a.scenes.current)
	})
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
		assert.Equal(t, "Lost with your bag: 4 "+potion+"s", d.lost, "every potion counted, the stack's three too")
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
		h.press(ui.FrameInput{})
		assert.Contains(t, []int{9, 10}, d.lockSecs, "three seconds of frames into it")
		assert.Equal(t, "The dungeons open to you again in 10 seconds.", d.lockWord[d.lockSecs])
		assert.Equal(t, "The dungeons open to you again in 1 second.", lockoutWords("you", 1))
		assert.Equal(t, "The dungeons are open to you again.", lockoutWords("you", 0))
	})
	t.Run("the replay plays at a third of its speed, holds the death a second and plays again", func(t *testing.T) {
		_, i := d.replayFrame()
		n := d.replay.Len()
		clock := int(float64(d.frames) * replaySpeed)
		assert.Equal(t, min(clock%(n+replayHoldEnd/3), n-1), i)
		d.frames = 3 * (n + 5) // five frames into the hold
		_, i = d.replayFrame()
		assert.Equal(t, n-1, i, "the frame of the death held")
		d.frames = 3 * (n + replayHoldEnd/3 + 2)
		_, i = d.replayFrame()
		assert.Equal(t, 2, i, "and from the start again")
	})
	t.Run("the replay is the world as the game draws it, the killing bullet in it", func(t *testing.T) {
		h.a.Draw(ebiten.NewImage(ui.WindowWidth, ui.WindowHeight))
		for i := range d.replay.Len() {
			f := d.replay.Frame(i)
			v := d.replayView(d.replayBox(), f, i)
			require.NotNil(t, v.Grid, "the map the death left")
			require.NotNil(t, v.Fog)
			assert.True(t, v.Fog.CanSee(f.Self.Pos), "frame %d sees its ship", i)
			assert.Equal(t, len(f.Bullets), v.Bullets.Len())
			assert.NotEqual(t, game.HubDungeon, v.Dungeon, "the dungeon's ground")
		}
		assert.Equal(t, "proving_grounds", d.look.Ground.Place.ID, "drawn with the Proving Grounds' tiles")
	})
	t.Run("a replay frame's view and its ground, light and ring allocate nothing", func(t *testing.T) {
		// The world's drawers' own work short of the GPU, as buildGround
		// measures the play scene's; what Ebitengine allocates for its
		// draw calls is measured apart (BenchmarkDeathFrame).
		screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
		assert.NotPanics(t, func() { d.Draw(screen) })
		g, box, n := h.a.Gfx, d.replayBox(), d.replay.Len()
		gl := d.look.Ground
		frame := func(i int) {
			f := d.replay.Frame(i % n)
			v := d.replayView(box, f, i%n)
			require.True(t, gl.Build(screen, g.Shapes, &v))
			d.ringKiller(screen, g.Shapes, &v, f)
			gl.Tiles.Batch.Vs, gl.Tiles.Shades.Vs, gl.Glow.Vs = gl.Tiles.Batch.Vs[:0], gl.Tiles.Shades.Vs[:0], gl.Glow.Vs[:0]
			g.Shapes.Vs, g.Shapes.Is = g.Shapes.Vs[:0], g.Shapes.Is[:0]
		}
		for i := range n {
			frame(i) // every frame once: the buffers grow to the busiest
		}
		i := 0
		assert.Zero(t, allocsPerRun(50, func() { frame(i); i++ }))
	})
	t.Run("Enter leaves it for the roster", func(t *testing.T) {
		h.press(ui.FrameInput{Enter: true})
		_, ok := h.a.scenes.current.(*rosterScene)
		assert.True(t, ok, "scene %T", h.a.scenes.current)
		assert.Contains(t, h.log.String(), "duskfall: scene=death killed=\"Killed by ")
		assert.Contains(t, h.log.String(), "duskfall: scene=roster after death")
		t.Log(d.killed, " / ", d.sight, " / ", d.lost, " / ", d.kept)
	})
	t.Run("the roster counts down the lockout the death screen counted, on the same clock", func(t *testing.T) {
		r := sceneOf[*rosterScene](t, h)
		require.True(t, r.note.hasFallen, "the roster knows who fell")
		assert.Equal(t, d.rt.Roster().Played, r.note.fallen.ID, "the character played")
		assert.Contains(t, []int{d.lockSecs, d.lockSecs - 1}, r.note.secs, "the roster's count is the death screen's")
		assert.True(t, strings.HasSuffix(r.note.text, lockoutWords(r.note.fallen.Name, r.note.secs)), "the note ends with the count: %q", r.note.text)
		assert.NotContains(t, r.note.text, "closed to", "no count fixed when the words were written")
	})
	t.Run("Enter flies the fallen character again, and no toast tells of a drop the death already told", func(t *testing.T) {
		h.press(ui.FrameInput{Enter: true})
		var p *playScene
		for i := 0; p == nil; i++ {
			require.Less(t, i, 600, "never back in play; scene %T", h.a.scenes.current)
			h.press(ui.FrameInput{})
			p, _ = h.a.scenes.current.(*playScene)
		}
		for range game.TickRate / 2 {
			h.press(ui.FrameInput{})
		}
		for _, ts := range p.items.Toasts {
			assert.NotContains(t, ts.Text, "Dropped", "the bag's loss was the death screen's to tell")
		}
		assert.NotEqual(t, wire.ActionDropped, p.rt.Sheet().Action, "the sheet back in play tells of nothing dropped")
	})
}

func TestWhatLeavesTheDeathScreen(t *testing.T) {
	space := []ebiten.Key{ebiten.KeySpace}
	for _, c := range []struct {
		name   string
		frames int
		in     ui.FrameInput
		leaves bool
	}{
		{"Enter in the first second does not", deathCalm, ui.FrameInput{Enter: true}, false},
		{"Esc in the first second does not", 1, ui.FrameInput{Back: true}, false},
		{"a click in the first second does not", 2, ui.FrameInput{Mouse: ui.Mouse{Click: true}}, false},
		{"Space in the first second does not", 2, ui.FrameInput{Pressed: space}, false},
		{"Enter after it does", deathCalm + 1, ui.FrameInput{Enter: true}, true},
		{"Esc after it does", deathCalm + 1, ui.FrameInput{Back: true}, true},
		{"the pad's A after it does", deathCalm + 1, ui.FrameInput{Pad: ui.PadState{A: true}}, true},
		{"the pad's B after it does", deathCalm + 1, ui.FrameInput{Pad: ui.PadState{B: true}}, true},
		{"a click after it does not", 10 * deathCalm, ui.FrameInput{Mouse: ui.Mouse{Click: true}}, false},
		{"Space after it does not", 10 * deathCalm, ui.FrameInput{Pressed: space}, false},
		{"fire and the ability held do not", 10 * deathCalm, ui.FrameInput{Ability: true, Pad: ui.PadState{Trigger: 1, Ability: true}, Mouse: ui.Mouse{Held: true}}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &deathScene{frames: c.frames}
			assert.Equal(t, c.leaves, s.goesOn(&c.in))
		})
	}
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
	for _, ts := range s.items.Toasts {
		if strings.Contains(ts.Text, "fell to") {
			line = ts.Text
		}
	}
	assert.Equal(t, "A friend fell to the Warden's Fury spiral", line, "a friend the roster has not named yet")
	s.friendFell(client.HitMark{Event: game.Event{Kind: game.EvDeath, Actor: game.ActorPlayer, ID: s.rt.PlayerID()}})
	assert.Equal(t, line, s.items.Toasts[ui.ToastLines-1].Text, "the own death is the death screen's, not the feed's")
}

func TestTheDeathScreenCountsWhatWasLost(t *testing.T) {
	c := builtin(t).Content
	potion, ration, sword := contentItem(t, "healing_potion"), -1, wornWeapon(t)
	for i, it := range c.Items {
		if it.Name == "Warden's Ration" {
			ration = i
		}
	}
	require.GreaterOrEqual(t, ration, 0)
	for _, tc := range []struct {
		name string
		defs []int
		want string
	}{
		{"one item is named alone", []int{sword}, c.Items[sword].Name},
		{"a stack of two says two", []int{potion, potion}, "2 Healing Potions"},
		{"items of a kind in two slots are counted together, where the first was",
			[]int{potion, sword, potion, potion}, "3 Healing Potions, " + c.Items[sword].Name},
		{"a name with an apostrophe takes its plural on the last word", []int{ration, ration}, "2 Warden's Rations"},
		{"an item the content lacks is still counted", []int{999}, "an unknown item"},
		{"two unknown items", []int{999, 999}, "2 unknown items"},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, itemList(tc.defs, c)) })
	}
	for name, want := range map[string]string{"Glass": "Glasses", "Ruby": "Rubies", "Key": "Keys", "Torch": "Torches", "Box": "Boxes"} {
		assert.Equal(t, want, ui.PluralName(name))
	}
}
