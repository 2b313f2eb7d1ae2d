package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// helloWith is a Hello with a token made from the name and a password.
func helloWith(t *testing.T, name, password string) []byte {
	t.Helper()
	b, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: name, Token: tokenOf(name), Password: password})
	require.NoError(t, err)
	return b
}

// seat connects peer p from the address and says Hello, then steps until
// the server answered it (welcomed or refused).
func seat(t *testing.T, srv *Runtime, d *doorway, p transport.PeerID, from, name, password string) {
	t.Helper()
	d.connect(p, from)
	d.receive(p, helloWith(t, name, password))
	for range 2000 {
		srv.Step()
		if q := srv.peers[p]; q == nil || q.state != peerClaiming {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the desk never answered the claim")
}

func welcomed(srv *Runtime, p transport.PeerID) bool {
	q := srv.peers[p]
	return q != nil && (q.state == peerRoster || q.state == peerPlaying)
}

// do runs one console line on the test's goroutine (the loop's) and
// returns its answer, stepping until it comes (save waits for the desk).
func do(t *testing.T, srv *Runtime, line string) string {
	t.Helper()
	var got []string
	srv.Do(line, func(a string) { got = append(got, a) })
	for range 2000 {
		if len(got) > 0 {
			break
		}
		srv.Step()
		time.Sleep(time.Millisecond)
	}
	require.Len(t, got, 1, "one answer to %q", line)
	return got[0]
}

// notices are the Notices the server sent p.
func (d *doorway) notices(t *testing.T, p transport.PeerID) []string {
	var out []string
	for _, b := range d.sent[p] {
		if typ, _ := wire.TypeOf(b); typ == wire.MsgNotice {
			n, err := wire.ParseNotice(b)
			require.NoError(t, err)
			out = append(out, n.Text)
		}
	}
	return out
}

func TestHostControls(t *testing.T) {
	two := func(t *testing.T) (*Runtime, *doorway) {
		srv, d := guardedServer(t, Config{})
		seat(t, srv, d, 1, "203.0.113.5", "kate", "")
		seat(t, srv, d, 2, "198.51.100.7", "bob", "")
		require.True(t, welcomed(srv, 1) && welcomed(srv, 2))
		return srv, d
	}
	t.Run("list names every seated player and where it is", func(t *testing.T) {
		srv, _ := two(t)
		assert.Equal(t, "2 players: kate (character list), bob (character list)", do(t, srv, "list"))
	})
	t.Run("an empty server lists no one", func(t *testing.T) {
		srv, _ := guardedServer(t, Config{})
		assert.Equal(t, "0 players", do(t, srv, "list"))
	})
	t.Run("kick removes a player with words it reads, and it may join again", func(t *testing.T) {
		srv, d := two(t)
		assert.Equal(t, "kicked kate", do(t, srv, "kick KATE"))
		assert.Equal(t, KickedWords, d.refusal(t, 1))
		assert.True(t, d.disconnected[1])
		assert.Equal(t, "1 player: bob (character list)", do(t, srv, "list"))
		seat(t, srv, d, 3, "203.0.113.5", "kate", "")
		assert.True(t, welcomed(srv, 3), "a kicked player comes back: %q", d.refusal(t, 3))
		assert.Equal(t, 1, srv.Counters().HostKicks)
	})
	t.Run("a name nobody plays is answered as such", func(t *testing.T) {
		srv, _ := two(t)
		assert.Equal(t, "no player named zed", do(t, srv, "kick zed"))
		assert.Equal(t, "zed is not banned", do(t, srv, "unban zed"))
		assert.Equal(t, "kick whom? (kick NAME)", do(t, srv, "kick"))
	})
	t.Run("a player who already left is banned by the account and the address it left from", func(t *testing.T) {
		srv, d := two(t)
		d.events = append(d.events, transport.Event{Kind: transport.EventDisconnect, Peer: 1})
		srv.Step()
		require.Nil(t, srv.peers[1], "kate has gone")
		assert.Equal(t, "banned kate (account kate, address 203.0.113.5; already gone)", do(t, srv, "ban kate griefing"))
		seat(t, srv, d, 3, "192.0.2.9", "kate", "")
		assert.Contains(t, d.refusal(t, 3), BannedWords+": griefing", "the account is refused")
		seat(t, srv, d, 4, "203.0.113.5", "kate2", "")
		assert.Contains(t, d.refusal(t, 4), BannedWords, "and the address it played from")
		assert.True(t, welcomed(srv, 2), "bob stays")
	})
	t.Run("a name not seen lately is banned by account alone", func(t *testing.T) {
		srv, d := two(t)
		assert.Equal(t, "banned account zed (not seen lately: by account only)", do(t, srv, "ban zed"))
		seat(t, srv, d, 3, "192.0.2.9", "zed", "")
		assert.Contains(t, d.refusal(t, 3), BannedWords, "zed is refused when it comes")
		seat(t, srv, d, 4, "192.0.2.9", "amy", "")
		assert.True(t, welcomed(srv, 4), "no address was banned with it: %q", d.refusal(t, 4))
	})
	t.Run("a stranger refused for a wrong password lends no one its address", func(t *testing.T) {
		cfg := hubConfig(t)
		cfg.Password = "moth"
		srv, d := guardedServer(t, cfg)
		seat(t, srv, d, 1, "192.0.2.66", "kate", "wrong")
		require.False(t, welcomed(srv, 1))
		d.events = append(d.events, transport.Event{Kind: transport.EventDisconnect, Peer: 1})
		srv.Step()
		assert.Equal(t, "banned account kate (not seen lately: by account only)", do(t, srv, "ban kate"))
	})
	t.Run("the host's own player is neither kicked nor banned", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		seat(t, srv, d, 1, "", "vesper", "")
		assert.Equal(t, "vesper is the host", do(t, srv, "kick vesper"))
		assert.Equal(t, "vesper is the host", do(t, srv, "ban vesper"))
		assert.True(t, welcomed(srv, 1))
	})
	t.Run("a ban refuses the account and its address in words with its reason and date; unban lifts both", func(t *testing.T) {
		srv, d := two(t)
		srv.now = func() time.Time { return time.Date(2026, 12, 5, 10, 30, 0, 0, time.UTC) }
		assert.Equal(t, "banned kate (account kate, address 203.0.113.5)", do(t, srv, "ban kate spawn camping"))
		want := "you are banned from this server: spawn camping (since 5 Dec 2026 10:30 UTC)"
		assert.Equal(t, want, d.refusal(t, 1), "the banned player reads why as it is removed")
		seat(t, srv, d, 3, "192.0.2.9", "kate", "")
		assert.Equal(t, want, d.refusal(t, 3), "the account is refused from another address")
		seat(t, srv, d, 4, "203.0.113.5", "kate2", "")
		assert.Equal(t, want, d.refusal(t, 4), "another name is refused from the address")
		assert.Equal(t, "unbanned kate", do(t, srv, "unban Kate"))
		seat(t, srv, d, 5, "203.0.113.5", "kate", "")
		assert.True(t, welcomed(srv, 5), "unbanned: %q", d.refusal(t, 5))
		c := srv.Counters()
		assert.Equal(t, 1, c.Bans)
		assert.Equal(t, 2, c.BanRefused)
	})
	t.Run("a player who just left is not kicked but may still be banned while its body channels out", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		seat(t, srv, d, 1, "203.0.113.5", "kate", "")
		srv.peers[1].state = peerLinkdead // as goLinkdead leaves a closed connection that played
		assert.Equal(t, "kate has already left", do(t, srv, "kick kate"))
		assert.Equal(t, "banned kate (account kate, address 203.0.113.5)", do(t, srv, "ban kate"))
		seat(t, srv, d, 2, "203.0.113.5", "kate", "")
		assert.Contains(t, d.refusal(t, 2), BannedWords)
	})
	t.Run("say reaches every seated player as a notice", func(t *testing.T) {
		srv, d := two(t)
		assert.Equal(t, "said to 2 players", do(t, srv, "say  restart in five minutes "))
		for _, p := range []transport.PeerID{1, 2} {
			assert.Contains(t, d.notices(t, p), "Host: restart in five minutes")
		}
	})
	t.Run("save answers once the store has the characters", func(t *testing.T) {
		srv, _ := two(t)
		assert.Equal(t, "saved 0 characters", do(t, srv, "save"), "on the character list no one has a character in play")
	})
	t.Run("an unknown command is answered with the commands", func(t *testing.T) {
		srv, _ := two(t)
		assert.Equal(t, `no command "dance"; `+ConsoleHelp, do(t, srv, "dance"))
	})
	t.Run("stop asks the loop to end", func(t *testing.T) {
		srv, _ := two(t)
		assert.False(t, srv.Stopping())
		assert.Equal(t, "stopping", do(t, srv, "stop"))
		assert.True(t, srv.Stopping())
	})
}

func TestPassword(t *testing.T) {
	cases := []struct {
		name, from, typed string
		want              string // the refusal; "" means welcomed
	}{
		{"a Hello without the password is refused in words", "203.0.113.5", "", NeedsPassword},
		{"a wrong password is refused in words", "203.0.113.5", "OWL", WrongPassword},
		{"the right password is welcomed", "203.0.113.5", "owl", ""},
		{"the host's own player needs none", "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := hubConfig(t)
			cfg.Password = "owl"
			srv, d := guardedServer(t, cfg)
			seat(t, srv, d, 1, c.from, "kate", c.typed)
			assert.Equal(t, c.want, d.refusal(t, 1))
			assert.Equal(t, c.want == "", welcomed(srv, 1))
		})
	}
	t.Run("wrong passwords are paced per address: after five even the right one waits, then gets in", func(t *testing.T) {
		cfg := hubConfig(t)
		cfg.Password = "owl"
		srv, d := guardedServer(t, cfg)
		p := transport.PeerID(0)
		next := func(from, typed string) transport.PeerID {
			p++
			seat(t, srv, d, p, from, fmt.Sprintf("guesser%d", p), typed)
			return p
		}
		for i := range passwordBurst {
			assert.Equal(t, WrongPassword, d.refusal(t, next("203.0.113.5", "guess"+string(rune('a'+i)))))
		}
		refused := next("203.0.113.5", "owl")
		assert.Contains(t, d.refusal(t, refused), "too many wrong passwords from your address: wait")
		other := next("198.51.100.7", "owl")
		assert.True(t, welcomed(srv, other), "another address is not paced")
		for range passwordEvery {
			srv.Step()
		}
		assert.True(t, welcomed(srv, next("203.0.113.5", "owl")), "one pace later the right password gets in")
		c := srv.Counters()
		assert.Equal(t, passwordBurst, c.PasswordRefused)
		assert.Equal(t, 1, c.PasswordPaced)
	})
	t.Run("a guesser gets one try each pace once its burst is spent", func(t *testing.T) {
		cfg := hubConfig(t)
		cfg.Password = "owl"
		srv, d := guardedServer(t, cfg)
		tried := 0
		for i := range 10 * passwordEvery {
			p := transport.PeerID(i + 1)
			seat(t, srv, d, p, "203.0.113.5", "guesser", "nope")
			if d.refusal(t, p) == WrongPassword {
				tried++
			}
		}
		assert.Equal(t, passwordBurst+9, tried, "in ten paces the burst, then one each pace after the first, however often it asks")
	})
}

func TestBansOutliveTheServer(t *testing.T) {
	dir := t.TempDir()
	first := newAccountDoor(t, dir, nil)
	kate := first.join(t, "203.0.113.5", "kate")
	require.True(t, first.welcomed(kate))
	assert.Equal(t, "banned kate (account kate, address 203.0.113.5)", do(t, first.srv, "ban kate"))
	first.srv.Shutdown("test over")

	for _, c := range []struct {
		name, from, who string
	}{
		{"the account is refused after a restart", "192.0.2.9", "kate"},
		{"the address is refused after a restart", "203.0.113.5", "stranger"},
	} {
		t.Run(c.name, func(t *testing.T) {
			again := newAccountDoor(t, dir, nil)
			defer again.srv.Shutdown("test over")
			p := again.join(t, c.from, c.who)
			assert.Contains(t, again.d.refusal(t, p), BannedWords)
		})
	}
	t.Run("unban lifts it for good", func(t *testing.T) {
		again := newAccountDoor(t, dir, nil)
		assert.Equal(t, "unbanned kate", do(t, again.srv, "unban kate"))
		again.srv.Shutdown("test over")
		last := newAccountDoor(t, dir, nil)
		defer last.srv.Shutdown("test over")
		p := last.join(t, "203.0.113.5", "kate")
		assert.True(t, last.welcomed(p), "refused: %q", last.d.refusal(t, p))
	})
}

// loopCommands steps srv on its own goroutine (the loop's) until ctx ends.
func loopCommands(ctx context.Context, srv *Runtime) chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			srv.Step()
			time.Sleep(time.Second / game.TickRate)
		}
	}()
	return done
}

func TestConsole(t *testing.T) {
	srv, d := guardedServer(t, Config{})
	seat(t, srv, d, 1, "203.0.113.5", "kate", "")
	ctx, cancel := context.WithCancel(context.Background())
	loop := loopCommands(ctx, srv)
	defer func() { cancel(); <-loop }()

	in, typed := io.Pipe()
	out, written := io.Pipe()
	c := NewConsole(written)
	ended := make(chan struct{})
	go func() { c.Run(ctx, in, srv.Commands()); close(ended) }()
	answers := bufio.NewScanner(out)
	say := func(line string) string {
		_, err := io.WriteString(typed, line+"\n")
		require.NoError(t, err)
		require.True(t, answers.Scan())
		return answers.Text()
	}
	t.Run("each command is answered in one line, in order, blank lines skipped", func(t *testing.T) {
		assert.Equal(t, "1 player: kate (character list)", say("list"))
		assert.Equal(t, `no command "jump"; `+ConsoleHelp, say("\n  jump"))
		assert.Equal(t, "kicked kate", say("kick kate"))
		assert.Equal(t, "0 players", say("list"))
	})
	t.Run("the end of the input ends the console, not the server", func(t *testing.T) {
		require.NoError(t, typed.Close())
		<-ended
		answer := make(chan string, 1)
		srv.Commands() <- Command{Line: "list", Reply: func(a string) { answer <- a }}
		assert.Equal(t, "0 players", <-answer, "the loop still takes commands")
	})
}

func TestBanWordsFitAReject(t *testing.T) {
	at := time.Date(2026, 12, 5, 10, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		name, reason string
	}{
		{"a short reason is kept whole", "griefing"},
		{"a reason of two-byte letters is cut at a letter, within the limit", strings.Repeat("é", 150)},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := banWords(store.Ban{Account: "kate", Reason: c.reason, At: at})
			assert.LessOrEqual(t, len(w), wire.MaxReasonLen)
			assert.True(t, utf8.ValidString(w))
			assert.True(t, strings.HasPrefix(w, BannedWords+": "+c.reason[:min(len(c.reason), 20)]))
			assert.True(t, strings.HasSuffix(w, " (since 5 Dec 2026 10:30 UTC)"), "the date is never cut: %q", w)
		})
	}
}
