package wire_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// A three-bullet volley opening a stream: the first spawn goes in full
// (there is no uid to count from yet), the second defines template slot 0
// and is sent near (a short spawn with a one-byte uid delta), the third is
// a sibling.
var (
	volleyA = game.BulletSpawn{UID: 10, SpawnTick: 60, X: 100, Y: 50, VX: 2, VY: 0,
		Radius: 64, Life: 120, Kind: 3, Team: game.TeamEnemy}
	volleyB = aimed(volleyA, 11, 0x4000)
	volleyC = aimed(volleyA, 12, 0x8000)
	laterD  = func() game.BulletSpawn {
		d := aimed(volleyA, 20, 0x2000)
		d.SpawnTick, d.X, d.Y = 64, 8, 4
		return d
	}()

	streamPacket1Hex = "20 f101 0100" +
		" 01 0a000000 3c000000 0000c842 00004842 00000040 00000000 00000000 0000 4000 7800 03 01" +
		" 3c 00 00000040 00000000 0000 4000 7800 03 01" +
		" 37 00 01 00 2003 9001 0040" +
		" 3e 01 0080"
	streamPacket2Hex = "20 0c 37 00 08 01 4000 2000 0020 39 f8"
)

// aimed is s fired at aim with the same speed, as the server builds it.
func aimed(s game.BulletSpawn, uid uint32, aim uint16) game.BulletSpawn {
	s.UID = uid
	s.VX, s.VY = game.BulletVelocity(aim, 2)
	return s
}

func spawns(ss ...game.BulletSpawn) []game.Event {
	out := make([]game.Event, len(ss))
	for i, s := range ss {
		out[i] = game.Event{Kind: game.EvBulletSpawn, Bullet: s}
	}
	return out
}

func TestAStreamCompactsVolleysAgainstWhatItSent(t *testing.T) {
	var enc wire.EventEncoder
	var it wire.EventIter
	packets := []struct {
		tick   uint32
		events []game.Event
		hex    string
	}{
		{60, spawns(volleyA, volleyB, volleyC), streamPacket1Hex},
		{63, append(spawns(laterD), game.Event{Kind: game.EvBulletDespawn,
			Bullet: game.BulletSpawn{UID: 12}, Reason: game.DespawnHit}), streamPacket2Hex},
	}
	for _, p := range packets {
		enc.Begin(nil, 1, p.tick)
		for i := range p.events {
			require.NoError(t, enc.Add(&p.events[i]))
		}
		require.Equal(t, hx(p.hex), enc.Bytes(), "packet at tick %d encodes to its golden bytes", p.tick)
		it.Reset(hx(p.hex))
		var got []game.Event
		var ev game.Event
		for it.Next(&ev) {
			got = append(got, ev)
		}
		require.NoError(t, it.Err())
		require.Equal(t, p.events, got, "and decodes, on the same stream, to the same spawns")
	}
}

func TestEncoderSizeMatchesWhatAddWrites(t *testing.T) {
	var enc wire.EventEncoder
	enc.Begin(nil, 1, 60)
	for _, s := range spawns(volleyA, volleyB, volleyC, laterD) {
		before, want := enc.Len(), enc.Size(&s)
		require.NoError(t, enc.Add(&s))
		require.Equal(t, want, enc.Len()-before)
	}
}

func TestARingOfTwelveIsOneShortSpawnAndOneFan(t *testing.T) {
	var enc wire.EventEncoder
	enc.Begin(nil, 1, 60)
	first := spawns(volleyA)[0]
	require.NoError(t, enc.Add(&first))
	start := enc.Len()
	for i := range 12 {
		ev := spawns(aimed(volleyA, uint32(100+i), uint16(i*65536/12)))[0]
		require.NoError(t, enc.Add(&ev))
	}
	// The template is defined once (18 bytes), then one near spawn (10)
	// and one fan of eleven (8), against 37 bytes for a spawn in full.
	require.Equal(t, 18+10+8, enc.Len()-start)
}

func TestHostileStreams(t *testing.T) {
	full := " 01 0a000000 3c000000 0000c842 00004842 00000040 00000000 00000000 0000 4000 7800 03 01"
	tmpl := " 3c 00 00000040 00000000 0000 4000 7800 03 01"
	cases := []struct {
		name string
		hex  string
		want error
	}{
		{"a short spawn from an undefined slot", "20 f101 0100" + full + " 3d 05 0100 00 2003 9001 0040", wire.ErrMalformed},
		{"a short spawn with no uid to count from", "20 f101 0100" + tmpl + " 3d 00 0100 00 2003 9001 0040", wire.ErrMalformed},
		{"a short spawn with a uid delta of zero", "20 f101 0100" + full + tmpl + " 3d 00 0000 00 2003 9001 0040", wire.ErrMalformed},
		{"a short despawn with no uid to count from", "20 f101 0100 3b 0100", wire.ErrMalformed},
		{"a sibling with no volley before it", "20 f101 0100" + full + " 3e 01 0080", wire.ErrMalformed},
		{"a near despawn with no uid to count from", "20 f101 0100 39 01", wire.ErrMalformed},
		{"a short hit with no uid to count from", "20 f101 0100 36 02 0304 0506 0708 090a fefe fe", wire.ErrMalformed},
		{"a short hit on a third kind of actor", "20 f101 0100" + full + " 36 03 0304 0506 0708 090a fefe fe", wire.ErrMalformed},
		{"a short hit cut short", "20 f101 0100" + full + " 36 02 0304 0506 0708", wire.ErrShort},
		{"a near spawn with a uid delta of zero", "20 f101 0100" + full + tmpl + " 37 00 00 00 2003 9001 0040", wire.ErrMalformed},
		{"a fan with no volley before it", "20 f101 0100" + full + " 3f 02 00000040 0000", wire.ErrMalformed},
		{"a fan of no bullets", "20 f101 0100" + full + tmpl + " 3d 00 0100 00 2003 9001 0040 3f 00 00000040 0000", wire.ErrMalformed},
		{"a fan cut short", "20 f101 0100" + full + tmpl + " 3d 00 0100 00 2003 9001 0040 3f 02 0000", wire.ErrShort},
		{"a template for slot 32", "20 f101 0100 3c 20 00000040 00000000 0000 4000 7800 03 01", wire.ErrMalformed},
		{"a template with a negative speed", "20 f101 0100 3c 00 000000c0 00000000 0000 4000 7800 03 01", wire.ErrMalformed},
		{"a template of a third team", "20 f101 0100 3c 00 00000040 00000000 0000 4000 7800 03 02", wire.ErrMalformed},
		{"a template cut short", "20 f101 0100 3c 00 00000040", wire.ErrShort},
		{"a template of bullets living past ten seconds", "20 f101 0100 3c 00 00000040 00000000 0000 4000 5902 03 01", wire.ErrMalformed},
	}
	for _, tc := range cases {
		t.Run("the iterator refuses "+tc.name, func(t *testing.T) {
			_, err := decodeEvents(hx(tc.hex))
			require.ErrorIs(t, err, tc.want)
		})
	}
}

// volleyAsFired builds a ring (spread 0) or a fan of n bullets the way
// game.World fires them: each aim rounded by game.AimFromAngle from an
// even spread of angles.
func volleyAsFired(firstUID uint32, n int, base, spread float64) []game.Event {
	step := 2 * math.Pi / float64(n)
	start := base
	if spread > 0 {
		step = spread / float64(max(n-1, 1))
		start = base - spread/2
	}
	evs := make([]game.Event, n)
	for k := range n {
		s := game.MakeBulletSpawn(firstUID+uint32(k), 600, 1000.125, 700.5, start+float64(k)*step, 2.5, 0, 0, 6, 240, 3, game.TeamEnemy)
		evs[k] = game.Event{Kind: game.EvBulletSpawn, Bullet: s}
	}
	return evs
}

func TestVolleysAsTheGameFiresThemTravelAsOneShortSpawnAndOneFan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 3, 5, 6, 8, 9, 10, 12, 16, 20, 50, 90, 160, 255} {
		for _, ring := range []bool{true, false} {
			name := fmt.Sprintf("a fan of %d", n)
			if ring {
				name = fmt.Sprintf("a ring of %d", n)
			}
			t.Run(name+" decodes to the very spawns at every angle tried, in one fan or a few", func(t *testing.T) {
				const tries = 200
				oneFan, bytes := 0, 0
				for try := range tries {
					spread := 0.0
					if !ring {
						spread = 0.05 + rng.Float64()*3
					}
					var enc wire.EventEncoder
					enc.Begin(nil, 1, 600)
					first := spawns(volleyA)[0]
					require.NoError(t, enc.Add(&first))
					evs := volleyAsFired(11, n, rng.Float64()*2*math.Pi, spread)
					require.NoError(t, enc.Add(&evs[0]))
					start := enc.Len()
					for i := 1; i < n; i++ {
						require.NoError(t, enc.Add(&evs[i]))
					}
					want := 8 // a fan
					if n == 2 {
						want = 4 // a lone sibling
					}
					if enc.Len()-start == want {
						oneFan++
					}
					bytes += enc.Len() - start
					require.Equal(t, append([]game.Event{first}, evs...), decodeAll(t, enc.Bytes()), "try %d", try)
				}
				if n <= 64 {
					// The rest split where a velocity comes back from two float32
					// speeds and the volley's first bullet was given the other.
					require.GreaterOrEqual(t, oneFan, tries*95/100, "volleys sent as one short spawn and one fan")
				} else {
					// Past 64 bullets a bullet the fan misses is not refitted
					// (the cost of a refit grows with the square of the fan):
					// it starts the next fan.
					require.LessOrEqual(t, bytes, tries*3*8, "volleys sent as one short spawn and three fans or fewer, on average")
				}
			})
		}
	}
	t.Run("a ring of 300 is one short spawn and two fans", func(t *testing.T) {
		var enc wire.EventEncoder
		enc.Begin(nil, 1, 600)
		first := spawns(volleyA)[0]
		require.NoError(t, enc.Add(&first))
		evs := volleyAsFired(11, 300, 1, 0)
		for i := range evs {
			require.NoError(t, enc.Add(&evs[i]))
		}
		require.Equal(t, append([]game.Event{first}, evs...), decodeAll(t, enc.Bytes()))
	})
}

func TestPelletsAtRandomAimsDecodeExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var enc wire.EventEncoder
	var it wire.EventIter
	uid := uint32(10)
	for tick := uint32(60); tick < 600; tick += 3 {
		enc.Begin(nil, 1, tick)
		var sent []game.Event
		for range 1 + rng.IntN(4) {
			n := 1 + rng.IntN(12)
			for range n {
				aim := uint16(rng.Uint32())
				if rng.IntN(3) == 0 && len(sent) > 0 {
					aim = uint16(rng.IntN(3)) // near-equal steps, then breaks in them
				}
				s := aimed(volleyA, uid, aim)
				s.SpawnTick = tick
				uid++
				sent = append(sent, game.Event{Kind: game.EvBulletSpawn, Bullet: s})
				require.NoError(t, enc.Add(&sent[len(sent)-1]))
			}
		}
		it.Reset(enc.Bytes())
		var got []game.Event
		var ev game.Event
		for it.Next(&ev) {
			got = append(got, ev)
		}
		require.NoError(t, it.Err())
		require.Equal(t, sent, got, "the packet at tick %d", tick)
	}
}

// decodeAll decodes one packet as the first of a stream.
func decodeAll(t *testing.T, b []byte) []game.Event {
	t.Helper()
	var it wire.EventIter
	it.Reset(b)
	var got []game.Event
	var ev game.Event
	for it.Next(&ev) {
		got = append(got, ev)
	}
	require.NoError(t, it.Err())
	return got
}
