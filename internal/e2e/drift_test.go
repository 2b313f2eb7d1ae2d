package e2e

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server"
)

// lagLink is an in-memory link whose packets take oneWay ticks of virtual
// time each way: the drift diagnostic steps client, server and link by hand,
// so a stall or a clock error lands on an exact tick and the run repeats.
type lagLink struct {
	now      int
	oneWay   int
	srv      *transport.LocalServer
	cli      *transport.LocalClient
	toClient []lagged
	toServer []lagged
	// Faults of the client's way to the server: its input packets lost
	// (inputLost), or all its packets slower by upSlower ticks than the
	// round trip the server reports.
	inputLost bool
	upSlower  int
}

type lagged struct {
	due  int
	peer transport.PeerID
	ch   uint8
	data []byte
}

// deliver hands over every packet whose time has come, then moves the
// clock one tick.
func (l *lagLink) advance() {
	l.now++
	l.toClient = l.flush(l.toClient, func(p lagged) { l.srv.Send(p.peer, p.ch, p.data) })
	l.toServer = l.flush(l.toServer, func(p lagged) { l.cli.Send(p.ch, p.data) })
}

func (l *lagLink) flush(q []lagged, send func(lagged)) []lagged {
	kept := q[:0]
	for _, p := range q {
		if p.due <= l.now {
			send(p)
			continue
		}
		kept = append(kept, p)
	}
	return kept
}

// lagServer is the server's end: its sends wait on the link.
type lagServer struct {
	*transport.LocalServer
	l *lagLink
}

func (s lagServer) Send(peer transport.PeerID, ch uint8, data []byte) {
	s.l.toClient = append(s.l.toClient, lagged{s.l.now + s.l.oneWay, peer, ch, slices.Clone(data)})
}

// Stats reports the link's round trip as ENet would: the server tells it
// to the playing client (RoundTrip), which numbers its frames by it.
func (s lagServer) Stats(peer transport.PeerID) transport.PeerStats {
	st := s.LocalServer.Stats(peer)
	st.RTT = s.l.roundTrip()
	return st
}

// lagClient is the client's end: its sends wait on the link, and it
// reports the link's round trip as ENet would.
type lagClient struct {
	*transport.LocalClient
	l *lagLink
}

func (c lagClient) Send(ch uint8, data []byte) {
	if c.l.inputLost && ch == wire.ChanInput {
		return
	}
	c.l.toServer = append(c.l.toServer, lagged{c.l.now + c.l.oneWay + c.l.upSlower, 0, ch, slices.Clone(data)})
}

func (c lagClient) Stats() transport.PeerStats {
	st := c.LocalClient.Stats()
	st.RTT = c.l.roundTrip()
	return st
}

func (l *lagLink) roundTrip() time.Duration {
	return time.Duration(2*l.oneWay) * time.Second / game.TickRate
}

// refusals counts the frames the server refused for any reason.
func refusals(s *server.Runtime) int {
	c := s.Counters()
	return c.InputReplay + c.InputStale + c.InputFuture + c.InputFlood
}

// TestClockDriftHeals runs a client and a server over a 100 ms round trip
// and injects, mid-run, a +14 and a −14 tick error into the client's clock
// (its estimate and its frame numbering), a 300 ms server stall after
// which the server resumes without catching up (what a dedicated server
// more than 250 ms late does, and a listen host after a hitch), and a 300
// ms stall after which it catches up, and a 900 ms stall, longer than the
// server's input window. After each, within 2 s, the gap
// between the ship's tick and the server's must be back to what it was,
// the server must be consuming the client's frame on every tick, and no
// frame may be refused from then on; the clock errors and the first stall
// must cost no refused frame at all.
func TestClockDriftHeals(t *testing.T) {
	content, err := levels.LoadContent()
	require.NoError(t, err)
	arena, err := levels.LoadMap("arena", content)
	require.NoError(t, err)
	ls, lc := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	link := &lagLink{oneWay: 3, srv: ls, cli: lc}
	srv, err := server.New(server.Config{Content: content, Map: arena, Seed: 5}, lagServer{ls, link})
	require.NoError(t, err)
	cli := client.New(lagClient{lc, link}, client.Config{Content: builtinContent, Name: "drifter"})

	const second = game.TickRate
	type fault struct {
		at     int
		name   string
		inject func()
		free   bool // must cost no refused frame at all
	}
	stallFor, catchUp := 0, 0
	faults := []fault{
		{10 * second, "+14 ticks of clock drift", func() { cli.ShiftClock(14) }, true},
		{20 * second, "-14 ticks of clock drift", func() { cli.ShiftClock(-14) }, true},
		{30 * second, "a 300 ms stall the server does not catch up", func() { stallFor = 18 }, true},
		{40 * second, "a 300 ms stall the server catches up", func() { stallFor, catchUp = 18, 18 }, false},
		{50 * second, "a 900 ms stall the server does not catch up", func() { stallFor = 54 }, true},
	}
	end := 60 * second
	gap := make([]int, end)
	onTime := make([]bool, end)
	refused := make([]int, end)
	for k := range end {
		for _, f := range faults {
			if f.at == k {
				f.inject()
			}
		}
		a := float64(k) / 40
		cli.Frame(client.Intent{MoveX: math.Cos(a), MoveY: math.Sin(a), Aim: a})
		switch {
		case stallFor > 0:
			stallFor--
		case catchUp > 0:
			for range catchUp + 1 {
				srv.Step()
			}
			catchUp = 0
		default:
			srv.Step()
		}
		link.advance()
		if w := srv.World(cli.PlayerID()); w != nil {
			gap[k] = int(int32(cli.ShipTick() - w.Tick()))
			onTime[k] = w.LastInputTick(cli.PlayerID()) == w.Tick()
		}
		refused[k] = refusals(srv)
	}
	require.Equal(t, client.StatePlaying, cli.State())
	settled := gap[5*second : 10*second]
	base := slices.Max(settled)
	require.Equal(t, slices.Min(settled), base, "before any fault the gap is steady")
	t.Logf("steady gap %d ticks (one way %d ticks)", base, link.oneWay)

	for i, f := range faults {
		t.Run("the client heals after "+f.name, func(t *testing.T) {
			healed := f.at + 2*second
			next := end
			if i+1 < len(faults) {
				next = faults[i+1].at
			}
			t.Logf("gap at the fault %d, 1 s later %d, 2 s later %d; refused %d frames",
				gap[f.at], gap[f.at+second], gap[healed], refused[next-1]-refused[f.at-1])
			for k := healed; k < next; k++ {
				require.InDelta(t, base, gap[k], 1, "tick %d: the gap is back to normal", k)
				require.True(t, onTime[k], "tick %d: the server consumed the client's frame", k)
			}
			require.Equal(t, refused[healed], refused[next-1], "no frame refused once healed")
			if f.free {
				require.Equal(t, refused[f.at-1], refused[next-1], "no frame refused at all")
			}
		})
	}
	st := cli.Stats()
	t.Logf("resyncs %d, clock jumps %d, held frames %d, corrections %d (snaps %d)",
		st.Resyncs, st.ClockJumps, st.HeldFrames, st.Corrections, st.Snaps)
}

// TestAFrozenAcknowledgementHealsTheLead freezes the acknowledgements a
// client receives for its input and checks that the ack-stall backstop
// heals the lead, as TestClockDriftHeals does for clocks. In the first
// cases the client's input packets are lost for a while (an uplink that
// drops out), so the server uses none of its frames and every snapshot's
// acknowledgement stands still: every snapshot also reads as a frame come
// too late, and the margin grows. The frames were missing, not late, so
// once the backstop fires the lead must be back to its steady length, and
// stay there: before the backstop weighed what the server heard, a second
// lost left the lead 6 ticks (100 ms) long for 20 s and more. In the last
// case the frames arrive, but later than the round trip the client was
// told says: they are late, and the grown margin must stay, or the
// server would never use a frame on time again.
func TestAFrozenAcknowledgementHealsTheLead(t *testing.T) {
	const second = game.TickRate
	lose := func(l *lagLink, on bool) { l.inputLost = on }
	cases := []struct {
		name   string
		oneWay int // ticks
		fault  func(l *lagLink, on bool)
		lasts  int  // ticks; 0 for a fault that stays
		steady bool // the lead heals back to its length before the fault
	}{
		{"input lost for a second at 100 ms", 3, lose, second, true},
		{"input lost for 3 s at 100 ms, longer than the deltas' ring", 3, lose, 3 * second, true},
		{"input lost for a second at 300 ms", 9, lose, second, true},
		{"frames 133 ms later than the round trip says, at 200 ms", 6, func(l *lagLink, on bool) { l.upSlower = 8 }, 0, false},
	}
	for _, tc := range cases {
		t.Run("the lead heals after "+tc.name, func(t *testing.T) {
			content, err := levels.LoadContent()
			require.NoError(t, err)
			arena, err := levels.LoadMap("arena", content)
			require.NoError(t, err)
			ls, lc := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
			link := &lagLink{oneWay: tc.oneWay, srv: ls, cli: lc}
			srv, err := server.New(server.Config{Content: content, Map: arena, Seed: 5}, lagServer{ls, link})
			require.NoError(t, err)
			cli := client.New(lagClient{lc, link}, client.Config{Content: builtinContent, Name: "frozen"})

			at, end := 10*second, 25*second
			gap := make([]int, end)
			onTime := make([]bool, end)
			var resyncsBefore int
			for k := range end {
				switch {
				case k == at:
					resyncsBefore = cli.Stats().Resyncs
					tc.fault(link, true)
				case tc.lasts > 0 && k == at+tc.lasts:
					tc.fault(link, false)
				}
				a := float64(k) / 40
				cli.Frame(client.Intent{MoveX: math.Cos(a), MoveY: math.Sin(a), Aim: a})
				srv.Step()
				link.advance()
				if w := srv.World(cli.PlayerID()); w != nil {
					gap[k] = int(int32(cli.ShipTick() - w.Tick()))
					onTime[k] = w.LastInputTick(cli.PlayerID()) == w.Tick()
				}
			}
			require.Equal(t, client.StatePlaying, cli.State())
			settled := gap[5*second : at]
			base := slices.Max(settled)
			require.Equal(t, slices.Min(settled), base, "before the fault the gap is steady")
			healed := at + tc.lasts + 2*second
			st := cli.Stats()
			t.Logf("steady gap %d ticks; at the fault %d, 1 s later %d, at its end %d, 2 s after %d, at the run's end %d; resyncs %d during the run, %d in all",
				base, gap[at], gap[at+second], gap[at+tc.lasts], gap[healed], gap[end-1], st.Resyncs-resyncsBefore, st.Resyncs)
			require.Greater(t, st.Resyncs, resyncsBefore, "the backstop fired")
			for k := healed; k < end; k++ {
				require.True(t, onTime[k], "tick %d: the server consumed the client's frame", k)
				if tc.steady {
					require.InDelta(t, base, gap[k], 1, "tick %d: the lead is back to its length", k)
				}
			}
			require.Zero(t, refusals(srv), "no frame refused")
		})
	}
}
