package portmap

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/huin/goupnp/dcps/internetgateway2"
	natpmp "github.com/jackpal/go-nat-pmp"
)

// Discover asks for the router by UPnP IGD and by NAT-PMP at once and
// returns the first that answers: UPnP if it answers within a moment of
// NAT-PMP, since its mappings show in more routers' pages.
func Discover(ctx context.Context) (Gateway, error) {
	type found struct {
		gw  Gateway
		err error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	up, pmp := make(chan found, 1), make(chan found, 1)
	go func() { gw, err := discoverUPnP(ctx); up <- found{gw, err} }()
	go func() { gw, err := discoverNATPMP(ctx); pmp <- found{gw, err} }()
	var errs []error
	upDone := false
	for range 2 {
		select {
		case f := <-up:
			if f.err == nil {
				return f.gw, nil
			}
			upDone, errs = true, append(errs, f.err)
		case f := <-pmp:
			if f.err != nil {
				errs = append(errs, f.err)
				continue
			}
			if !upDone {
				select { // UPnP, if it is about to answer too
				case u := <-up:
					if u.err == nil {
						return u.gw, nil
					}
				case <-time.After(300 * time.Millisecond):
				}
			}
			return f.gw, nil
		}
	}
	return nil, fmt.Errorf("%w: %w", ErrNoRouter, errors.Join(errs...))
}

// upnpClient is the part of goupnp's WAN connection clients used here;
// WANIPConnection1, WANIPConnection2 and WANPPPConnection1 all have it.
type upnpClient interface {
	AddPortMappingCtx(ctx context.Context, remoteHost string, externalPort uint16, protocol string,
		internalPort uint16, internalClient string, enabled bool, description string, lease uint32) error
	DeletePortMappingCtx(ctx context.Context, remoteHost string, externalPort uint16, protocol string) error
	GetExternalIPAddressCtx(ctx context.Context) (string, error)
}

type upnpGateway struct {
	c     upnpClient
	local netip.Addr
}

func discoverUPnP(ctx context.Context) (Gateway, error) {
	var clients []upnpClient
	var host string
	if cs, _, err := internetgateway2.NewWANIPConnection2ClientsCtx(ctx); err == nil {
		for _, c := range cs {
			clients, host = append(clients, c), c.Location.Host
		}
	}
	if cs, _, err := internetgateway2.NewWANIPConnection1ClientsCtx(ctx); err == nil {
		for _, c := range cs {
			clients, host = append(clients, c), c.Location.Host
		}
	}
	if cs, _, err := internetgateway2.NewWANPPPConnection1ClientsCtx(ctx); err == nil {
		for _, c := range cs {
			clients, host = append(clients, c), c.Location.Host
		}
	}
	if len(clients) == 0 {
		return nil, errors.New("no UPnP router answered")
	}
	local, err := localTowards(host)
	if err != nil {
		return nil, err
	}
	return &upnpGateway{c: clients[0], local: local}, nil
}

func (g *upnpGateway) Method() Method    { return UPnP }
func (g *upnpGateway) Local() netip.Addr { return g.local }

func (g *upnpGateway) External(ctx context.Context) (netip.Addr, error) {
	s, err := g.c.GetExternalIPAddressCtx(ctx)
	if err != nil {
		return netip.Addr{}, err
	}
	return netip.ParseAddr(strings.TrimSpace(s))
}

// onlyPermanent is UPnP's error 725, OnlyPermanentLeasesSupported.
const onlyPermanent = "725"

func (g *upnpGateway) Map(ctx context.Context, port uint16, lease time.Duration, desc string) (time.Duration, error) {
	err := g.c.AddPortMappingCtx(ctx, "", port, "UDP", port, g.local.String(), true, desc, uint32(lease/time.Second))
	if err != nil && strings.Contains(err.Error(), onlyPermanent) {
		// An IGD v1 router that keeps mappings until removed: Close
		// removes it, and a crash leaves it until the router restarts.
		return 0, g.c.AddPortMappingCtx(ctx, "", port, "UDP", port, g.local.String(), true, desc, 0)
	}
	return lease, err
}

func (g *upnpGateway) Unmap(ctx context.Context, port uint16) error {
	return g.c.DeletePortMappingCtx(ctx, "", port, "UDP")
}

type pmpGateway struct {
	c     *natpmp.Client
	local netip.Addr
}

func discoverNATPMP(ctx context.Context) (Gateway, error) {
	gw, err := defaultGateway()
	if err != nil {
		return nil, err
	}
	wait := discoverWithin
	if d, ok := ctx.Deadline(); ok {
		wait = time.Until(d)
	}
	local, err := localTowards(net.JoinHostPort(gw.String(), "5351"))
	if err != nil {
		return nil, err
	}
	c := natpmp.NewClientWithTimeout(gw.AsSlice(), wait)
	if _, err := c.GetExternalAddress(); err != nil {
		return nil, fmt.Errorf("no NAT-PMP answer from %s: %w", gw, err)
	}
	return &pmpGateway{c: natpmp.NewClientWithTimeout(gw.AsSlice(), askWithin), local: local}, nil
}

func (g *pmpGateway) Method() Method    { return NATPMP }
func (g *pmpGateway) Local() netip.Addr { return g.local }

func (g *pmpGateway) External(context.Context) (netip.Addr, error) {
	r, err := g.c.GetExternalAddress()
	if err != nil {
		return netip.Addr{}, err
	}
	return netip.AddrFrom4(r.ExternalIPAddress), nil
}

func (g *pmpGateway) Map(_ context.Context, port uint16, lease time.Duration, _ string) (time.Duration, error) {
	r, err := g.c.AddPortMapping("udp", int(port), int(port), int(lease/time.Second))
	if err != nil {
		return 0, err
	}
	if r.MappedExternalPort != port {
		_, _ = g.c.AddPortMapping("udp", int(port), int(r.MappedExternalPort), 0)
		return 0, fmt.Errorf("it offered port %d instead", r.MappedExternalPort)
	}
	return time.Duration(r.PortMappingLifetimeInSeconds) * time.Second, nil
}

func (g *pmpGateway) Unmap(_ context.Context, port uint16) error {
	_, err := g.c.AddPortMapping("udp", int(port), 0, 0) // a lifetime of 0 removes it
	return err
}

// localTowards is this machine's address on the way to hostport: the
// address the router forwards to.
func localTowards(hostport string) (netip.Addr, error) {
	c, err := net.Dial("udp4", hostport) // sends nothing: picks the route
	if err != nil {
		return netip.Addr{}, err
	}
	defer c.Close()
	a, ok := netip.AddrFromSlice(c.LocalAddr().(*net.UDPAddr).IP)
	if !ok {
		return netip.Addr{}, errors.New("no local address towards the router")
	}
	return a.Unmap(), nil
}

// defaultGateway is the IPv4 default route's gateway, from
// /proc/net/route (Linux); elsewhere the first address of this machine's
// network, where home routers sit.
func defaultGateway() (netip.Addr, error) {
	if f, err := os.Open("/proc/net/route"); err == nil {
		defer f.Close()
		if gw, ok := parseRoutes(bufio.NewScanner(f)); ok {
			return gw, nil
		}
	}
	local, err := localTowards("192.0.2.1:9") // TEST-NET-1: only the route is looked up
	if err != nil {
		return netip.Addr{}, errors.New("no default route")
	}
	b := local.As4()
	b[3] = 1
	return netip.AddrFrom4(b), nil
}

// parseRoutes reads /proc/net/route's table for the default route's
// gateway, written in the machine's byte order (little-endian on the
// machines Duskfall runs on).
func parseRoutes(sc *bufio.Scanner) (netip.Addr, bool) {
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || f[1] != "00000000" || f[2] == "00000000" {
			continue
		}
		b, err := hex.DecodeString(f[2])
		if err != nil || len(b) != 4 {
			continue
		}
		var ip [4]byte
		binary.BigEndian.PutUint32(ip[:], binary.LittleEndian.Uint32(b))
		return netip.AddrFrom4(ip), true
	}
	return netip.Addr{}, false
}
