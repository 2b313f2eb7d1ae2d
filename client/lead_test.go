package client

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/net/wire"
)

// A client whose frames do not keep the server's pace (a frame dropped
// every seventh tick, as a loaded machine does) keeps its lead in band
// without ever leaving a gap in its numbering: every tick the server
// simulates has the client's own frame, so prediction and server agree.
func TestTheLeadFollowsAnUnevenClockWithoutGaps(t *testing.T) {
	const rtt = 6.0 // ticks
	var c leadController
	sent := map[uint32]int{}
	type snap struct{ tick, ack, arrive uint32 }
	var inFlight []snap
	var acked uint32
	for server := uint32(1); server <= 3000; server++ {
		if sent[server] > 0 {
			acked = server // the server consumed the frame numbered for this tick
		}
		if server%wire.SnapshotInterval == 0 {
			inFlight = append(inFlight, snap{server, acked, server + rtt/2})
		}
		for len(inFlight) > 0 && inFlight[0].arrive <= server {
			c.onSnapshot(inFlight[0].tick, inFlight[0].ack, rtt)
			inFlight = inFlight[1:]
		}
		frames := 1
		if server%7 == 0 {
			frames = 0 // the client missed a frame
		}
		for range frames {
			first, n := c.take()
			for i := range n {
				sent[first+uint32(i)]++
			}
		}
	}
	lo, hi := uint32(1<<31), uint32(0)
	for n, times := range sent {
		require.Equal(t, 1, times, "frame %d sent once", n)
		lo, hi = min(lo, n), max(hi, n)
	}
	gaps := 0
	for n := lo; n <= hi; n++ {
		if sent[n] == 0 {
			gaps++
		}
	}
	require.LessOrEqual(t, gaps, 0, "numbers %d..%d have %d gaps", lo, hi, gaps)
	require.Less(t, c.resyncs, 3, "the lead was kept without repeated re-syncs")
}

func TestTheLeadShrinksByHoldingBackFramesEveryOtherUpdate(t *testing.T) {
	var c leadController
	c.onSnapshot(100, 0, 0) // synced: lead 1 on a listen server
	first, n := c.take()
	require.Equal(t, uint32(101), first)
	require.Equal(t, 1, n)
	c.next += 6 // the lead has drifted far too long
	server := uint32(101)
	var held []bool
	for range 14 {
		if server%3 == 0 {
			c.onSnapshot(server, server, 0)
		}
		_, n := c.take()
		held = append(held, n == 0)
		server++
	}
	require.Equal(t, []bool{false, true, false, true, false, true, false, true, false, true,
		false, true, false, false}, held,
		"a frame is held every other update until the six extra ticks are gone")
	require.Equal(t, uint32(1), c.next-c.est, "and the lead is the one wanted")
}

// The estimate follows the server both ways: a snapshot stream that jumps
// back (a stalled server that resumes without catching up) or forward
// moves it once two snapshots agree, and a single odd one does not.
func TestTheEstimateFollowsTheServerBothWays(t *testing.T) {
	cases := []struct {
		name  string
		jump  int32
		times int
		moved bool
	}{
		{"a server 30 ticks behind moves it back", -30, 2, true},
		{"a server 30 ticks ahead moves it forward", 30, 2, true},
		{"one odd snapshot does not", -30, 1, false},
		{"jitter of a tick does not jump it", -1, 5, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c leadController
			server := uint32(1000)
			step := func(n int) {
				for range n {
					c.take()
					server++
					if server%3 == 0 {
						c.onSnapshot(server, server, 0)
					}
				}
			}
			step(300)
			require.Equal(t, server, c.est)
			server = uint32(int32(server) + tc.jump)
			for range tc.times {
				c.take()
				server += 3
				c.onSnapshot(server, server, 0)
			}
			jumps := c.jumps
			if tc.moved {
				require.Equal(t, 1, jumps)
				require.Equal(t, server, c.est, "the estimate is the server's tick again")
			} else {
				require.Zero(t, jumps)
			}
		})
	}
}
