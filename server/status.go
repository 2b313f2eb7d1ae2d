package server

import (
	"duskfall/net/portmap"
	"encoding/json"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"duskfall/internal/atomicfile"
	"duskfall/internal/waitgroup"
	"duskfall/net/transport"
)

// Status is the JSON object the status file holds, rewritten once a second.
// Its fields are a contract that operators' tools read (docs/OPERATIONS.md,
// "The status file"): add, never rename. Most are also Prometheus metrics,
// under the names server/opsweb's table gives them.
type Status struct {
	// When the snapshot was taken, by the loop's clock: RFC 3339 in UTC
	// to the millisecond. A reader that finds it older than a few seconds
	// reads a server whose loop or status writer has stopped.
	Updated      time.Time `json:"updated"`
	Players      int       `json:"players"`
	MaxPlayers   int       `json:"max_players"` // the player limit (--max-players)
	Tick         uint32    `json:"tick"`
	TickMsP50    float64   `json:"tick_ms_p50"`
	TickMsP99    float64   `json:"tick_ms_p99"`
	BytesInPerS  float64   `json:"bytes_in_per_s"`
	BytesOutPerS float64   `json:"bytes_out_per_s"`
	// Payload bytes received and sent since start (the rates' sources).
	BytesIn      uint64 `json:"bytes_in"`
	BytesOut     uint64 `json:"bytes_out"`
	Instances    int    `json:"instances"`
	Garbage      int    `json:"garbage"`
	Rejected     int    `json:"rejected"`
	JoinDeferred int    `json:"join_deferred"` // connections asked to try again later: too many joining, an old session going quiet
	Unencodable  int    `json:"unencodable"`
	RateLimited  int    `json:"rate_limited"` // packets dropped over a peer's allowance
	Kicked       int    `json:"kicked"`       // peers disconnected for idling, flooding or garbage
	LateDropped  int    `json:"late_dropped"` // packets from peers already refused
	// The host's controls: players the host kicked and banned, Hellos
	// refused for a ban, and Hellos refused for a missing or wrong
	// password or for their address's pace of wrong ones.
	HostKicks       int `json:"host_kicks"`
	Bans            int `json:"bans"`
	BanRefused      int `json:"ban_refused"`
	PasswordRefused int `json:"password_refused"`
	PasswordPaced   int `json:"password_paced"`
	// Datagrams (and their bytes) the transport dropped at the door, before
	// ENet read them, because their source was over its byte budget: a flood.
	SourceDropped      uint64 `json:"source_dropped"`
	SourceDroppedBytes uint64 `json:"source_dropped_bytes"`
	// Packets the transport dropped because their peer already had as
	// many waiting for the next tick as one tick may read (a flood).
	QueueDropped uint64 `json:"queue_dropped"`
	// ENet CONNECTs the door dropped because their source never proved it
	// receives at its address (a forged flood), and sources that did.
	DoorDropped uint64 `json:"door_dropped"`
	DoorProven  uint64 `json:"door_proven"`
	// Sealed sessions held, and datagrams dropped because they failed
	// authentication (forged) or came again (replayed): docs/NETCODE.md,
	// "Sealed sessions".
	SealSessions int    `json:"seal_sessions"`
	SealForged   uint64 `json:"seal_forged"`
	SealReplayed uint64 `json:"seal_replayed"`
	// Of the sessions, those whose source has not connected (yet); such
	// sessions evicted to make room for a newer proof, and forgotten
	// because their source never connected; and proofs answered "busy"
	// for want of room: docs/NETCODE.md, "Sealed sessions".
	SealUnconnected int    `json:"seal_unconnected"`
	SealEvicted     uint64 `json:"seal_evicted"`
	SealExpired     uint64 `json:"seal_expired"`
	SealBusy        uint64 `json:"seal_busy"`
	// The port on the home router (--upnp, net/portmap): its state (off,
	// looking, open, shared, refused), who mapped it (upnp, natpmp), the
	// address friends anywhere join, and why it was refused.
	PortmapState  string `json:"portmap_state"`
	PortmapMethod string `json:"portmap_method"`
	PublicAddr    string `json:"public_addr"`
	PortmapError  string `json:"portmap_error"`
	// Snapshots sent since start: whole, and as deltas against the newest
	// one the receiver acknowledged.
	SnapshotsWhole int `json:"snapshots_whole"`
	SnapshotDeltas int `json:"snapshot_deltas"`
	OnRoster       int `json:"on_roster"`      // peers welcomed and choosing a character
	RosterRefused  int `json:"roster_refused"` // roster commands refused: unknown or foreign characters, wrong confirmations
	RosterPaced    int `json:"roster_paced"`   // roster commands refused for their pace (floods)
	// Items moved since start, and upgrade choices taken or refused (away
	// from the keeper, none owed, outside the offer).
	ItemsMinted     int `json:"items_minted"`
	ItemsTaken      int `json:"items_taken"`
	ItemsUsed       int `json:"items_used"`
	ItemsDropped    int `json:"items_dropped"`
	ItemsDestroyed  int `json:"items_destroyed"`
	UpgradesTaken   int `json:"upgrades_taken"`
	UpgradesRefused int `json:"upgrades_refused"`
	Linkdead        int `json:"linkdead"` // bodies resolving now: connections closed mid-play, channelling out
	Escapes         int `json:"escapes"`  // escape channels completed since start, linkdead bodies included
	// Accounts: Hellos refused a new account since start, for their
	// address's hourly budget or the store's cap; unused accounts expired
	// since start; and the accounts the store keeps, as of the last sweep
	// (once a minute).
	AccountsRefused int `json:"accounts_refused"`
	AccountsExpired int `json:"accounts_expired"`
	Accounts        int `json:"accounts"`
	// The loop's own health. A Step can be quick while the loop is not (a
	// stall between Steps, a blocked write): the gaps between consecutive
	// Steps over the last second say so, and skipped_ticks counts the
	// ticks dropped, since start, when the loop fell more than 250 ms behind.
	// TickHist counts every step since start by how long it took, in the
	// buckets TickHistBoundsMs gives: the share of slow steps over any
	// window (two readings) without a sample of every step.
	// TickMsSum is the time all those steps took, in ms: the histogram's
	// sum.
	TickHist      [len(TickHistBoundsMs) + 1]uint64 `json:"tick_hist"`
	TickMsSum     float64                           `json:"tick_ms_sum"`
	LoopMsP50     float64                           `json:"loop_ms_p50"`
	LoopMsP99     float64                           `json:"loop_ms_p99"`
	LoopMsMax     float64                           `json:"loop_ms_max"`
	SkippedTicks  uint64                            `json:"skipped_ticks"`
	LogDropped    uint64                            `json:"log_dropped"`    // log lines dropped because the log writer was behind
	StatusDropped uint64                            `json:"status_dropped"` // status snapshots dropped because the writer was behind
	StoreFailed   uint64                            `json:"store_failed"`   // character-store transactions that did not commit
	// The character store's health: what failed in it ("" while it is
	// healthy), whether writes stopped because of it, and the character
	// saves dropped since; backups written since start, and backups whose
	// own file could not be written (the store itself was fine).
	StoreFault         string `json:"store_fault"`
	StoreWritesStopped bool   `json:"store_writes_stopped"`
	StoreSavesDropped  uint64 `json:"store_saves_dropped"`
	StoreBackups       uint64 `json:"store_backups"`
	StoreBackupFailed  uint64 `json:"store_backup_failed"`
	// The process's own health, for soak runs and operators watching for
	// leaks: goroutines now, and bytes in heap spans holding objects
	// (MemStats.HeapInuse) at the last collection's view.
	Goroutines int    `json:"goroutines"`
	HeapBytes  uint64 `json:"heap_bytes"`
	// Where the rest of Go's memory is, for an operator asking what a
	// server holds after a burst: all Go has taken from the system and not
	// handed back, goroutine and thread stacks, and the runtime's own
	// structures (span and page tables, GC metadata).
	GoHeld    uint64 `json:"go_held"`
	GoStacks  uint64 `json:"go_stacks"`
	GoRuntime uint64 `json:"go_runtime"`
	// The C heap ENet allocates in (glibc's mallinfo2, every heap arena),
	// as the memory janitor last read it, every 5 s after any trim: bytes
	// allocated, and bytes free but still held from the system.
	CHeapInUse uint64 `json:"c_heap_in_use"`
	CHeapFree  uint64 `json:"c_heap_free"`
}

// TickHistBoundsMs are the upper bounds of Status.TickHist's buckets, in
// ms; its last bucket holds the steps at or over the last bound.
var TickHistBoundsMs = [...]float64{0.5, 1, 2, 4, 8, 16}

// statusWindow is the size of the per-second sample rings: a second at
// 60 Hz with room for a catch-up burst.
const statusWindow = 256

// loopStats keeps the step durations and the gaps between steps of the
// last second, and the byte counters at the last status. It lives on the
// loop's goroutine and never allocates after newLoopStats.
type loopStats struct {
	mem      []metrics.Sample // read once a second into the status
	steps    []time.Duration
	gaps     []time.Duration
	sorted   []time.Duration
	lastIn   uint64
	lastOut  uint64
	skipped  uint64
	hist     [len(TickHistBoundsMs) + 1]uint64
	histSum  time.Duration // every step's duration since start
	prevStep time.Time     // when the previous Step started; zero before the first
	times    loopTimes     // the same steps and gaps, for the metrics
}

func newLoopStats(times loopTimes) *loopStats {
	return &loopStats{
		times:  times,
		mem:    memSamples(),
		steps:  make([]time.Duration, 0, statusWindow),
		gaps:   make([]time.Duration, 0, statusWindow),
		sorted: make([]time.Duration, 0, statusWindow),
	}
}

// noteStep records a Step that started at start and took d.
func (l *loopStats) noteStep(start time.Time, d time.Duration) {
	if !l.prevStep.IsZero() {
		gap := start.Sub(l.prevStep)
		l.gaps = appendSample(l.gaps, gap)
		l.times.interval.Observe(gap.Seconds())
	}
	l.prevStep = start
	l.steps = appendSample(l.steps, d)
	l.hist[histBucket(d)]++
	l.histSum += d
	l.times.step.Observe(d.Seconds())
}

// histBucket is the TickHist bucket of a step that took d.
func histBucket(d time.Duration) int {
	ms := float64(d) / float64(time.Millisecond)
	for i, b := range TickHistBoundsMs {
		if ms < b {
			return i
		}
	}
	return len(TickHistBoundsMs)
}

// appendSample appends d, starting over when the ring is full.
func appendSample(s []time.Duration, d time.Duration) []time.Duration {
	if len(s) == cap(s) {
		s = s[:0]
	}
	return append(s, d)
}

// status sums up the last elapsed and starts a new window.
func (l *loopStats) status(s *Runtime, elapsed time.Duration) Status {
	c := s.Counters()
	secs := elapsed.Seconds()
	st := Status{
		PortmapState:  portmap.Off.String(), // unless the server maps its port (Config.PortMap)
		Players:       s.Players(),
		MaxPlayers:    s.cfg.MaxPlayers,
		BytesIn:       c.BytesIn,
		BytesOut:      c.BytesOut,
		Tick:          s.Tick(),
		BytesInPerS:   float64(c.BytesIn-l.lastIn) / secs,
		BytesOutPerS:  float64(c.BytesOut-l.lastOut) / secs,
		Instances:     s.Instances(),
		Garbage:       c.Garbage,
		Rejected:      c.Rejected,
		JoinDeferred:  c.Deferred,
		OnRoster:      s.seated() - s.Players(),
		RosterRefused: c.RosterRefused,
		RosterPaced:   c.RosterPaced,
		Unencodable:   c.Unencodable,
		RateLimited:   c.RateLimited,
		Kicked:        c.Kicked,
		LateDropped:   c.LateDropped,
		HostKicks:     c.HostKicks, Bans: c.Bans, BanRefused: c.BanRefused,
		PasswordRefused: c.PasswordRefused, PasswordPaced: c.PasswordPaced,
		SnapshotsWhole: c.SnapshotsWhole, SnapshotDeltas: c.SnapshotDeltas,
		ItemsMinted: c.ItemsMinted, ItemsTaken: c.ItemsTaken, ItemsUsed: c.ItemsUsed,
		ItemsDropped: c.ItemsDropped, ItemsDestroyed: c.ItemsDestroyed,
		UpgradesTaken: c.UpgradesTaken, UpgradesRefused: c.UpgradesRefused,
		Linkdead: s.linkdeadNow(), Escapes: c.Escapes,
		AccountsRefused: c.AccountsRefused, AccountsExpired: c.AccountsExpired, Accounts: s.accounts,
		SkippedTicks: l.skipped,
		TickHist:     l.hist,
		TickMsSum:    float64(l.histSum) / float64(time.Millisecond),
	}
	if w, ok := s.tr.(wireStatser); ok {
		ws := w.WireStats()
		st.SourceDropped, st.SourceDroppedBytes = ws.SourceDropped, ws.SourceDroppedBytes
		st.QueueDropped = ws.QueueDropped
		st.DoorDropped, st.DoorProven = ws.DoorDropped, ws.DoorProven
		st.SealSessions, st.SealForged, st.SealReplayed = ws.SealSessions, ws.SealForged, ws.SealReplayed
		st.SealUnconnected, st.SealEvicted, st.SealExpired, st.SealBusy = ws.SealUnconnected, ws.SealEvicted, ws.SealExpired, ws.SealBusy
	}
	l.lastIn, l.lastOut = c.BytesIn, c.BytesOut
	st.TickMsP50, st.TickMsP99, _ = l.percentiles(l.steps)
	st.LoopMsP50, st.LoopMsP99, st.LoopMsMax = l.percentiles(l.gaps)
	l.steps, l.gaps = l.steps[:0], l.gaps[:0]
	st.Goroutines = runtime.NumGoroutine()
	st.HeapBytes, st.GoHeld, st.GoStacks, st.GoRuntime = l.memory()
	st.CHeapInUse, st.CHeapFree = cHeap.inUse.Load(), cHeap.free.Load()
	return st
}

// wireStatser is a transport that counts what its socket carried.
type wireStatser interface{ WireStats() transport.WireStats }

// The runtime/metrics names the status reads: the first two sum to
// MemStats.HeapInuse. Reading them does not stop the world, as
// runtime.ReadMemStats does, and allocates nothing into the preallocated
// samples.
const (
	heapObjects = "/memory/classes/heap/objects:bytes"
	heapUnused  = "/memory/classes/heap/unused:bytes"
)

var memNames = [...]string{
	heapObjects, heapUnused,
	"/memory/classes/total:bytes", "/memory/classes/heap/released:bytes", // held: total less released
	"/memory/classes/heap/stacks:bytes", "/memory/classes/os-stacks:bytes", // stacks
	"/memory/classes/metadata/mcache/free:bytes", "/memory/classes/metadata/mcache/inuse:bytes", // runtime from here
	"/memory/classes/metadata/mspan/free:bytes", "/memory/classes/metadata/mspan/inuse:bytes",
	"/memory/classes/metadata/other:bytes", "/memory/classes/other:bytes", "/memory/classes/profiling/buckets:bytes",
}

const (
	memTotal    = 2
	memReleased = 3
	memStacks   = 4
	memRuntime  = 6
)

func memSamples() []metrics.Sample {
	s := make([]metrics.Sample, len(memNames))
	for i, n := range memNames {
		s[i].Name = n
	}
	return s
}

// memory reads the memory classes once: the bytes in heap spans in use
// (live and not yet swept objects, and the free space inside their spans),
// what Go holds from the system, its stacks, its runtime structures.
func (l *loopStats) memory() (heapInuse, held, stacks, rt uint64) {
	metrics.Read(l.mem)
	return l.memSum(0, memTotal),
		l.memSum(memTotal, memReleased) - l.memSum(memReleased, memStacks),
		l.memSum(memStacks, memRuntime), l.memSum(memRuntime, len(memNames))
}

func (l *loopStats) memSum(from, to int) uint64 {
	var sum uint64
	for _, m := range l.mem[from:to] {
		sum += sampleBytes(m)
	}
	return sum
}

// sampleBytes is a memory metric's value, 0 when this runtime lacks it.
func sampleBytes(m metrics.Sample) uint64 {
	if m.Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return m.Value.Uint64()
}

// percentiles returns the median, the 99th percentile and the maximum of
// samples, in milliseconds.
func (l *loopStats) percentiles(samples []time.Duration) (p50, p99, maxMs float64) {
	l.sorted = append(l.sorted[:0], samples...)
	slices.Sort(l.sorted)
	if len(l.sorted) == 0 {
		return 0, 0, 0
	}
	return percentileMs(l.sorted, 0.50), percentileMs(l.sorted, 0.99), ms(l.sorted[len(l.sorted)-1])
}

func percentileMs(sorted []time.Duration, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := min(len(sorted)-1, int(q*float64(len(sorted))))
	return ms(sorted[i])
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// statusQueue is how many status snapshots may wait for the writer.
const statusQueue = 4

// statusSink hands status snapshots to a goroutine that writes them, so a
// slow disk (a rename once blocked the tick for 57 ms) never reaches the
// loop. When the writer is behind, snapshots are dropped and counted.
type statusSink struct {
	ch      chan Status
	write   func(Status) error
	onErr   func(error)
	dropped atomic.Uint64
	wg      sync.WaitGroup
}

func startStatusSink(write func(Status) error, onErr func(error)) *statusSink {
	k := &statusSink{ch: make(chan Status, statusQueue), write: write, onErr: onErr}
	k.wg.Add(1)
	go k.run()
	return k
}

func (k *statusSink) run() {
	defer k.wg.Done()
	for st := range k.ch {
		if err := k.write(st); err != nil {
			k.onErr(err)
		}
	}
}

// offer queues st without ever blocking.
func (k *statusSink) offer(st Status) {
	select {
	case k.ch <- st:
	default:
		k.dropped.Add(1)
	}
}

// stop lets the writer finish what is queued, waiting at most limit: a
// writer stuck on a dead disk must not stop the server from exiting.
func (k *statusSink) stop(limit time.Duration) {
	close(k.ch)
	waitgroup.Within(&k.wg, limit)
}

// statusFileWriter replaces the file at path atomically, so a reader never
// sees half of it.
func statusFileWriter(path string) func(Status) error {
	return func(st Status) error {
		b, err := json.Marshal(st)
		if err != nil {
			return err
		}
		return atomicfile.Write(path, append(b, '\n'), 0o644)
	}
}

// notePortMap fills the port mapping's fields.
func (st *Status) notePortMap(p portmap.Status) {
	st.PortmapState, st.PortmapMethod, st.PortmapError = p.State.String(), string(p.Method), p.Err
	st.PublicAddr = ""
	if p.External.IsValid() {
		st.PublicAddr = p.External.String()
	}
}
