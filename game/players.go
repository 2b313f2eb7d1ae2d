package game

import "math"

// player is the server's record of one player.
type player struct {
	id        uint16
	pos       Vec
	aim       uint16
	hp        int16
	stats     PlayerStats
	grace     int // ticks of arrival grace left
	dead      bool
	respawnAt uint32
	cooldown  int          // ticks until the next shot
	class     uint8        // index into Content.Classes (SetPlayerClass)
	ability   AbilityState // its ability's cooldown and lasting effect
	ab        Ability      // its class's ability with its gear's changes (EffectiveAbility)

	decoy      Vec    // where its decoy stands (AbilityDecoy)
	decoyUntil uint32 // the tick its decoy is gone; enemies aim at it before then

	queue    inputQueue
	last     Input // the frame coasted on when none arrives
	hasLast  bool
	coast    int    // ticks coasted since the last consumed frame
	lastTick uint32 // the input tick consumed most recently
	prevBtns uint8  // buttons of the frame used last tick: actions fire on a press, not a hold
	prevSlot uint8  // slot of that frame: a new slot under a held USE or DROP is a new press

	escape   int  // ticks of escape channel so far; 0 when not channelling
	linkdead bool // its connection closed: it holds ESCAPE and nothing else until the channel resolves

	bag      [BagSlots]Item
	worn     [EquipSlots]Item
	upgrades []uint8 // indices into Content.Upgrades, as the server set them
}

// AddPlayer places a new player at the next spawn point with arrival grace.
// Adding an id already present does nothing.
func (w *World) AddPlayer(id uint16) {
	if w.player(id) != nil {
		return
	}
	at := len(w.players)
	for i, p := range w.players {
		if p.id > id {
			at = i
			break
		}
	}
	w.players = append(w.players, player{})
	copy(w.players[at+1:], w.players[at:])
	w.players[at] = player{id: id}
	w.rebuild(&w.players[at])
	w.place(&w.players[at])
}

// RemovePlayer takes a player out of the world; its bullets fly on. What it
// carries leaves with it (read PlayerItems first); the ground loot
// instanced to it leaves play, appended to gone.
func (w *World) RemovePlayer(id uint16, gone []Item) []Item {
	for i := range w.players {
		if w.players[i].id == id {
			w.players = append(w.players[:i], w.players[i+1:]...)
			return w.forgetOwned(id, gone)
		}
	}
	return gone
}

// SetPlayerHealth sets a living player's health, clamped to 1..MaxHP: a
// player carries its health from world to world, and a portal heals no
// one. It reports whether the player is here.
func (w *World) SetPlayerHealth(id uint16, hp int16) bool {
	p := w.player(id)
	if p == nil {
		return false
	}
	p.hp = min(max(hp, 1), p.stats.MaxHP)
	return true
}

// HasPlayer reports whether the player is in this world.
func (w *World) HasPlayer(id uint16) bool { return w.player(id) != nil }

// LastInputTick is the input tick consumed most recently for the player; a
// snapshot carries it so the client can drop acknowledged frames.
func (w *World) LastInputTick(id uint16) uint32 {
	if p := w.player(id); p != nil {
		return p.lastTick
	}
	return 0
}

// PlayerStats is the player's stats (the zero value for an unknown id).
func (w *World) PlayerStats(id uint16) PlayerStats {
	if p := w.player(id); p != nil {
		return p.stats
	}
	return PlayerStats{}
}

// PlayerPos is the player's authoritative position.
func (w *World) PlayerPos(id uint16) (Vec, bool) {
	if p := w.player(id); p != nil {
		return p.pos, true
	}
	return Vec{}, false
}

// PlayerState is the player's snapshot record.
func (w *World) PlayerState(id uint16) (PlayerState, bool) {
	if p := w.player(id); p != nil {
		return p.state(), true
	}
	return PlayerState{}, false
}

// AppendPlayerStates appends every player's snapshot record, in id order.
func (w *World) AppendPlayerStates(dst []PlayerState) []PlayerState {
	for i := range w.players {
		dst = append(dst, w.players[i].state())
	}
	return dst
}

func (p *player) state() PlayerState {
	var flags uint8
	if p.grace > 0 {
		flags |= PlayerGrace
	}
	if p.dead {
		flags |= PlayerDead
	}
	if p.linkdead {
		flags |= PlayerLinkdead
	}
	if p.escape > 0 {
		flags |= PlayerEscaping
	}
	if p.ability.Invulnerable() {
		flags |= PlayerShielded
	}
	return PlayerState{ID: p.id, X: float32(p.pos.X), Y: float32(p.pos.Y), Aim: p.aim,
		HP: p.hp, MaxHP: p.stats.MaxHP, Flags: flags}
}

// player finds a player by id; worlds hold a handful, so a scan is cheapest.
func (w *World) player(id uint16) *player {
	for i := range w.players {
		if w.players[i].id == id {
			return &w.players[i]
		}
	}
	return nil
}

// place puts a player at the next spawn point, whole and under grace.
func (w *World) place(p *player) {
	p.pos = w.spawnPoint()
	p.hp = p.stats.MaxHP
	p.grace = SpawnGraceTicks
	p.dead = false
	p.cooldown = 0
	p.ability = AbilityState{}
	p.decoyUntil = 0
}

// spawnPoint cycles through the map's player spawns (the centre if none).
func (w *World) spawnPoint() Vec {
	s := w.mp.PlayerSpawns
	if len(s) == 0 {
		mw, mh := w.grid.Size()
		return Vec{mw / 2, mh / 2}
	}
	v := s[w.nextSpawn%len(s)]
	w.nextSpawn++
	return v
}

// stepPlayers consumes each player's frame for this tick, decides its
// ability (a dash moves the ship from the tick it is pressed), moves it,
// uses a portal on a fresh INTERACT press, does what its ability does and
// fires its weapon.
func (w *World) stepPlayers() {
	for i := range w.players {
		p := &w.players[i]
		in := p.nextInput(w.tick)
		if p.linkdead {
			in = Input{Tick: in.Tick, Aim: p.aim, Buttons: BtnEscape} // a closed connection holds ESCAPE, and only that
		}
		pressed := p.press(in)
		if p.cooldown > 0 {
			p.cooldown--
		}
		if p.dead {
			p.escape = 0               // death ends the channel
			p.ability = AbilityState{} // and the ability waits for the respawn, as the client shows it
			continue
		}
		w.channel(p, in.Buttons&BtnEscape != 0)
		p.aim = in.Aim
		used := w.decideAbility(p, pressed&BtnAbility != 0, in)
		p.pos = MoveShip(p.pos, in, p.ability.DashStep(), p.stats, w.grid)
		// Grace does not stop a portal: it protects from bullets, and a
		// portal is not a fight. Loot under the player wins INTERACT only
		// when something is taken, so a full bag never blocks a portal.
		if pressed&BtnInteract != 0 && !w.pickup(p) {
			w.interact(p)
		}
		if pressed&BtnUse != 0 {
			w.useSlot(p, in.Slot)
		}
		if pressed&BtnDrop != 0 {
			w.dropSlot(p, in.Slot)
		}
		if used {
			w.applyAbility(p)
		}
		if in.Buttons&BtnFire != 0 && p.cooldown == 0 && p.grace == 0 {
			w.playerFire(p)
		}
	}
}

// press returns the buttons down in this frame and up in the one used the
// tick before. The edge is taken against whatever frame was used, coasted
// ones included, because the client repeats frames for redundancy and a
// starved server coasts: reading the level would act once per tick held.
// A dead player's frames still count, so a key held through a respawn does
// not fire on return.
// The item actions also fire when the slot changed under a held button.
func (p *player) press(in Input) uint8 {
	pressed := in.Buttons &^ p.prevBtns
	if in.Slot != p.prevSlot {
		pressed |= in.Buttons & (BtnUse | BtnDrop)
	}
	p.prevBtns, p.prevSlot = in.Buttons, in.Slot
	return pressed
}

// nextInput consumes the frame numbered tick. Without one the player coasts
// on its last frame for up to InputMaxAge ticks, then stops moving and
// firing. A frame that arrived too late for its own tick still refreshes
// what is coasted on, but it is not acknowledged.
func (p *player) nextInput(tick uint32) Input {
	in, late, ok, hasLate := p.queue.take(tick)
	if ok {
		p.last, p.hasLast, p.coast, p.lastTick = in, true, 0, tick
		return in
	}
	if hasLate {
		p.last, p.hasLast = late, true
	}
	if p.hasLast && p.coast < InputMaxAge {
		p.coast++
		return p.last
	}
	return Input{Aim: p.aim}
}

// playerFire spawns one shot (of Shots bullets) from the muzzle along the
// aim.
func (w *World) playerFire(p *player) {
	st := &p.stats
	a := AimAngle(p.aim)
	x := p.pos.X + math.Cos(a)*st.MuzzleOffset
	y := p.pos.Y + math.Sin(a)*st.MuzzleOffset
	n := max(st.Shots, 1)
	fan := shotFan
	if st.Spread > 0 {
		fan = st.Spread
	}
	first := a - fan*float64(n-1)/2 // a multi-shot fans out around the aim
	for i := range n {
		s := MakeBulletSpawn(w.newUID(), w.tick, x, y, first+fan*float64(i), st.BulletSpeed, 0, 0,
			st.BulletRadius, st.BulletLife, st.BulletKind, TeamPlayer)
		w.spawnShot(s, p.id, st)
	}
	p.cooldown = st.FireCooldown
}

// stepRespawns returns the dead whose delay is over and counts grace down.
// Grace is counted at the end of the tick, so it covers exactly
// SpawnGraceTicks simulated ticks.
func (w *World) stepRespawns() {
	for i := range w.players {
		p := &w.players[i]
		if p.dead && w.tick >= p.respawnAt {
			w.place(p)
			continue
		}
		if p.grace > 0 {
			p.grace--
		}
		if r := w.mp.RegenTicks; r > 0 && !p.dead && p.hp < p.stats.MaxHP && w.tick%uint32(r) == 0 {
			p.hp++
		}
	}
	if w.mp.NoRespawn {
		return // a dungeon's dead stay dead
	}
	for i := range w.enemies {
		if e := &w.enemies[i]; !e.alive && w.tick >= e.respawnAt {
			w.reviveEnemy(e)
		}
	}
}

// EscapeTicks is how long the escape channel takes: a second everyone pays,
// however they leave (holding ESCAPE, the menu, a closed connection).
const EscapeTicks = TickRate

// channel runs the escape channel while ESCAPE is held where it leads
// somewhere (a dungeon), or for a linkdead body anywhere: damage does not
// interrupt it, letting go cancels it, and completing it announces the
// server-only EvEscaped, on which the server takes the player out.
func (w *World) channel(p *player, held bool) {
	if !held || (!w.mp.HasExit && !p.linkdead) {
		p.escape = 0
		return
	}
	p.escape++
	if p.escape >= EscapeTicks {
		p.escape = 0
		w.emit(Event{Kind: EvEscaped, ID: p.id})
	}
}

// SetLinkdead marks a player whose connection closed: from the next tick
// it holds ESCAPE and nothing else, and stays killable, until its channel
// resolves. It reports whether the player is here.
func (w *World) SetLinkdead(id uint16) bool {
	p := w.player(id)
	if p == nil {
		return false
	}
	p.linkdead = true
	return true
}

// Escaping is how many ticks of its escape channel a player has done.
func (w *World) Escaping(id uint16) int {
	if p := w.player(id); p != nil {
		return p.escape
	}
	return 0
}
