package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEachWorldHasASeedOfItsOwn(t *testing.T) {
	t.Run("a seed given is the seed used", func(t *testing.T) {
		assert.Equal(t, uint64(42), worldSeed(42))
	})
	t.Run("without one, every world gets a new one", func(t *testing.T) {
		seen := map[uint64]bool{}
		for range 100 {
			s := worldSeed(0)
			assert.NotZero(t, s)
			assert.False(t, seen[s], "seed %#x came twice", s)
			seen[s] = true
		}
	})
	t.Run("--seed defaults to a new world each time", func(t *testing.T) {
		o, err := parseFlags([]string{"--server"}, nil)
		assert.NoError(t, err)
		assert.Zero(t, o.seed)
	})
}
