package game

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Class indices of classWorld's content.
const (
	classBomb = iota
	classShield
	classDash
	classDecoy
)

// testDash carries the ship 120 u over 10 ticks, untouchable for the first
// 6; testDecoy stands for 90 ticks.
var (
	testDash  = Ability{Kind: AbilityDash, Name: "Dash", Cooldown: 100, Duration: 10, Distance: 120, Invulnerable: 6}
	testDecoy = Ability{Kind: AbilityDecoy, Name: "Decoy", Cooldown: 100, Duration: 90}
)

// classWorld is an open room whose content has a class of each ability
// kind (classBomb…classDecoy), with player 1 out of grace at the room's
// middle.
func classWorld(t *testing.T) (*World, Vec) {
	t.Helper()
	w := NewWorld(openMap(t), classWorldContent(), 1)
	w.AddPlayer(1)
	mid := TileCenter(10, 6)
	placePlayer(w, 1, mid)
	return w, mid
}

// classWorldContent is the test content with a class of each ability kind.
func classWorldContent() *Content {
	c := testContent()
	c.Classes = []Class{
		{ID: "sapper", Name: "Sapper", Stats: c.Player,
			Ability: Ability{Kind: AbilityBomb, Name: "Bomb", Cooldown: 100, Radius: 96}},
		{ID: "vanguard", Name: "Vanguard", Stats: c.Player,
			Ability: Ability{Kind: AbilityShield, Name: "Shield", Cooldown: 100, Duration: 30}},
		{ID: "dasher", Name: "Dasher", Stats: c.Player, Ability: testDash},
		{ID: "lurer", Name: "Lurer", Stats: c.Player, Ability: testDecoy},
	}
	return c
}

func TestStepAbility(t *testing.T) {
	bomb := Ability{Kind: AbilityBomb, Cooldown: 10, Radius: 50}
	shield := Ability{Kind: AbilityShield, Cooldown: 10, Duration: 4}
	dash := Ability{Kind: AbilityDash, Cooldown: 10, Duration: 5, Distance: 50, Invulnerable: 3}
	decoy := Ability{Kind: AbilityDecoy, Cooldown: 10, Duration: 8}
	east, south := Input{MoveX: 100}, Input{MoveY: 100}
	aimSouth := Input{Aim: 16384}
	cases := []struct {
		name    string
		ab      Ability
		state   AbilityState
		in      Input
		pressed bool
		grace   bool
		fires   bool
		after   AbilityState
	}{
		{"a press with the cooldown over fires and starts the cooldown", bomb, AbilityState{}, Input{}, true, false, true, AbilityState{Cooldown: 10}},
		{"a shield's press also starts its lasting effect and its guard", shield, AbilityState{}, Input{}, true, false, true,
			AbilityState{Cooldown: 10, Active: 4, Guard: 4}},
		{"a dash goes along the move, its distance spread over its duration, guarded for its first ticks", dash, AbilityState{}, south, true, false, true,
			AbilityState{Cooldown: 10, Active: 5, Guard: 3, Dash: Vec{Y: 10}}},
		{"a dash standing still goes where the ship aims", dash, AbilityState{}, aimSouth, true, false, true,
			AbilityState{Cooldown: 10, Active: 5, Guard: 3, Dash: Vec{X: math.Cos(math.Pi/2) * 10, Y: 10}}},
		{"a decoy stands for its duration, no guard", decoy, AbilityState{}, east, true, false, true, AbilityState{Cooldown: 10, Active: 8}},
		{"a press under arrival grace does nothing", bomb, AbilityState{}, Input{}, true, true, false, AbilityState{}},
		{"a press long before the cooldown ends does nothing but count down", bomb, AbilityState{Cooldown: 9}, Input{}, true, false, false, AbilityState{Cooldown: 8}},
		{"a press in the last six ticks of the cooldown is kept", bomb, AbilityState{Cooldown: 7}, Input{}, true, false, false,
			AbilityState{Cooldown: 6, Buffered: true}},
		{"a kept press fires the tick the cooldown ends, with no press then", dash, AbilityState{Cooldown: 1, Buffered: true}, east, false, false, true,
			AbilityState{Cooldown: 10, Active: 5, Guard: 3, Dash: Vec{X: 10}}},
		{"a kept press waits out arrival grace", bomb, AbilityState{Cooldown: 1, Buffered: true}, Input{}, false, true, false,
			AbilityState{Buffered: true}},
		{"a press on the tick the cooldown ends fires", bomb, AbilityState{Cooldown: 1}, Input{}, true, false, true, AbilityState{Cooldown: 10}},
		{"no press only counts down", shield, AbilityState{Cooldown: 8, Active: 2, Guard: 2}, Input{}, false, false, false,
			AbilityState{Cooldown: 7, Active: 1, Guard: 1}},
		{"a class with no ability never fires", Ability{}, AbilityState{}, Input{}, true, false, false, AbilityState{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.state
			assert.Equal(t, c.fires, StepAbility(&s, c.pressed, c.grace, c.in, &c.ab))
			assert.Equal(t, c.after, s)
		})
	}
	t.Run("every kind but none is content's to name, and reads back", func(t *testing.T) {
		for _, n := range AbilityKindNames() {
			k, ok := ParseAbilityKind(n)
			require.True(t, ok, n)
			assert.Equal(t, n, k.String())
		}
		assert.Equal(t, []string{"bomb", "shield", "dash", "decoy"}, AbilityKindNames())
		_, ok := ParseAbilityKind("none")
		assert.False(t, ok)
	})
}

func TestAbilitiesInTheWorld(t *testing.T) {
	t.Run("a bomb erases hostile bullets within its radius and no others", func(t *testing.T) {
		w, mid := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		near := enemyBullet(w, mid.X+60, mid.Y, 4)
		far := enemyBullet(w, mid.X+200, mid.Y, 4)
		w.spawnBullet(near, 0, 5)
		w.spawnBullet(far, 0, 5)
		own := MakeBulletSpawn(w.newUID(), w.Tick(), mid.X-40, mid.Y, 0, 0, 0, 0, 4, 60, 0, TeamPlayer)
		w.spawnBullet(own, 1, 5)
		feed(w, 1, Input{Buttons: BtnAbility})
		evs := stepN(w, 1)
		assert.Equal(t, 1, countEvents(evs, EvAbility, 0))
		assert.Equal(t, 1, countEvents(evs, EvBulletDespawn, DespawnErased))
		_, nearLive := w.Bullets().Slot(near.UID)
		_, farLive := w.Bullets().Slot(far.UID)
		_, ownLive := w.Bullets().Slot(own.UID)
		assert.False(t, nearLive, "the near bullet is erased")
		assert.True(t, farLive, "the far bullet flies on")
		assert.True(t, ownLive, "the player's own bullet flies on")
	})
	t.Run("the server enforces the cooldown: a second press before it ends does nothing", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		uses := 0
		for i := range 150 {
			var in Input
			if i%2 == 0 {
				in.Buttons = BtnAbility // a fresh press every other tick
			}
			feed(w, 1, in)
			uses += countEvents(stepN(w, 1), EvAbility, 0)
		}
		assert.Equal(t, 2, uses, "ticks 1 and 101 of 150")
	})
	t.Run("a held button fires once, on its press", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		uses := 0
		for range 150 {
			feed(w, 1, Input{Buttons: BtnAbility})
			uses += countEvents(stepN(w, 1), EvAbility, 0)
		}
		assert.Equal(t, 1, uses)
	})
	t.Run("nothing fires during arrival grace", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 0))
		w.player(1).grace = 10
		feed(w, 1, Input{Buttons: BtnAbility})
		assert.Zero(t, countEvents(stepN(w, 1), EvAbility, 0))
	})
	t.Run("a shield lets bullets pass through the ship for its duration, then they hit", func(t *testing.T) {
		w, mid := classWorld(t)
		require.True(t, w.SetPlayerClass(1, 1))
		feed(w, 1, Input{Buttons: BtnAbility})
		stepN(w, 1)
		st, _ := w.PlayerState(1)
		assert.NotZero(t, st.Flags&PlayerShielded, "the snapshot shows the shield")
		w.spawnBullet(enemyBullet(w, mid.X, mid.Y, 6), 0, 5)
		evs := stepN(w, 10)
		assert.Zero(t, countEvents(evs, EvHit, 0), "no hit under the shield")
		evs = stepN(w, 30)
		assert.Equal(t, 1, countEvents(evs, EvHit, 0), "the bullet still there hits once the shield is down")
	})
	t.Run("a class's stats are the player's base", func(t *testing.T) {
		w, _ := classWorld(t)
		w.content.Classes[1].Stats.MaxHP = 150
		require.True(t, w.SetPlayerClass(1, 1))
		assert.Equal(t, int16(150), w.PlayerStats(1).MaxHP)
		assert.False(t, w.SetPlayerClass(1, 9), "a class content lacks is refused")
	})
}

// abilityTicks steps the world through frames for player 1, pressing its
// ability on the given ticks (1 the first), and returns the ticks it fired.
func abilityTicks(w *World, ticks int, presses ...int) []int {
	var fired []int
	for i := 1; i <= ticks; i++ {
		var in Input
		if slices.Contains(presses, i) {
			in.Buttons = BtnAbility
		}
		feed(w, 1, in)
		if countEvents(stepN(w, 1), EvAbility, 0) > 0 {
			fired = append(fired, i)
		}
	}
	return fired
}

func TestTheInputBuffer(t *testing.T) {
	// The bomb fires on tick 1 and is ready again on tick 101.
	cases := []struct {
		name    string
		presses []int
		fired   []int
	}{
		{"a press six ticks before it is ready fires the tick it is ready", []int{1, 95}, []int{1, 101}},
		{"a press on the last tick of the cooldown fires on the next", []int{1, 100}, []int{1, 101}},
		{"a press seven ticks before it is ready is lost", []int{1, 94}, []int{1}},
		{"a lost press is lost even when a kept one follows it: the kept one fires", []int{1, 50, 96}, []int{1, 101}},
		{"a press the tick it is ready fires at once", []int{1, 101}, []int{1, 101}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, _ := classWorld(t)
			require.True(t, w.SetPlayerClass(1, classBomb))
			assert.Equal(t, c.fired, abilityTicks(w, 140, c.presses...))
		})
	}
	t.Run("a held button is one press: holding through the cooldown does not fire again", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, classBomb))
		held := make([]int, 0, 140)
		for i := 1; i <= 140; i++ {
			held = append(held, i)
		}
		// abilityTicks presses on each listed tick; pressing every tick is holding.
		assert.Equal(t, []int{1}, abilityTicks(w, 140, held...))
	})
}

func TestDash(t *testing.T) {
	dashFrom := func(t *testing.T, m *Map, at Vec, in Input) (*World, []Vec) {
		t.Helper()
		w := NewWorld(m, classWorldContent(), 1)
		w.AddPlayer(1)
		placePlayer(w, 1, at)
		require.True(t, w.SetPlayerClass(1, classDash))
		var path []Vec
		for i := range testDash.Duration + 2 {
			f := in
			if i == 0 {
				f.Buttons |= BtnAbility
			}
			feed(w, 1, f)
			w.Step()
			pos, _ := w.PlayerPos(1)
			path = append(path, pos)
		}
		return w, path
	}
	t.Run("a dash carries the ship its distance over its duration, then it walks again", func(t *testing.T) {
		mid := TileCenter(6, 6)
		_, path := dashFrom(t, openMap(t), mid, Input{MoveX: 100})
		for i := range testDash.Duration {
			assert.InDelta(t, mid.X+12*float64(i+1), path[i].X, 1e-9, "tick %d of the dash", i+1)
		}
		last := path[testDash.Duration-1]
		assert.InDelta(t, mid.X+testDash.Distance, last.X, 1e-9)
		assert.InDelta(t, 4, path[testDash.Duration].X-last.X, 1e-9, "then it walks at its speed")
	})
	t.Run("a dash stops at a wall as a walk does, and never passes through it", func(t *testing.T) {
		start := TileCenter(16, 6) // the east wall is at x = 19 tiles
		_, path := dashFrom(t, openMap(t), start, Input{MoveX: 100})
		stop := 19*TileSize - testStats().Radius
		for _, p := range path {
			assert.LessOrEqual(t, p.X, stop+1e-9)
		}
		assert.InDelta(t, stop, path[len(path)-1].X, 1e-9, "it ends against the wall")
	})
	t.Run("a dash whose rim clips a corridor's corner is guided into the corridor", func(t *testing.T) {
		m := asciiMap(t,
			"##########",
			"#........#",
			"#........#",
			"####..####",
			"####..####",
			"####..####",
			"####..####",
			"##########",
		)
		start := Vec{X: 4*TileSize + 6, Y: 2*TileSize + 10}
		w, path := dashFrom(t, m, start, Input{MoveY: 100})
		end := path[len(path)-1]
		assert.Greater(t, end.Y, 4.0*TileSize, "it went down the corridor")
		assert.False(t, w.Grid().CircleSolid(end, testStats().Radius))
	})
	t.Run("a dash with no move goes where the ship aims", func(t *testing.T) {
		mid := TileCenter(6, 6)
		_, path := dashFrom(t, openMap(t), mid, Input{Aim: 16384})
		assert.InDelta(t, mid.Y+testDash.Distance, path[testDash.Duration-1].Y, 1e-6)
	})
	t.Run("the move and focus held during a dash change nothing: it goes where it was pressed", func(t *testing.T) {
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, classDash))
		start, _ := w.PlayerPos(1)
		feed(w, 1, Input{MoveX: 100, Buttons: BtnAbility})
		w.Step()
		for range testDash.Duration - 1 {
			feed(w, 1, Input{MoveY: -100, Buttons: BtnFocus})
			w.Step()
		}
		end, _ := w.PlayerPos(1)
		assert.Equal(t, Vec{X: start.X + testDash.Distance, Y: start.Y}, end)
	})
	t.Run("no bullet hits a dashing ship in its first ticks; one still there hits after", func(t *testing.T) {
		// Pressed against the east wall, the dash goes nowhere: a bullet
		// standing on the ship stays on it.
		w, _ := classWorld(t)
		require.True(t, w.SetPlayerClass(1, classDash))
		at := Vec{X: 19*TileSize - testStats().Radius, Y: TileCenter(10, 6).Y}
		placePlayer(w, 1, at)
		feed(w, 1, Input{MoveX: 100, Buttons: BtnAbility})
		w.Step()
		st, _ := w.PlayerState(1)
		assert.NotZero(t, st.Flags&PlayerShielded, "the snapshot shows no bullet can hit it")
		w.spawnBullet(enemyBullet(w, at.X, at.Y, 6), 0, 5)
		for range testDash.Invulnerable - 1 {
			feed(w, 1, Input{MoveX: 100})
			require.Zero(t, countEvents(stepN(w, 1), EvHit, 0), "no hit in the dash's first ticks")
		}
		feed(w, 1, Input{MoveX: 100})
		assert.Equal(t, 1, countEvents(stepN(w, 1), EvHit, 0), "the bullet hits once they are over")
	})
}

func TestDecoy(t *testing.T) {
	// A turret at the room's east end; the player at its west end, in the
	// turret's reach (600 u) and sight.
	lure := func(t *testing.T, rows ...string) (*World, *enemy) {
		t.Helper()
		w := NewWorld(asciiMap(t, rows...), classWorldContent(), 1)
		w.AddPlayer(1)
		require.True(t, w.SetPlayerClass(1, classDecoy))
		placePlayer(w, 1, w.Map().PlayerSpawns[0])
		return w, &w.enemies[0]
	}
	open := []string{
		"####################",
		"#..................#",
		"#..P...........1...#",
		"#..................#",
		"#..................#",
		"#..................#",
		"####################",
	}
	aimAt := func(e *enemy, w *World, at Vec) {
		t.Helper()
		st := &w.emitters[e.em0]
		assert.InDelta(t, math.Atan2(at.Y-e.pos.Y, at.X-e.pos.X), st.aim, 1e-9)
	}
	t.Run("enemies aim at a standing decoy before the player, and at the player once it is gone", func(t *testing.T) {
		w, e := lure(t, open...)
		spot, _ := w.PlayerPos(1)
		feed(w, 1, Input{Buttons: BtnAbility})
		w.Step()
		for range 40 { // the ship walks south, away from its decoy
			feed(w, 1, Input{MoveY: 100})
			w.Step()
		}
		now, _ := w.PlayerPos(1)
		require.Greater(t, now.Y-spot.Y, 80.0)
		assert.Equal(t, spot, e.foePos, "the turret fights the decoy")
		at, ok := w.target(e.pos, 600)
		require.True(t, ok)
		assert.Equal(t, spot, at)
		for range testDecoy.Duration - 41 {
			w.Step()
		}
		at, _ = w.target(e.pos, 600)
		assert.Equal(t, spot, at, "still standing on its last tick")
		w.Step()
		at, _ = w.target(e.pos, 600)
		assert.Equal(t, now, at, "gone: the player again")
		stepN(w, 60)
		aimAt(e, w, now)
	})
	t.Run("its volleys fly at the decoy, not at the ship that walked away", func(t *testing.T) {
		w, e := lure(t, open...)
		spot, _ := w.PlayerPos(1)
		feed(w, 1, Input{Buttons: BtnAbility})
		w.Step()
		toDecoy := math.Atan2(spot.Y-e.pos.Y, spot.X-e.pos.X)
		volleys := 0
		for range testDecoy.Duration - 1 {
			feed(w, 1, Input{MoveY: 100})
			var fan []BulletSpawn
			for _, ev := range stepN(w, 1) {
				if ev.Kind == EvBulletSpawn && ev.Bullet.Kind == 1 { // the turret's aimed fan
					fan = append(fan, ev.Bullet)
				}
			}
			if len(fan) == 0 || w.Tick() < 20 {
				continue
			}
			volleys++
			mid := fan[len(fan)/2]
			assert.InDelta(t, toDecoy, math.Atan2(float64(mid.VY), float64(mid.VX)), 1e-6, "tick %d", w.Tick())
		}
		require.Positive(t, volleys, "the turret fired its fan while the ship was away")
	})
	t.Run("a decoy out of an enemy's sight draws nothing from it", func(t *testing.T) {
		w, e := lure(t,
			"####################",
			"#..................#",
			"#..P...........1...#",
			"#..................#",
			"#####..............#",
			"#..#...............#",
			"#..#...............#",
			"####################",
		)
		feed(w, 1, Input{Buttons: BtnAbility})
		w.Step()
		p := w.player(1)
		p.decoy = TileCenter(1, 5) // behind the wall, as if placed there
		at, ok := w.target(e.pos, 600)
		require.True(t, ok)
		assert.Equal(t, p.pos, at)
	})
	t.Run("a decoy falls with its ship", func(t *testing.T) {
		w, e := lure(t, open...)
		feed(w, 1, Input{Buttons: BtnAbility})
		w.Step()
		w.player(1).dead = true
		_, ok := w.target(e.pos, 600)
		assert.False(t, ok)
	})
	t.Run("its use is announced where it stands", func(t *testing.T) {
		w, _ := lure(t, open...)
		spot, _ := w.PlayerPos(1)
		feed(w, 1, Input{Buttons: BtnAbility})
		w.Step()
		i := slices.IndexFunc(w.Events(), func(e Event) bool { return e.Kind == EvAbility })
		require.GreaterOrEqual(t, i, 0)
		ev := w.Events()[i]
		assert.Equal(t, [2]float32{float32(spot.X), float32(spot.Y)}, [2]float32{ev.X, ev.Y})
	})
}

// The tick's ability work (the rule, a dash's move, a decoy drawing a
// turret's aim and its volleys) allocates nothing.
func TestAbilitiesAllocateNothing(t *testing.T) {
	for _, class := range []uint8{classDash, classDecoy, classBomb, classShield} {
		w := NewWorld(asciiMap(t,
			"####################",
			"#..................#",
			"#..P...........1...#",
			"#..................#",
			"#..................#",
			"####################",
		), classWorldContent(), 1)
		w.AddPlayer(1)
		require.True(t, w.SetPlayerClass(1, class))
		placePlayer(w, 1, w.Map().PlayerSpawns[0])
		tick, uses := 0, 0
		frame := func() {
			tick++
			in := Input{MoveX: int8(100 - tick%3*100), Aim: uint16(tick * 700)}
			if tick%20 < 2 { // pressed and let go often: in the buffer, and firing
				in.Buttons = BtnAbility
			}
			feed(w, 1, in)
			w.Step()
			for i := range w.Events() {
				if w.Events()[i].Kind == EvAbility {
					uses++
				}
			}
		}
		for range 300 {
			frame() // the world's buffers reach their size
		}
		uses = 0
		assert.Zero(t, testing.AllocsPerRun(300, frame), "class %d", class)
		assert.Positive(t, uses, "class %d used its ability while measured", class)
	}
}

func TestClassGear(t *testing.T) {
	// gearWorld is classWorld with three pieces of class gear: a charm for
	// the dasher that carries it further, an armour for the lurer that
	// keeps its decoy standing longer (and waits longer for it), and a
	// weapon for the dasher and the bomber that would stretch every
	// figure past its kind's rules.
	gearWorld := func(t *testing.T, class uint8) *World {
		t.Helper()
		c := classWorldContent()
		c.Items = append(c.Items,
			ItemDef{ID: "vanes", Name: "Vanes", Kind: ItemCharm, Classes: 1 << classDash,
				Mods: StatMods{Ability: AbilityMods{Distance: 48, Cooldown: -20}}},
			ItemDef{ID: "mask", Name: "Mask", Kind: ItemArmour, Classes: 1 << classDecoy,
				Mods: StatMods{MaxHP: 10, Ability: AbilityMods{Duration: 60, Cooldown: 100}}},
			ItemDef{ID: "hourglass", Name: "Hourglass", Kind: ItemWeapon, Classes: 1<<classDash | 1<<classBomb,
				Mods: StatMods{Ability: AbilityMods{Cooldown: -1000, Duration: 500, Invulnerable: 500}}},
		)
		w := NewWorld(openMap(t), c, 1)
		w.AddPlayer(1)
		placePlayer(w, 1, TileCenter(6, 6))
		require.True(t, w.SetPlayerClass(1, class))
		return w
	}
	def := func(w *World, id string) uint16 {
		return uint16(slices.IndexFunc(w.content.Items, func(d ItemDef) bool { return d.ID == id }))
	}
	wear := func(t *testing.T, w *World, id string) {
		t.Helper()
		bag := [BagSlots]Item{{ID: 77, Def: def(w, id)}}
		require.True(t, w.SetPlayerItems(1, bag, [EquipSlots]Item{}))
		feed(w, 1, Input{Buttons: BtnUse, Slot: 0})
		w.Step()
	}
	t.Run("a dasher's vanes carry its dash further and bring it back sooner", func(t *testing.T) {
		w := gearWorld(t, classDash)
		wear(t, w, "vanes")
		ab := w.PlayerAbilityOf(1)
		assert.InDelta(t, testDash.Distance+48, ab.Distance, 1e-9)
		assert.Equal(t, testDash.Cooldown-20, ab.Cooldown)
		start, _ := w.PlayerPos(1)
		feed(w, 1, Input{MoveX: 100, Buttons: BtnAbility})
		w.Step()
		for range testDash.Duration - 1 {
			feed(w, 1, Input{})
			w.Step()
		}
		end, _ := w.PlayerPos(1)
		assert.InDelta(t, start.X+testDash.Distance+48, end.X, 1e-9, "the whole longer dash in the same ticks")
	})
	t.Run("a lurer's mask keeps its decoy standing longer", func(t *testing.T) {
		w := gearWorld(t, classDecoy)
		wear(t, w, "mask")
		assert.Equal(t, testDecoy.Duration+60, w.PlayerAbilityOf(1).Duration)
		feed(w, 1, Input{Buttons: BtnAbility})
		w.Step()
		p := w.player(1)
		assert.Equal(t, w.Tick()+uint32(testDecoy.Duration+60), p.decoyUntil)
	})
	t.Run("another class's gear stays in the bag and changes nothing", func(t *testing.T) {
		w := gearWorld(t, classBomb)
		before, _ := w.PlayerState(1)
		wear(t, w, "mask")
		bag, worn, _ := w.PlayerItems(1)
		assert.Equal(t, def(w, "mask"), bag[0].Def, "still in the bag")
		assert.True(t, worn[ItemArmour.EquipSlot()].Empty())
		after, _ := w.PlayerState(1)
		assert.Equal(t, before.MaxHP, after.MaxHP)
		l := Loadout{Class: classBomb, Worn: NothingWorn()}
		l.Worn[ItemArmour.EquipSlot()] = int(def(w, "mask"))
		assert.Equal(t, EffectiveStats(w.content, Loadout{Class: classBomb, Worn: NothingWorn()}), EffectiveStats(w.content, l),
			"worn anyway (a store from other content), it counts for nothing")
	})
	t.Run("gear keeps an ability within its kind's rules however far it reaches", func(t *testing.T) {
		w := gearWorld(t, classDash)
		wear(t, w, "hourglass")
		ab := w.PlayerAbilityOf(1)
		assert.Equal(t, AbilityBufferTicks+1, ab.Cooldown, "a cooldown past the input buffer")
		assert.Equal(t, ab.Cooldown-1, ab.Duration, "a dash shorter than its cooldown")
		assert.Equal(t, ab.Duration, ab.Invulnerable, "untouchable no longer than it lasts")
		assert.LessOrEqual(t, ab.Distance/float64(ab.Duration), maxDashStep)
		w = gearWorld(t, classBomb)
		wear(t, w, "hourglass")
		ab = w.PlayerAbilityOf(1)
		assert.Equal(t, AbilityBufferTicks+1, ab.Cooldown)
		assert.Zero(t, ab.Duration, "a bomb takes no duration")
	})
}
