package server

import (
	"context"
	"duskfall/net/portmap"
	"errors"
	"fmt"
	"log"
	"math/rand/v2"
	"sync"
	"time"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// Config configures a Runtime.
type Config struct {
	Content    *game.Content
	Map        *game.Map // where every player starts: the hub (or an arena)
	Seed       uint64
	MaxPlayers int // 0 means DefaultMaxPlayers
	// Workers is how many instances step at once: 0 for one per core, 1
	// for every instance on the tick's goroutine.
	Workers    int
	StatusFile string // Run rewrites it once a second; "" disables it
	// OnStatus, when set, is handed the same status once a second, off the
	// loop's goroutine (the LAN announcement's player count uses it).
	OnStatus func(Status)
	// PortMap, when set, says how the server's port stands on the home
	// router (--upnp): the status file's portmap_ fields and public_addr.
	PortMap func() portmap.Status
	// IdleTimeoutTicks disconnects a welcomed peer that sends nothing this
	// long: 0 means DefaultIdleTimeout (15 s), negative never.
	IdleTimeoutTicks int
	// Enter, when set, is the id of a dungeon kind every character is sent
	// into as it enters play, through the hub's portal to it (--enter):
	// for testers and screenshots. ConfigFor checks the hub has one.
	Enter string
	// EnterDoomed sends every character that arrives in a dungeon in with
	// 1 health, 200 u from the hostile enemy nearest its arrival in a line
	// the enemy sees (--enter-doomed): for tests and screenshots of a death.
	EnterDoomed bool
	// EnterLevels raises every character this many levels as it enters
	// play, owing an upgrade choice for each (--enter-levels): for tests
	// and screenshots of the keeper. 0: none.
	EnterLevels int
	// EnterItems are item content ids put into every character's bag as
	// it enters play, one to a free slot (--enter-items): for tests and
	// screenshots of what the window says of them. New checks each names
	// an item.
	EnterItems []string
	// RosterAllowanceTicks disconnects a peer that stays on the roster this
	// long without playing (the idle limit off turns it off too): 0 means
	// RosterAllowanceTicks (60 s).
	RosterAllowanceTicks int
	// HelloTicks is how long a connection may take to say Hello: 0 means
	// HelloTimeoutTicks (5 s).
	HelloTicks int
	// Password, when set, is asked of every player but the host's own
	// (hostctl.go, checkPassword).
	Password   string
	VolleyLead int // ticks enemy volleys are announced before they fly: 0 means game.VolleyLeadTicks, negative none
	// Store keeps accounts and characters; the Runtime owns it from New on
	// and closes it on Shutdown. nil keeps characters in memory, without
	// accounts: any name joins, and nothing outlives the process (tests,
	// practice).
	Store *store.Store
	// BackupEvery is how often the store is copied to the backup beside
	// it (store.BackupPath), the first time as the server starts: 0 means
	// DefaultBackupEvery, negative never.
	BackupEvery time.Duration
	Log         *log.Logger // nil discards
	// NewAccountsPerAddress is how many new accounts one IP address may
	// make in an hour: 0 means DefaultNewAccountsPerAddress, negative
	// none. MaxAccounts is the most accounts the store keeps: 0 means
	// DefaultMaxAccounts. A returning player is never limited, the player
	// in the server's own process by neither, and connections from this
	// machine (loopback) by the cap alone; without a Store there are no
	// accounts to limit (accounts.go).
	NewAccountsPerAddress int
	MaxAccounts           int
	// ItemJournal, when set, is told every item move, on the tick's
	// goroutine: audits and tests follow every item id with it.
	ItemJournal func(ItemRecord)
	// SnapshotTap, when set, is handed every snapshot whole before it is
	// sent (as itself or as a delta), with its receiver's player id, on the
	// tick's goroutine; pkt is valid only during the call. Tests hold what
	// the clients rebuild to it.
	SnapshotTap func(player uint16, pkt []byte)
}

// DefaultMaxPlayers bounds the players one server accepts.
const DefaultMaxPlayers = 32

// MaxPlayersLimit is the most players a server may be configured for: an
// instance marks which of its peers were told of each bullet with one bit
// each in a 64-bit Tag.
const MaxPlayersLimit = 64

// maxPacket keeps event packets under a typical MTU so ENet need not
// fragment them; a tick with more events sends several packets.
const maxPacket = 1200

// Runtime is the server: one transport, any number of instances.
type Runtime struct {
	cfg       Config
	tr        transport.Server
	tick      uint32
	peers     map[transport.PeerID]*peer
	order     []*peer // peers in connect order, for stable iteration
	ids       idPool
	instances []*instance
	workers   *workers  // step the instances' worlds in parallel
	hub       *instance // where players start and return to; never closes
	open      map[portalKey]*instance
	transfers []transfer
	counters  Counters

	nextInstance uint16
	dungeonsMade uint64

	inbox     []transport.Event
	frames    []game.Input
	tellOrder []uint64 // tellBullets' scratch: uid<<32 | slot
	desk      *desk
	recent    map[uint64]recentSave // characters' final saves, until surely written
	accounts  int                   // accounts the store kept at the last sweep
	lockout   map[uint64]uint32     // character id → tick its death's lockout ends
	diedAway  map[uint64]string     // character id → where its linkdead body died, told on its return
	deaths    []playerDeath
	escapes   []escape
	buf       []byte
	deltaBuf  []byte // the snapshot delta being sent
	rttBuf    []byte // the RoundTrip being sent
	snapEnc   wire.SnapshotEncoder
	roster    wire.Roster
	log       *log.Logger
	logw      *asyncWriter // nil when the log is discarded
	shutdown  sync.Once

	// rosterClocks are the roster time accounts and addresses spent
	// without playing (rosterclock.go).
	rosterClocks rosterClocks

	itemIDs    *game.ItemIDs     // one id space for every world's items
	itemDef    map[string]uint16 // item content id → index
	upgradeDef map[string]uint8  // upgrade content id → index
	rng        *rand.Rand        // the server's own choices (upgrade offers)
	sheet      wire.Inventory    // sendSheet's scratch
	gone       []game.Item       // scratch: instanced loot leaving with its owner
	retried    []retriedSession  // second sessions told to try again lately (roster.go, firstRetry)
	bans       []store.Ban       // the bans in force (hostctl.go); the store keeps them too
	departed   []departure       // who left lately, for a ban after they went (hostctl.go)
	pwGates    map[string]uint32 // address → its wrong passwords' pace (hostctl.go, checkPassword)
	commands   chan Command      // the console's commands, taken between ticks (console.go)
	stopping   bool              // the console asked the server to stop

	// Test seams for Run: the clock, the sleep between ticks and the
	// status writer (nil: the status file, if configured).
	now         func() time.Time
	sleep       func(time.Duration)
	writeStatus func(Status) error

	vitals vitals // what other goroutines may read of the loop (vitals.go)
}

// Counters are what the server refused or dropped, for operators and tests.
type Counters struct {
	Garbage     int // packets that did not decode or came on the wrong channel
	Unencodable int // events the codec refused (a NaN from the simulation would be one)
	Rejected    int // connections refused at the handshake
	Deferred    int // connections asked to try again later (wire.TryAgain): a refusal time lifts
	InputReplay int
	InputStale  int
	InputFuture int
	InputFlood  int
	// Roster commands refused (an unknown or foreign character, a wrong
	// confirmation, a full account) and refused for their pace (a flood).
	RosterRefused int
	RosterPaced   int
	// Items moved (every move is also journalled when Config.ItemJournal
	// is set) and upgrade choices taken or refused.
	ItemsMinted, ItemsTaken, ItemsUsed, ItemsDropped, ItemsDestroyed int
	UpgradesTaken, UpgradesRefused                                   int
	// Linkdead counts closed connections that left a body, however they
	// closed; Escapes counts escape channels completed (bodies included).
	Linkdead, Escapes int
	// AccountsRefused counts Hellos refused a new account for their
	// address's budget or the store's cap; AccountsExpired the unused
	// accounts deleted (accounts.go).
	AccountsRefused, AccountsExpired int
	// RateLimited counts packets dropped over a peer's allowance; Kicked
	// the peers disconnected by the guard (idle, flooding, garbage);
	// LateDropped packets from peers already refused (guard.go).
	RateLimited, Kicked, LateDropped int
	// HostKicks counts players the host removed; Bans the players it
	// banned; BanRefused the Hellos refused for a ban; PasswordRefused
	// those with a missing or wrong password, PasswordPaced those from an
	// address over its pace of wrong ones (hostctl.go).
	HostKicks, Bans, BanRefused, PasswordRefused, PasswordPaced int
	// Snapshots sent whole and as deltas against an acknowledged one.
	SnapshotsWhole, SnapshotDeltas int
	BytesIn                        uint64      // payload bytes received
	BytesOut                       uint64      // payload bytes sent
	BytesOutBy                     [256]uint64 // payload bytes sent, by message type
	EventsOut                      [256]uint64 // events queued for peers, by kind
}

// New makes a server on a transport that is already listening.
func New(cfg Config, tr transport.Server) (*Runtime, error) {
	if cfg.Content == nil || cfg.Map == nil {
		return nil, errors.New("server: config needs content and a map")
	}
	if cfg.MaxPlayers == 0 {
		cfg.MaxPlayers = DefaultMaxPlayers
	}
	if cfg.MaxPlayers > MaxPlayersLimit {
		return nil, fmt.Errorf("server: at most %d players, not %d", MaxPlayersLimit, cfg.MaxPlayers)
	}
	if err := checkEnter(&cfg); err != nil {
		return nil, err
	}
	if err := checkEnterItems(&cfg); err != nil {
		return nil, err
	}
	s := &Runtime{
		cfg:      cfg,
		tr:       tr,
		peers:    make(map[transport.PeerID]*peer),
		open:     make(map[portalKey]*instance),
		workers:  newWorkers(cfg.Workers),
		buf:      make([]byte, 0, 64*1024),
		deltaBuf: make([]byte, 0, 64*1024),
		log:      log.New(discard{}, "", 0),
		now:      time.Now,
		sleep:    time.Sleep,
		commands: make(chan Command, commandQueue),
		vitals:   vitals{times: newLoopTimes()},
	}
	if cfg.Log != nil {
		// The log's writer (stderr, say) may block; the tick must not.
		s.logw = newAsyncWriter(cfg.Log.Writer())
		s.log = log.New(s.logw, cfg.Log.Prefix(), cfg.Log.Flags())
	}
	var led ledger = newMemLedger()
	if cfg.Store != nil {
		bans, err := cfg.Store.Bans()
		if err != nil {
			return nil, fmt.Errorf("server: reading the bans: %w", err)
		}
		s.bans = bans
		led = newStoreLedger(cfg.Store, cfg.accountRules())
	}
	s.desk = newDesk(led, backupEvery(cfg.BackupEvery), s.log.Printf)
	s.recent, s.lockout, s.diedAway = make(map[uint64]recentSave), make(map[uint64]uint32), make(map[uint64]string)
	s.rosterClocks = rosterClocks{}
	s.itemIDs = newItemIDs(cfg.Store)
	s.itemDef, s.upgradeDef = itemIndex(cfg.Content)
	s.rng = newServerRand(cfg.Seed)
	s.hub = s.newInstance(cfg.Map, game.HubDungeon, cfg.Seed)
	s.log.Printf("world seed %#x (--seed %d makes this world again)", cfg.Seed, cfg.Seed)
	return s, nil
}

// backupEvery is Config.BackupEvery with its default; 0 means never.
func backupEvery(configured time.Duration) time.Duration {
	if configured == 0 {
		return DefaultBackupEvery
	}
	return max(configured, 0)
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// Tick is the number of steps run so far.
func (s *Runtime) Tick() uint32 { return s.tick }

// Counters returns what the server counted so far.
func (s *Runtime) Counters() Counters { return s.counters }

// Seed is the seed the server's worlds are made from.
func (s *Runtime) Seed() uint64 { return s.cfg.Seed }

// MaxPlayers is how many players the server takes.
func (s *Runtime) MaxPlayers() int { return s.cfg.MaxPlayers }

// Logf writes a line to the server's log.
func (s *Runtime) Logf(format string, args ...any) { s.log.Printf(format, args...) }

// Players is the number of players in the game.
func (s *Runtime) Players() int {
	n := 0
	for _, p := range s.order {
		if p.state == peerPlaying {
			n++
		}
	}
	return n
}

// Instances is the number of open instances.
func (s *Runtime) Instances() int { return len(s.instances) }

// World returns the world a player is in, for tests and tools.
func (s *Runtime) World(player uint16) *game.World {
	for _, p := range s.order {
		if p.player == player && p.inst != nil {
			return p.inst.world
		}
	}
	return nil
}

// Step advances the server one tick.
func (s *Runtime) Step() {
	if b, ok := s.tr.(transport.Batcher); ok {
		b.Hold()
		defer b.Release()
	}
	s.takeCommands()
	s.inbox = s.tr.Poll(s.inbox[:0])
	for i := range s.inbox {
		s.handle(&s.inbox[i])
	}
	s.takeAnswers()
	s.sweepAccounts()
	s.expireSilentPeers()
	s.retryParked()
	s.tick++
	s.topUpItemIDs()
	s.workers.stepAll(s.instances)
	for _, in := range s.instances {
		s.queueEvents(in)
		s.collectOutcomes(in)
	}
	s.applyDeaths()
	s.applyEscapes()
	s.applyTransfers()
	if s.tick%wire.SnapshotInterval == 0 {
		for _, in := range s.instances {
			s.tellBullets(in)
		}
		for _, p := range s.order {
			if p.state == peerPlaying {
				s.flushEvents(p)
				s.sendSnapshot(p)
				s.tellRoundTrip(p)
			}
		}
	}
	for _, p := range s.order {
		if p.state == peerPlaying {
			s.streamChunks(p)
		}
	}
	s.sendSheets()
	s.saveCharacters()
}

// tickStep is one tick of wall time.
const tickStep = time.Second / game.TickRate

// maxBehind is how far the loop may fall behind before it stops catching
// up: after a stall (a debugger, a swapped-out process) it drops the
// missed ticks, counted as skipped, rather than spin through them.
const maxBehind = 250 * time.Millisecond

// Run steps the server at 60 Hz until ctx ends or the console says stop,
// then says goodbye to every peer. Once a second it hands a status snapshot to a writer goroutine
// (the status file, when configured); nothing in the loop touches a file.
func (s *Runtime) Run(ctx context.Context) error {
	janitorCtx, stopJanitor := context.WithCancel(ctx)
	defer stopJanitor()
	go runJanitor(janitorCtx)
	l := s.startLoop()
	next := s.now()
	for ctx.Err() == nil && !s.stopping {
		now := s.now()
		next = l.lp.skipIfFarBehind(now, next)
		for !now.Before(next) {
			s.timedStep(l.lp)
			next = next.Add(tickStep)
		}
		s.statusEverySecond(l, now)
		s.sleep(next.Sub(s.now()))
	}
	s.endLoop(l, "the server is shutting down")
	return nil
}

// loop is what a loop that steps the server keeps between steps (Run's,
// or the host's frames through Hosted): the steps' timings, the status
// writer, and when it last took the status.
type loop struct {
	lp         *loopStats
	sink       *statusSink
	lastStatus time.Time
}

// startLoop starts the status writer and marks the server running.
func (s *Runtime) startLoop() *loop {
	l := &loop{lp: newLoopStats(s.vitals.times), sink: s.startStatusSink(), lastStatus: s.now()}
	s.vitals.phase.Store(int32(PhaseRunning))
	return l
}

// statusEverySecond takes the status when a second has passed since the
// last, as of now.
func (s *Runtime) statusEverySecond(l *loop, now time.Time) {
	if now.Sub(l.lastStatus) >= time.Second {
		s.takeStatus(l.lp, l.sink, now, now.Sub(l.lastStatus))
		l.lastStatus = now
	}
}

// endLoop marks the server stopping, lets the status writer finish, says
// goodbye to every peer with reason, and marks it stopped.
func (s *Runtime) endLoop(l *loop, reason string) {
	s.vitals.phase.Store(int32(PhaseStopping))
	if l.sink != nil {
		l.sink.stop(time.Second)
	}
	s.Shutdown(reason)
	s.vitals.phase.Store(int32(PhaseStopped))
}

// takeStatus takes the status of the last elapsed, as of now, for Vitals
// and for the status writer, if there is one.
func (s *Runtime) takeStatus(lp *loopStats, sink *statusSink, now time.Time, elapsed time.Duration) {
	st := s.status(lp, sink, elapsed)
	st.Updated = now.UTC().Truncate(time.Millisecond)
	s.vitals.publishStatus(st)
	if sink != nil {
		sink.offer(st)
	}
}

// skipIfFarBehind returns when the next tick is due: next, or now when the
// loop fell more than maxBehind behind, counting the ticks it drops.
func (l *loopStats) skipIfFarBehind(now, next time.Time) time.Time {
	behind := now.Sub(next)
	if behind <= maxBehind {
		return next
	}
	l.skipped += uint64(behind / tickStep)
	return now
}

// timedStep runs one Step and records when it started and how long it took.
func (s *Runtime) timedStep(lp *loopStats) {
	t0 := s.now()
	s.vitals.lastStep.Store(t0.UnixNano())
	s.Step()
	lp.noteStep(t0, s.now().Sub(t0))
}

// startStatusSink starts the status writer, if there is anything to write.
func (s *Runtime) startStatusSink() *statusSink {
	write := s.writeStatus
	if write == nil && (s.cfg.StatusFile != "" || s.cfg.OnStatus != nil) {
		var file func(Status) error
		if s.cfg.StatusFile != "" {
			file = statusFileWriter(s.cfg.StatusFile)
		}
		on, pm := s.cfg.OnStatus, s.cfg.PortMap
		write = func(st Status) error {
			if pm != nil {
				st.notePortMap(pm())
			}
			if on != nil {
				on(st)
			}
			if file != nil {
				return file(st)
			}
			return nil
		}
	}
	if write == nil {
		return nil
	}
	return startStatusSink(write, func(err error) { s.log.Printf("status file: %v", err) })
}

// status is the snapshot of the last elapsed, with the drop counters.
func (s *Runtime) status(lp *loopStats, sink *statusSink, elapsed time.Duration) Status {
	st := lp.status(s, elapsed)
	if sink != nil {
		st.StatusDropped = sink.dropped.Load()
	}
	if s.logw != nil {
		st.LogDropped = s.logw.Dropped()
	}
	st.StoreFailed = s.desk.failed.Load()
	st.StoreFault, st.StoreWritesStopped = s.desk.faultWords(), s.desk.stopped.Load()
	st.StoreSavesDropped = s.desk.dropped.Load()
	st.StoreBackups, st.StoreBackupFailed = s.desk.backups.Load(), s.desk.backupFailed.Load()
	return st
}

// Shutdown refuses every peer with reason, so each client reads why. Only
// the first call does anything: a host that closes a server already shut
// down (by an operator, or by a test) must not close the store twice.
func (s *Runtime) Shutdown(reason string) {
	s.shutdown.Do(func() { s.shutDown(reason) })
}

func (s *Runtime) shutDown(reason string) {
	for _, p := range s.order {
		if p.state == peerLinkdead {
			s.saveCharacter(p, true) // saved where it is: the next join starts in the hub
			continue
		}
		s.reject(p.id, reason)
	}
	for _, in := range s.instances {
		s.destroyAll(in, "the server stopped")
	}
	s.workers.stop()
	// Give the transport a moment to flush the refusals before it closes.
	time.Sleep(100 * time.Millisecond)
	s.tr.Close()
	if err := s.desk.close(2 * time.Second); err != nil {
		s.log.Printf("character store: %v", err)
	}
	if s.logw != nil {
		s.logw.Flush(time.Second) // the last lines before the process exits
	}
}

func (s *Runtime) send(p *peer, t wire.MsgType, b []byte) {
	s.tr.Send(p.id, wire.ChannelOf(t), b)
	s.counters.BytesOut += uint64(len(b))
	s.counters.BytesOutBy[t] += uint64(len(b))
}
