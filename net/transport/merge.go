package transport

import (
	"errors"
	"strings"
)

// merged presents several servers as one. It learns which server owns a
// PeerID from the connect events it passes through; PeerIDs never repeat
// across servers (LocalPeer is 1, ENet peers count up from 2).
type merged struct {
	servers []Server
	owner   map[PeerID]Server
}

// Merge returns a Server that polls every server in turn and routes Send,
// Disconnect and Stats to the one that reported the peer. Use it from one
// goroutine.
func Merge(servers ...Server) Server {
	return &merged{servers: servers, owner: make(map[PeerID]Server)}
}

func (m *merged) Poll(dst []Event) []Event {
	for _, s := range m.servers {
		n := len(dst)
		dst = s.Poll(dst)
		for _, ev := range dst[n:] {
			switch ev.Kind {
			case EventConnect:
				m.owner[ev.Peer] = s
			case EventDisconnect:
				delete(m.owner, ev.Peer)
			}
		}
	}
	return dst
}

func (m *merged) Send(peer PeerID, channel uint8, data []byte) {
	if s := m.owner[peer]; s != nil {
		s.Send(peer, channel, data)
	}
}

func (m *merged) Disconnect(peer PeerID, later bool) {
	if s := m.owner[peer]; s != nil {
		s.Disconnect(peer, later)
	}
}

func (m *merged) Stats(peer PeerID) PeerStats {
	if s := m.owner[peer]; s != nil {
		return s.Stats(peer)
	}
	return PeerStats{}
}

// Addr lists the addresses of the merged servers, comma-separated.
func (m *merged) Addr() string {
	addrs := make([]string, len(m.servers))
	for i, s := range m.servers {
		addrs[i] = s.Addr()
	}
	return strings.Join(addrs, ",")
}

// Close closes every server and reports all their errors.
func (m *merged) Close() error {
	var errs []error
	for _, s := range m.servers {
		errs = append(errs, s.Close())
	}
	clear(m.owner)
	return errors.Join(errs...)
}

// Hold holds every merged server that can.
func (m *merged) Hold() {
	for _, s := range m.servers {
		if b, ok := s.(Batcher); ok {
			b.Hold()
		}
	}
}

// Release releases every merged server that can.
func (m *merged) Release() {
	for _, s := range m.servers {
		if b, ok := s.(Batcher); ok {
			b.Release()
		}
	}
}
