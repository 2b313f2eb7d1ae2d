package wire_test

import (
	"testing"

	"duskfall/game"
	"duskfall/net/wire"
)

// go test -run='^$' -bench=. -benchmem ./net/wire
//
// The snapshots are the reference peak: four players, sixty enemies and
// twenty-four items on the floor.

func BenchmarkAppendSnapshot(b *testing.B) {
	s := sampleSnapshot(4, 60, 24)
	buf := make([]byte, 0, 2048)
	b.SetBytes(int64(len(wire.AppendSnapshot(nil, s))))
	b.ReportAllocs()
	for b.Loop() {
		buf = wire.AppendSnapshot(buf[:0], s)
	}
}

func BenchmarkSnapshotEncoder(b *testing.B) {
	s := sampleSnapshot(4, 60, 24)
	buf := make([]byte, 0, 2048)
	var e wire.SnapshotEncoder
	b.SetBytes(int64(len(wire.AppendSnapshot(nil, s))))
	b.ReportAllocs()
	for b.Loop() {
		e.Begin(buf[:0], s.Epoch, s.Tick, s.LastInputTick)
		for i := range s.Players {
			e.AddPlayer(s.Players[i])
		}
		e.BeginEnemies()
		for i := range s.Enemies {
			e.AddEnemy(s.Enemies[i])
		}
		e.BeginLoot()
		for i := range s.Loot {
			e.AddLoot(s.Loot[i])
		}
		buf = e.Finish()
	}
}

func BenchmarkDecodeSnapshot(b *testing.B) {
	pkt := wire.AppendSnapshot(nil, sampleSnapshot(4, 60, 24))
	var dst wire.Snapshot
	b.SetBytes(int64(len(pkt)))
	b.ReportAllocs()
	for b.Loop() {
		if err := wire.DecodeSnapshot(pkt, &dst); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendEvent(b *testing.B) {
	buf := make([]byte, 0, 8192)
	evs := make([]game.Event, 100)
	for i := range evs {
		evs[i] = bulletSpawn
		evs[i].Bullet.UID = uint32(i)
	}
	b.ReportAllocs()
	for b.Loop() {
		buf = wire.AppendEventsHeader(buf[:0], 1, 1)
		for i := range evs {
			buf, _ = wire.AppendEvent(buf, &evs[i])
		}
	}
	b.SetBytes(int64(len(buf)))
}

// wardenVolleys is one of each of the Warden's volleys after a first full
// spawn: a spiral arm of five, a fan of nine, a ring of sixteen, and the
// same ring at ten times the density, each as game.World fires it.
func wardenVolleys() []game.Event {
	evs := spawns(volleyA)
	uid := uint32(11)
	for _, v := range []struct {
		n      int
		spread float64
	}{{5, 0}, {9, 1.6}, {16, 0}, {160, 0}} {
		evs = append(evs, volleyAsFired(uid, v.n, 0.3, v.spread)...)
		uid += uint32(v.n)
	}
	return evs
}

// BenchmarkEventEncoderVolleys writes the Warden's volleys (190 bullets)
// into one packet: the cost of fitting fans on the server, per peer.
func BenchmarkEventEncoderVolleys(b *testing.B) {
	evs := wardenVolleys()
	buf := make([]byte, 0, 4096)
	var enc wire.EventEncoder
	b.ReportAllocs()
	for b.Loop() {
		enc.Begin(buf[:0], 1, 600)
		for i := range evs {
			if err := enc.Add(&evs[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.SetBytes(int64(enc.Len()))
}

func BenchmarkEventIter(b *testing.B) {
	pkt := eventPacket(100)
	var it wire.EventIter
	var ev game.Event
	b.SetBytes(int64(len(pkt)))
	b.ReportAllocs()
	for b.Loop() {
		it.ResetStream() // the same packet again is a new stream's first
		for it.Reset(pkt); it.Next(&ev); {
		}
		if it.Err() != nil {
			b.Fatal(it.Err())
		}
	}
}

func BenchmarkAppendInput(b *testing.B) {
	frames := []game.Input{{Tick: 1, MoveX: 50}, {Tick: 2, MoveX: 60}, {Tick: 3, MoveX: 70, Buttons: game.BtnFire}}
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = wire.AppendInput(buf[:0], frames, 1)
	}
}

func BenchmarkDecodeInput(b *testing.B) {
	pkt := wire.AppendInput(nil, []game.Input{{Tick: 1}, {Tick: 2}, {Tick: 3}}, 1)
	dst := make([]game.Input, 0, game.InputRedundancy)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if dst, _, err = wire.DecodeInput(pkt, dst); err != nil {
			b.Fatal(err)
		}
	}
}

// movedSnapshots is a snapshot of the reference peak and the next one, three
// ticks on: every player and every enemy moved a little.
func movedSnapshots() (base, next []byte) {
	s := sampleSnapshot(4, 60, 24)
	base = wire.AppendSnapshot(nil, s)
	s.Tick += 3
	for i := range s.Players {
		s.Players[i].X += 0.75
		s.Players[i].Y -= 0.5
	}
	for i := range s.Enemies {
		s.Enemies[i].X += 1.25
	}
	return base, wire.AppendSnapshot(nil, s)
}

func BenchmarkAppendSnapshotDelta(b *testing.B) {
	base, next := movedSnapshots()
	buf := make([]byte, 0, 2048)
	d, _ := wire.AppendSnapshotDelta(nil, next, base)
	b.SetBytes(int64(len(next)))
	b.ReportMetric(float64(len(d)), "delta_bytes")
	b.ReportMetric(float64(len(next)), "whole_bytes")
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = wire.AppendSnapshotDelta(buf[:0], next, base)
	}
}

func BenchmarkApplySnapshotDelta(b *testing.B) {
	base, next := movedSnapshots()
	d, _ := wire.AppendSnapshotDelta(nil, next, base)
	buf := make([]byte, 0, 2048)
	b.SetBytes(int64(len(next)))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = wire.ApplySnapshotDelta(buf[:0], d, base); err != nil {
			b.Fatal(err)
		}
	}
}
