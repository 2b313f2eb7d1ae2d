package sound

import (
	"io"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/audio"

	"duskfall/music"
)

// trackPlayer plays one track: Ebitengine's audio player in the window,
// a recorder in tests.
type trackPlayer interface {
	Play()
	Pause()
	IsPlaying() bool
	SetVolume(volume float64)
	Rewind() error
}

// Jukebox plays the music (docs/ART.md, "Music"): the tracks are
// synthesized one after another on their own goroutine, so the first
// frames never wait for them; each starts playing once it is ready, and a
// change of place crossfades to its track. A nil jukebox (a computer
// without sound) plays nothing and synthesizes nothing. Once the tracks
// are made, a frame allocates nothing.
type Jukebox struct {
	fader   music.Fader
	players [music.NumTracks]trackPlayer
	volumes [music.NumTracks]float64 // the volume each player was last given
	ready   chan readyTrack
	open    func(pcm []int16) trackPlayer
	volume  func() float64 // the music's loudness: master times music
	made    sync.WaitGroup // the synthesis, for tests and a clean exit
}

// readyTrack is a track whose synthesis has finished.
type readyTrack struct {
	track music.Track
	pcm   []int16
}

// musicOrder is the order the tracks are made in: the hub's first, as the
// menus and the hub play it.
var musicOrder = [music.NumTracks]music.Track{music.Hub, music.Dungeon, music.Boss, music.Vault}

// newJukebox starts making the tracks; open turns a track's samples into
// its player.
func newJukebox(open func(pcm []int16) trackPlayer, volume func() float64, render func(music.Track) []int16) *Jukebox {
	j := &Jukebox{ready: make(chan readyTrack, music.NumTracks), open: open, volume: volume}
	j.made.Add(1)
	go func() {
		defer j.made.Done()
		for _, t := range musicOrder {
			j.ready <- readyTrack{track: t, pcm: render(t)}
		}
	}()
	return j
}

// Update is one frame: takes in the tracks made since the last, fades
// toward want by dt seconds and sets each player's volume.
func (j *Jukebox) Update(want music.Track, dt float64) {
	if j == nil {
		return
	}
	j.collect()
	if want < 0 || want >= music.NumTracks || j.players[want] == nil {
		want = music.Silence // a track not made yet fades in from nothing once it is
	}
	j.fader.Want(want)
	j.fader.Step(dt)
	base := j.volume()
	for t, p := range j.players {
		if p != nil {
			j.drive(music.Track(t), p, j.fader.Gain(music.Track(t))*base)
		}
	}
}

// collect opens a player for each track made since the last frame.
func (j *Jukebox) collect() {
	for {
		select {
		case r := <-j.ready:
			j.players[r.track] = j.open(r.pcm)
			j.volumes[r.track] = -1
		default:
			return
		}
	}
}

// drive plays, pauses and sets the volume of one track's player. A track
// fading in resumes where it paused, except a boss fight's, which starts
// from its top: its first bars build.
func (j *Jukebox) drive(t music.Track, p trackPlayer, volume float64) {
	if volume <= 0 {
		if p.IsPlaying() {
			p.Pause()
		}
		return
	}
	if volume != j.volumes[t] {
		p.SetVolume(volume)
		j.volumes[t] = volume
	}
	if !p.IsPlaying() {
		if t == music.Boss {
			_ = p.Rewind() // a loop in memory always rewinds
		}
		p.Play()
	}
}

// StartMusic makes the tracks and plays them through Ebitengine's audio
// context.
func StartMusic(ctx *audio.Context, volume func() float64) *Jukebox {
	open := func(pcm []int16) trackPlayer {
		p, err := ctx.NewPlayer(&loopStream{pcm: pcm})
		if err != nil {
			return nil
		}
		return p
	}
	return newJukebox(open, volume, music.Render)
}

// loopStream reads a mono track as Ebitengine's 16-bit little-endian
// stereo, round and round: the track's last sample runs on into its
// first.
type loopStream struct {
	pcm []int16
	pos int64 // the byte read next, within one loop of the stereo stream
}

func (l *loopStream) Read(p []byte) (int, error) {
	size := int64(len(l.pcm)) * 4
	if size == 0 {
		return 0, io.EOF
	}
	for i := range p {
		s := uint16(l.pcm[l.pos>>2])
		if l.pos&1 == 0 {
			p[i] = byte(s)
		} else {
			p[i] = byte(s >> 8)
		}
		if l.pos++; l.pos == size {
			l.pos = 0
		}
	}
	return len(p), nil
}

// Seek moves within one loop; a player rewinds with it.
func (l *loopStream) Seek(offset int64, whence int) (int64, error) {
	size := int64(len(l.pcm)) * 4
	switch whence {
	case io.SeekCurrent:
		offset += l.pos
	case io.SeekEnd:
		offset += size
	}
	if size > 0 {
		offset = (offset%size + size) % size
	}
	l.pos = offset
	return offset, nil
}
