package transport

import (
	"crypto/rand"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/net/enet"
	"duskfall/net/seal"
)

// waitTimeout bounds every wait for network events in these tests.
const waitTimeout = 10 * time.Second

// The transport applies whatever channel table its caller declares, so its
// tests declare their own, with both delivery modes, rather than borrow
// the game protocol's.
const (
	chControl  uint8 = iota // reliable
	chSnapshot              // unreliable sequenced
	chEvents                // reliable
	chInput                 // unreliable sequenced
	numChannels
)

var testChannels = []bool{chControl: true, chSnapshot: false, chEvents: true, chInput: false}

// withChannels gives cfg the tests' channel table unless it has one.
func withChannels(cfg Config) Config {
	if cfg.Reliable == nil {
		cfg.Reliable = testChannels
	}
	return cfg
}

// poller is what Server and Client share for tests.
type poller interface{ Poll([]Event) []Event }

// recorder polls a side and keeps copies of everything it saw, since Data
// is only valid until the next Poll.
type recorder struct {
	p      poller
	events []Event
	buf    []Event
}

func record(p poller) *recorder { return &recorder{p: p} }

// pollOnce polls and keeps copies of the events.
func (r *recorder) pollOnce() {
	r.buf = r.p.Poll(r.buf[:0])
	for _, ev := range r.buf {
		ev.Data = slices.Clone(ev.Data)
		r.events = append(r.events, ev)
	}
}

// waitFor polls until match holds for a recorded event, which it returns
// and removes with everything before it.
func (r *recorder) waitFor(t testing.TB, what string, match func(Event) bool) Event {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		for i, ev := range r.events {
			if match(ev) {
				r.events = r.events[i+1:]
				return ev
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; saw %d other events", what, len(r.events))
		}
		time.Sleep(time.Millisecond)
		r.pollOnce()
	}
}

// waitWithin polls until match holds for a recorded event or limit passes;
// a found event is removed with everything before it.
func (r *recorder) waitWithin(limit time.Duration, match func(Event) bool) (Event, bool) {
	deadline := time.Now().Add(limit)
	for {
		for i, ev := range r.events {
			if match(ev) {
				r.events = r.events[i+1:]
				return ev, true
			}
		}
		if time.Now().After(deadline) {
			return Event{}, false
		}
		time.Sleep(time.Millisecond)
		r.pollOnce()
	}
}

// waitReceives polls until n receive events have been recorded on ch and
// returns their payloads in arrival order.
func (r *recorder) waitReceives(t testing.TB, ch uint8, n int) [][]byte {
	t.Helper()
	return r.waitReceivesWithin(t, ch, n, waitTimeout)
}

// waitReceivesWithin is waitReceives with its own limit.
func (r *recorder) waitReceivesWithin(t testing.TB, ch uint8, n int, limit time.Duration) [][]byte {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		got := r.receivedOn(ch)
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out with %d of %d messages on channel %d", len(got), n, ch)
		}
		time.Sleep(time.Millisecond)
		r.pollOnce()
	}
}

// receivedOn is every packet recorded on ch, in arrival order.
func (r *recorder) receivedOn(ch uint8) [][]byte {
	var got [][]byte
	for _, ev := range r.events {
		if ev.Kind == EventReceive && ev.Channel == ch {
			got = append(got, ev.Data)
		}
	}
	return got
}

func isKind(k EventKind) func(Event) bool {
	return func(ev Event) bool { return ev.Kind == k }
}

func isKindFor(k EventKind, peer PeerID) func(Event) bool {
	return func(ev Event) bool { return ev.Kind == k && ev.Peer == peer }
}

// enetPair is a loopback ENet server with one connected client.
type enetPair struct {
	srv    *ENetServer
	cli    *ENetClient
	srvRec *recorder
	cliRec *recorder
	peer   PeerID // the client, as the server names it
	data   uint32 // connect data the server saw
}

func listen(t testing.TB, cfg Config) *ENetServer {
	t.Helper()
	srv, err := ListenENet("127.0.0.1:0", withChannels(cfg))
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	return srv
}

func dial(t testing.TB, addr string, data uint32, cfg Config) *ENetClient {
	t.Helper()
	cli, err := DialENet(addr, data, withChannels(cfg))
	require.NoError(t, err)
	t.Cleanup(func() { cli.Close() })
	return cli
}

// acceptedPeer polls srv until a connection arrives and returns its id.
func acceptedPeer(t testing.TB, srv *ENetServer) PeerID {
	t.Helper()
	var peer PeerID
	require.Eventually(t, func() bool {
		for _, ev := range srv.Poll(nil) {
			if ev.Kind == EventConnect {
				peer = ev.Peer
			}
		}
		return peer != 0
	}, 5*time.Second, 5*time.Millisecond)
	return peer
}

func newENetPair(t testing.TB, data uint32, cfg Config) *enetPair {
	t.Helper()
	p := &enetPair{srv: listen(t, cfg)}
	p.cli = dial(t, p.srv.Addr(), data, cfg)
	p.srvRec, p.cliRec = record(p.srv), record(p.cli)
	ev := p.srvRec.waitFor(t, "server connect", isKind(EventConnect))
	p.peer, p.data = ev.Peer, ev.ConnectData
	p.cliRec.waitFor(t, "client connect", isKindFor(EventConnect, ServerPeer))
	return p
}

// throughDoor knocks at the door of the server at to and proves host's
// address, servicing host (which has no connections yet) meanwhile: a raw
// ENet host's way in, as DialENet's.
func throughDoor(t *testing.T, host *enet.Host, to enet.Address) {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for next := time.Now(); time.Now().Before(deadline); {
		if time.Now().After(next) {
			require.NoError(t, host.Knock(to))
			next = time.Now().Add(100 * time.Millisecond)
		}
		_, err := host.Service(1)
		require.NoError(t, err)
		if _, err := host.Prove(to); err != nil {
			t.Fatal(err)
		}
		sealed, err := host.SealState(to)
		require.NoError(t, err)
		if sealed {
			return
		}
	}
	t.Fatalf("no way through the door at %s", to)
}

// testIdentity is a new server identity.
func testIdentity(t *testing.T) *seal.Identity {
	t.Helper()
	id, err := seal.NewIdentity(rand.Reader)
	require.NoError(t, err)
	return &id
}

// sealedClient is a raw ENet host as a client's transport makes one:
// compressed and sealed, with room for one connection.
func sealedClient() enet.HostConfig {
	hc := enet.DefaultHostConfig()
	hc.PeerCount, hc.ChannelCount, hc.Compress, hc.Seal = 1, len(testChannels), true, &enet.SealConfig{}
	return hc
}

// has says whether an event matching match has been recorded.
func (r *recorder) has(match func(Event) bool) bool {
	for _, ev := range r.events {
		if match(ev) {
			return true
		}
	}
	return false
}
