package server

import (
	"duskfall/game"
	"duskfall/net/wire"
)

// instance is one world and the peers in it; traffic about a world goes to
// its peers only.
type instance struct {
	id      uint16
	dungeon uint8
	world   *game.World
	peers   []*peer
	portals []wire.Portal
	chunksX int
	chunksY int
}

func (s *Runtime) newInstance(m *game.Map, dungeon uint8) *instance {
	g := m.Grid
	in := &instance{
		id:      uint16(len(s.instances) + 1),
		dungeon: dungeon,
		world:   game.NewWorld(m, s.cfg.Content, s.cfg.Seed+uint64(len(s.instances))),
		chunksX: (g.W + game.ChunkTiles - 1) / game.ChunkTiles,
		chunksY: (g.H + game.ChunkTiles - 1) / game.ChunkTiles,
	}
	s.instances = append(s.instances, in)
	return in
}

// add puts a peer's player into the world and tells the peer what it
// entered: the instance, then the live bullets that concern it. Chunks
// follow from streamChunks.
func (in *instance) add(s *Runtime, p *peer) {
	in.world.AddPlayer(p.player)
	in.peers = append(in.peers, p)
	p.inst = in
	p.chunks = make([]bool, in.chunksX*in.chunksY)
	g := in.world.Grid()
	b, err := wire.AppendEnterInstance(s.buf[:0], wire.EnterInstance{
		Instance: in.id, Dungeon: in.dungeon,
		MapW: uint16(g.W), MapH: uint16(g.H),
		ServerTick: in.world.Tick(), Portals: in.portals,
	})
	if err == nil {
		s.send(p, wire.MsgEnterInstance, b)
	}
	s.sendLiveBullets(p)
}

func (in *instance) remove(p *peer) {
	in.world.RemovePlayer(p.player)
	for i, q := range in.peers {
		if q == p {
			in.peers = append(in.peers[:i], in.peers[i+1:]...)
			break
		}
	}
	p.inst, p.chunks = nil, nil
}
