package enet

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"net"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/seal"
)

func newDoor(t *testing.T) *Host {
	t.Helper()
	addr, err := NewAddress("127.0.0.1", 0)
	require.NoError(t, err)
	cfg := DefaultHostConfig()
	cfg.Door = true
	h, err := NewHost(&addr, cfg)
	require.NoError(t, err)
	t.Cleanup(h.Destroy)
	return h
}

func mustAddr(t *testing.T, ip string, port uint16) Address {
	t.Helper()
	a, err := NewAddress(ip, port)
	require.NoError(t, err)
	return a
}

func TestDoorCookie(t *testing.T) {
	door := newDoor(t)
	src := mustAddr(t, "127.0.1.7", 40000)
	epoch := door.doorEpoch()
	mac, ok := door.doorMAC(epoch, src)
	require.True(t, ok)

	tests := []struct {
		name  string
		epoch uint32
		src   Address
		same  bool
	}{
		{"the same address and port make the same cookie", epoch, src, true},
		{"another port makes another cookie", epoch, mustAddr(t, "127.0.1.7", 40001), false},
		{"another address makes another cookie", epoch, mustAddr(t, "127.0.1.8", 40000), false},
		{"another epoch makes another cookie", epoch - 1, src, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := door.doorMAC(tt.epoch, tt.src)
			require.True(t, ok)
			assert.Equal(t, tt.same, got == mac)
		})
	}
	t.Run("an epoch the door never reached has no cookie", func(t *testing.T) {
		_, ok := door.doorMAC(epoch+1, src)
		assert.False(t, ok)
	})
	t.Run("a cookie of the epoch before is still good after one rotation", func(t *testing.T) {
		require.NoError(t, door.RotateDoor())
		got, ok := door.doorMAC(epoch, src)
		require.True(t, ok)
		assert.Equal(t, mac, got)
		fresh, ok := door.doorMAC(epoch+1, src)
		require.True(t, ok)
		assert.NotEqual(t, mac, fresh, "the new epoch has a new secret")
	})
	t.Run("a cookie two rotations old is refused", func(t *testing.T) {
		require.NoError(t, door.RotateDoor())
		_, ok := door.doorMAC(epoch, src)
		assert.False(t, ok)
	})
	t.Run("another door's secret makes another cookie", func(t *testing.T) {
		other := newDoor(t)
		got, ok := other.doorMAC(other.doorEpoch(), src)
		require.True(t, ok)
		assert.NotEqual(t, mac, got)
	})
	t.Run("a host without a door cannot rotate", func(t *testing.T) {
		assert.ErrorIs(t, newServer(t).RotateDoor(), ErrConfig)
	})
	t.Run("a door host with more slots than the door allows is refused", func(t *testing.T) {
		cfg := DefaultHostConfig()
		cfg.Door, cfg.PeerCount = true, DoorMaxPeers+1
		_, err := NewHost(nil, cfg)
		assert.ErrorIs(t, err, ErrConfig)
	})
}

func TestSipHashMatchesTheReferenceVector(t *testing.T) {
	// The reference's test vector: key 00..0f, message 00..0e (15 bytes).
	var key [16]byte
	msg := make([]byte, 15)
	for i := range key {
		key[i] = byte(i)
	}
	for i := range msg {
		msg[i] = byte(i)
	}
	assert.Equal(t, uint64(0xa129ca6149be45e5), sipHash(key, msg))
}

// wireClient is a raw UDP socket: a stand-in for anything on the network.
type wireClient struct {
	t    *testing.T
	door *Host
	conn *net.UDPConn
}

func newWireClient(t *testing.T, door *Host, ip string) *wireClient {
	t.Helper()
	conn, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.ParseIP(ip)})
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return &wireClient{t: t, door: door, conn: conn}
}

// send sends b to the door and services it for wait, returning the first
// datagram that comes back (nil for none).
func (c *wireClient) send(b []byte, wait time.Duration) []byte {
	c.t.Helper()
	to := c.door.Address()
	ip := to.IP()
	_, err := c.conn.WriteToUDP(b, &net.UDPAddr{IP: net.IP(ip[:]), Port: int(to.Port())})
	require.NoError(c.t, err)
	buf := make([]byte, 2048)
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		_, err := c.door.Service(1)
		require.NoError(c.t, err)
		c.conn.SetReadDeadline(time.Now().Add(time.Millisecond))
		n, _, err := c.conn.ReadFromUDP(buf)
		if err == nil {
			return buf[:n]
		}
		require.True(c.t, errors.Is(err, os.ErrDeadlineExceeded), "%v", err)
	}
	return nil
}

func knock(nonce uint32) []byte {
	b := make([]byte, DoorKnockLen)
	copy(b, "DKNK")
	binary.BigEndian.PutUint32(b[4:], nonce)
	return b
}

func proof(epoch uint32, mac uint64) []byte {
	b := make([]byte, DoorProofLen)
	copy(b, "DKPR")
	binary.BigEndian.PutUint32(b[4:], epoch)
	binary.BigEndian.PutUint64(b[8:], mac)
	return b
}

// proofOf is the proof that returns a cookie (its epoch and MAC as sent).
func proofOf(cookie []byte) []byte {
	b := make([]byte, DoorProofLen)
	copy(b, "DKPR")
	copy(b[4:], cookie)
	return b
}

// connectDatagram is an ENet CONNECT as a client sends it uncompressed:
// the header addressed to no peer (0xFFF) with a sent time, one command.
func connectDatagram(connectID uint32) []byte {
	b := make([]byte, 52)
	binary.BigEndian.PutUint16(b[0:], 0xFFF|0x8000)
	binary.BigEndian.PutUint16(b[2:], 1)
	b[4], b[5] = 2|0x80, 0xFF // CONNECT, acknowledge; no channel
	binary.BigEndian.PutUint16(b[6:], 1)
	binary.BigEndian.PutUint16(b[8:], 0) // the sender's peer
	b[10], b[11] = 0xFF, 0xFF
	binary.BigEndian.PutUint32(b[12:], 1392)  // MTU
	binary.BigEndian.PutUint32(b[16:], 32768) // window
	binary.BigEndian.PutUint32(b[20:], 4)     // channels
	binary.BigEndian.PutUint32(b[32:], 5000)  // throttle interval
	binary.BigEndian.PutUint32(b[36:], 2)
	binary.BigEndian.PutUint32(b[40:], 2)
	binary.BigEndian.PutUint32(b[44:], connectID)
	return b
}

func TestTheDoorOnTheWire(t *testing.T) {
	const wait = 150 * time.Millisecond
	t.Run("a knock is answered with a cookie no longer than the knock", func(t *testing.T) {
		door := newDoor(t)
		c := newWireClient(t, door, "127.0.0.1")
		reply := c.send(knock(0xC0FFEE), wait)
		require.NotNil(t, reply)
		assert.Len(t, reply, DoorCookieLen)
		assert.LessOrEqual(t, len(reply), DoorKnockLen)
		assert.Equal(t, "DKCK", string(reply[:4]))
		assert.Equal(t, uint32(0xC0FFEE), binary.BigEndian.Uint32(reply[4:]), "the nonce comes back")
		local := c.conn.LocalAddr().(*net.UDPAddr)
		mac, ok := door.doorMAC(binary.BigEndian.Uint32(reply[8:]), mustAddr(t, "127.0.0.1", uint16(local.Port)))
		require.True(t, ok)
		assert.Equal(t, mac, binary.BigEndian.Uint64(reply[12:]), "the cookie is the MAC of the knocking address and port")
		assert.EqualValues(t, 1, door.DoorStats().Knocks)
	})
	malformed := []struct {
		name string
		b    []byte
	}{
		{"a knock one byte short", knock(1)[:DoorKnockLen-1]},
		{"a knock one byte long", append(knock(1), 0)},
		{"a knock padded to 1,200 bytes", append(knock(1), make([]byte, 1200-DoorKnockLen)...)},
		{"a cookie sent to the server", append([]byte("DKCK"), make([]byte, DoorCookieLen-4)...)},
		{"a proof one byte short", proof(1, 1)[:DoorProofLen-1]},
		{"an unknown door word", append([]byte("DKXX"), make([]byte, 28)...)},
	}
	for _, tt := range malformed {
		t.Run(tt.name+" is dropped without a reply", func(t *testing.T) {
			door := newDoor(t)
			c := newWireClient(t, door, "127.0.0.1")
			assert.Nil(t, c.send(tt.b, wait))
			st := door.DoorStats()
			assert.EqualValues(t, 1, st.Malformed)
			assert.Zero(t, st.Knocks)
			assert.Zero(t, st.Proven)
		})
	}
	t.Run("a connect from a source that proved nothing is dropped and counted", func(t *testing.T) {
		door := newDoor(t)
		c := newWireClient(t, door, "127.0.1.9")
		assert.Nil(t, c.send(connectDatagram(1), wait), "ENet never saw it, so never answered")
		assert.EqualValues(t, 1, door.DoorStats().Dropped)
	})
	t.Run("a proof with a wrong cookie lets nothing in", func(t *testing.T) {
		door := newDoor(t)
		c := newWireClient(t, door, "127.0.0.1")
		assert.Nil(t, c.send(proof(door.doorEpoch(), 12345), wait))
		assert.Nil(t, c.send(connectDatagram(2), wait))
		st := door.DoorStats()
		assert.EqualValues(t, 1, st.Refused)
		assert.EqualValues(t, 1, st.Dropped)
	})
	t.Run("another source's cookie lets nothing in", func(t *testing.T) {
		door := newDoor(t)
		honest := newWireClient(t, door, "127.0.0.1")
		reply := honest.send(knock(7), wait)
		require.Len(t, reply, DoorCookieLen)
		forger := newWireClient(t, door, "127.0.1.10")
		assert.Nil(t, forger.send(proofOf(reply[8:]), wait))
		assert.Nil(t, forger.send(connectDatagram(3), wait))
		assert.EqualValues(t, 1, door.DoorStats().Refused)
	})
	t.Run("a source that sends its cookie back is let in", func(t *testing.T) {
		door := newDoor(t)
		c := newWireClient(t, door, "127.0.0.1")
		reply := c.send(knock(9), wait)
		require.Len(t, reply, DoorCookieLen)
		assert.Nil(t, c.send(proofOf(reply[8:]), wait), "a proof has no reply")
		verify := c.send(connectDatagram(4), wait)
		require.NotNil(t, verify, "ENet answered the connect")
		assert.Equal(t, byte(3), verify[4]&0x0F, "with a VERIFY_CONNECT")
		st := door.DoorStats()
		assert.EqualValues(t, 1, st.Proven)
		assert.Zero(t, st.Dropped)
	})
	t.Run("a cookie two rotations old is refused", func(t *testing.T) {
		door := newDoor(t)
		c := newWireClient(t, door, "127.0.0.1")
		reply := c.send(knock(9), wait)
		require.Len(t, reply, DoorCookieLen)
		require.NoError(t, door.RotateDoor())
		require.NoError(t, door.RotateDoor())
		assert.Nil(t, c.send(proofOf(reply[8:]), wait))
		assert.Nil(t, c.send(connectDatagram(5), wait))
		assert.EqualValues(t, 1, door.DoorStats().Refused)
	})
}

func TestAClientThatKnocksConnectsThroughTheDoor(t *testing.T) {
	door := newDoor(t)
	cli, err := NewHost(nil, DefaultHostConfig())
	require.NoError(t, err)
	defer cli.Destroy()
	to := mustAddr(t, "127.0.0.1", door.Address().Port())
	require.NoError(t, cli.Knock(to))
	proven := false
	for deadline := time.Now().Add(2 * time.Second); !proven && time.Now().Before(deadline); {
		_, err := door.Service(1)
		require.NoError(t, err)
		_, err = cli.Service(1)
		require.NoError(t, err)
		proven, err = cli.Prove(to)
		require.NoError(t, err)
	}
	require.True(t, proven, "the cookie came back")
	_, err = cli.Connect(to, 4, 42)
	require.NoError(t, err)
	var data uint32
	connected := false
	for deadline := time.Now().Add(2 * time.Second); !connected && time.Now().Before(deadline); {
		ev, err := door.Service(1)
		require.NoError(t, err)
		connected, data = ev.Type == EventConnect, ev.Data
		_, err = cli.Service(1)
		require.NoError(t, err)
	}
	require.True(t, connected, "the server took the connection")
	assert.EqualValues(t, 42, data)
	assert.Zero(t, door.DoorStats().Dropped)
}

func TestAClientThatDoesNotKnockNeverGetsASlot(t *testing.T) {
	door := newDoor(t)
	cli, err := NewHost(nil, DefaultHostConfig())
	require.NoError(t, err)
	defer cli.Destroy()
	to := mustAddr(t, "127.0.0.1", door.Address().Port())
	_, err = cli.Connect(to, 4, 42)
	require.NoError(t, err)
	for deadline := time.Now().Add(300 * time.Millisecond); time.Now().Before(deadline); {
		ev, err := door.Service(1)
		require.NoError(t, err)
		require.Equal(t, EventNone, ev.Type)
		_, err = cli.Service(1)
		require.NoError(t, err)
	}
	assert.Positive(t, door.DoorStats().Dropped)
}

// BenchmarkDoorMAC is the price of one cookie: what a knock or a proof
// costs the door, a cgo call and a lock included.
func BenchmarkDoorMAC(b *testing.B) {
	addr, err := NewAddress("127.0.0.1", 0)
	require.NoError(b, err)
	cfg := DefaultHostConfig()
	cfg.Door = true
	door, err := NewHost(&addr, cfg)
	require.NoError(b, err)
	defer door.Destroy()
	src := Address{ip: [4]byte{127, 0, 1, 7}, port: 40000}
	e := door.doorEpoch()
	for b.Loop() {
		door.doorMAC(e, src)
	}
}

// newSealedDoor is a door host that seals its sessions.
func newSealedDoor(t *testing.T) *Host {
	t.Helper()
	addr, err := NewAddress("127.0.0.1", 0)
	require.NoError(t, err)
	id, err := seal.NewIdentity(rand.Reader)
	require.NoError(t, err)
	cfg := DefaultHostConfig()
	cfg.Door = true
	cfg.Seal = &SealConfig{Identity: &id}
	h, err := NewHost(&addr, cfg)
	require.NoError(t, err)
	t.Cleanup(h.Destroy)
	return h
}

// sealedProofOf is the proof that returns a cookie with the client's key.
func sealedProofOf(cookie []byte, key [seal.KeyLen]byte) []byte {
	b := proofOf(cookie)
	copy(b[4+len(cookie):], key[:])
	return b
}

func TestASealedDoorAnswersAProofSentAgain(t *testing.T) {
	const wait = 150 * time.Millisecond
	door := newSealedDoor(t)
	c := newWireClient(t, door, "127.0.0.1")
	cookie := c.send(knock(11), wait)
	require.Len(t, cookie, DoorCookieLen)
	cli, err := seal.NewClient(rand.Reader)
	require.NoError(t, err)
	p := sealedProofOf(cookie[8:], cli.Key())

	first := c.send(p, wait)
	require.Len(t, first, seal.HelloLen, "the proof is answered with the session's hello")
	// That hello is lost on its way: the client proves again, from the
	// address that now has a session, and must hear the same hello.
	again := c.send(p, wait)
	require.Len(t, again, seal.HelloLen, "a proof sent again is answered, not taken for a forged datagram")
	assert.Equal(t, first, again)
	var ck [seal.CookieLen]byte
	copy(ck[:], cookie[8:])
	_, _, err = cli.Finish(again, ck, nil)
	require.NoError(t, err, "the hello sent again finishes the handshake")
	st := door.SealStats()
	assert.Zero(t, st.Forged, "a proof is the door's, not a forgery")
	assert.Equal(t, 1, st.Sessions)
}
