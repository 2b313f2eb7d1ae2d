package client

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
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
		if server%game.SnapshotInterval == 0 {
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

func TestTheLeadShrinksByHoldingBackAFrame(t *testing.T) {
	var c leadController
	c.onSnapshot(100, 0, 0) // synced: lead 1 on a listen server
	first, n := c.take()
	require.Equal(t, uint32(101), first)
	require.Equal(t, 1, n)
	c.next += 10 // the lead has drifted far too long
	c.onSnapshot(101, 101, 0)
	_, n = c.take()
	require.Zero(t, n, "one frame is held back")
	_, n = c.take()
	require.Equal(t, 1, n, "and the next goes out as usual")
}
