package client

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

// builtin is the built-in content, which the tests' clients play.
func builtin(t testing.TB) *game.Content {
	t.Helper()
	p, err := levels.Builtin()
	require.NoError(t, err)
	return p.Content
}
