package sound

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2/audio"

	"duskfall/game"
	"duskfall/net/wire"
)

// Speaker plays sounds; the window's is Ebitengine's audio, tests record.
type Speaker interface {
	Play(id int, volume float64)
}

// Silence is the speaker of a computer without sound.
type Silence struct{}

func (Silence) Play(int, float64) {}

// voicesPerSound is how many of one sound may ring at once.
const voicesPerSound = 4

// mixer plays the sound bank through Ebitengine's audio, several voices
// per sound in turn, so a burst does not cut itself off.
type mixer struct {
	players [numSounds][voicesPerSound]*audio.Player
	next    [numSounds]int
}

func (m *mixer) Play(id int, volume float64) {
	if id < 0 || id >= numSounds || volume <= 0 {
		return
	}
	p := m.players[id][m.next[id]]
	m.next[id] = (m.next[id] + 1) % voicesPerSound
	p.Rewind()
	p.SetVolume(volume)
	p.Play()
}

// OpenSpeaker opens the audio device, or explains in one line to w why the
// game runs silent. Ebitengine reports a device that fails after start as
// an error that ends the game, so without a device it is never opened.
func OpenSpeaker(w io.Writer) Speaker {
	if !hasAudioDevice(runtime.GOOS, os.Getenv, filepath.Glob) {
		fmt.Fprintln(w, "duskfall: no audio device found: playing without sound")
		return Silence{}
	}
	ctx := audio.CurrentContext()
	if ctx == nil {
		ctx = audio.NewContext(soundRate)
	}
	bank := makeSoundBank()
	m := &mixer{}
	for id := range numSounds {
		for v := range voicesPerSound {
			m.players[id][v] = ctx.NewPlayerFromBytes(bank[id])
		}
	}
	return m
}

// hasAudioDevice says whether this computer seems to have somewhere to
// play sound: off Linux, always; on Linux an ALSA playback device, or a
// PulseAudio or PipeWire server to talk to.
func hasAudioDevice(goos string, getenv func(string) string, glob func(string) ([]string, error)) bool {
	if goos != "linux" {
		return true
	}
	if m, _ := glob("/dev/snd/pcmC*D*p"); len(m) > 0 {
		return true
	}
	if getenv("PULSE_SERVER") != "" {
		return true
	}
	if run := getenv("XDG_RUNTIME_DIR"); run != "" {
		for _, sock := range []string{"pulse/native", "pipewire-0"} {
			if m, _ := glob(filepath.Join(run, sock)); len(m) > 0 {
				return true
			}
		}
	}
	return false
}

// Sound pacing, in frames: a sound is not played again sooner than this,
// so three hundred bullets never become noise.
var soundGap = [numSounds]int{
	sndShot: 6, sndHitDealt: 4, sndHitTaken: 5, sndEnemyDeath: 4, sndDeath: 20,
	sndPickup: 6, sndPortal: 30, sndTelegraph: 20, sndPhase: 60, sndLowHealth: 55, SndClick: 3,
	sndShotB: 6, sndShotC: 6, sndShotD: 6, sndBigKill: 20, SndLevelUp: 30,
}

// lowHealthShare is the health share under which the heartbeat plays.
const lowHealthShare = 0.3

// Director decides, frame by frame, which sounds the game plays: from the
// hits and deaths the effects see, the own ship's shots and health, the
// boss's telegraph and phase, portals and pickups. It is plain logic over
// what the play scene reads; the speaker does the playing.
type Director struct {
	out      Speaker
	volume   func() float64 // master times effects, 0..1
	frame    int
	last     [numSounds]int // frame each sound last played, plus one
	instance uint16
	sheetAt  int64 // the sheet news already heard (UnixNano of its arrival)
	shotAt   int   // frame of the last shot
	shots    int   // shots sounded, to take the shot's variants in turn
}

func NewDirector(out Speaker, volume func() float64) *Director {
	return &Director{out: out, volume: volume}
}

// play plays id unless it played within its gap; it says whether it did.
func (d *Director) play(id int) bool { return d.playAs(id, id) }

// playAs plays sound as id, paced by id's gap: a variant of a sound is
// paced with it.
func (d *Director) playAs(id, sound int) bool {
	if last := d.last[id]; last > 0 && d.frame-(last-1) < soundGap[id] {
		return false
	}
	d.last[id] = d.frame + 1
	d.out.Play(sound, d.volume())
	return true
}

// OnMark is a hit or death the effects turned into a spark or a number.
func (d *Director) OnMark(ev *game.Event, self uint16) {
	switch {
	case ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer && ev.ID == self:
		d.play(sndHitTaken)
	case ev.Kind == game.EvHit && ev.Actor == game.ActorEnemy:
		d.play(sndHitDealt)
	case ev.Kind == game.EvDeath && ev.Actor == game.ActorEnemy:
		// The effects know the enemy's size: they call kill.
	case ev.Kind == game.EvDeath:
		d.play(sndDeath)
	}
}

// Kill is an enemy's death: a boom for a large one or a boss, a crack for
// the rest.
func (d *Director) Kill(large bool) {
	if large {
		d.play(sndBigKill)
		return
	}
	d.play(sndEnemyDeath)
}

// Update is one frame: the own ship's fire and health, and where it is.
// It says whether the ship fired this frame, at its fire rate, as the
// server will have it fire: the muzzle flashes then.
func (d *Director) Update(firing bool, cooldown int, hp, maxHP int16, alive bool, instance uint16) (fired bool) {
	d.frame++
	if firing && alive && d.frame-d.shotAt >= max(cooldown, 1) {
		d.shotAt, fired = d.frame, true
		if d.playAs(sndShot, shotVariants[d.shots%len(shotVariants)]) {
			d.shots++
		}
	}
	if alive && maxHP > 0 && float64(hp) < lowHealthShare*float64(maxHP) {
		d.play(sndLowHealth)
	}
	if instance != d.instance {
		if d.instance != 0 {
			d.play(sndPortal)
		}
		d.instance = instance
	}
	return fired
}

// Boss is the met boss's news: a telegraph starting, a phase beginning.
func (d *Director) Boss(telegraphStarted, phaseChanged bool) {
	if phaseChanged {
		d.play(sndPhase)
	} else if telegraphStarted {
		d.play(sndTelegraph)
	}
}

// Sheet hears the sheet's news: an item the server confirmed taken, a
// level gained.
func (d *Director) Sheet(action uint8, at int64) {
	if at <= d.sheetAt {
		return
	}
	d.sheetAt = at
	switch action {
	case wire.ActionPicked:
		d.play(sndPickup)
	case wire.ActionLevelled:
		d.play(SndLevelUp)
	}
}
