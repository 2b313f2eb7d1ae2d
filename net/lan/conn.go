package lan

import (
	"context"
	"net"
	"sort"
	"strconv"
	"sync"
	"time"
)

// AnnounceEvery is how often a host announces its game; a listener forgets
// a game it has not heard from for ForgetAfter.
const (
	AnnounceEvery = time.Second
	ForgetAfter   = 3500 * time.Millisecond
)

// Announcer broadcasts a game's announcement every AnnounceEvery until
// Close. Set changes what it says; it is safe from any goroutine.
type Announcer struct {
	conn    net.PacketConn
	targets []net.Addr
	mu      sync.Mutex
	a       Announcement
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
}

// Announce starts announcing a to targets ("host:port" each); with none it
// announces to every broadcast address of this computer's networks and to
// 255.255.255.255, on DiscoveryPort.
func Announce(a Announcement, targets ...string) (*Announcer, error) {
	lc := net.ListenConfig{Control: allowBroadcast}
	conn, err := lc.ListenPacket(context.Background(), "udp4", ":0")
	if err != nil {
		return nil, err
	}
	if len(targets) == 0 {
		targets = broadcastTargets()
	}
	an := &Announcer{conn: conn, a: a, stop: make(chan struct{}), done: make(chan struct{})}
	for _, t := range targets {
		if addr, err := net.ResolveUDPAddr("udp4", t); err == nil {
			an.targets = append(an.targets, addr)
		}
	}
	go an.run()
	return an, nil
}

// Set changes the announcement from the next broadcast on.
func (an *Announcer) Set(a Announcement) {
	an.mu.Lock()
	an.a = a
	an.mu.Unlock()
}

func (an *Announcer) run() {
	defer close(an.done)
	tick := time.NewTicker(AnnounceEvery)
	defer tick.Stop()
	buf := make([]byte, 0, MaxAnnounce)
	for {
		an.mu.Lock()
		buf = Append(buf[:0], an.a)
		an.mu.Unlock()
		for _, t := range an.targets {
			an.conn.WriteTo(buf, t) // a network that refuses a broadcast is simply not announced to
		}
		select {
		case <-an.stop:
			return
		case <-tick.C:
		}
	}
}

// Close stops announcing. Closing twice is harmless.
func (an *Announcer) Close() {
	an.once.Do(func() {
		close(an.stop)
		an.conn.Close()
		<-an.done
	})
}

// broadcastTargets is every IPv4 network's broadcast address, and the
// limited broadcast address, on DiscoveryPort.
func broadcastTargets() []string {
	port := strconv.Itoa(DiscoveryPort)
	out := []string{net.JoinHostPort("255.255.255.255", port)}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return out
	}
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.To4() == nil || n.IP.IsLoopback() || len(n.Mask) != net.IPv4len {
			continue
		}
		ip := n.IP.To4()
		b := make(net.IP, net.IPv4len)
		for i := range b {
			b[i] = ip[i] | ^n.Mask[i]
		}
		out = append(out, net.JoinHostPort(b.String(), port))
	}
	return out
}

// Game is a game heard on the network.
type Game struct {
	Addr        string // host:port to join
	Fingerprint string // its server's key's, as announced; "" from an older host
	Name        string
	Players     int
	MaxPlayers  int
	heard       time.Time
}

// Code is the game's join code (net/seal), or its bare address when its
// host did not say its key.
func (g Game) Code() string {
	if g.Fingerprint == "" {
		return g.Addr
	}
	return g.Addr + "/" + g.Fingerprint
}

// Listener collects announcements. Several may listen on one computer (two
// windows): the port is shared.
type Listener struct {
	conn  net.PacketConn
	now   func() time.Time
	mu    sync.Mutex
	games map[string]Game
	bad   int
	done  chan struct{}
}

// Listen listens for announcements on addr (":7778" for the real port).
// now is the clock entries age by (nil: time.Now).
func Listen(addr string, now func() time.Time) (*Listener, error) {
	lc := net.ListenConfig{Control: shareAddress}
	conn, err := lc.ListenPacket(context.Background(), "udp4", addr)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	l := &Listener{conn: conn, now: now, games: map[string]Game{}, done: make(chan struct{})}
	go l.run()
	return l, nil
}

// Addr is where it listens.
func (l *Listener) Addr() net.Addr { return l.conn.LocalAddr() }

func (l *Listener) run() {
	defer close(l.done)
	buf := make([]byte, 512)
	for {
		n, from, err := l.conn.ReadFrom(buf)
		if err != nil {
			return // closed
		}
		l.heard(buf[:n], from)
	}
}

func (l *Listener) heard(b []byte, from net.Addr) {
	ua, ok := from.(*net.UDPAddr)
	a, err := Parse(b)
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil || !ok {
		l.bad++ // dropped and counted
		return
	}
	addr := net.JoinHostPort(ua.IP.String(), strconv.Itoa(int(a.Port)))
	if _, known := l.games[addr]; !known && len(l.games) >= maxGames {
		l.bad++
		return
	}
	l.games[addr] = Game{Addr: addr, Fingerprint: a.Fingerprint, Name: a.Name, Players: int(a.Players), MaxPlayers: int(a.MaxPlayers), heard: l.now()}
}

// maxGames bounds what a flood of announcements can make a listener hold.
const maxGames = 64

// Games is what was heard lately, by name then address.
func (l *Listener) Games() []Game {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	out := make([]Game, 0, len(l.games))
	for k, g := range l.games {
		if now.Sub(g.heard) > ForgetAfter {
			delete(l.games, k)
			continue
		}
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Addr < out[j].Addr
	})
	return out
}

// Dropped counts datagrams that were not announcements.
func (l *Listener) Dropped() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.bad
}

// Close stops listening.
func (l *Listener) Close() {
	l.conn.Close()
	<-l.done
}
