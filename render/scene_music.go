package render

import (
	"duskfall/client"
	"duskfall/game"
	"duskfall/music"
)

// bossLinger is how long, in frames, the boss fight's music outlasts the
// boss going out of view: a boss stepping behind a pillar does not end
// the fight.
const bossLinger = 3 * game.TickRate

// musicTrack is the track for where the player is: the hub's in the hub,
// a boss fight's while a met boss is near, a dungeon's elsewhere (its
// kind's own where it has one; the practice maps count as dungeons: they
// are fights).
func (s *playScene) musicTrack() music.Track {
	if s.fx.BossSeen {
		s.clock.bossHeard = s.clock.frames
	}
	inst, dungeon := s.rt.Instance()
	switch {
	case inst == 0 || s.rt.State() != client.StatePlaying:
		return music.Hub
	case s.clock.bossHeard > 0 && s.clock.frames-s.clock.bossHeard < bossLinger:
		return music.Boss
	case dungeon == game.HubDungeon && len(s.rt.Portals()) > 0:
		return music.Hub
	}
	if c := s.rt.Content(); c != nil && int(dungeon) < len(c.Dungeons) {
		return music.ForDungeon(c.Dungeons[dungeon].ID) // a kind with music of its own plays it
	}
	return music.Dungeon
}

// musicScene is a scene with music of its own; every other scene plays
// the hub's.
type musicScene interface{ musicTrack() music.Track }

// playMusic is the app's frame of music.
func (a *app) playMusic() {
	want := music.Hub
	if m, ok := a.scenes.current.(musicScene); ok {
		want = m.musicTrack()
	}
	a.music.Update(want, 1.0/game.TickRate)
}
