package enet

import (
	"crypto/rand"
	"encoding/binary"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/seal"
)

// table is a server's session table alone, on a clock the test sets.
func table(t *testing.T) *sealHost {
	t.Helper()
	id, err := seal.NewIdentity(rand.Reader)
	require.NoError(t, err)
	return &sealHost{cfg: SealConfig{Identity: &id, PerAddress: 64}, peers: map[sealAddr]*sealPeer{}, perIP: map[uint32]int{},
		unconn: unconnected{perIP: map[uint32]int{}, perNet: map[uint32]int{}}}
}

// from is a source: an IPv4 address written as four bytes, and a port.
func from(a, b, c, d byte, port uint16) sealAddr {
	return sealAddr{ip: binary.NativeEndian.Uint32([]byte{a, b, c, d}), port: port}
}

// prove makes (or finds) the session of a proof from src with a fresh key.
func prove(sh *sealHost, src sealAddr, now uint32) (uint32, error) {
	var key [seal.KeyLen]byte
	rand.Read(key[:])
	_, wait, err := sh.accept(src, [seal.CookieLen]byte{}, key, now)
	return wait, err
}

func TestSessionsThatNeverConnect(t *testing.T) {
	t.Run("one is forgotten within seconds of its last proof", func(t *testing.T) {
		sh := table(t)
		_, err := prove(sh, from(127, 0, 1, 1, 1000), 1)
		require.NoError(t, err)
		sh.sweep(1 + SealUnconnectedMs)
		assert.Len(t, sh.peers, 1, "not yet")
		sh.sweep(1 + SealUnconnectedMs + sealSweepEveryMs)
		assert.Empty(t, sh.peers)
		assert.Zero(t, sh.unconn.n)
		assert.EqualValues(t, 1, sh.stats.Expired)
	})
	t.Run("a client that proves again while it connects keeps its session", func(t *testing.T) {
		sh := table(t)
		src := from(127, 0, 1, 1, 1000)
		var key [seal.KeyLen]byte
		key[0] = 9
		for now := uint32(1); now < 3*SealUnconnectedMs; now += 250 {
			_, _, err := sh.accept(src, [seal.CookieLen]byte{}, key, now)
			require.NoError(t, err)
			sh.sweep(now + 100)
		}
		assert.Len(t, sh.peers, 1)
		assert.Zero(t, sh.stats.Expired)
	})
	t.Run("a connected one outlives the bound, and ends with its connection", func(t *testing.T) {
		sh := table(t)
		src := from(127, 0, 1, 1, 1000)
		_, err := prove(sh, src, 1)
		require.NoError(t, err)
		sh.connected(src)
		assert.Zero(t, sh.unconn.n)
		sh.sweep(10 * SealUnconnectedMs)
		require.Len(t, sh.peers, 1)
		sh.released(src)
		assert.Empty(t, sh.peers)
		assert.Empty(t, sh.perIP, "its address's budget has its place back")
	})
}

func TestASessionOfSeveralConnectionsEndsWithTheLast(t *testing.T) {
	sh := table(t)
	src := from(127, 0, 1, 1, 1000)
	_, err := prove(sh, src, 1)
	require.NoError(t, err)
	sh.connected(src)
	sh.connected(src) // a host that opened two connections from one socket
	sh.released(src)
	assert.Len(t, sh.peers, 1, "the other connection still talks through it")
	sh.released(src)
	assert.Empty(t, sh.peers)
	assert.EqualValues(t, 1, sh.stats.Ended)
}

func TestTheTableMakesRoomBeforeItRefuses(t *testing.T) {
	t.Run("an address's oldest unconnected session makes room for its next", func(t *testing.T) {
		sh := table(t)
		for i := range SealUnconnectedPerAddress {
			_, err := prove(sh, from(127, 0, 1, 1, uint16(1000+i)), uint32(1+i))
			require.NoError(t, err)
		}
		_, err := prove(sh, from(127, 0, 1, 1, 2000), 1+SealYoungMs)
		require.NoError(t, err)
		assert.Len(t, sh.peers, SealUnconnectedPerAddress)
		assert.Nil(t, sh.peers[from(127, 0, 1, 1, 1000)], "the oldest went")
		assert.NotNil(t, sh.peers[from(127, 0, 1, 1, 1001)])
		assert.EqualValues(t, 1, sh.stats.Evicted)
	})
	t.Run("one too young to evict makes the next wait, and says how long", func(t *testing.T) {
		sh := table(t)
		for i := range SealUnconnectedPerAddress {
			_, err := prove(sh, from(127, 0, 1, 1, uint16(1000+i)), 100)
			require.NoError(t, err)
		}
		wait, err := prove(sh, from(127, 0, 1, 1, 2000), 400)
		assert.ErrorIs(t, err, ErrBusy)
		assert.EqualValues(t, SealYoungMs-300, wait)
		assert.EqualValues(t, 1, sh.stats.Busy)
		assert.Zero(t, sh.stats.Evicted)
	})
	t.Run("another address of the network evicts the network's oldest", func(t *testing.T) {
		sh := table(t)
		for i := range SealUnconnectedPerNetwork {
			_, err := prove(sh, from(127, 0, 1, byte(i/4), uint16(1000+i)), uint32(1+i))
			require.NoError(t, err)
		}
		_, err := prove(sh, from(127, 0, 1, 200, 1000), 2*SealYoungMs)
		require.NoError(t, err)
		assert.Nil(t, sh.peers[from(127, 0, 1, 0, 1000)])
		assert.Equal(t, SealUnconnectedPerNetwork, sh.unconn.perNet[from(127, 0, 1, 0, 0).network()])
	})
	t.Run("another network has room of its own", func(t *testing.T) {
		sh := table(t)
		for i := range SealUnconnectedPerNetwork {
			_, err := prove(sh, from(127, 0, 1, byte(i/4), uint16(1000+i)), 5)
			require.NoError(t, err)
		}
		_, err := prove(sh, from(127, 0, 2, 1, 1000), 6)
		require.NoError(t, err)
		assert.Zero(t, sh.stats.Evicted)
		assert.Zero(t, sh.stats.Busy)
	})
	t.Run("the machine itself is held only to the total", func(t *testing.T) {
		sh := table(t)
		for i := range 3 * SealUnconnectedPerNetwork {
			_, err := prove(sh, from(127, 0, 0, 1, uint16(1000+i)), 5)
			require.NoError(t, err)
		}
		assert.Len(t, sh.peers, 3*SealUnconnectedPerNetwork)
	})
	t.Run("a full table evicts its oldest unconnected session, wherever it came from", func(t *testing.T) {
		sh := table(t)
		for i := range SealMaxUnconnected {
			_, err := prove(sh, from(127, 1, byte(i/4), byte(i%4), 1000), uint32(1+i/256))
			require.NoError(t, err)
		}
		_, err := prove(sh, from(127, 0, 0, 1, 1000), 5+SealYoungMs)
		require.NoError(t, err)
		assert.Nil(t, sh.peers[from(127, 1, 0, 0, 1000)])
		assert.Equal(t, SealMaxUnconnected, sh.unconn.n)
	})
	t.Run("a connected session is never evicted", func(t *testing.T) {
		sh := table(t)
		sh.cfg.PerAddress = 4
		for i := range 4 {
			src := from(127, 0, 1, 1, uint16(1000+i))
			_, err := prove(sh, src, 1)
			require.NoError(t, err)
			sh.connected(src)
		}
		wait, err := prove(sh, from(127, 0, 1, 1, 2000), 10*SealYoungMs)
		assert.ErrorIs(t, err, ErrBusy)
		assert.EqualValues(t, SealBusyMs, wait)
		assert.Len(t, sh.peers, 4)
	})
}

func sealedClientConfig() HostConfig {
	cfg := DefaultHostConfig()
	cfg.PeerCount, cfg.Seal = 1, &SealConfig{}
	return cfg
}

// freshKey is a client's handshake key, as a client makes one per dial.
func freshKey(t *testing.T) [seal.KeyLen]byte {
	c, err := seal.NewClient(rand.Reader)
	require.NoError(t, err)
	return c.Key()
}

func TestABusyDoorSaysSoInFewerBytesThanTheProof(t *testing.T) {
	const wait = 150 * time.Millisecond
	door := newSealedDoor(t)
	// Eight sessions that never connect, all just made, from 127.0.1.3.
	for range SealUnconnectedPerAddress {
		c := newWireClient(t, door, "127.0.1.3")
		cookie := c.send(knock(1), wait)
		require.Len(t, cookie, DoorCookieLen)
		require.Len(t, c.send(sealedProofOf(cookie[8:], freshKey(t)), wait), seal.HelloLen)
	}
	// A ninth from the same address, through a host as a client dials.
	cli, err := NewHost(&Address{ip: [4]byte{127, 0, 1, 3}}, sealedClientConfig())
	require.NoError(t, err)
	defer cli.Destroy()
	to := mustAddr(t, "127.0.0.1", door.Address().Port())
	require.NoError(t, cli.Knock(to))
	for deadline := time.Now().Add(2 * time.Second); cli.BusyFor() == 0 && time.Now().Before(deadline); {
		_, err := door.Service(1)
		require.NoError(t, err)
		_, err = cli.Service(1)
		require.NoError(t, err)
		_, err = cli.Prove(to)
		require.NoError(t, err)
	}
	busy := cli.BusyFor()
	assert.Positive(t, busy, "the door said it was busy")
	assert.LessOrEqual(t, busy, SealYoungMs*time.Millisecond, "for as long as the youngest in the way stays young")
	assert.EqualValues(t, 1, door.SealStats().Busy)

	t.Run("on the wire: the proof's cookie and the wait, 20 bytes", func(t *testing.T) {
		c := newWireClient(t, door, "127.0.1.3")
		cookie := c.send(knock(2), wait)
		require.Len(t, cookie, DoorCookieLen)
		p := sealedProofOf(cookie[8:], freshKey(t))
		reply := c.send(p, wait)
		require.Len(t, reply, DoorBusyLen)
		assert.Less(t, len(reply), len(p), "no reply larger than its cause")
		assert.Equal(t, "DKBZ", string(reply[:4]))
		assert.Equal(t, cookie[8:20], reply[4:16], "the proof's cookie comes back")
		assert.Positive(t, binary.BigEndian.Uint32(reply[16:]))
	})
	t.Run("a busy answer to another's cookie is ignored", func(t *testing.T) {
		other, err := NewHost(nil, sealedClientConfig())
		require.NoError(t, err)
		defer other.Destroy()
		require.NoError(t, other.Knock(to))
		for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); {
			_, _ = door.Service(1)
			_, _ = other.Service(1)
			if ok, _ := other.Prove(to); ok {
				break
			}
		}
		forged := make([]byte, DoorBusyLen)
		copy(forged, "DKBZ")
		binary.BigEndian.PutUint32(forged[16:], 5000)
		sock, err := net.DialUDP("udp4", nil, &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: int(other.Address().Port())})
		require.NoError(t, err)
		defer sock.Close()
		_, err = sock.Write(forged)
		require.NoError(t, err)
		for range 20 {
			_, _ = other.Service(1)
		}
		assert.Zero(t, other.BusyFor())
	})
}
