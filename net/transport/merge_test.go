package transport

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMerge(t *testing.T) {
	local, localCli := NewLocal(11, int(numChannels))
	remote := listen(t, Config{})
	srv := Merge(local, remote)
	t.Cleanup(func() { srv.Close() })
	remoteCli := dial(t, remote.Addr(), 22, Config{})
	srvRec, localRec, remoteRec := record(srv), record(localCli), record(remoteCli)

	lc := srvRec.waitFor(t, "local connect", isKindFor(EventConnect, LocalPeer))
	rc := srvRec.waitFor(t, "remote connect", func(ev Event) bool { return ev.Kind == EventConnect && ev.Peer != LocalPeer })
	remotePeer := rc.Peer
	localRec.waitFor(t, "local client connect", isKind(EventConnect))
	remoteRec.waitFor(t, "remote client connect", isKind(EventConnect))

	t.Run("connects from every server come through with their data", func(t *testing.T) {
		assert.EqualValues(t, 11, lc.ConnectData)
		assert.EqualValues(t, 22, rc.ConnectData)
	})
	t.Run("sends reach the client of the server that owns the peer", func(t *testing.T) {
		srv.Send(LocalPeer, chControl, []byte("to local"))
		srv.Send(remotePeer, chControl, []byte("to remote"))
		assert.Equal(t, []byte("to local"), localRec.waitFor(t, "local packet", isKind(EventReceive)).Data)
		assert.Equal(t, []byte("to remote"), remoteRec.waitFor(t, "remote packet", isKind(EventReceive)).Data)
	})
	t.Run("receives from every server come through", func(t *testing.T) {
		localCli.Send(chInput, []byte("from local"))
		remoteCli.Send(chInput, []byte("from remote"))
		assert.Equal(t, []byte("from local"), srvRec.waitFor(t, "local input", isKindFor(EventReceive, LocalPeer)).Data)
		assert.Equal(t, []byte("from remote"), srvRec.waitFor(t, "remote input", isKindFor(EventReceive, remotePeer)).Data)
	})
	t.Run("stats are routed to the owner", func(t *testing.T) {
		assert.Equal(t, local.Stats(LocalPeer), srv.Stats(LocalPeer))
		assert.EqualValues(t, len("to remote"), srv.Stats(remotePeer).BytesOut)
		assert.Zero(t, srv.Stats(9999))
	})
	t.Run("the address names every server", func(t *testing.T) {
		assert.True(t, strings.HasPrefix(srv.Addr(), "local,127.0.0.1:"), srv.Addr())
	})
	t.Run("a disconnect reaches only the owner's client and forgets the peer", func(t *testing.T) {
		srv.Disconnect(remotePeer, false)
		remoteRec.waitFor(t, "remote disconnect", isKind(EventDisconnect))
		srvRec.waitFor(t, "server-side disconnect", isKindFor(EventDisconnect, remotePeer))
		assert.Zero(t, srv.Stats(remotePeer))
		srv.Send(remotePeer, chControl, []byte("ignored")) // routed nowhere, must not panic
		localRec.pollOnce()
		assert.Empty(t, localRec.events, "the local client heard nothing")
	})
	t.Run("closing closes every server", func(t *testing.T) {
		require.NoError(t, srv.Close())
		localRec.waitFor(t, "local disconnect", isKind(EventDisconnect))
		assert.Empty(t, remote.Poll(nil))
	})
}
