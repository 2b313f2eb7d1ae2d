package client

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"duskfall/game"
	"duskfall/net/seal"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// State is where a Runtime is in its life.
type State uint8

const (
	StateConnecting State = iota // waiting for the transport to connect
	StateJoining                 // connected, Hello sent, waiting for Welcome and the roster
	StateRoster                  // welcomed: choosing a character (at first, and after a death)
	StatePlaying                 // a character in an instance
	StateFailed                  // refused, timed out or dropped: see Err
	StateClosed                  // closed by the player
)

// DefaultHandshakeTimeout bounds connecting plus the Hello/Welcome exchange.
// At 20 % loss and 150 ms one way the Welcome took up to 4.6 s and a 5 s
// limit failed one join in forty; ENet keeps retransmitting meanwhile, so
// waiting longer costs nothing but the wait, which the player can cancel.
const DefaultHandshakeTimeout = 15 * time.Second

// A joined client judges the connection by what it hears, not by ENet's
// retransmission count: while it plays, twenty snapshots a second arrive,
// and no packet for QuietLimitPlaying means the game stopped (the server
// died, or its tick hangs while its socket still answers). On the roster
// the server sends nothing unasked, and the only sign of life is ENet's
// acknowledgement of what the client sends (its pings, its stays), which at
// 20 % loss and 150 ms can take four resends, so the limit there is
// longer. While joining, the handshake timeout decides. ENet's own give-up
// (a reliable packet unacknowledged for dialTimeout) only backs these up:
// under ENet's defaults a client at 20 % loss each way lost the connection
// whenever one ping went unanswered six times running (docs/NETCODE.md,
// "The impairment matrix"), while its snapshots kept arriving.
const (
	QuietLimitPlaying = 5 * time.Second
	QuietLimitRoster  = 20 * time.Second
	dialTimeout       = 30 * time.Second
)

// A join can also be lost at the door: the server forgets a handshake it
// answered and never heard acknowledged within 2 s (a half-open guard);
// at 20 % loss ENet's three or so answers in that time all go
// unacknowledged in about one join of 25 by reckoning (two of 24 in the
// runs that found it), though the client, which heard an answer, goes on
// to send its Hello to a connection the server no longer has. Nothing comes
// back, not even ENet's acknowledgement, so a joining client that has
// heard nothing for JoinQuietRedial dials again, at most maxRedials times
// within its handshake timeout.
const (
	JoinQuietRedial = 3 * time.Second
	maxRedials      = 3
)

// Config configures a Runtime.
type Config struct {
	// Content is what the client plays: the same as its server's, whose
	// hash the Hello carries (a server playing other content refuses
	// it). Required, as server.Config's is.
	Content          *game.Content
	Name             string
	Token            [16]byte
	Password         string           // the game's password, sent in the Hello; "" for a game with none
	HandshakeTimeout time.Duration    // 0 means DefaultHandshakeTimeout
	Now              func() time.Time // nil means time.Now; the handshake and quiet timers only
	ProtocolVersion  uint32           // 0 means wire.ProtocolVersion; tests announce others
	Timeline         Timeline         // the tick bullets are drawn at; TimelinePredicted by default
	Roster           RosterPolicy     // who chooses the character: RosterAuto by default
	Character        string           // the character RosterAuto plays; "" means Name
	Class            string           // the class a character made by the policy gets; "" means the content's first
	// SnapshotTap, when set, is handed every snapshot the client takes,
	// whole as it came or rebuilt from a delta; pkt is valid only during
	// the call. Tests hold it to what the server sent.
	SnapshotTap func(pkt []byte)
	// KnownServers pins the identity of each server joined by its bare
	// address, and refuses one whose identity changed (net/seal); nil pins
	// nothing. A join code's fingerprint is checked either way.
	KnownServers *seal.KnownServers
	// Bind is the IP address the client sends from; "" lets the system
	// choose. Tests stand in for other machines with 127.0.0.x.
	Bind string
	// InProcess says the server steps in this process's own frames (Host
	// and play, listen.Host.Frame): a frame that stalls (a dragged window,
	// a slow screenshot, a laptop lid) stalls the server with it, so wall
	// time without a packet says nothing about the connection and the
	// quiet limit does not apply.
	InProcess bool
}

// Stats counts what a Runtime saw; bots print them.
type Stats struct {
	Snapshots     int
	Events        int
	BulletsSeen   int
	Reconciles    int     // snapshots reconciled against the own record while alive
	Corrections   int     // reconciliations that moved the ship by more than CorrectionEpsilon
	Snaps         int     // corrections over SnapDistance, applied at once
	SumCorrection float64 // the distance every reconciliation moved the ship, summed
	MaxCorrection float64
	Garbage       int // packets dropped because they did not decode
	Resyncs       int // input-lead re-syncs
	LateInputs    int // snapshots showing the frame for their tick arrived too late
	ClockJumps    int // times the server-tick estimate jumped to follow the server
	HeldFrames    int // frames held back because the server had gone quiet
	OtherEpoch    int // snapshots and event packets of an instance the client had left
	HeldEvents    int // events that arrived before their instance and waited for it
	Redials       int // joins dialled again because the server went silent on the handshake
	JoinRetries   int // joins the server asked to try again later (wire.TryAgain), each dialled again
	HeldAtUnknown int // frames whose movement was held at a tile not yet streamed
	// JoinTime is how long the first entry into a world took from the
	// dial, redials and retries included (0: not yet in a world).
	JoinTime time.Duration
	Hits     HitStats
	// AbilitiesUsed counts the own ship's abilities the server confirmed.
	AbilitiesUsed int
	// Snapshots the server sent since the client joined, and how many of
	// them never arrived (or arrived too late to use).
	SnapshotsExpected uint64
	SnapshotsLost     uint64
	// Snapshots that came as deltas against one the client held, and
	// deltas dropped because their base had left the client's ring.
	SnapshotDeltas    int
	DeltasWithoutBase int
}

// MeanCorrection is how far, on average, a reconciliation moved the ship
// (in u): the prediction error a player lives with, snapshot by snapshot.
// A correction is usually one tick of movement (4 u) when it happens at
// all, so Corrections says how often.
func (s Stats) MeanCorrection() float64 {
	if s.Reconciles == 0 {
		return 0
	}
	return s.SumCorrection / float64(s.Reconciles)
}

// Runtime is one player's connection to a server.
type Runtime struct {
	tr      transport.Client
	redial  func() (transport.Client, error) // a new connection to the same server; nil where there is none (in process)
	probe   chan error                       // the closed-port probe's answer (reach.go); nil where there is none
	dropped []transport.Client               // connections left by a redial, closed by Close
	cfg     Config
	state   State
	err     error
	started time.Time
	heardAt time.Time // the last packet from the server (cfg.Now)
	stats   Stats
	netLoss snapshotLoss
	rtt     roundTrip // what the server says of the round trip while the client plays

	id       uint16
	names    map[uint16]string
	classes  map[uint16]uint8 // each player's class, from the Roster
	seen     map[uint16]bool  // other players ever drawn
	instance uint16
	dungeon  uint8
	depth    int // the dungeon floor, 0 in the hub
	grid     *game.Grid
	portals  []game.Portal
	pstats   game.PlayerStats
	pab      game.Ability // the own class's ability with its gear's changes (game.EffectiveAbility)

	lead        leadController
	carry       presses // one-frame presses from a frame the lead controller held back
	pending     []game.Input
	sendBuf     []byte
	pred        predictor
	ability     abilityPredictor
	evTick      uint32 // the tick of the events packet being applied; 0 for events held from before
	abilityUses []AbilityUse

	snap    wire.Snapshot
	held    wire.SnapshotRing // the snapshots received, as bases for deltas
	acked   uint32            // the newest of them this instance, acknowledged in each input (0: none)
	rebuilt []byte            // a delta's snapshot, rebuilt
	history snapshotHistory
	view    view
	fog     Fog
	hub     hubMemory // the hub's map and explored memory, kept across returns

	epoch   uint16       // the current instance's epoch (EnterInstance.Epoch)
	early   []game.Event // events of an instance not entered yet
	earlyOf uint16       // the epoch they belong to
	bullets replica
	sight   hitSight
	replay  Replay      // the last frames drawn, frozen by a death
	death   DeathReport // the own ship's last death
	died    bool
	events  wire.EventIter
	inbox   []transport.Event
	roster  rosterState
	sheet   sheetState
	retry   retryState // a join refused for now, waiting to dial again
}

// maxEarlyEvents bounds the events held for an instance not entered yet;
// beyond it they are dropped and counted as garbage.
const maxEarlyEvents = 8192

// New starts a Runtime on a transport whose connect is under way.
func New(tr transport.Client, cfg Config) *Runtime {
	if cfg.Content == nil {
		panic(errNoContent)
	}
	if cfg.HandshakeTimeout == 0 {
		cfg.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	r := &Runtime{
		tr:      tr,
		cfg:     cfg,
		started: cfg.Now(), heardAt: cfg.Now(),
		names:   make(map[uint16]string),
		classes: make(map[uint16]uint8),
		seen:    make(map[uint16]bool),
		pstats:  cfg.Content.Player,
		bullets: newReplica(),
		pending: make([]game.Input, 0, 256),
		sendBuf: make([]byte, 0, 64),
	}
	r.history.init()
	return r
}

// Dial connects to a server over ENet: addr is an address or a join code,
// as a player gives it (seal.ParseTarget).
func Dial(addr string, cfg Config) (*Runtime, error) {
	if cfg.Content == nil {
		return nil, errors.New(errNoContent)
	}
	version := cfg.ProtocolVersion
	if version == 0 {
		version = wire.ProtocolVersion
	}
	target, err := seal.ParseTarget(addr)
	if err != nil {
		return nil, err
	}
	if err := lookUp(target); err != nil {
		return nil, err
	}
	addr, verify := target.Addr(), serverCheck(target, cfg.KnownServers)
	dial := func() (transport.Client, error) {
		tr, err := transport.DialENet(addr, version, transport.Config{Reliable: wire.ReliableChannels(), Unordered: wire.UnorderedChannels(),
			Timeout: dialTimeout, VerifyServer: verify, Bind: cfg.Bind})
		if err != nil {
			return nil, fmt.Errorf("cannot reach %s: %w", addr, err)
		}
		return tr, nil
	}
	tr, err := dial()
	if err != nil {
		return nil, err
	}
	r := New(tr, cfg)
	r.redial = dial
	r.probe = make(chan error, 1)
	go probePort(addr, r.probe)
	return r, nil
}

// State says where the runtime is; Err says why it failed.
func (r *Runtime) State() State { return r.state }

// Err is the reason the runtime failed, in words a player can read.
func (r *Runtime) Err() error { return r.err }

// Stats returns the counters so far.
func (r *Runtime) Stats() Stats {
	s := r.stats
	s.SnapshotsExpected, s.SnapshotsLost = r.netLoss.expected, r.netLoss.lost
	return s
}

// PlayerID is the own player's id (the server's peer id for us).
func (r *Runtime) PlayerID() uint16 { return r.id }

// OthersSeen is how many other players this client has had in view since
// it entered its current instance.
func (r *Runtime) OthersSeen() int { return len(r.seen) }

// Name returns a player's name from the roster.
func (r *Runtime) Name(id uint16) string { return r.names[id] }

// Others lists the player ids the last roster named, the own left out,
// in order: the host's Players list.
func (r *Runtime) Others() []uint16 {
	ids := make([]uint16, 0, len(r.names))
	for id := range r.names {
		if id != r.id {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// Grid is the map as far as it has been streamed (TileUnknown elsewhere).
func (r *Runtime) Grid() *game.Grid { return r.grid }

// Portals lists the current instance's portals.
func (r *Runtime) Portals() []game.Portal { return r.portals }

// Instance is the current instance id and its dungeon kind (0xFF: hub).
func (r *Runtime) Instance() (uint16, uint8) { return r.instance, r.dungeon }

// Depth is the dungeon floor the client is on, 1 the first; 0 in the hub.
func (r *Runtime) Depth() int { return r.depth }

// Bullets is the bullet replica, the bullets in flight, simulated to
// BulletTick.
func (r *Runtime) Bullets() *game.BulletPool { return r.bullets.pool }

// Telegraphs are the enemy bullets announced and not yet flying, for
// render to draw at their muzzle. The slice is reused by the next Receive.
func (r *Runtime) Telegraphs() []Telegraph { return r.bullets.unborn }

// BulletTick is the tick the bullet replica is drawn at: the own ship's
// predicted tick on the default timeline.
func (r *Runtime) BulletTick() uint32 { return r.bullets.now }

// ServerTick is the client's estimate of the server's current tick.
func (r *Runtime) ServerTick() uint32 { return r.lead.est }

// ShipTick is the tick the own ship is drawn at: the newest frame
// predicted, or the server-tick estimate before the first.
func (r *Runtime) ShipTick() uint32 {
	if r.lead.first == 0 {
		return r.lead.est
	}
	return r.lead.next - 1
}

// ShiftClock moves the client's clock and its frame numbering by ticks, as
// a drifting clock would: the drift diagnostic (TestClockDriftHeals) checks
// that the client heals from it.
func (r *Runtime) ShiftClock(ticks int32) { r.lead.shift(ticks) }

// PlayerStats are the own player's stats, for display only.
func (r *Runtime) PlayerStats() game.PlayerStats { return r.pstats }

// Net reports the transport's view of the connection, with the round trip
// the server reports while the client plays (roundtrip.go).
func (r *Runtime) Net() transport.PeerStats {
	st := r.tr.Stats()
	st.RTT = r.roundTrip(st)
	return st
}

// Close leaves the server and releases the transport. Over ENet it waits
// up to a second for the server to acknowledge the goodbye, so the server
// frees the player's slot at once: call it off the frame.
func (r *Runtime) Close() {
	if r.state != StateFailed {
		r.state = StateClosed
	}
	r.tr.Disconnect()
	r.tr.Close()
	for _, d := range r.dropped {
		d.Close()
	}
}

// Frame is one update of a remote client: send this frame's input, then
// read what arrived. A listen server calls SendInput and Receive around its
// own server step instead.
func (r *Runtime) Frame(in Intent) {
	r.SendInput(in)
	r.Receive()
}

// SendInput numbers this frame's input, predicts the own ship with it and
// sends it with the frames before it for redundancy.
func (r *Runtime) SendInput(in Intent) {
	if r.state != StatePlaying || !r.pred.ready {
		return
	}
	in = r.carry.into(in)
	first, n := r.lead.take()
	if n == 0 {
		// A held-back frame must not swallow a one-frame press.
		r.carry = pressesOf(in)
		return
	}
	for i := range n {
		f := r.holdAtUnknown(in.Frame(first + uint32(i)))
		if len(r.pending) == cap(r.pending) {
			r.pending = append(r.pending[:0], r.pending[1:]...)
		}
		r.pending = append(r.pending, f)
		var dash game.Vec
		if cl := r.Class(); cl != nil {
			dash = r.ability.step(f, &r.pab, r.pred.dead)
		}
		r.pred.step(f, dash, r.pstats, r.grid)
	}
	r.sendBuf = wire.AppendInput(r.sendBuf[:0], r.pending, r.acked) // AppendInput keeps the newest InputRedundancy frames
	r.tr.Send(wire.ChannelOf(wire.MsgInput), r.sendBuf)
}

// unknownMargin is how near a predicted ship may come to a tile not yet
// streamed: more than a step, so the frame that would touch it is the one
// held.
const unknownMargin = 2

// holdAtUnknown takes the movement out of a frame that would bring the
// ship beside a tile the client has not been streamed (it may be wall):
// the server, given the same frame, keeps the ship where the prediction
// does, so nothing is predicted into the unknown and corrected after. The
// hold lasts until the chunk arrives, a round trip at most after joining
// (docs/NETCODE.md, "Maps").
func (r *Runtime) holdAtUnknown(f game.Input) game.Input {
	if f.MoveX == 0 && f.MoveY == 0 {
		return f
	}
	next := game.StepPlayer(r.pred.pos, f, r.pstats, r.grid)
	if !r.grid.CircleNearUnknown(next, r.pstats.Radius+unknownMargin) {
		return f
	}
	f.MoveX, f.MoveY = 0, 0
	r.stats.HeldAtUnknown++
	return f
}

// Receive reads everything the transport has, then advances the bullet
// replica to the server tick estimate.
func (r *Runtime) Receive() {
	r.inbox = r.tr.Poll(r.inbox[:0])
	for i := range r.inbox {
		r.handle(&r.inbox[i])
	}
	r.checkHandshakeTimeout()
	r.retryWhenDue()
	r.checkQuiet()
	r.chooseForPlayer()
	r.stay()
	r.stepBullets()
	r.pred.smooth()
	r.view.build(r)
	if r.view.hasSelf {
		r.sight.noteFrame(r.ShipTick(), r.view.self.Pos, &r.bullets)
		r.replay.record(r.ShipTick(), r.view.self, r.view.players, r.view.enemies, r.bullets.pool)
	}
	r.invalidateFog()
}

func (r *Runtime) handle(ev *transport.Event) {
	if r.waiting() {
		return // the refused connection's goodbye; the next dial is due soon
	}
	switch ev.Kind {
	case transport.EventConnect:
		r.sendHello()
	case transport.EventDisconnect:
		if ev.Busy > 0 {
			r.onBusy(ev.Busy, ev.Reason)
			return
		}
		if ev.Reason != "" {
			r.fail(errors.New(ev.Reason))
		}
		if ev.ServerVersion != 0 {
			r.fail(fmt.Errorf("the server refused the connection: %w: update the game to match the host's", &wire.VersionError{Server: ev.ServerVersion, Client: r.version()}))
		}
		r.onDisconnect()
	case transport.EventReceive:
		r.heardAt = r.cfg.Now()
		if err := r.dispatch(ev.Channel, ev.Data); err != nil {
			r.stats.Garbage++
		}
	}
}

func (r *Runtime) sendHello() {
	if r.state != StateConnecting {
		return
	}
	b, err := wire.AppendHello(nil, wire.Hello{Name: r.cfg.Name, Token: r.cfg.Token, Content: r.cfg.Content.Hash, Password: r.cfg.Password})
	if err != nil {
		r.fail(fmt.Errorf("cannot join: %w", err))
		return
	}
	r.tr.Send(wire.ChannelOf(wire.MsgHello), b)
	r.state = StateJoining
}

// checkQuiet ends a joined connection the server has gone quiet on.
func (r *Runtime) checkQuiet() {
	var quiet, limit time.Duration
	switch r.state {
	case StatePlaying:
		if r.cfg.InProcess {
			return
		}
		quiet, limit = r.cfg.Now().Sub(r.heardAt), QuietLimitPlaying
	case StateRoster:
		quiet, limit = r.tr.Stats().Quiet, QuietLimitRoster
	case StateJoining:
		if !r.waiting() && r.redial != nil && r.stats.Redials < maxRedials && r.tr.Stats().Quiet > JoinQuietRedial {
			r.stats.Redials++
			r.dialAgain()
		}
		return
	default:
		return
	}
	if quiet > limit {
		r.tr.Disconnect()
		r.fail(fmt.Errorf("the connection to the server was lost: nothing heard from it for %d seconds", int(quiet.Seconds())))
	}
}

// dialAgain leaves a join the server has gone silent on for a new
// connection; its Hello goes when it connects. The old connection is
// closed with the runtime: closing waits for the server, never in a frame.
func (r *Runtime) dialAgain() {
	tr, err := r.redial()
	if err != nil {
		return // the handshake timeout still decides
	}
	r.tr.Disconnect()
	r.dropped = append(r.dropped, r.tr)
	r.tr, r.state = tr, StateConnecting
}

func (r *Runtime) onDisconnect() {
	switch r.state {
	case StateConnecting:
		r.fail(errors.New("could not connect: the server did not answer"))
	case StateJoining, StateRoster, StatePlaying:
		r.fail(errors.New("the connection to the server was lost: it stopped answering"))
	}
}

// fail records the first reason only: a refusal arrives before the
// disconnect that follows it, and the refusal is what the player should read.
func (r *Runtime) fail(err error) {
	if r.state == StateFailed || r.state == StateClosed {
		return
	}
	r.state, r.err = StateFailed, err
}

// Handshake says how far joining has come, for the connecting screen.
type Handshake struct {
	Stage   State         // StateConnecting or StateJoining while under way
	Elapsed time.Duration // since the runtime started
	Left    time.Duration // until the client gives up; 0 once it has
	// Waiting is the server's reason for asking the client to try again
	// (wire.TryAgain), while it waits to dial again; "" otherwise.
	Waiting string
	RetryIn time.Duration // until it dials again
}

// Handshake reports the join's progress against the timeout.
func (r *Runtime) Handshake() Handshake {
	now := r.cfg.Now()
	elapsed := now.Sub(r.started)
	h := Handshake{Stage: r.state, Elapsed: elapsed, Left: max(0, r.cfg.HandshakeTimeout-elapsed)}
	if r.waiting() {
		h.Waiting, h.RetryIn = r.retry.why, max(0, r.retry.at.Sub(now))
	}
	return h
}

// checkHandshakeTimeout gives up on a server that does not answer in time.
// The disconnect is the graceful kind, and Close waits for the server to
// acknowledge it: a Hello that arrives late must not seat a player whose
// client has already left.
func (r *Runtime) checkHandshakeTimeout() {
	if r.state != StateConnecting && r.state != StateJoining {
		return
	}
	if r.state == StateConnecting && r.probe != nil {
		select {
		case err := <-r.probe:
			r.probe = nil
			if err != nil {
				r.fail(err)
				r.tr.Disconnect()
				return
			}
		default:
		}
	}
	if r.cfg.Now().Sub(r.started) <= r.cfg.HandshakeTimeout {
		return
	}
	if r.retry.why != "" { // it answered, and kept saying not yet
		r.fail(fmt.Errorf("the server refused the connection: %s (still so after %d tries in %s)",
			r.retry.why, r.stats.JoinRetries+1, r.cfg.HandshakeTimeout))
	} else {
		r.fail(fmt.Errorf("no answer from the server within %s: %s", r.cfg.HandshakeTimeout, stageWords(r.state)))
	}
	r.tr.Disconnect()
}

// stageWords says where a handshake stopped, in a player's words.
func stageWords(s State) string {
	if s == StateJoining {
		return "it accepted the connection but never answered the request to join"
	}
	return "it never accepted the connection. Check the address, and that the game there is running; " +
		"from another network, the host's router must have opened the port (Host and play says so on the host's screen), " +
		"or the host forwards it by hand"
}

// stepBullets brings the replica to the display timeline's tick. Before
// the first instance there is no map and nothing to step.
func (r *Runtime) stepBullets() {
	if r.grid == nil || !r.lead.synced {
		return
	}
	tick := r.lead.est
	if r.cfg.Timeline == TimelinePredicted {
		tick = r.ShipTick()
	}
	r.bullets.stepTo(tick, r.grid)
}

// version is the protocol version this runtime announces.
func (r *Runtime) version() uint32 {
	if r.cfg.ProtocolVersion != 0 {
		return r.cfg.ProtocolVersion
	}
	return wire.ProtocolVersion
}
