package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/internal/udprelay"
	"duskfall/levels"
	"duskfall/net/seal"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server"
)

// sealedServer is a real server on loopback ENet at addr (port 0 picks
// one) with the identity given, and its transport.
func sealedServer(t *testing.T, addr string, id *seal.Identity) (*server.Runtime, *transport.ENetServer) {
	return sealedServerWith(t, addr, id, "")
}

// sealedServerWith is sealedServer for a game with a password.
func sealedServerWith(t *testing.T, addr string, id *seal.Identity, password string) (*server.Runtime, *transport.ENetServer) {
	t.Helper()
	return serverOn(t, addr, t.TempDir(), transport.Config{Identity: id}, func(c *server.Config) { c.Password = password })
}

func newIdentity(t *testing.T) *seal.Identity {
	t.Helper()
	id, err := seal.NewIdentity(rand.Reader)
	require.NoError(t, err)
	return &id
}

// forms are the ways a secret might be written on the wire: as it is, in
// hex, in base64, in UTF-16, in either case.
func forms(secret []byte) [][]byte {
	out := [][]byte{secret, bytes.ToLower(secret), bytes.ToUpper(secret),
		[]byte(hex.EncodeToString(secret)), []byte(strings.ToUpper(hex.EncodeToString(secret))),
		[]byte(base64.StdEncoding.EncodeToString(secret)), []byte(base64.RawURLEncoding.EncodeToString(secret))}
	var u16 []byte
	for _, r := range utf16.Encode([]rune(string(secret))) {
		u16 = append(u16, byte(r), byte(r>>8))
	}
	return append(out, u16)
}

// holds says which of the secret's forms any datagram contains.
func holds(ds []udprelay.Datagram, secret []byte) []string {
	var found []string
	for _, f := range forms(secret) {
		for _, d := range ds {
			if bytes.Contains(d.Data, f) {
				found = append(found, hex.EncodeToString(f))
				break
			}
		}
	}
	return found
}

// A capture of every datagram of a session, from the first knock to the
// last snapshot, holds neither the player's account token nor their name
// in any form, nor the game's password (docs/NETCODE.md, "Sealed
// sessions").
func TestACaptureOfASessionHoldsNeitherTokenNorName(t *testing.T) {
	const password = "lanternfish"
	srv, tr := sealedServerWith(t, "127.0.0.1:0", nil, password)
	defer tr.Close()
	relay, err := udprelay.New(tr.Addr())
	require.NoError(t, err)
	defer relay.Close()
	name := "Vesperine"
	var token [16]byte
	_, _ = rand.Read(token[:])
	rt, err := client.Dial(relay.Addr(), client.Config{Content: builtinContent, Name: name, Token: token, Password: password})
	require.NoError(t, err)
	defer rt.Close()
	play(srv, func() bool { return rt.State() == client.StatePlaying }, rt)
	require.Equal(t, client.StatePlaying, rt.State(), "the player joins through the relay: %v", rt.Err())
	for range game.TickRate { // a second of play: inputs up, snapshots and the roster down
		rt.Frame(client.Intent{MoveX: 1, Fire: true})
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
	}
	caught := relay.Captured()
	require.Greater(t, len(caught), 60, "the relay saw the session")

	t.Run("the search finds them in a Hello sent in clear", func(t *testing.T) {
		hello, err := wire.AppendHello(nil, wire.Hello{Content: builtinContent.Hash, Name: name, Token: token, Password: password})
		require.NoError(t, err)
		clear := []udprelay.Datagram{{Up: true, Data: hello}}
		assert.NotEmpty(t, holds(clear, []byte(name)))
		assert.NotEmpty(t, holds(clear, token[:]))
		assert.NotEmpty(t, holds(clear, []byte(password)))
	})
	t.Run("no datagram holds the password", func(t *testing.T) {
		assert.Empty(t, holds(caught, []byte(password)))
	})
	t.Run("no datagram holds the token", func(t *testing.T) {
		assert.Empty(t, holds(caught, token[:]))
	})
	t.Run("no datagram holds the name", func(t *testing.T) {
		assert.Empty(t, holds(caught, []byte(name)))
	})
}

// A datagram replayed from the player's own address, or a copy with a
// byte changed, is dropped before ENet reads it and counted; the session
// goes on.
func TestForgedAndReplayedDatagramsChangeNothing(t *testing.T) {
	srv, tr := sealedServer(t, "127.0.0.1:0", nil)
	defer tr.Close()
	relay, err := udprelay.New(tr.Addr())
	require.NoError(t, err)
	defer relay.Close()
	rt, err := client.Dial(relay.Addr(), client.Config{Content: builtinContent, Name: "Ansel"})
	require.NoError(t, err)
	defer rt.Close()
	play(srv, func() bool { return rt.State() == client.StatePlaying }, rt)
	require.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
	for range game.TickRate { // a second of input frames, each a sealed datagram
		rt.Frame(client.Intent{MoveY: 1})
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
	}
	var sealed [][]byte
	for _, d := range relay.Captured() {
		if d.Up && len(d.Data) > seal.Overhead && !bytes.HasPrefix(d.Data, []byte("DK")) {
			sealed = append(sealed, d.Data)
		}
	}
	require.GreaterOrEqual(t, len(sealed), 20)
	recent := sealed[len(sealed)-20:]
	before := tr.WireStats()
	for i, d := range recent {
		require.NoError(t, relay.SendUp(d)) // the same datagram again
		forged := bytes.Clone(d)            // a counter not seen yet, and a byte changed
		binary.BigEndian.PutUint16(forged, binary.BigEndian.Uint16(d)+uint16(1000+i))
		forged[len(forged)/2] ^= 0x20
		require.NoError(t, relay.SendUp(forged))
	}
	for range game.TickRate / 2 {
		rt.Frame(client.Intent{})
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
	}
	after := tr.WireStats()
	assert.Equal(t, uint64(len(recent)), after.SealReplayed-before.SealReplayed, "every replay is dropped and counted")
	assert.Equal(t, uint64(len(recent)), after.SealForged-before.SealForged, "every forgery is dropped and counted")
	assert.Equal(t, client.StatePlaying, rt.State(), "the player plays on")
	assert.Zero(t, rt.Stats().Garbage, "nothing reached the game")
}

// A client that pinned a server's key refuses the server at that address
// once its key changed, in words; a join code checks the key from the
// first datagram.
func TestAServerWhoseKeyChangedIsRefused(t *testing.T) {
	known := seal.OpenKnownServers(filepath.Join(t.TempDir(), "known_servers"))
	first, second := newIdentity(t), newIdentity(t)
	srv, tr := sealedServer(t, "127.0.0.1:0", first)
	addr := tr.Addr()
	join := func(t *testing.T, srv *server.Runtime, code string) *client.Runtime {
		rt, err := client.Dial(code, client.Config{Content: builtinContent, Name: "Mirela", KnownServers: known})
		require.NoError(t, err)
		t.Cleanup(rt.Close)
		play(srv, func() bool { return rt.State() == client.StatePlaying || rt.State() == client.StateFailed }, rt)
		return rt
	}
	t.Run("the first join pins the server's key", func(t *testing.T) {
		rt := join(t, srv, addr)
		require.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
		fp, err := known.Pinned(addr)
		require.NoError(t, err)
		assert.Equal(t, first.Fingerprint(), fp)
	})
	tr.Close()

	srv, tr = sealedServer(t, addr, second) // the same address, another key
	defer tr.Close()
	t.Run("a changed key is refused in words", func(t *testing.T) {
		rt := join(t, srv, addr)
		require.Equal(t, client.StateFailed, rt.State())
		assert.Contains(t, rt.Err().Error(), "this server's identity changed since you last joined")
		assert.Contains(t, rt.Err().Error(), second.Fingerprint())
	})
	t.Run("a join code with another server's fingerprint is refused", func(t *testing.T) {
		rt := join(t, srv, addr+"/"+first.Fingerprint())
		require.Equal(t, client.StateFailed, rt.State())
		assert.Contains(t, rt.Err().Error(), "not the one the join code names")
	})
	t.Run("the server's own join code gets in", func(t *testing.T) {
		rt := join(t, srv, seal.JoinCode(addr, second.Public))
		assert.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
	})
	t.Run("a join code with a garbled fingerprint is refused before dialling", func(t *testing.T) {
		_, err := client.Dial(addr+"/nope", client.Config{Content: builtinContent, Name: "Mirela"})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "not a join code: ")
	})
}

// A server's door answers a knock of another protocol version with its
// own, in one datagram shorter than the knock, and the player reads both
// versions; nothing of the session is made.
func TestAKnockOfAnotherVersionIsAnsweredInWords(t *testing.T) {
	content, err := levels.LoadContent()
	require.NoError(t, err)
	hub, err := levels.LoadMap("hub", content)
	require.NoError(t, err)
	tr, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: wire.ReliableChannels(),
		Unordered: wire.UnorderedChannels(), Version: wire.ProtocolVersion})
	require.NoError(t, err)
	srv, err := server.New(server.Config{Content: content, Map: hub, Seed: 3}, tr)
	require.NoError(t, err)
	defer tr.Close()
	rt, err := client.Dial(tr.Addr(), client.Config{Content: builtinContent, Name: "time-traveller", ProtocolVersion: wire.ProtocolVersion + 1})
	require.NoError(t, err)
	defer rt.Close()
	play(srv, func() bool { return rt.State() == client.StateFailed }, rt)
	require.Equal(t, client.StateFailed, rt.State())
	assert.Contains(t, rt.Err().Error(), fmt.Sprintf("server speaks protocol %d, client speaks %d", wire.ProtocolVersion, wire.ProtocolVersion+1))
	assert.Zero(t, tr.WireStats().SealSessions, "no session for a client of another version")
}
