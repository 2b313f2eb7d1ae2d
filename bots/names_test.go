package bots

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/wire"
)

// documentedToken is the token as docs/OPERATIONS.md ("The bot report")
// tells a reader to compute it, written from the words, not the code.
func documentedToken(name string) [16]byte {
	const offset, prime = 14695981039346656037, 1099511628211
	var t [16]byte
	h := uint64(offset)
	for i := range 16 {
		for j := 0; j < len(name); j++ {
			h = (h ^ uint64(name[j])) * prime // uint64 arithmetic is modulo 2^64
		}
		h = (h ^ uint64(i)) * prime
		t[i] = byte(h >> 56)
	}
	return t
}

func TestABotsTokenIsTheDocumentedHashOfItsName(t *testing.T) {
	for _, name := range []string{"bot-1", "bot-12", "kate", "Ünïcödé-3", "abcdefghijklmn-9"} {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, documentedToken(name), tokenFor(name))
		})
	}
	t.Run("two names never share a token here", func(t *testing.T) {
		assert.NotEqual(t, tokenFor("bot-1"), tokenFor("bot-2"))
	})
}

func TestBotNamesAreCheckedBeforeAnyJoin(t *testing.T) {
	cases := []struct {
		name   string
		prefix string
		n      int
		ok     bool
	}{
		{"a prefix of 14 bytes leaves room for nine bots", "abcdefghijklmn", 9, true},
		{"a prefix of 14 bytes and a tenth bot is 17 bytes", "abcdefghijklmn", 10, false},
		{"the default prefix takes a thousand bots", "bot", 1000, true},
		{"a prefix starting with a space is no name", " bot", 1, false},
		{"a prefix with a control character is no name", "b\x01t", 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckNames(tc.prefix, tc.n)
			if tc.ok {
				require.NoError(t, err)
				assert.NoError(t, wire.ValidName(Name(tc.prefix, tc.n-1)))
				return
			}
			require.Error(t, err)
			assert.Error(t, wire.ValidName(Name(tc.prefix, tc.n-1)), "the check agrees with the Hello's")
		})
	}
}
