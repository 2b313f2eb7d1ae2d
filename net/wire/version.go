package wire

import "fmt"

// ProtocolVersion is carried in ENet's connect data: peers with different
// versions refuse each other before a single message is parsed. Bump it
// whenever any layout in this package changes, or the datagrams' own form
// does, or the meaning of a predicted step does. What each version changed,
// oldest first (the newest last):
//
//	 5  every datagram range-coded
//	 6  enemy flags and the instance's depth
//	 7  the focus bit and corner rounding, which change every predicted step
//	 8  snapshot deltas and the input's acknowledgement
//	 9  the roster's stay command
//	10  the delta's short header
//	11  the events header as a change, despawn reasons in the kind, fans
//	12  six frames in an input packet, sent unordered
//	13  the Reject's retry hint (TryAgain)
//	14  the bag's stacks in the Inventory, a death's cause, the ability
//	    button and event, bomb erasure, classes on the roster and in create
//	15  each player's class in the Roster; ships slide round corner points
//	    and are guided into a missed tunnel, which changes predicted steps
//	16  the door: a cookie round trip before ENet's CONNECT, without which
//	    a connect is dropped unanswered
//	17  every datagram after the door sealed, the proof carrying the
//	    client's key and the server answering with a signed hello
//	    (docs/NETCODE.md, "Sealed sessions")
//	18  the Hello's password
//	19  the Hello's content hash: a server playing other content refuses
//	    the client in words
//	20  the delta's changed bytes placed by group and block bits instead
//	    of runs
//	21  the server's RoundTrip, so that a playing client need not ping
//	22  the ability event's place (where a decoy stands); dashes, which
//	    change predicted steps, decoys and the ability's input buffer
//	23  the Inventory's XP since the previous sheet, from kills and from
//	    clears
const ProtocolVersion uint32 = 23

// VersionError reports a protocol mismatch in words a player can act on.
// It matches ErrVersion under errors.Is.
type VersionError struct {
	Server uint32 // the version this process speaks
	Client uint32 // the version the connecting peer announced
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("server speaks protocol %d, client speaks %d", e.Server, e.Client)
}

// Is lets errors.Is(err, ErrVersion) hold.
func (e *VersionError) Is(target error) bool { return target == ErrVersion }

// CheckVersion checks the version a connecting client put in ENet's connect
// data against ours. It runs on the server, before any message is parsed;
// the error text is meant to be sent back in a Reject.
func CheckVersion(data uint32) error {
	if data == ProtocolVersion {
		return nil
	}
	return &VersionError{Server: ProtocolVersion, Client: data}
}
