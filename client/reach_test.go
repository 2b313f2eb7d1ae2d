package client

import (
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddressesAreCheckedInWords(t *testing.T) {
	cases := []struct {
		name, addr, want string
	}{
		{"an address without a port says how to write one", "192.168.1.20", "write the host, a colon and the port"},
		{"a port that is not a number is named", "127.0.0.1:abc", "the port must be a number from 1 to 65535"},
		{"port zero is no port", "127.0.0.1:0", "the port must be a number from 1 to 65535"},
		{"a port past 65535 is no port", "127.0.0.1:70000", "the port must be a number from 1 to 65535"},
		{"no host at all is said", ":7777", "has no host"},
		{"a garbled join code says what a code looks like", "127.0.0.1:7777/nope", "a slash and 32 letters and digits"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Dial(c.addr, Config{Content: builtin(t), Name: "Ada"})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "enet")
			assert.NotContains(t, err.Error(), "transport")
		})
	}
}

// closedPort is a loopback UDP port nothing listens on: one just let go.
func closedPort(t *testing.T) string {
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	port := c.LocalAddr().(*net.UDPAddr).Port
	require.NoError(t, c.Close())
	return "127.0.0.1:" + strconv.Itoa(port)
}

func TestJoiningAClosedPortIsToldAtOnce(t *testing.T) {
	addr := closedPort(t)
	rt, err := Dial(addr, Config{Content: builtin(t), Name: "Ada"})
	require.NoError(t, err)
	defer rt.Close()
	deadline := time.Now().Add(5 * time.Second)
	for rt.State() != StateFailed && time.Now().Before(deadline) {
		rt.Receive()
		rt.Frame(Intent{})
		time.Sleep(10 * time.Millisecond)
	}
	require.Equal(t, StateFailed, rt.State(), "the join ends long before the handshake's own timeout")
	assert.Contains(t, rt.Err().Error(), "nothing is listening on port")
	assert.Contains(t, rt.Err().Error(), "check the port number")
}

func TestAServerThatOpensItsPortAMomentLateIsWaitedFor(t *testing.T) {
	addr := closedPort(t)
	rt, err := Dial(addr, Config{Content: builtin(t), Name: "Ada"})
	require.NoError(t, err)
	defer rt.Close()
	time.Sleep(probeGap / 2)
	late, err := net.ListenPacket("udp", addr) // bound: the network no longer refuses
	require.NoError(t, err)
	defer late.Close()
	for range 2 * probeRefusals {
		rt.Receive()
		rt.Frame(Intent{})
		time.Sleep(probeGap / 2)
	}
	assert.Equal(t, StateConnecting, rt.State(), "still joining: the handshake's own timeout decides, %v", rt.Err())
}

func TestRefusalsInWords(t *testing.T) {
	cases := []struct{ name, reason, want string }{
		{"an older game is told to update", "server speaks protocol 14, client speaks 13",
			"it runs another version of Duskfall (protocol 14, this game 13); this game is the older: update Duskfall"},
		{"a newer game is told its friend must update", "server speaks protocol 12, client speaks 14",
			"it runs another version of Duskfall (protocol 12, this game 14); this game is the newer: your friend needs to update Duskfall"},
		{"any other reason is the server's own words", "the server is full (6 players)", "the server is full (6 players)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, refusalWords(c.reason)) })
	}
}
