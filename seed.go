package main

import (
	"crypto/rand"
	"encoding/binary"
)

// worldSeed is the seed a world is made from: the one given, or, for 0
// (--seed left out), a new one each time a game is hosted or a server
// starts, so two sessions do not share a layout. The server logs it
// ("world seed 0x…"), and --seed with it plays that world again.
func worldSeed(given uint64) uint64 {
	if given != 0 {
		return given
	}
	var b [8]byte
	for {
		rand.Read(b[:]) // never fails (crypto/rand panics rather than return short)
		if s := binary.LittleEndian.Uint64(b[:]); s != 0 {
			return s
		}
	}
}
