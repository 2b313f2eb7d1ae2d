package seal

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pair runs a whole handshake and returns the client's and the server's
// sessions.
func pair(t testing.TB) (client, server *Session, id Identity) {
	t.Helper()
	id, err := NewIdentity(rand.Reader)
	require.NoError(t, err)
	c, err := NewClient(rand.Reader)
	require.NoError(t, err)
	cookie := [CookieLen]byte{0, 0, 0, 7, 1, 2, 3, 4, 5, 6, 7, 8}
	proof := AppendProof(nil, cookie, c.Key())
	gotCookie, gotKey, err := ParseProof(proof)
	require.NoError(t, err)
	acc, err := Accept(id, gotCookie, gotKey, rand.Reader)
	require.NoError(t, err)
	cs, shown, err := c.Finish(acc.Hello[:], cookie, Expect(id.Fingerprint()))
	require.NoError(t, err)
	require.Equal(t, id.Public, shown)
	return cs, acc.Session, id
}

// sealed seals msg with s into a fresh buffer.
func sealed(t testing.TB, s *Session, msg []byte) []byte {
	t.Helper()
	b := make([]byte, len(msg)+Overhead)
	copy(b[Header:], msg)
	n, err := s.SealInPlace(b, len(msg))
	require.NoError(t, err)
	return b[:n]
}

// opened opens a copy of d with s.
func opened(s *Session, d []byte) ([]byte, error) {
	b := bytes.Clone(d)
	n, err := s.OpenInPlace(b)
	if err != nil {
		return nil, err
	}
	return b[Header : Header+n], nil
}

func TestASealedSessionCarriesBothWays(t *testing.T) {
	c, s, _ := pair(t)
	for i, msg := range [][]byte{[]byte("hello from the client"), {}, bytes.Repeat([]byte{0xab}, 1400)} {
		d := sealed(t, c, msg)
		assert.Len(t, d, len(msg)+Overhead, "datagram %d grows by the overhead", i)
		got, err := opened(s, d)
		require.NoError(t, err)
		assert.Equal(t, msg, got)
		back, err := opened(c, sealed(t, s, msg))
		require.NoError(t, err)
		assert.Equal(t, msg, back)
	}
}

func TestTheWireHoldsNoPlaintext(t *testing.T) {
	c, _, _ := pair(t)
	msg := []byte("Vesper's token 0123456789abcdef")
	d := sealed(t, c, msg)
	assert.False(t, bytes.Contains(d, []byte("Vesper")), "the name is not on the wire")
	assert.False(t, bytes.Contains(d, []byte("0123456789")), "the token is not on the wire")
}

func TestForgedAndReplayedDatagramsAreRefused(t *testing.T) {
	c, s, _ := pair(t)
	d := sealed(t, c, []byte("input frame"))
	for _, tc := range []struct {
		name string
		mut  func([]byte) []byte
		want error
	}{
		{"a flipped bit in the sealed bytes", func(b []byte) []byte { b[5] ^= 1; return b }, ErrForged},
		{"a flipped bit in the tag", func(b []byte) []byte { b[len(b)-1] ^= 0x80; return b }, ErrForged},
		{"another counter", func(b []byte) []byte { b[1] ^= 1; return b }, ErrForged},
		{"a datagram cut short", func(b []byte) []byte { return b[:Overhead-1] }, ErrShort},
	} {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			_, err := opened(s, tc.mut(bytes.Clone(d)))
			assert.ErrorIs(t, err, tc.want)
		})
	}
	t.Run("the genuine datagram still opens after the forgeries", func(t *testing.T) {
		_, err := opened(s, d)
		require.NoError(t, err)
	})
	t.Run("the same datagram again is a replay", func(t *testing.T) {
		_, err := opened(s, d)
		assert.ErrorIs(t, err, ErrReplayed)
	})
	t.Run("a datagram sealed for the other direction does not open", func(t *testing.T) {
		_, err := opened(c, sealed(t, c, []byte("loop")))
		assert.ErrorIs(t, err, ErrForged)
	})
}

func TestReorderedDatagramsWithinTheWindowOpen(t *testing.T) {
	c, s, _ := pair(t)
	var ds [][]byte
	for range windowBits + 10 {
		ds = append(ds, sealed(t, c, []byte{1, 2, 3}))
	}
	_, err := opened(s, ds[len(ds)-1])
	require.NoError(t, err)
	t.Run("one just inside the window opens once", func(t *testing.T) {
		old := ds[len(ds)-windowBits]
		_, err := opened(s, old)
		require.NoError(t, err)
		_, err = opened(s, old)
		assert.ErrorIs(t, err, ErrReplayed)
	})
	t.Run("one older than the window is refused", func(t *testing.T) {
		_, err := opened(s, ds[len(ds)-windowBits-1])
		assert.ErrorIs(t, err, ErrReplayed)
	})
}

func TestTheCounterOutlivesItsSixteenBits(t *testing.T) {
	c, s, _ := pair(t)
	opened16 := 0
	for i := range 3 << 16 {
		d := sealed(t, c, []byte{byte(i)})
		if i%7 == 3 || i%1000 < 200 && i > 1000 {
			continue // lost on the way, up to 200 in a row
		}
		_, err := opened(s, d)
		require.NoErrorf(t, err, "datagram %d", i)
		opened16++
	}
	assert.Equal(t, uint64(3<<16), c.Sent())
	assert.Greater(t, opened16, 100000)
}

func TestAHelloThatDoesNotVerifyIsRefused(t *testing.T) {
	id, err := NewIdentity(rand.Reader)
	require.NoError(t, err)
	c, err := NewClient(rand.Reader)
	require.NoError(t, err)
	cookie := [CookieLen]byte{9}
	acc, err := Accept(id, cookie, c.Key(), rand.Reader)
	require.NoError(t, err)
	t.Run("a hello for another cookie is refused", func(t *testing.T) {
		_, _, err := c.Finish(acc.Hello[:], [CookieLen]byte{8}, nil)
		assert.ErrorIs(t, err, ErrBadHello)
	})
	t.Run("a hello with another server key is refused", func(t *testing.T) {
		h := acc.Hello
		h[10] ^= 1
		_, _, err := c.Finish(h[:], cookie, nil)
		assert.ErrorIs(t, err, ErrBadHello)
	})
	t.Run("a join code naming another server is refused in words", func(t *testing.T) {
		other, err := NewIdentity(rand.Reader)
		require.NoError(t, err)
		_, _, err = c.Finish(acc.Hello[:], cookie, Expect(other.Fingerprint()))
		var wrong ErrWrongServer
		require.ErrorAs(t, err, &wrong)
		assert.Contains(t, err.Error(), "not the one the join code names")
	})
	t.Run("the genuine hello finishes", func(t *testing.T) {
		_, _, err := c.Finish(acc.Hello[:], cookie, Expect(id.Fingerprint()))
		assert.NoError(t, err)
	})
}

func TestTheHandshakeLayout(t *testing.T) {
	cookie := [CookieLen]byte{0, 0, 0, 2, 0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4}
	key := [KeyLen]byte{0x11, 31: 0x22}
	proof := AppendProof(nil, cookie, key)
	require.Len(t, proof, ProofLen)
	assert.Equal(t, "444b5052"+"00000002deadbeef01020304"+"11"+hex.EncodeToString(make([]byte, 30))+"22",
		hex.EncodeToString(proof[:4+CookieLen+KeyLen]))
	assert.Equal(t, make([]byte, ProofLen-4-CookieLen-KeyLen), proof[4+CookieLen+KeyLen:], "zero padding")
	assert.Greater(t, ProofLen, HelloLen, "the answer is never larger than the proof that asks for it")

	id, err := NewIdentity(rand.Reader)
	require.NoError(t, err)
	acc, err := Accept(id, cookie, [KeyLen]byte{9}, rand.Reader)
	require.NoError(t, err)
	assert.Equal(t, "DKSH", string(acc.Hello[:4]))
	assert.Equal(t, []byte(id.Public), acc.Hello[4+KeyLen:4+2*KeyLen], "the identity key follows the server's key")
}

func TestIdentityIsKeptAndDamageIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "identity")
	first, err := LoadIdentity(path, rand.Reader)
	require.NoError(t, err)
	again, err := LoadIdentity(path, rand.Reader)
	require.NoError(t, err)
	assert.Equal(t, first.Public, again.Public, "the same key after a restart")
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "readable by its owner only")

	require.NoError(t, os.WriteFile(path, []byte("duskfall server identity 1\nzz\n"), 0o600))
	_, err = LoadIdentity(path, rand.Reader)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is damaged")
}

func TestKnownServersPinOnFirstUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "known_servers")
	k := OpenKnownServers(path)
	a, _ := NewIdentity(rand.Reader)
	b, _ := NewIdentity(rand.Reader)
	require.NoError(t, k.Verify("Example.org:7777")(a.Public), "the first join pins")
	require.NoError(t, OpenKnownServers(path).Verify("example.org:7777")(a.Public), "the same key again, after a restart")
	err := OpenKnownServers(path).Verify("example.org:7777")(b.Public)
	var changed ErrIdentityChanged
	require.ErrorAs(t, err, &changed)
	assert.Contains(t, err.Error(), "this server's identity changed since you last joined")
	assert.NoError(t, k.Verify("other.org:7777")(b.Public), "another address pins its own")
	fp, err := k.Pinned("example.org:7777")
	require.NoError(t, err)
	assert.Equal(t, a.Fingerprint(), fp)
}

func FuzzOpen(f *testing.F) {
	c, s, _ := pair(f)
	f.Add(sealed(f, c, []byte("frame")))
	f.Add([]byte{})
	f.Add(make([]byte, Overhead))
	f.Fuzz(func(t *testing.T, d []byte) {
		_, _ = opened(s, d) // never panics; forged bytes never open
	})
}

func FuzzParseProof(f *testing.F) {
	f.Add(AppendProof(nil, [CookieLen]byte{1}, [KeyLen]byte{2}))
	f.Fuzz(func(t *testing.T, b []byte) {
		cookie, key, err := ParseProof(b)
		if err == nil {
			assert.Equal(t, b, AppendProof(nil, cookie, key), "a proof that parses is one that was made")
		}
	})
}

func BenchmarkSealOpen(b *testing.B) {
	c, s, _ := pair(b)
	buf := make([]byte, 200+Overhead)
	b.ReportAllocs()
	for b.Loop() {
		n, _ := c.SealInPlace(buf, 200)
		if _, err := s.OpenInPlace(buf[:n]); err != nil {
			b.Fatal(err)
		}
	}
}
