package client

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"syscall"
	"time"

	"duskfall/net/seal"
)

// Reaching a server, in a player's words. An address or join code is read
// (seal.ParseTarget) and its host looked up before ENet is given it, so a
// typo is explained rather than reported as the transport's own error; and while ENet's connect runs, a probe asks the
// network whether anything listens on the port at all: on a closed port
// the other machine (or this one) answers an empty datagram with "port
// unreachable" at once, which ENet never reports, so the player hears
// within a moment instead of after the whole handshake timeout.

// probeWait is how long the probe listens for a refusal; an open port
// says nothing to an empty datagram, and a silent network says nothing at
// all, so silence only means the handshake goes on as usual.
const probeWait = 2 * time.Second

// serverCheck is the check of the server's identity a target asks for:
// its join code's fingerprint, or else the identity pinned for its address
// (or pinned now, on the first join); nil with neither.
func serverCheck(t seal.Target, known *seal.KnownServers) func(ed25519.PublicKey) error {
	switch {
	case t.Fingerprint != "":
		return seal.Expect(t.Fingerprint)
	case known != nil:
		return known.Verify(t.Addr())
	}
	return nil
}

// lookUp finds the target's host, or says in words that it cannot: the
// text itself was read by seal.ParseTarget, the one reader of addresses
// and join codes.
func lookUp(t seal.Target) error {
	if _, err := net.ResolveUDPAddr("udp", t.Addr()); err != nil {
		var dns *net.DNSError
		if errors.As(err, &dns) && dns.IsNotFound {
			return fmt.Errorf("no computer named %q could be found: check the spelling, or ask your friend for their IP address", t.Host)
		}
		return fmt.Errorf("%q could not be looked up: %v", t.Host, err)
	}
	return nil
}

// Refusals in a row that make a closed port, and the pause between them:
// a server still starting (a script's, a friend's) binds its port within
// a moment and is not turned away for being late.
const (
	probeRefusals = 4
	probeGap      = 400 * time.Millisecond
)

// probePort sends empty datagrams to addr and reports, on the channel, a
// refusal in words once the network has said probeRefusals times in a row
// that nothing listens there; nil as soon as it does not. It runs on its
// own goroutine.
func probePort(addr string, out chan<- error) {
	for i := range probeRefusals {
		err := probe(addr)
		if err == nil || i == probeRefusals-1 {
			out <- err
			return
		}
		time.Sleep(probeGap)
	}
}

func probe(addr string) error {
	c, err := net.Dial("udp", addr)
	if err != nil {
		return nil // the dial itself will say what is wrong
	}
	defer c.Close()
	if _, err := c.Write(nil); err != nil {
		return refusal(addr, err)
	}
	c.SetReadDeadline(time.Now().Add(probeWait))
	var b [1]byte
	_, err = c.Read(b[:])
	return refusal(addr, err)
}

// refusal is err in words if it is the network's "nothing listens there".
func refusal(addr string, err error) error {
	if !errors.Is(err, syscall.ECONNREFUSED) {
		return nil
	}
	_, port, _ := net.SplitHostPort(addr)
	return fmt.Errorf("nothing is listening on port %s at %s: check the port number, and that your friend's game is hosted (Host and play) or the server is running", port, addr)
}
