package world

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/levels"
)

// builtin is the built-in content, which the game plays.
func builtin(t testing.TB) *levels.Pack {
	t.Helper()
	p, err := levels.Builtin()
	require.NoError(t, err)
	return p
}
