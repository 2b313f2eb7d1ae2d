package client

import (
	"time"

	"duskfall/net/transport"
	"duskfall/net/wire"
)

// The round trip. The lead (lead.go) and the HUD need the round trip to the
// server. ENet measures one from the acknowledgements of what the client
// sends reliably, but a playing client sends nothing reliable: ENet would
// ping every 500 ms for a figure, and the server would spend two datagrams
// a second, headers and seal, acknowledging the pings (about 110 B/s of
// the reference peak's budget). The server measures the same round trip
// from the client's acknowledgements of the events that ride nearly every
// snapshot, twenty samples a second, and tells it once a second in a
// RoundTrip. A client that has heard one takes the server's figure and
// lets ENet ping only every playingPingEvery, a sign of life that backs up
// the snapshots; back on the roster, where the server sends nothing
// unasked, ENet's pings are the only sign of life, so they resume
// (docs/NETCODE.md, "The round trip").

// playingPingEvery is how long ENet lets the server go unacknowledged
// before pinging it while the client plays and is told its round trip:
// the quiet limit of the snapshots (QuietLimitPlaying) notices a dead
// server first; this keeps ENet's own give-up (dialTimeout) working too.
const playingPingEvery = 10 * time.Second

// pinger is a transport whose pings can be spaced out (ENet's; the
// in-process link has none).
type pinger interface {
	PingEvery(time.Duration)
}

// roundTrip is what the server last said of the round trip. While told,
// the transport's pings are spaced out (playingPingEvery).
type roundTrip struct {
	told  bool
	value time.Duration
}

// onRoundTrip takes the server's figure while playing; the first one
// spaces out the transport's pings.
func (r *Runtime) onRoundTrip(b []byte) error {
	rt, err := wire.ParseRoundTrip(b)
	if err != nil {
		return err
	}
	if r.state != StatePlaying {
		return nil // late from a world left behind: the roster pings again
	}
	if p, ok := r.tr.(pinger); ok && !r.rtt.told {
		p.PingEvery(playingPingEvery)
	}
	r.rtt.told, r.rtt.value = true, time.Duration(rt.Millis)*time.Millisecond
	return nil
}

// pingAgain forgets the server's figure and restores the transport's own
// pings: for a client leaving its world for the roster.
func (r *Runtime) pingAgain() {
	if p, ok := r.tr.(pinger); ok && r.rtt.told {
		p.PingEvery(0)
	}
	r.rtt = roundTrip{}
}

// roundTrip is the round trip to use: the server's figure while the client
// plays and has been told one, the transport's otherwise.
func (r *Runtime) roundTrip(st transport.PeerStats) time.Duration {
	if r.rtt.told {
		return r.rtt.value
	}
	return st.RTT
}
