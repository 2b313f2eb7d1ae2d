package game

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzBulletPoolHostileRecords feeds a replica pool spawn records built from
// arbitrary bytes, as a hostile or corrupted event stream would, and steps
// it. It must never panic, and its uid index must stay consistent.
func FuzzBulletPoolHostileRecords(f *testing.F) {
	f.Add(uint32(10), []byte{1, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0x48, 0x42, 0, 0, 0x48, 0x42, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x50, 0, 0x3c, 0, 1, 1})
	f.Add(uint32(0xFFFFFFF0), make([]byte, 36))
	nan := make([]byte, 36)
	binary.LittleEndian.PutUint32(nan[8:], math.Float32bits(float32(math.NaN())))
	binary.LittleEndian.PutUint32(nan[16:], math.Float32bits(float32(math.Inf(1))))
	binary.LittleEndian.PutUint16(nan[32:], 0xFFFF)
	f.Add(uint32(3), nan)
	f.Fuzz(func(t *testing.T, now uint32, data []byte) {
		g := NewGrid(8, 8)
		g.Set(3, 3, TileWall)
		p := NewBulletPool(4)
		for len(data) >= 36 {
			p.SpawnAt(recordFrom(data[:36]), now, nil)
			data = data[36:]
		}
		for k := uint32(1); k <= 3; k++ {
			p.Step(now+k, g, nil)
		}
		for i, uid := range p.UID {
			if slot, ok := p.Slot(uid); !ok || slot != i {
				t.Fatalf("uid %d at slot %d indexed as %d, %v", uid, i, slot, ok)
			}
		}
	})
}

// recordFrom lays 36 bytes over a BulletSpawn's fields.
func recordFrom(b []byte) BulletSpawn {
	u32 := func(o int) uint32 { return binary.LittleEndian.Uint32(b[o:]) }
	f32 := func(o int) float32 { return math.Float32frombits(u32(o)) }
	return BulletSpawn{
		UID: u32(0), SpawnTick: u32(4), X: f32(8), Y: f32(12), VX: f32(16), VY: f32(20), Accel: f32(24),
		Turn: int16(binary.LittleEndian.Uint16(b[28:])), Radius: binary.LittleEndian.Uint16(b[30:]),
		Life: binary.LittleEndian.Uint16(b[32:]), Kind: b[34], Team: b[35],
	}
}
