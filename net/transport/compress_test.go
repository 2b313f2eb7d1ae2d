package transport

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every datagram goes through ENet's range coder: a compressible packet
// arrives whole and costs the wire less than its length.
func TestDatagramsAreCompressed(t *testing.T) {
	p := newENetPair(t, 0, Config{})
	msg := bytes.Repeat([]byte("duskfall snapshot record "), 40) // 1,000 bytes that compress well
	before := p.srv.WireStats()
	p.srv.Send(p.peer, chEvents, msg)
	ev := p.cliRec.waitFor(t, "the packet", isKind(EventReceive))
	require.Equal(t, msg, ev.Data, "it arrives whole")
	sent := p.srv.WireStats().BytesSent - before.BytesSent
	t.Logf("a %d-byte packet took %d bytes on the wire", len(msg), sent)
	assert.Less(t, sent, uint64(len(msg)/2), "the wire carried it compressed")
}
