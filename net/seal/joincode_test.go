package seal

import (
	"crypto/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTargetsAreReadAsPlayersWriteThem(t *testing.T) {
	id, err := NewIdentity(rand.Reader)
	require.NoError(t, err)
	fp := id.Fingerprint()
	for _, tc := range []struct {
		name, text string
		want       Target
	}{
		{"a join code is its address and its key", JoinCode("203.0.113.5:7777", id.Public), Target{Host: "203.0.113.5", Port: 7777, Fingerprint: fp}},
		{"a bare address has no key", "example.org:7777", Target{Host: "example.org", Port: 7777}},
		{"spaces and a line's end round a pasted code are forgiven", "  203.0.113.5:7777/" + fp + " \n", Target{Host: "203.0.113.5", Port: 7777, Fingerprint: fp}},
		{"spaces round the slash are forgiven", "203.0.113.5:7777 / " + fp, Target{Host: "203.0.113.5", Port: 7777, Fingerprint: fp}},
		{"a key in upper case is the same key", "203.0.113.5:7777/" + strings.ToUpper(fp), Target{Host: "203.0.113.5", Port: 7777, Fingerprint: fp}},
		{"an IPv6 address in brackets takes a code", "[::1]:7777/" + fp, Target{Host: "::1", Port: 7777, Fingerprint: fp}},
		{"a host name takes a code", "duskfall.example.org:7000/" + fp, Target{Host: "duskfall.example.org", Port: 7000, Fingerprint: fp}},
		{"a port's leading zeros are forgiven", "10.0.0.1:07777", Target{Host: "10.0.0.1", Port: 7777}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseTarget(tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			again, err := ParseTarget(got.String())
			require.NoError(t, err, "its own form reads back")
			assert.Equal(t, got, again)
		})
	}
}

func TestTargetsThatAreNotAreRefusedInWords(t *testing.T) {
	fp := strings.Repeat("a", FingerprintLen)
	for _, tc := range []struct {
		name, text string
		kind       error
		words      []string
	}{
		{"nothing at all asks for an address", "   ", ErrBadAddress, []string{"no address", ExampleCode}},
		{"a bare address without a port says how to write one", "192.168.1.20", ErrBadAddress, []string{`"192.168.1.20" has no port`, "a colon and the port"}},
		{"a code without a port says so", "192.0.2.2/" + fp, ErrBadAddress, []string{`"192.0.2.2" has no port`}},
		{"an empty port is no port", "192.0.2.2:/" + fp, ErrBadAddress, []string{"has no port"}},
		{"a port past 65535 is refused", "192.0.2.2:70000/" + fp, ErrBadPort, []string{"the port must be a number from 1 to 65535", `"70000"`}},
		{"port zero is refused", "192.0.2.2:0", ErrBadPort, []string{"from 1 to 65535"}},
		{"a port that is not a number is refused", "127.0.0.1:abc", ErrBadPort, []string{`"abc" is not`}},
		{"no host before the port is said", ":7777", ErrBadAddress, []string{"has no host"}},
		{"no address before the slash is said", "/" + fp, ErrBadAddress, []string{"the address before the slash"}},
		{"an IPv6 address without brackets is told its brackets", "::1:7777/" + fp, ErrBadAddress, []string{"in brackets", "[2001:db8::1]:7777"}},
		{"a short key says what a code looks like", "192.0.2.2:7777/abc", ErrBadFingerprint, []string{"not a join code", "this one has 3", "32 letters and digits", ExampleCode}},
		{"a long key is refused", "192.0.2.2:7777/" + fp + "a", ErrBadFingerprint, []string{"this one has 33"}},
		{"letters a key never holds are named", "192.0.2.2:7777/" + strings.Repeat("1", FingerprintLen), ErrBadFingerprint, []string{`'1' is not one of them`, "a to z and the digits 2 to 7", ExampleCode}},
		{"a second slash is not a key's", "192.0.2.2:7777/" + fp + "/", ErrBadFingerprint, []string{`'/' is not one of them`}},
		{"a trailing slash with no key says so", "192.0.2.2:7777/", ErrBadFingerprint, []string{"nothing follows the slash", ExampleCode}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseTarget(tc.text)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.kind)
			for _, w := range tc.words {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func FuzzParseTarget(f *testing.F) {
	f.Add(ExampleCode)
	f.Add("[::1]:7777/" + strings.Repeat("A", FingerprintLen))
	f.Add(" host:1 / x")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := ParseTarget(text)
		if err != nil {
			require.NotEmpty(t, err.Error(), "a refusal has words")
			return
		}
		require.NotZero(t, got.Port)
		again, err := ParseTarget(got.String())
		require.NoError(t, err, "%q reads back", got.String())
		require.Equal(t, got, again, "a target survives its own form")
	})
}
