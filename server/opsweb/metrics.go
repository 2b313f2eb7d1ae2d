package opsweb

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/prometheus/client_golang/prometheus"

	"duskfall/server"
)

// Prefix starts every metric's name that Duskfall exports.
const Prefix = "duskfall_"

// Kinds of status metric: a gauge says how much now, a counter how many
// since start (it only grows, so Prometheus's rate() reads it).
const (
	gauge   = prometheus.GaugeValue
	counter = prometheus.CounterValue
)

// statusMetric is one figure of the status snapshot as a metric.
type statusMetric struct {
	field string // the status file's JSON name
	name  string // the metric's name, after Prefix
	kind  prometheus.ValueType
	help  string // what it measures, in the metric's own unit
}

// statusMetrics are the status fields exported as metrics, in base units
// (bytes, seconds), counters named with _total. docs/OPERATIONS.md,
// "Metric names", lists them with the fields left out and why.
var statusMetrics = []statusMetric{
	{"players", "players", gauge, "Players in play."},
	{"max_players", "max_players", gauge, "The player limit (--max-players)."},
	{"on_roster", "on_roster", gauge, "Peers welcomed and choosing a character."},
	{"instances", "instances", gauge, "Worlds running: the hub and every dungeon."},
	{"tick", "ticks_total", counter, "Ticks the server has stepped."},
	{"skipped_ticks", "skipped_ticks_total", counter, "Ticks dropped after the loop fell more than 250 ms behind."},
	{"bytes_in", "received_bytes_total", counter, "Payload bytes received from peers."},
	{"bytes_out", "sent_bytes_total", counter, "Payload bytes sent to peers."},
	{"garbage", "garbage_total", counter, "Packets dropped as malformed or on the wrong channel."},
	{"rejected", "rejected_total", counter, "Connections refused at the handshake."},
	{"join_deferred", "join_deferred_total", counter, "Connections told to try again later: too many joining, or an old session going quiet."},
	{"unencodable", "unencodable_total", counter, "Events the codec refused to encode."},
	{"rate_limited", "rate_limited_total", counter, "Packets dropped over their peer's allowance."},
	{"kicked", "kicked_total", counter, "Peers disconnected for idling, flooding or garbage."},
	{"late_dropped", "late_dropped_total", counter, "Packets dropped because their peer was already refused."},
	{"queue_dropped", "queue_dropped_total", counter, "Packets dropped because their peer already had a tick's worth waiting."},
	{"source_dropped", "source_dropped_total", counter, "Datagrams dropped before ENet read them, their source over its byte budget."},
	{"source_dropped_bytes", "source_dropped_bytes_total", counter, "Bytes of the datagrams dropped before ENet read them, their source over its byte budget."},
	{"door_dropped", "door_dropped_total", counter, "ENet connects dropped because their source never proved it receives at its address."},
	{"door_proven", "door_proven_total", counter, "Sources that proved they receive at their address."},
	{"seal_sessions", "seal_sessions", gauge, "Sealed sessions held."},
	{"seal_unconnected", "seal_unconnected", gauge, "Sealed sessions whose source has not connected."},
	{"seal_forged", "seal_forged_total", counter, "Datagrams dropped because they failed authentication."},
	{"seal_replayed", "seal_replayed_total", counter, "Datagrams dropped because they came again."},
	{"seal_evicted", "seal_evicted_total", counter, "Unconnected sealed sessions evicted to make room for a newer proof."},
	{"seal_expired", "seal_expired_total", counter, "Unconnected sealed sessions forgotten 3 s after their last proof."},
	{"seal_busy", "seal_busy_total", counter, "Proofs answered busy: no room for their session."},
	{"host_kicks", "host_kicks_total", counter, "Players the host kicked."},
	{"bans", "bans_total", counter, "Players the host banned."},
	{"ban_refused", "ban_refused_total", counter, "Hellos refused for a ban."},
	{"password_refused", "password_refused_total", counter, "Hellos refused for a missing or wrong password."},
	{"password_paced", "password_paced_total", counter, "Hellos refused for their address's pace of wrong passwords."},
	{"roster_refused", "roster_refused_total", counter, "Character commands refused: unknown or foreign characters, wrong confirmations."},
	{"roster_paced", "roster_paced_total", counter, "Character commands refused for their pace."},
	{"accounts_refused", "accounts_refused_total", counter, "Hellos refused a new account: over their address's hourly budget, or the server at its cap."},
	{"accounts_expired", "accounts_expired_total", counter, "Unused accounts deleted."},
	{"accounts", "accounts", gauge, "Accounts the store keeps, as of the last sweep (once a minute)."},
	{"snapshots_whole", "snapshots_whole_total", counter, "Snapshots sent whole."},
	{"snapshot_deltas", "snapshot_deltas_total", counter, "Snapshots sent as deltas against the newest one the receiver acknowledged."},
	{"items_minted", "items_minted_total", counter, "Items a drop made, on the ground."},
	{"items_taken", "items_taken_total", counter, "Items picked up from the ground, onto a stack in the bag included."},
	{"items_used", "items_used_total", counter, "Consumables used up, single units of a stack included."},
	{"items_dropped", "items_dropped_total", counter, "Items dropped from the bag or the worn slots to the ground."},
	{"items_destroyed", "items_destroyed_total", counter, "Items gone from play off a floor: their owner left, the floor was full, the dungeon closed, the server stopped."},
	{"upgrades_taken", "upgrades_taken_total", counter, "Upgrade choices taken."},
	{"upgrades_refused", "upgrades_refused_total", counter, "Upgrade choices refused: none owed, not on offer, or away from the hub's keeper."},
	{"linkdead", "linkdead", gauge, "Bodies resolving: connections that closed while their character played, channelling out."},
	{"escapes", "escapes_total", counter, "Escape channels completed, linkdead bodies included."},
	{"status_dropped", "status_dropped_total", counter, "Status snapshots dropped because the status writer was behind."},
	{"log_dropped", "log_dropped_total", counter, "Log lines dropped because the log writer was behind."},
	{"store_failed", "store_failed_total", counter, "Character-store transactions that did not commit."},
	{"store_writes_stopped", "store_writes_stopped", gauge, "1 when the character store stopped every write after a fault, else 0."},
	{"store_saves_dropped", "store_saves_dropped_total", counter, "Character saves dropped since the store stopped writing."},
	{"store_backups", "store_backups_total", counter, "Backups of the character store written."},
	{"store_backup_failed", "store_backup_failed_total", counter, "Backups of the character store whose own file could not be written."},
	{"go_held", "go_held_bytes", gauge, "Memory Go has taken from the system and not handed back, as of the last status."},
	{"go_stacks", "go_stacks_bytes", gauge, "Goroutine and thread stacks, as of the last status."},
	{"go_runtime", "go_runtime_bytes", gauge, "Go's own structures: span and page tables, GC metadata, as of the last status."},
	{"c_heap_in_use", "c_heap_in_use_bytes", gauge, "The C heap ENet allocates in: bytes allocated, read every 5 s."},
	{"c_heap_free", "c_heap_free_bytes", gauge, "The C heap ENet allocates in: bytes free but still held from the system, read every 5 s."},
}

// The status fields that are not a figure of their own: the snapshot's
// time, and the words, which label one info gauge.
const (
	updatedField  = "updated"
	timestampName = Prefix + "status_timestamp_seconds"
	infoName      = Prefix + "status_info"
)

// notMetrics are the status fields with no metric of their own, and what
// an operator reads instead: a percentile or a rate over the last second
// is the status file's convenience, and Prometheus computes either, over
// any window, from a histogram or a counter.
var notMetrics = map[string]string{
	"tick_ms_p50":     "duskfall_tick_duration_seconds",
	"tick_ms_p99":     "duskfall_tick_duration_seconds",
	"tick_hist":       "duskfall_tick_duration_seconds",
	"tick_ms_sum":     "duskfall_tick_duration_seconds",
	"loop_ms_p50":     "duskfall_tick_interval_seconds",
	"loop_ms_p99":     "duskfall_tick_interval_seconds",
	"loop_ms_max":     "duskfall_tick_interval_seconds",
	"bytes_in_per_s":  "duskfall_received_bytes_total",
	"bytes_out_per_s": "duskfall_sent_bytes_total",
	"goroutines":      "go_goroutines",
	"heap_bytes":      "go_memstats_heap_inuse_bytes",
}

// figure is a status metric with the index of its field.
type figure struct {
	index int // in server.Status
	desc  *prometheus.Desc
	kind  prometheus.ValueType
}

// statusCollector turns the latest status snapshot into metrics on each
// scrape: nothing is counted twice, and the loop does no extra work.
type statusCollector struct {
	src       Source
	figures   []figure
	words     []int // indexes of the string fields, the info gauge's labels
	updated   int   // index of the snapshot's time
	info      *prometheus.Desc
	timestamp *prometheus.Desc
}

// newStatusCollector finds each status metric's field by its JSON name.
// Every field of server.Status is a figure, a word, the time, or left
// out by notMetrics: a new field must be given its place, or this panics
// (and the package's tests fail) rather than leave it unexported unseen.
func newStatusCollector(src Source) *statusCollector {
	c := &statusCollector{src: src}
	byName := map[string]statusMetric{}
	for _, m := range statusMetrics {
		byName[m.field] = m
	}
	var labels []string
	t := reflect.TypeFor[server.Status]()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		m, isFigure := byName[name]
		delete(byName, name)
		switch {
		case isFigure:
			c.figures = append(c.figures, newFigure(i, f, m))
		case name == updatedField:
			c.updated = i
		case f.Type.Kind() == reflect.String:
			c.words = append(c.words, i)
			labels = append(labels, name)
		case notMetrics[name] == "":
			panic(fmt.Sprintf("opsweb: the status field %s has no metric: add it to statusMetrics or notMetrics", name))
		}
	}
	for field := range byName {
		panic(fmt.Sprintf("opsweb: statusMetrics names %s, which the status lacks", field))
	}
	c.info = prometheus.NewDesc(infoName, "The server's states in words, as labels: the router's port mapping and the character store's fault. The value is always 1.", labels, nil)
	c.timestamp = prometheus.NewDesc(timestampName, "When the status snapshot the duskfall_ gauges and counters come from was taken, in seconds since the Unix epoch.", nil, nil)
	return c
}

func newFigure(index int, f reflect.StructField, m statusMetric) figure {
	switch f.Type.Kind() {
	case reflect.Int, reflect.Uint32, reflect.Uint64, reflect.Float64, reflect.Bool:
	default:
		panic(fmt.Sprintf("opsweb: the status field %s (%s) is not a number: teach number", m.field, f.Type))
	}
	return figure{index, prometheus.NewDesc(Prefix+m.name, m.help, nil, nil), m.kind}
}

func (c *statusCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, f := range c.figures {
		ch <- f.desc
	}
	ch <- c.info
	ch <- c.timestamp
}

// Collect sends nothing until the server took its first status.
func (c *statusCollector) Collect(ch chan<- prometheus.Metric) {
	v := c.src.Vitals()
	if !v.HasStatus {
		return
	}
	st := reflect.ValueOf(v.Status)
	for _, f := range c.figures {
		ch <- prometheus.MustNewConstMetric(f.desc, f.kind, number(st.Field(f.index)))
	}
	words := make([]string, len(c.words))
	for i, index := range c.words {
		words[i] = st.Field(index).String()
	}
	ch <- prometheus.MustNewConstMetric(c.info, prometheus.GaugeValue, 1, words...)
	ch <- prometheus.MustNewConstMetric(c.timestamp, prometheus.GaugeValue, float64(v.Status.Updated.UnixMilli())/1000)
}

// number is a numeric or boolean field's value.
func number(v reflect.Value) float64 {
	switch v.Kind() {
	case reflect.Int:
		return float64(v.Int())
	case reflect.Uint32, reflect.Uint64:
		return float64(v.Uint())
	case reflect.Bool:
		if v.Bool() {
			return 1
		}
		return 0
	}
	return v.Float()
}
