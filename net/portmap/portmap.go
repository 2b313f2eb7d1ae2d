// Package portmap opens a host's UDP port on its home router, so friends
// outside the house can join: it finds the router by UPnP IGD (SSDP) and by
// NAT-PMP at once, maps the port, learns the router's public address,
// renews the lease before it ends and removes the mapping on Close. A
// crashed host leaves a lease that ends on its own (Lease).
//
// All of it runs on the Mapper's own goroutine: a host never waits on a
// router. The game reads Status, a copy, whenever it draws.
//
//	Start ─▶ looking ─▶ discover (UPnP and NAT-PMP, first to answer)
//	                      ├─ none ─▶ refused (looks again every Retry)
//	                      └─ gateway ─▶ map ─▶ open, or shared (CGNAT)
//	                                     └─ renew at half the lease
//	Close ─▶ remove the mapping (bounded), stop
package portmap

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"time"
)

// State is where a mapping stands.
type State int

// The states a host's corner names.
const (
	Off     State = iota // not asked for
	Looking              // finding the router and asking it
	Open                 // mapped: friends anywhere can join External
	Shared               // mapped, but the router's own address is private (CGNAT or a second router)
	Refused              // no router answered, or it refused
)

var stateNames = [...]string{Off: "off", Looking: "looking", Open: "open", Shared: "shared", Refused: "refused"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("state(%d)", int(s))
}

// Method is the protocol that mapped the port.
type Method string

// The methods a router may answer.
const (
	UPnP   Method = "upnp"
	NATPMP Method = "natpmp"
)

// Status is what the mapper knows now.
type Status struct {
	State    State
	Method   Method         // who mapped it (Open, Shared)
	External netip.AddrPort // the router's public address and the port mapped (Open, Shared)
	Local    netip.Addr     // this machine's address on the router's network, once known
	Port     uint16         // the port asked for
	Err      string         // why it was refused, in words
	Lease    time.Duration  // what the router granted; 0 for a mapping with no end
}

// Config configures a Mapper.
type Config struct {
	Port        uint16        // the UDP port to open, the same outside and in
	Lease       time.Duration // asked of the router; 0 means DefaultLease
	Description string        // what the router's page lists the mapping as
	// Discover finds the router; nil means the real one (UPnP and
	// NAT-PMP at once). Tests pass their own.
	Discover func(ctx context.Context) (Gateway, error)
	Logf     func(format string, args ...any) // nil logs nothing
	// OnChange, when set, is called with the status each time its state
	// or public address changes, on the mapper's goroutine.
	OnChange func(Status)
	// Retry is how long after a refusal the mapper looks again; 0 means
	// DefaultRetry.
	Retry time.Duration
}

// Defaults.
const (
	DefaultLease   = 20 * time.Minute // a crashed host's mapping ends within this
	DefaultRetry   = 2 * time.Minute
	discoverWithin = 6 * time.Second // SSDP waits about 2 s; NAT-PMP retries for longer
	askWithin      = 5 * time.Second // one request to a router that answered
	removeWithin   = 2 * time.Second // Close waits no longer than this
)

// A Gateway is one router, by one protocol.
type Gateway interface {
	Method() Method
	// Local is this machine's address as the router sees it.
	Local() netip.Addr
	// External is the router's own public address.
	External(ctx context.Context) (netip.Addr, error)
	// Map maps port (UDP, same inside and out) to Local for lease and
	// says what lease the router granted (0: no end).
	Map(ctx context.Context, port uint16, lease time.Duration, desc string) (time.Duration, error)
	// Unmap removes the mapping.
	Unmap(ctx context.Context, port uint16) error
}

// ErrNoRouter is a network where no router answered either protocol.
var ErrNoRouter = errors.New("no router answered (UPnP and NAT-PMP are off, or refused)")

// Mapper keeps one port mapped while it runs.
type Mapper struct {
	cfg    Config
	mu     sync.Mutex
	st     Status
	cancel context.CancelFunc
	done   chan struct{}
	gw     Gateway // the mapping's router, on the mapper's goroutine
}

// Start begins mapping cfg.Port; it returns at once.
func Start(cfg Config) *Mapper {
	if cfg.Lease == 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Retry == 0 {
		cfg.Retry = DefaultRetry
	}
	if cfg.Description == "" {
		cfg.Description = "Duskfall"
	}
	if cfg.Discover == nil {
		cfg.Discover = Discover
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Mapper{cfg: cfg, cancel: cancel, done: make(chan struct{}), st: Status{State: Looking, Port: cfg.Port}}
	go m.run(ctx)
	return m
}

// Status is a copy of what the mapper knows now.
func (m *Mapper) Status() Status {
	if m == nil {
		return Status{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st
}

// Close removes the mapping, waiting for the router at most a couple of
// seconds, and stops. It is safe to call more than once.
func (m *Mapper) Close() {
	if m == nil {
		return
	}
	m.cancel()
	<-m.done
}

func (m *Mapper) set(st Status) {
	m.mu.Lock()
	changed := m.st.State != st.State || m.st.External != st.External
	m.st = st
	m.mu.Unlock()
	if !changed {
		return
	}
	if line := st.Line(); line != "" {
		m.cfg.Logf("port mapping: %s", line)
	}
	if m.cfg.OnChange != nil {
		m.cfg.OnChange(st)
	}
}

func (m *Mapper) run(ctx context.Context) {
	defer close(m.done)
	defer m.unmap()
	for {
		wait := m.cfg.Retry
		if gw := m.discover(ctx); gw != nil {
			m.gw = gw
			wait = m.keep(ctx, gw)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// discover finds the router, or says why not.
func (m *Mapper) discover(ctx context.Context) Gateway {
	st := m.Status()
	if st.State != Refused {
		m.set(Status{State: Looking, Port: m.cfg.Port})
	}
	dctx, cancel := context.WithTimeout(ctx, discoverWithin)
	gw, err := m.cfg.Discover(dctx)
	cancel()
	if ctx.Err() != nil {
		return nil
	}
	if err != nil {
		m.set(Status{State: Refused, Port: m.cfg.Port, Local: st.Local, Err: err.Error()})
		return nil
	}
	return gw
}

// keep maps the port and renews it until the router stops answering or
// ctx ends; it returns how long to wait before looking again.
func (m *Mapper) keep(ctx context.Context, gw Gateway) time.Duration {
	for {
		st, err := m.mapOnce(ctx, gw)
		if ctx.Err() != nil {
			return 0
		}
		if err != nil {
			m.gw = nil
			m.set(Status{State: Refused, Port: m.cfg.Port, Local: gw.Local(), Err: err.Error()})
			return m.cfg.Retry
		}
		m.set(st)
		renew := st.Lease / 2
		if st.Lease == 0 {
			renew = m.cfg.Lease / 2 // a lease with no end: check it is still there now and then
		}
		select {
		case <-ctx.Done():
			return 0
		case <-time.After(renew):
		}
	}
}

// mapOnce asks the router for the mapping and its public address.
func (m *Mapper) mapOnce(ctx context.Context, gw Gateway) (Status, error) {
	actx, cancel := context.WithTimeout(ctx, askWithin)
	defer cancel()
	granted, err := gw.Map(actx, m.cfg.Port, m.cfg.Lease, m.cfg.Description)
	if err != nil {
		return Status{}, fmt.Errorf("the router (%s) refused to open UDP port %d: %w", methodName(gw.Method()), m.cfg.Port, err)
	}
	ext, err := gw.External(actx)
	if err != nil {
		return Status{}, fmt.Errorf("the router (%s) opened the port but did not say its public address: %w", methodName(gw.Method()), err)
	}
	st := Status{State: Open, Method: gw.Method(), External: netip.AddrPortFrom(ext, m.cfg.Port),
		Local: gw.Local(), Port: m.cfg.Port, Lease: granted}
	if !Public(ext) {
		st.State = Shared
	}
	return st, nil
}

// unmap removes the mapping as the mapper stops, waiting removeWithin at
// most.
func (m *Mapper) unmap() {
	gw := m.gw
	if gw == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), removeWithin)
	defer cancel()
	if err := gw.Unmap(ctx, m.cfg.Port); err != nil {
		m.cfg.Logf("port mapping: could not remove the mapping of UDP port %d (%v); it ends with its lease", m.cfg.Port, err)
		return
	}
	m.cfg.Logf("port mapping: removed the mapping of UDP port %d", m.cfg.Port)
	m.set(Status{State: Off, Port: m.cfg.Port})
}

func methodName(m Method) string {
	if m == NATPMP {
		return "NAT-PMP"
	}
	return "UPnP"
}

// Public says whether an address can be reached from the internet: not
// private, not shared address space (RFC 6598, CGNAT), not loopback or
// link-local, not unspecified.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	cgnat := netip.MustParsePrefix("100.64.0.0/10")
	return a.IsValid() && a.IsGlobalUnicast() && !a.IsPrivate() && !cgnat.Contains(a)
}

// Short is the status in a line short enough for a toast.
func (s Status) Short() string {
	switch s.State {
	case Open:
		return "Friends anywhere can join: " + s.External.String()
	case Shared:
		return "Your provider shares your router's address (CGNAT): friends outside can't join"
	case Refused:
		return fmt.Sprintf("Your router did not open port %d: friends outside your network can't join", s.Port)
	}
	return s.Line()
}

// Line is the host's corner's words for the status.
func (s Status) Line() string {
	switch s.State {
	case Looking:
		return "Looking for your router…"
	case Open:
		return fmt.Sprintf("Friends anywhere can join: %s (opened by %s)", s.External, methodName(s.Method))
	case Shared:
		return fmt.Sprintf("Your router opened port %d, but its own address %s is not on the internet: "+
			"your provider shares one address among many homes (CGNAT), or a second router stands in front of it. "+
			"Friends outside can't join: ask your provider for a public address, or forward UDP %d on the outer router",
			s.Port, s.External.Addr(), s.Port)
	case Refused:
		to := "this computer"
		if s.Local.IsValid() {
			to = s.Local.String()
		}
		return fmt.Sprintf("Your router did not open the port (UPnP is off or refused): friends outside your network can't join. "+
			"Forward UDP %d to %s in your router's settings, or play on one network (%s)", s.Port, to, s.Err)
	}
	return ""
}
