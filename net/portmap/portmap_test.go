package portmap

import (
	"bufio"
	"context"
	"errors"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// router is a Gateway that keeps its mappings in a table, as a home
// router does.
type router struct {
	mu       sync.Mutex
	method   Method
	external netip.Addr
	grant    time.Duration // the lease it grants
	refuse   error         // what Map answers, when set
	mapped   map[uint16]bool
	maps     int
}

func newRouter(external string) *router {
	return &router{method: UPnP, external: netip.MustParseAddr(external), grant: time.Hour, mapped: map[uint16]bool{}}
}

func (r *router) Method() Method    { return r.method }
func (r *router) Local() netip.Addr { return netip.MustParseAddr("192.168.1.20") }
func (r *router) External(context.Context) (netip.Addr, error) {
	return r.external, nil
}

func (r *router) Map(_ context.Context, port uint16, _ time.Duration, _ string) (time.Duration, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.maps++
	if r.refuse != nil {
		return 0, r.refuse
	}
	r.mapped[port] = true
	return r.grant, nil
}

func (r *router) Unmap(_ context.Context, port uint16) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.mapped, port)
	return nil
}

func (r *router) holds(port uint16) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.mapped[port]
}

func (r *router) mapCalls() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.maps
}

func found(gw Gateway) func(context.Context) (Gateway, error) {
	return func(context.Context) (Gateway, error) { return gw, nil }
}

func waitState(t *testing.T, m *Mapper, want State) Status {
	t.Helper()
	require.Eventually(t, func() bool { return m.Status().State == want }, 5*time.Second, time.Millisecond,
		"never %v; last %+v", want, m.Status())
	return m.Status()
}

func TestAMapperOpensThePortAndClosesIt(t *testing.T) {
	r := newRouter("203.0.113.5")
	var lines []string
	var mu sync.Mutex
	m := Start(Config{Port: 7777, Discover: found(r), Logf: func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, f)
	}})
	st := waitState(t, m, Open)
	assert.Equal(t, "203.0.113.5:7777", st.External.String())
	assert.Equal(t, UPnP, st.Method)
	assert.Equal(t, "Friends anywhere can join: 203.0.113.5:7777 (opened by UPnP)", st.Line())
	assert.True(t, r.holds(7777))
	m.Close()
	assert.False(t, r.holds(7777), "Close removes the mapping")
	assert.Equal(t, Off, m.Status().State)
	m.Close() // twice is fine
}

func TestAMapperRenewsTheLeaseBeforeItEnds(t *testing.T) {
	r := newRouter("203.0.113.5")
	r.grant = 20 * time.Millisecond
	m := Start(Config{Port: 7777, Discover: found(r)})
	defer m.Close()
	waitState(t, m, Open)
	require.Eventually(t, func() bool { return r.mapCalls() >= 4 }, 5*time.Second, time.Millisecond,
		"asked again at half of each lease")
	assert.Equal(t, Open, m.Status().State)
}

func TestAMapperSaysWhatStandsInTheWay(t *testing.T) {
	t.Run("a router whose own address is shared says so", func(t *testing.T) {
		m := Start(Config{Port: 7777, Discover: found(newRouter("100.64.3.7"))})
		defer m.Close()
		st := waitState(t, m, Shared)
		assert.Contains(t, st.Line(), "CGNAT")
		assert.Contains(t, st.Line(), "100.64.3.7")
	})
	t.Run("no router answering is a refusal in words", func(t *testing.T) {
		m := Start(Config{Port: 7777, Discover: func(context.Context) (Gateway, error) {
			return nil, ErrNoRouter
		}})
		defer m.Close()
		st := waitState(t, m, Refused)
		assert.Contains(t, st.Line(), "Your router did not open the port")
		assert.Contains(t, st.Line(), "Forward UDP 7777 to this computer")
	})
	t.Run("a router that refuses the mapping names the address to forward to", func(t *testing.T) {
		r := newRouter("203.0.113.5")
		r.refuse = errors.New("ConflictInMappingEntry")
		m := Start(Config{Port: 7777, Discover: found(r)})
		defer m.Close()
		st := waitState(t, m, Refused)
		assert.Contains(t, st.Line(), "Forward UDP 7777 to 192.168.1.20")
		assert.Contains(t, st.Line(), "ConflictInMappingEntry")
	})
	t.Run("a refused mapper looks again later", func(t *testing.T) {
		r := newRouter("203.0.113.5")
		r.refuse = errors.New("no")
		m := Start(Config{Port: 7777, Discover: found(r), Retry: 10 * time.Millisecond})
		defer m.Close()
		waitState(t, m, Refused)
		r.mu.Lock()
		r.refuse = nil
		r.mu.Unlock()
		waitState(t, m, Open)
	})
}

func TestClosingWhileTheRouterIsSilentDoesNotWait(t *testing.T) {
	m := Start(Config{Port: 7777, Discover: func(ctx context.Context) (Gateway, error) {
		<-ctx.Done() // a network where nothing answers
		return nil, ctx.Err()
	}})
	assert.Equal(t, Looking, m.Status().State)
	closed := make(chan struct{})
	go func() { m.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close waited on a router that never answered")
	}
}

func TestPublicTellsTheInternetFromHomeAndShared(t *testing.T) {
	for _, tt := range []struct {
		addr   string
		public bool
	}{
		{"203.0.113.5", true},
		{"8.8.8.8", true},
		{"192.168.1.1", false},
		{"10.1.2.3", false},
		{"172.16.0.9", false},
		{"100.64.3.7", false},
		{"100.127.255.1", false},
		{"100.128.0.1", true},
		{"127.0.0.1", false},
		{"169.254.1.1", false},
		{"0.0.0.0", false},
	} {
		assert.Equal(t, tt.public, Public(netip.MustParseAddr(tt.addr)), tt.addr)
	}
}

func TestTheDefaultRouteIsReadFromTheRoutingTable(t *testing.T) {
	const table = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n" +
		"eth0\t0001A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n" +
		"eth0\t00000000\t0101A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
	gw, ok := parseRoutes(bufio.NewScanner(strings.NewReader(table)))
	require.True(t, ok)
	assert.Equal(t, "192.168.1.1", gw.String())
	_, ok = parseRoutes(bufio.NewScanner(strings.NewReader(strings.SplitAfter(table, "\n")[1])))
	assert.False(t, ok, "no default route")
}
