package server

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/net/wire"
)

// playNamed answers a Characters packet as a bot would: select the
// character called name, or ask to make it.
func playNamed(t testing.TB, characters []byte, name string) []byte {
	t.Helper()
	c, err := wire.ParseCharacters(characters)
	require.NoError(t, err)
	cmd := wire.CharacterCommand{Op: wire.OpCreate, Name: name, Class: "vanguard"}
	for _, e := range c.Entries {
		if strings.EqualFold(e.Name, name) {
			cmd = wire.CharacterCommand{Op: wire.OpSelect, ID: e.ID}
		}
	}
	b, err := wire.AppendCharacterCommand(nil, cmd)
	require.NoError(t, err)
	return b
}
