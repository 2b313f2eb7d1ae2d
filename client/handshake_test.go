package client

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
)

// unanswered is a client transport whose connect never completes.
type unanswered struct{ disconnects int }

func (u *unanswered) Poll(dst []transport.Event) []transport.Event { return dst }
func (u *unanswered) Send(uint8, []byte)                           {}
func (u *unanswered) Disconnect()                                  { u.disconnects++ }
func (u *unanswered) Stats() transport.PeerStats                   { return transport.PeerStats{} }
func (u *unanswered) Close() error                                 { return nil }

// A server that stays silent is given the whole timeout, then the client
// gives up in words that say how far it got, and tells the server so.
func TestTheHandshakeGivesUpAtItsTimeoutInWords(t *testing.T) {
	cases := []struct {
		name    string
		timeout time.Duration // 0: the default
		connect bool          // the transport connects, but Hello is never answered
		want    time.Duration
		words   string
	}{
		{name: "a server that never answers Hello is waited for 15 s by default", connect: true,
			want: 15 * time.Second, words: "accepted the connection but never answered the request to join"},
		{name: "a configured timeout is honoured", timeout: 3 * time.Second, connect: true,
			want: 3 * time.Second, words: "never answered the request to join"},
		{name: "a server that never accepts the connection says so", timeout: 2 * time.Second,
			want: 2 * time.Second, words: "never accepted the connection"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := time.Unix(100, 0)
			cfg := Config{Content: builtin(t), Name: "patient", HandshakeTimeout: c.timeout, Now: func() time.Time { return now }}
			var rt *Runtime
			var server *transport.LocalServer
			silent := &unanswered{}
			if c.connect {
				var cli *transport.LocalClient
				server, cli = transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
				rt = New(cli, cfg)
			} else {
				rt = New(silent, cfg)
			}
			rt.Receive()
			wantStage := StateConnecting
			if c.connect {
				wantStage = StateJoining
			}
			require.Equal(t, wantStage, rt.State())

			now = now.Add(c.want - time.Millisecond)
			rt.Receive()
			require.Equal(t, wantStage, rt.State(), "still trying just before the limit")
			hs := rt.Handshake()
			assert.Equal(t, wantStage, hs.Stage)
			assert.Equal(t, time.Millisecond, hs.Left, "the screen can show the time left")

			now = now.Add(2 * time.Millisecond)
			rt.Receive()
			require.Equal(t, StateFailed, rt.State(), "gives up just after the limit")
			assert.ErrorContains(t, rt.Err(), "no answer from the server within "+c.want.String())
			assert.ErrorContains(t, rt.Err(), c.words)
			assert.Zero(t, rt.Handshake().Left)
			if c.connect {
				evs := server.Poll(nil)
				require.NotEmpty(t, evs)
				assert.Equal(t, transport.EventDisconnect, evs[len(evs)-1].Kind, "the server is told the client left")
			} else {
				assert.Equal(t, 1, silent.disconnects, "the connect attempt is called off")
			}
		})
	}
}

// The Hello carries the hash of the content the client plays, so a server
// playing other content can refuse it in words; a client given no content
// cannot join at all.
func TestTheHelloCarriesTheContentHash(t *testing.T) {
	t.Run("the Hello names the client's content by its hash", func(t *testing.T) {
		content := builtin(t)
		server, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
		rt := New(cli, Config{Content: content, Name: "Ada"})
		rt.Receive()
		var hello wire.Hello
		for _, ev := range server.Poll(nil) {
			if ev.Kind == transport.EventReceive {
				h, err := wire.ParseHello(ev.Data)
				require.NoError(t, err)
				hello = h
			}
		}
		assert.Equal(t, "Ada", hello.Name)
		assert.Equal(t, content.Hash, hello.Content)
		assert.NotZero(t, hello.Content, "the loader hashed the folder")
	})
	t.Run("a client without content is refused before it dials", func(t *testing.T) {
		_, err := Dial("127.0.0.1:9", Config{Name: "Ada"})
		assert.ErrorContains(t, err, "Config.Content is nil")
	})
}
