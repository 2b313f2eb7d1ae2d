package server

import (
	"fmt"
	"math"
	"math/bits"

	"duskfall/game"
	"duskfall/net/wire"
)

// instance is one world and the peers in it; traffic about a world goes to
// its peers only.
type instance struct {
	id      uint16
	dungeon uint8 // dungeon kind, or game.HubDungeon for the start map (hub or arena)
	depth   int   // the floor, 1 the first; 0 for the start map
	world   *game.World
	peers   []*peer
	chunksX int
	chunksY int
	from    portalKey    // the portal that opened this dungeon; zero for the hub
	told    uint64       // the Tag bits held by peers in the instance
	ids     game.ItemIDs // the block of item ids its world mints from

	// Enemy records, encoded once per tick for every peer's snapshot.
	enemyTick uint32
	enemyRecs []byte
	enemyPos  []game.Vec
}

// Item id blocks: each world mints from a block of the server's ids,
// topped up between steps (in the instances' order, so ids are the same
// in every run) long before a step could use up what is left.
const (
	itemIDBlock = 1 << 20
	itemIDLow   = 1 << 16
)

// topUpItemIDs gives every world whose block runs low a fresh one.
func (s *Runtime) topUpItemIDs() {
	for _, in := range s.instances {
		if in.ids.Left() < itemIDLow {
			in.ids = s.itemIDs.Block(itemIDBlock)
		}
	}
}

// enemyRecords encodes every enemy's snapshot record once for this tick.
func (in *instance) enemyRecords() ([]byte, []game.Vec) {
	if t := in.world.Tick(); t != in.enemyTick || in.enemyRecs == nil {
		in.enemyTick = t
		in.enemyRecs, in.enemyPos = in.enemyRecs[:0], in.enemyPos[:0]
		in.world.EachEnemy(func(e game.EnemyState, at game.Vec) {
			in.enemyRecs = wire.AppendEnemyRecord(in.enemyRecs, e)
			in.enemyPos = append(in.enemyPos, at)
		})
	}
	return in.enemyRecs, in.enemyPos
}

// portalKey names one portal of one instance: using it leads to the
// dungeon instance it opened, so friends who take the same portal meet.
type portalKey struct {
	instance uint16
	portal   uint8
}

func (s *Runtime) newInstance(m *game.Map, dungeon uint8, seed uint64) *instance {
	s.nextInstance++
	g := m.Grid
	in := &instance{
		id:      s.nextInstance,
		dungeon: dungeon,
		world:   game.NewWorld(m, s.cfg.Content, seed),
		chunksX: (g.W + wire.ChunkTiles - 1) / wire.ChunkTiles,
		chunksY: (g.H + wire.ChunkTiles - 1) / wire.ChunkTiles,
	}
	in.ids = s.itemIDs.Block(itemIDBlock)
	in.world.SetItemIDs(&in.ids)
	if s.cfg.VolleyLead != 0 {
		in.world.SetVolleyLead(uint32(max(s.cfg.VolleyLead, 0)))
	}
	s.instances = append(s.instances, in)
	return in
}

// dungeonBehind returns the open instance behind a portal, generating the
// dungeon when none is open. A portal in a dungeon that leads to a dungeon
// is its way down: the floor behind it is one deeper.
func (s *Runtime) dungeonBehind(from *instance, portal, kind uint8) (*instance, error) {
	key := portalKey{from.id, portal}
	if in := s.open[key]; in != nil {
		return in, nil
	}
	if int(kind) >= len(s.cfg.Content.Dungeons) {
		return nil, fmt.Errorf("portal %d leads to unknown dungeon kind %d", portal, kind)
	}
	depth := from.depth + 1
	if depth > game.MaxDepth {
		return nil, fmt.Errorf("portal %d leads below the deepest floor", portal)
	}
	s.dungeonsMade++
	seed := s.cfg.Seed ^ (s.dungeonsMade * 0x9E3779B97F4A7C15)
	d, err := game.GenerateDungeon(&s.cfg.Content.Dungeons[kind], seed, depth)
	if err != nil {
		return nil, err
	}
	in := s.newInstance(d.Map, kind, seed)
	in.depth, in.from = depth, key
	s.open[key] = in
	s.log.Printf("opened %s depth %d (instance %d) behind portal %d of instance %d",
		s.cfg.Content.Dungeons[kind].Name, depth, in.id, portal, from.id)
	return in, nil
}

// add puts a peer's player into the world and tells the peer what it
// entered: the instance, under a new epoch, and its portals. The live
// bullets that concern it follow from tellBullets, chunks from
// streamChunks.
func (in *instance) add(s *Runtime, p *peer) {
	in.world.AddPlayer(p.player)
	in.peers = append(in.peers, p)
	p.inst = in
	p.chunks = make([]uint32, in.chunksX*in.chunksY)
	p.epoch++
	p.acked = 0 // the ticks of another world: the first snapshot here goes whole
	p.run = runStats{items: p.run.items[:0]}
	p.lootSig = lootUnsent
	in.takeToldBit(p)
	g := in.world.Grid()
	b, err := wire.AppendEnterInstance(s.buf[:0], wire.EnterInstance{
		Instance: in.id, Epoch: p.epoch, Dungeon: in.dungeon, Depth: uint8(in.depth),
		MapW: uint16(g.W), MapH: uint16(g.H),
		ServerTick: in.world.Tick(), Portals: in.world.Portals(),
	})
	if err != nil {
		s.log.Printf("cannot describe instance %d: %v", in.id, err)
	} else {
		s.send(p, wire.MsgEnterInstance, b)
	}
}

// takeToldBit gives the peer the lowest free Tag bit and clears it on every
// live bullet, so the peer starts told of nothing. The server holds at most
// MaxPlayersLimit players, so a bit is always free.
func (in *instance) takeToldBit(p *peer) {
	bit := uint8(bits.TrailingZeros64(^in.told))
	in.told |= 1 << bit
	p.bit = bit
	pool := in.world.Bullets()
	for i := range pool.Tag {
		pool.Tag[i] &^= 1 << bit
	}
}

// remove takes a peer's player out; the loot instanced to it leaves play.
func (in *instance) remove(s *Runtime, p *peer) {
	s.gone = in.world.RemovePlayer(p.player, s.gone[:0])
	for _, it := range s.gone {
		s.journal(game.ItemDestroyed, it, p.player, "its owner left")
	}
	for i, q := range in.peers {
		if q == p {
			in.peers = append(in.peers[:i], in.peers[i+1:]...)
			break
		}
	}
	in.told &^= p.toldMask()
	p.inst, p.chunks = nil, nil
}

// transfer is a move decided by a world this tick, applied after every
// world has stepped.
type transfer struct {
	from    *instance
	player  uint16
	portal  uint8
	dungeon uint8
}

// collectOutcomes takes what the server acts on out of a world's tick: the
// server-only transfer events, and players' deaths in a dungeon.
func (s *Runtime) collectOutcomes(in *instance) {
	evs := in.world.Events()
	for i := range evs {
		switch ev := &evs[i]; {
		case ev.Kind == game.EvTransfer:
			s.transfers = append(s.transfers, transfer{in, ev.ID, ev.Portal, ev.Dungeon})
		case ev.Kind == game.EvEscaped:
			s.escapes = append(s.escapes, escape{in, ev.ID})
		case ev.Kind == game.EvItem:
			s.onItem(in, ev)
		case ev.Kind == game.EvXP:
			s.onXP(in, ev)
		case ev.Kind == game.EvDeath && ev.Actor == game.ActorEnemy:
			if p := s.peerOf(in, ev.Other); p != nil {
				p.run.kills++
			}
		case ev.Kind == game.EvPortalOpened && in.dungeon != game.HubDungeon && ev.Dungeon == game.HubDungeon:
			s.announceClear(in) // the exit: the way down beside it opens on the same tick
		case ev.Kind == game.EvPhase:
			s.logPhase(in, ev)
		case ev.Kind == game.EvDeath && ev.Actor == game.ActorPlayer && in.dungeon != game.HubDungeon:
			s.deaths = append(s.deaths, playerDeath{in, ev.ID, int(ev.HP) - 1, int(ev.Amount) - 1})
		}
	}
}

// applyTransfers moves players between instances, then closes dungeon
// instances nobody is in.
func (s *Runtime) applyTransfers() {
	for _, t := range s.transfers {
		p := s.peerOf(t.from, t.player)
		if p == nil {
			continue
		}
		dest := s.hub
		if left := s.lockedOut(p.char.ID); t.dungeon != game.HubDungeon && left > 0 {
			s.notify(p, fmt.Sprintf("%s cannot enter a dungeon for %d more seconds: death's price",
				p.char.Name, (left+game.TickRate-1)/game.TickRate))
			continue
		}
		if t.dungeon != game.HubDungeon {
			var err error
			if dest, err = s.dungeonBehind(t.from, t.portal, t.dungeon); err != nil {
				s.log.Printf("transfer of player %d refused: %v", t.player, err)
				continue
			}
		}
		s.move(p, dest)
		if t.dungeon != game.HubDungeon && s.cfg.EnterDoomed {
			s.doom(dest.world, p.player)
		}
	}
	s.transfers = s.transfers[:0]
	s.closeEmpty()
}

// doom leaves a player at 1 health in sight of the hostile enemy nearest
// it, 200 u off (Config.EnterDoomed): the next bullet that reaches it kills.
func (s *Runtime) doom(w *game.World, player uint16) {
	st, ok := w.PlayerState(player)
	if !ok {
		return
	}
	from := game.Vec{X: float64(st.X), Y: float64(st.Y)}
	var near game.Vec
	best := -1.0
	w.EachEnemy(func(e game.EnemyState, at game.Vec) {
		if int(e.Kind) >= len(s.cfg.Content.Enemies) || !s.cfg.Content.Enemies[e.Kind].Hostile {
			return
		}
		if d := at.Sub(from).Len(); best < 0 || d < best {
			near, best = at, d
		}
	})
	w.SetPlayerHealth(player, 1)
	if best < 0 {
		return
	}
	const off, clear = 200, 240
	g := w.Grid()
	for k := range 16 {
		a := float64(k) * math.Pi / 8
		dir := game.Vec{X: math.Cos(a), Y: math.Sin(a)}
		if g.LineClear(near, near.Add(dir.Scale(clear))) {
			w.Teleport(player, near.Add(dir.Scale(off)))
			return
		}
	}
}

func (s *Runtime) peerOf(in *instance, player uint16) *peer {
	for _, p := range in.peers {
		if p.player == player {
			return p
		}
	}
	return nil
}

// move takes a peer out of its instance and into dest, with the health it
// has: no portal heals. Its pending events belong to the world it leaves,
// so they go out first.
func (s *Runtime) move(p *peer, dest *instance) {
	if p.inst == dest {
		return
	}
	st, alive := p.inst.world.PlayerState(p.player)
	s.takeItems(p)
	s.flushEvents(p)
	p.inst.remove(s, p)
	dest.add(s, p)
	s.equip(p) // before the health: what it wears sets its maximum
	if alive && st.Flags&game.PlayerDead == 0 {
		dest.world.SetPlayerHealth(p.player, st.HP)
	}
	if dest.dungeon != game.HubDungeon {
		s.log.Printf("%s entered %s depth %d (instance %d)", p.char.Name, s.cfg.Content.Dungeons[dest.dungeon].Name, dest.depth, dest.id)
	}
	s.saveCharacter(p, false)
}

// closeEmpty closes every dungeon instance with no peer in it. The hub
// stays open. (Linkdead bodies, a later addition, will hold one open.)
func (s *Runtime) closeEmpty() {
	kept := s.instances[:0]
	for _, in := range s.instances {
		if in != s.hub && len(in.peers) == 0 {
			s.destroyAll(in, "the dungeon closed")
			delete(s.open, in.from)
			s.log.Printf("closed instance %d", in.id)
			continue
		}
		kept = append(kept, in)
	}
	clear(s.instances[len(kept):])
	s.instances = kept
}

// logPhase records a boss moving into a new phase, for operators and for
// the difficulty table's readers.
func (s *Runtime) logPhase(in *instance, ev *game.Event) {
	var name string
	in.world.EachEnemy(func(e game.EnemyState, _ game.Vec) {
		if e.ID == ev.ID && int(e.Kind) < len(s.cfg.Content.Enemies) {
			def := &s.cfg.Content.Enemies[e.Kind]
			name = def.Name
			if p := int(ev.Amount); p < len(def.Phases) && def.Phases[p].Name != "" {
				name += " (" + def.Phases[p].Name + ")"
			}
		}
	})
	s.log.Printf("instance %d: %s enters phase %d with %d health", in.id, name, ev.Amount+1, ev.HP)
}
