package wire_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// A three-bullet volley opening a stream: the first spawn goes in full
// (there is no uid to count from yet), the second defines template slot 0
// and is sent short, the third is a sibling.
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

	streamPacket1Hex = "20 0100 3c000000" +
		" 01 0a000000 3c000000 0000c842 00004842 00000040 00000000 00000000 0000 4000 7800 03 01" +
		" 3c 00 00000040 00000000 0000 4000 7800 03 01" +
		" 3d 00 0100 00 2003 9001 0040" +
		" 3e 01 0080"
	streamPacket2Hex = "20 0100 3f000000 3d 00 0800 01 4000 2000 0020 3b f8ff 01"
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

func TestARingOfTwelveCostsAboutFourBytesABullet(t *testing.T) {
	var enc wire.EventEncoder
	enc.Begin(nil, 1, 60)
	first := spawns(volleyA)[0]
	require.NoError(t, enc.Add(&first))
	start := enc.Len()
	for i := range 12 {
		ev := spawns(aimed(volleyA, uint32(100+i), uint16(i*65536/12)))[0]
		require.NoError(t, enc.Add(&ev))
	}
	// The template is defined once (18 bytes), then one short spawn (11)
	// and eleven siblings (4 each), against 37 bytes for a spawn in full.
	require.Equal(t, 18+11+11*4, enc.Len()-start)
}

func TestHostileStreams(t *testing.T) {
	full := " 01 0a000000 3c000000 0000c842 00004842 00000040 00000000 00000000 0000 4000 7800 03 01"
	tmpl := " 3c 00 00000040 00000000 0000 4000 7800 03 01"
	cases := []struct {
		name string
		hex  string
		want error
	}{
		{"a short spawn from an undefined slot", "20 0100 3c000000" + full + " 3d 05 0100 00 2003 9001 0040", wire.ErrMalformed},
		{"a short spawn with no uid to count from", "20 0100 3c000000" + tmpl + " 3d 00 0100 00 2003 9001 0040", wire.ErrMalformed},
		{"a short spawn with a uid delta of zero", "20 0100 3c000000" + full + tmpl + " 3d 00 0000 00 2003 9001 0040", wire.ErrMalformed},
		{"a short despawn with no uid to count from", "20 0100 3c000000 3b 0100 01", wire.ErrMalformed},
		{"a short despawn with no reason", "20 0100 3c000000" + full + " 3b 0100 00", wire.ErrMalformed},
		{"a sibling with no volley before it", "20 0100 3c000000" + full + " 3e 01 0080", wire.ErrMalformed},
		{"a template for slot 32", "20 0100 3c000000 3c 20 00000040 00000000 0000 4000 7800 03 01", wire.ErrMalformed},
		{"a template with a negative speed", "20 0100 3c000000 3c 00 000000c0 00000000 0000 4000 7800 03 01", wire.ErrMalformed},
		{"a template of a third team", "20 0100 3c000000 3c 00 00000040 00000000 0000 4000 7800 03 02", wire.ErrMalformed},
		{"a template cut short", "20 0100 3c000000 3c 00 00000040", wire.ErrShort},
		{"a template of bullets living past ten seconds", "20 0100 3c000000 3c 00 00000040 00000000 0000 4000 5902 03 01", wire.ErrMalformed},
	}
	for _, tc := range cases {
		t.Run("the iterator refuses "+tc.name, func(t *testing.T) {
			_, err := decodeEvents(hx(tc.hex))
			require.ErrorIs(t, err, tc.want)
		})
	}
}
