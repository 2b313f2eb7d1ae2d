package sound

import (
	"encoding/binary"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/music"
	"duskfall/profile"
)

// fakeTrack is a player that remembers what it was told.
type fakeTrack struct {
	playing  bool
	volume   float64
	rewinds  int
	plays    int
	volumeOf []float64
}

func (f *fakeTrack) Play()           { f.playing = true; f.plays++ }
func (f *fakeTrack) Pause()          { f.playing = false }
func (f *fakeTrack) IsPlaying() bool { return f.playing }
func (f *fakeTrack) SetVolume(v float64) {
	f.volume = v
	f.volumeOf = append(f.volumeOf, v)
}
func (f *fakeTrack) Rewind() error { f.rewinds++; return nil }

// madeJukebox is a jukebox whose tracks are made at once (one sample
// each), and its fake players by track.
func madeJukebox(t *testing.T, volume float64) (*Jukebox, *[music.NumTracks]*fakeTrack) {
	t.Helper()
	var fakes [music.NumTracks]*fakeTrack
	n := 0
	open := func([]int16) trackPlayer {
		f := &fakeTrack{volumeOf: make([]float64, 0, 1024)}
		fakes[musicOrder[n]] = f
		n++
		return f
	}
	j := newJukebox(open, func() float64 { return volume }, func(music.Track) []int16 { return []int16{0} })
	j.made.Wait()
	return j, &fakes
}

func frames(j *Jukebox, want music.Track, seconds float64) {
	for range int(seconds * 60) {
		j.Update(want, 1.0/60)
	}
}

func TestTheJukebox(t *testing.T) {
	t.Run("the tracks are made off the frame: a frame never waits for them", func(t *testing.T) {
		release := make(chan struct{})
		opened := 0
		j := newJukebox(func([]int16) trackPlayer { opened++; return &fakeTrack{} }, func() float64 { return 1 },
			func(music.Track) []int16 { <-release; return []int16{0} })
		j.Update(music.Hub, 1.0/60)
		assert.Zero(t, opened, "nothing is ready, nothing plays, and the frame went on")
		close(release)
		j.made.Wait()
		j.Update(music.Hub, 1.0/60)
		assert.Equal(t, int(music.NumTracks), opened)
	})
	t.Run("the wanted track fades in from silence once it is made", func(t *testing.T) {
		j, fakes := madeJukebox(t, 1)
		j.Update(music.Hub, 1.0/60)
		hub := fakes[music.Hub]
		assert.True(t, hub.playing)
		assert.Less(t, hub.volume, 0.1, "it starts quiet")
		frames(j, music.Hub, music.FadeSeconds)
		assert.InDelta(t, 1, hub.volume, 1e-9)
		assert.False(t, fakes[music.Dungeon].playing, "tracks not wanted stay paused")
	})
	t.Run("a change of place crossfades: both play during the fade, the old one pauses after", func(t *testing.T) {
		j, fakes := madeJukebox(t, 1)
		frames(j, music.Hub, music.FadeSeconds)
		frames(j, music.Dungeon, music.FadeSeconds/2)
		hub, dungeon := fakes[music.Hub], fakes[music.Dungeon]
		assert.True(t, hub.playing && dungeon.playing)
		assert.InDelta(t, hub.volume, dungeon.volume, 0.05)
		frames(j, music.Dungeon, music.FadeSeconds)
		assert.False(t, hub.playing)
		assert.InDelta(t, 1, dungeon.volume, 1e-9)
	})
	t.Run("a boss fight's track starts from its top each time; the others resume", func(t *testing.T) {
		j, fakes := madeJukebox(t, 1)
		for range 2 {
			frames(j, music.Boss, music.FadeSeconds)
			frames(j, music.Dungeon, music.FadeSeconds)
		}
		assert.Equal(t, 2, fakes[music.Boss].rewinds)
		assert.Zero(t, fakes[music.Dungeon].rewinds)
		assert.Equal(t, 2, fakes[music.Dungeon].plays, "played, paused for the boss, played on")
	})
	t.Run("the music sits under the master volume", func(t *testing.T) {
		s := profile.Settings{MasterVolume: 0.5, MusicVolume: 0.6}
		j, fakes := madeJukebox(t, s.MusicLoudness())
		frames(j, music.Hub, music.FadeSeconds)
		assert.InDelta(t, 0.3, fakes[music.Hub].volume, 1e-9)
	})
	t.Run("music at zero pauses every track", func(t *testing.T) {
		j, fakes := madeJukebox(t, 0)
		frames(j, music.Hub, music.FadeSeconds)
		assert.False(t, fakes[music.Hub].playing)
	})
	t.Run("a steady frame sets no volume again", func(t *testing.T) {
		j, fakes := madeJukebox(t, 1)
		frames(j, music.Hub, music.FadeSeconds)
		n := len(fakes[music.Hub].volumeOf)
		frames(j, music.Hub, 1)
		assert.Len(t, fakes[music.Hub].volumeOf, n)
	})
	t.Run("a frame allocates nothing once the tracks are made", func(t *testing.T) {
		j, _ := madeJukebox(t, 1)
		j.Update(music.Hub, 1.0/60)
		want := music.Hub
		assert.Zero(t, allocsPerRun(200, func() {
			if want == music.Hub {
				want = music.Boss
			} else {
				want = music.Hub
			}
			j.Update(want, 1.0/60)
		}))
	})
	t.Run("a computer without sound has no jukebox, and that is fine", func(t *testing.T) {
		var j *Jukebox
		assert.NotPanics(t, func() { j.Update(music.Hub, 1.0/60) })
	})
}

func TestTheLoopStream(t *testing.T) {
	pcm := []int16{1, -2, 3}
	frame := func(b []byte, i int) [2]int16 {
		return [2]int16{int16(binary.LittleEndian.Uint16(b[4*i:])), int16(binary.LittleEndian.Uint16(b[4*i+2:]))}
	}
	t.Run("it reads the mono track as 16-bit stereo, and round again past its end", func(t *testing.T) {
		l := &loopStream{pcm: pcm}
		b := make([]byte, 4*5)
		n, err := l.Read(b)
		require.NoError(t, err)
		require.Equal(t, len(b), n)
		for i, want := range []int16{1, -2, 3, 1, -2} {
			assert.Equal(t, [2]int16{want, want}, frame(b, i))
		}
	})
	t.Run("reads of any size continue where the last stopped", func(t *testing.T) {
		l := &loopStream{pcm: pcm}
		var b []byte
		for _, size := range []int{3, 1, 7, 5} {
			chunk := make([]byte, size)
			_, err := l.Read(chunk)
			require.NoError(t, err)
			b = append(b, chunk...)
		}
		for i, want := range []int16{1, -2, 3, 1} {
			assert.Equal(t, [2]int16{want, want}, frame(b, i))
		}
	})
	t.Run("a rewind starts the loop over", func(t *testing.T) {
		l := &loopStream{pcm: pcm}
		_, _ = l.Read(make([]byte, 6))
		at, err := l.Seek(0, io.SeekStart)
		require.NoError(t, err)
		assert.Zero(t, at)
		b := make([]byte, 4)
		_, _ = l.Read(b)
		assert.Equal(t, [2]int16{1, 1}, frame(b, 0))
	})
}
