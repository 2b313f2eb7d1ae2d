package client

import (
	"errors"
	"fmt"
	"time"

	"duskfall/net/wire"
)

// A refusal that time lifts (wire.TryAgain): the server has too many
// joining at once from this address, or the account's old connection (a
// game killed a moment ago) is still going quiet. The client leaves the
// refused connection, waits at least what the server asked (doubling on
// each further refusal), dials again, and shows the reason meanwhile; it
// gives up at the handshake timeout, with the reason. docs/NETCODE.md,
// "Handshake".

// maxRetryWait bounds the doubled wait, so a refusal lifted meanwhile is
// tried again soon after, not after half the handshake timeout.
const maxRetryWait = 4 * time.Second

// retryState is a join waiting to be dialled again.
type retryState struct {
	at   time.Time     // when to dial again; zero when not waiting
	wait time.Duration // the last wait, doubled for the next refusal
	why  string        // the server's reason, shown while waiting
}

func (r *Runtime) onTryAgain(b []byte) error {
	m, err := wire.ParseTryAgain(b)
	if err != nil {
		r.fail(errRefused)
		return err
	}
	if r.state != StateConnecting && r.state != StateJoining {
		return errUnexpected
	}
	if r.redial == nil {
		r.fail(fmt.Errorf("the server refused the connection: %s", m.Reason))
		return nil
	}
	wait := min(max(time.Duration(m.Retry)*time.Millisecond, 2*r.retry.wait), maxRetryWait)
	r.retry = retryState{at: r.cfg.Now().Add(wait), wait: wait, why: m.Reason}
	r.stats.JoinRetries++
	return nil
}

// busyWhy is what the connecting screen says the server told a dial its
// door had no room for ("The server says it is busy: trying again in ...").
const busyWhy = "it is busy"

// onBusy takes a dial the server's door had no room for
// (transport.Event.Busy, in words in reason): as after a TryAgain, the
// client waits what the door asked, or longer, and dials again, saying
// why meanwhile. docs/NETCODE.md, "Sealed sessions".
func (r *Runtime) onBusy(wait time.Duration, reason string) {
	if r.state != StateConnecting || r.redial == nil {
		r.fail(errors.New(reason))
		return
	}
	wait = min(max(wait, 2*r.retry.wait), maxRetryWait)
	r.retry = retryState{at: r.cfg.Now().Add(wait), wait: wait, why: busyWhy}
	r.stats.JoinRetries++
}

// waiting says whether the join waits to be dialled again: the refused
// connection's events are ignored meanwhile.
func (r *Runtime) waiting() bool { return !r.retry.at.IsZero() }

// retryWhenDue dials again once the wait is over.
func (r *Runtime) retryWhenDue() {
	if r.waiting() && !r.cfg.Now().Before(r.retry.at) {
		r.retry.at = time.Time{}
		r.dialAgain()
	}
}
