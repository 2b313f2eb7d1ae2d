package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// drawLabels draws the world's labels through the frame's placer
// (render/world/labels.go), after the bullets so they stay readable, clear of the
// figures standing in the world: portals first, then the own ship's name,
// then the others'.
func (s *playScene) drawLabels(dst *ebiten.Image, g *world.Graphics) {
	r := float64(s.look.PlayerRadius)
	fog := s.rt.Fog()
	s.labels.Reset()
	s.keepLabelsOffFigures(fog)
	s.portalLabels(dst, g, fog)
	if self, ok := s.rt.Self(); ok {
		s.nameLabel(dst, g, self, r, ui.ColDim)
	}
	for _, p := range s.rt.Players() {
		if fog.CanSee(p.Pos) {
			s.nameLabel(dst, g, p, r, ui.ColText)
		}
	}
}

// keepLabelsOffFigures tells the frame's placer where the figures stand
// that no label may cover: the portals' frames on explored ground and the
// keeper.
func (s *playScene) keepLabelsOffFigures(fog *client.Fog) {
	s.look.PortalBoxes(s.rt.Portals(), s.view.cam, fog, s.labels.KeepOff)
	if a, ok := s.look.ActorArt(); ok {
		if r, ok := s.keeper.FigureBox(a, &s.pf, fog); ok {
			s.labels.KeepOff(r)
		}
	}
}

// portalLabels names what each portal in sight opens, so a player knows
// where a step leads before taking it; in the hub, every portal on the
// screen, in sight or not: the hub is known ground, and its portals the
// ways out a player looks for (render/hud/pointers.go names those off the screen).
func (s *playScene) portalLabels(dst *ebiten.Image, g *world.Graphics, fog *client.Fog) {
	_, here := s.rt.Instance()
	world.EachPortal(s.rt.Portals(), s.view.cam, 80, fog.Explored, func(p game.Portal, x, y float32) {
		if here == game.HubDungeon && !hud.PortalInView(&s.pf, p) || here != game.HubDungeon && !fog.Visible(p.Tile()) {
			return
		}
		name := s.look.PortalName(p.Dungeon)
		if here != game.HubDungeon && p.Dungeon == here {
			name = "Down to the next floor"
		}
		// Under the portal: names sit above ships, so a ship on it never covers the label.
		s.labels.Draw(dst, g, name, int(x), int(y)+26, world.LabelDown, world.ColPortalText)
	})
}

// nameLabel names a ship over it.
func (s *playScene) nameLabel(dst *ebiten.Image, g *world.Graphics, p client.Actor, r float64, c color.RGBA) {
	if !s.view.cam.Visible(p.Pos.X, p.Pos.Y, r+40) {
		return
	}
	x, y := s.view.cam.ToScreen(p.Pos.X, p.Pos.Y)
	name := s.rt.Name(p.ID)
	if name == "" {
		name = "?"
	}
	s.labels.Draw(dst, g, name, int(x), int(y)-int(r)-30, world.LabelUp, c)
}

// portalPrompt is what the player standing at pos reads of the portals
// here (world.Look.PortalPrompt).
func (s *playScene) portalPrompt(pos game.Vec) string {
	_, here := s.rt.Instance()
	return s.look.PortalPrompt(s.rt.Portals(), here, s.keys[ui.ActInteract], pos)
}
