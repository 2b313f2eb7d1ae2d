package transport

import (
	"encoding/binary"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport/netsim"
)

// A jittery path overtakes packets: ±20 ms of jitter on packets sent 2 ms
// apart delivers many of them after a later one. A sequenced channel drops
// each of those; an unordered one delivers them all, which is what a
// channel whose packets repeat the ones before (input frames) needs.
func TestAnUnorderedChannelDeliversThePacketsASequencedOneDrops(t *testing.T) {
	cfg := Config{Unordered: []bool{chInput: true, chControl: false, chSnapshot: false, chEvents: false}}
	srv := listen(t, cfg)
	proxy, err := netsim.Start("127.0.0.1:0", srv.Addr(), netsim.Config{
		Latency: 20 * time.Millisecond, Jitter: 20 * time.Millisecond, Seed: 3,
	})
	require.NoError(t, err)
	t.Cleanup(func() { proxy.Close() })
	cli := dial(t, proxy.Addr(), 0, cfg)
	srvRec := record(srv)
	srvRec.waitFor(t, "server connect", isKind(EventConnect))

	const n = 300
	msg := make([]byte, 8)
	for i := range uint32(n) {
		binary.LittleEndian.PutUint32(msg, i)
		cli.Send(chInput, msg)
		cli.Send(chSnapshot, msg)
		time.Sleep(2 * time.Millisecond)
		srvRec.pollOnce() // as a server does every tick: the inbox holds few packets per peer between polls
	}
	unordered := numbers(srvRec.waitReceives(t, chInput, n))
	time.Sleep(200 * time.Millisecond) // the sequenced channel's last packets, past the jitter
	srvRec.pollOnce()
	sequenced := numbers(srvRec.receivedOn(chSnapshot))

	t.Run("the unordered channel delivers every packet, some after a later one", func(t *testing.T) {
		assert.Len(t, unordered, n)
		assert.Positive(t, overtaken(unordered), "the path reordered nothing: the test proves nothing")
	})
	t.Run("the sequenced channel never goes backwards and so loses the overtaken ones", func(t *testing.T) {
		assert.Zero(t, overtaken(sequenced))
		assert.Less(t, len(sequenced), n)
	})
}

func numbers(packets [][]byte) []uint32 {
	out := make([]uint32, len(packets))
	for i, p := range packets {
		out[i] = binary.LittleEndian.Uint32(p)
	}
	return out
}

// overtaken counts the packets that arrived after one numbered higher.
func overtaken(seq []uint32) int {
	n, top := 0, uint32(0)
	for i, v := range seq {
		if i > 0 && v < top {
			n++
		}
		top = max(top, v)
	}
	return n
}
