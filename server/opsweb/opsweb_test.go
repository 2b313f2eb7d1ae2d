package opsweb

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil/promlint"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server"
)

// waitFor is how long a poll may take before the test gives up; every
// wait below ends on the state it waits for, never on the time.
const waitFor = 10 * time.Second

// running is a real server on a loopback ENet port, run at 60 Hz, with
// its pages on a loopback HTTP port.
type running struct {
	srv    *server.Runtime
	addr   string // the game's
	web    string // the pages' base URL
	status string // the status file
	stop   context.CancelFunc
	done   chan struct{}
}

func startRunning(t *testing.T, maxPlayers int, cfg Config) *running {
	t.Helper()
	pack, err := levels.Builtin()
	require.NoError(t, err)
	scfg, err := server.ConfigFor(pack, "arena", 7)
	require.NoError(t, err)
	scfg.MaxPlayers = maxPlayers
	scfg.StatusFile = filepath.Join(t.TempDir(), "status.json")
	tr, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: wire.ReliableChannels(), Unordered: wire.UnorderedChannels()})
	require.NoError(t, err)
	srv, err := server.New(scfg, tr)
	require.NoError(t, err)
	web, err := Listen("127.0.0.1:0", srv, cfg, t.Logf)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{srv: srv, addr: tr.Addr(), web: "http://" + web.Addr(), status: scfg.StatusFile, stop: cancel, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		srv.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-r.done
		web.Close()
	})
	return r
}

// get fetches a page: its status code and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// scrape fetches /metrics and parses it as Prometheus does.
func scrape(t *testing.T, r *running) map[string]*dto.MetricFamily {
	t.Helper()
	code, body := get(t, r.web+"/metrics")
	require.Equal(t, http.StatusOK, code, body)
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	require.NoError(t, err, "the scrape parses")
	return fams
}

// value is a family's one sample: a gauge's or a counter's value.
func value(t *testing.T, fams map[string]*dto.MetricFamily, name string) float64 {
	t.Helper()
	f, ok := fams[name]
	require.True(t, ok, "the scrape has %s", name)
	require.Len(t, f.Metric, 1, name)
	if f.GetType() == dto.MetricType_COUNTER {
		return f.Metric[0].GetCounter().GetValue()
	}
	return f.Metric[0].GetGauge().GetValue()
}

// scrapeWhen scrapes until ok says yes, and fails after waitFor.
func scrapeWhen(t *testing.T, r *running, what string, ok func(map[string]*dto.MetricFamily) bool) map[string]*dto.MetricFamily {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for {
		fams := scrape(t, r)
		if ok(fams) {
			return fams
		}
		require.True(t, time.Now().Before(deadline), "no scrape showed %s", what)
		time.Sleep(50 * time.Millisecond)
	}
}

// pageSays fetches path until it answers code, and returns its body.
func pageSays(t *testing.T, r *running, path string, code int) string {
	t.Helper()
	var got int
	var body string
	require.Eventually(t, func() bool {
		got, body = get(t, r.web+path)
		return got == code
	}, waitFor, 20*time.Millisecond, "%s stayed %d (%q), never %d", path, got, body, code)
	return body
}

func hasStatus(fams map[string]*dto.MetricFamily) bool { return fams["duskfall_ticks_total"] != nil }

// join plays a client on r until the test ends.
func join(t *testing.T, r *running, name string) *client.Runtime {
	t.Helper()
	pack, err := levels.Builtin()
	require.NoError(t, err)
	c, err := client.Dial(r.addr, client.Config{Content: pack.Content, Name: name})
	require.NoError(t, err)
	var wg sync.WaitGroup
	quit := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Second / 60)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				c.Frame(client.Intent{})
			}
		}
	}()
	t.Cleanup(func() {
		close(quit)
		wg.Wait()
		c.Close()
	})
	return c
}

func TestAScrapeOfARunningServerReadsItsStatus(t *testing.T) {
	r := startRunning(t, 1, Config{})
	first := scrapeWhen(t, r, "the first status", hasStatus)

	t.Run("the ticks advance between two scrapes", func(t *testing.T) {
		tick := value(t, first, "duskfall_ticks_total")
		scrapeWhen(t, r, "a later tick", func(f map[string]*dto.MetricFamily) bool {
			return value(t, f, "duskfall_ticks_total") > tick
		})
	})
	t.Run("every field of the status file is a metric of the same value, or says which metric to read", func(t *testing.T) {
		fams, file := scrapeWithItsStatusFile(t, r)
		metrics := map[string]statusMetric{}
		for _, m := range statusMetrics {
			metrics[m.field] = m
		}
		for field, v := range file {
			if m, ok := metrics[field]; ok {
				assert.Equal(t, numberIn(v), valueOfKind(t, fams, Prefix+m.name, m.kind), field)
				continue
			}
			words, isWords := v.(string)
			switch {
			case field == "updated": // matched by scrapeWithItsStatusFile
			case isWords:
				assert.Equal(t, words, label(t, fams[infoName], field), field)
			default:
				instead, ok := notMetrics[field]
				if assert.True(t, ok, "the status field %s has no metric", field) {
					assert.Contains(t, fams, instead, "%s is read from %s", field, instead)
				}
			}
		}
	})
	t.Run("the loop's histograms count every step", func(t *testing.T) {
		fams := scrape(t, r)
		steps := histogram(t, fams, "duskfall_tick_duration_seconds")
		intervals := histogram(t, fams, "duskfall_tick_interval_seconds")
		assert.GreaterOrEqual(t, float64(steps.GetSampleCount()), value(t, fams, "duskfall_ticks_total"), "observed on every tick, not once a second")
		assert.InDelta(t, steps.GetSampleCount()-1, intervals.GetSampleCount(), 1, "an interval between each two steps")
		assert.Positive(t, steps.GetSampleSum())
		mean := intervals.GetSampleSum() / float64(intervals.GetSampleCount())
		assert.InDelta(t, 1.0/60, mean, 0.002, "the loop keeps 60 Hz")
	})
	t.Run("a player who joins is counted, and fills the only place", func(t *testing.T) {
		assert.Contains(t, pageSays(t, r, "/readyz", http.StatusOK), "ready: 0 of 1 players")
		c := join(t, r, "Ada")
		scrapeWhen(t, r, "one player", func(f map[string]*dto.MetricFamily) bool {
			return value(t, f, "duskfall_players") == 1
		})
		assert.Equal(t, client.StatePlaying, c.State())
		assert.Contains(t, pageSays(t, r, "/readyz", http.StatusServiceUnavailable), "full: 1 of 1 players")
		assert.Contains(t, pageSays(t, r, "/healthz", http.StatusOK), "ok", "a full server is still alive")
	})
	t.Run("a scrape with a player in play passes Prometheus's own lint", func(t *testing.T) {
		_, body := get(t, r.web+"/metrics")
		problems, err := promlint.New(strings.NewReader(body)).Lint()
		require.NoError(t, err)
		assert.Empty(t, problems)
		assert.Contains(t, body, "duskfall_sent_bytes_total", "the scrape is of the whole server")
	})
	t.Run("docs/OPERATIONS.md lists every metric with its type", func(t *testing.T) {
		assertTheDocListsEveryMetric(t, scrape(t, r))
	})
	t.Run("the Go runtime and the process are measured too", func(t *testing.T) {
		fams := scrape(t, r)
		assert.Contains(t, fams, "go_goroutines")
		assert.Contains(t, fams, "go_memstats_heap_inuse_bytes")
		assert.Contains(t, fams, "process_resident_memory_bytes")
	})
}

// scrapeWithItsStatusFile scrapes until the scrape and the status file
// hold the same snapshot (the same updated), and returns both.
func scrapeWithItsStatusFile(t *testing.T, r *running) (map[string]*dto.MetricFamily, map[string]any) {
	t.Helper()
	var file map[string]any
	fams := scrapeWhen(t, r, "the status file's snapshot", func(f map[string]*dto.MetricFamily) bool {
		b, err := os.ReadFile(r.status)
		require.NoError(t, err)
		file = nil
		require.NoError(t, json.Unmarshal(b, &file))
		at, err := time.Parse(time.RFC3339Nano, file["updated"].(string))
		require.NoError(t, err, "updated is RFC 3339")
		return value(t, f, timestampName) == float64(at.UnixMilli())/1000
	})
	return fams, file
}

// numberIn is a JSON number's or a true or false's value as a metric's.
func numberIn(v any) float64 {
	if b, ok := v.(bool); ok {
		return map[bool]float64{true: 1}[b]
	}
	return v.(float64)
}

// valueOfKind is a gauge's or counter's value, held to be of that kind.
func valueOfKind(t *testing.T, fams map[string]*dto.MetricFamily, name string, kind prometheus.ValueType) float64 {
	t.Helper()
	require.Contains(t, fams, name)
	want := map[prometheus.ValueType]dto.MetricType{prometheus.CounterValue: dto.MetricType_COUNTER, prometheus.GaugeValue: dto.MetricType_GAUGE}[kind]
	assert.Equal(t, want, fams[name].GetType(), name)
	return value(t, fams, name)
}

// histogram is a family's one histogram.
func histogram(t *testing.T, fams map[string]*dto.MetricFamily, name string) *dto.Histogram {
	t.Helper()
	f, ok := fams[name]
	require.True(t, ok, "the scrape has %s", name)
	require.Equal(t, dto.MetricType_HISTOGRAM, f.GetType(), name)
	require.Len(t, f.Metric, 1, name)
	return f.Metric[0].GetHistogram()
}

func label(t *testing.T, f *dto.MetricFamily, name string) string {
	t.Helper()
	require.NotNil(t, f, "the scrape has the info gauge")
	for _, l := range f.Metric[0].Label {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	t.Errorf("the info gauge has no label %s", name)
	return ""
}

func TestHealthFollowsTheLoop(t *testing.T) {
	r := startRunning(t, 4, Config{StallAfter: 200 * time.Millisecond})
	assert.Equal(t, "ok: ticking\n", pageSays(t, r, "/healthz", http.StatusOK))

	t.Run("a loop held up inside a tick is a stall", func(t *testing.T) {
		release := make(chan struct{})
		// The console's reply runs on the loop's goroutine: one that
		// blocks holds the loop, as a stuck disk or a deadlock would.
		r.srv.Commands() <- server.Command{Line: "list", Reply: func(string) { <-release }}
		assert.Contains(t, pageSays(t, r, "/healthz", http.StatusServiceUnavailable), "stalled: no tick for")
		assert.Contains(t, pageSays(t, r, "/readyz", http.StatusServiceUnavailable), "stalled")
		close(release)
		pageSays(t, r, "/healthz", http.StatusOK)
		pageSays(t, r, "/readyz", http.StatusOK)
	})
	t.Run("a server that stops is neither alive nor ready", func(t *testing.T) {
		r.stop()
		<-r.done
		assert.Equal(t, "stopped\n", pageSays(t, r, "/healthz", http.StatusServiceUnavailable))
		assert.Equal(t, "stopped\n", pageSays(t, r, "/readyz", http.StatusServiceUnavailable))
	})
}

func TestTheChecksReadTheVitals(t *testing.T) {
	now := time.Unix(5000, 0)
	const limit = time.Second
	running := func(sinceStep time.Duration, players int) server.Vitals {
		return server.Vitals{Phase: server.PhaseRunning, LastStep: now.Add(-sinceStep), MaxPlayers: 2,
			Status: server.Status{Players: players}, HasStatus: true}
	}
	cases := []struct {
		name      string
		v         server.Vitals
		live      bool
		ready     bool
		liveWords string
		readyWord string
	}{
		{"a server that ticks and has room is alive and ready", running(16*time.Millisecond, 1), true, true, "ok: ticking", "ready: 1 of 2 players"},
		{"a tick exactly at the limit is still alive", running(limit, 0), true, true, "ok: ticking", "ready: 0 of 2 players"},
		{"a tick past the limit is a stall", running(limit+time.Millisecond, 0), false, false, "stalled: no tick for 1.001s", "stalled: no tick for 1.001s"},
		{"a full server is alive and not ready", running(0, 2), true, false, "ok: ticking", "full: 2 of 2 players"},
		{"before its first status a running server is ready", server.Vitals{Phase: server.PhaseRunning, LastStep: now, MaxPlayers: 2}, true, true, "ok: ticking", "ready: 0 of 2 players"},
		{"a server never run is neither", server.Vitals{MaxPlayers: 2}, false, false, "not running: the loop has not started", "not running: the loop has not started"},
		{"a running loop before its first tick is starting", server.Vitals{Phase: server.PhaseRunning, MaxPlayers: 2}, false, false, "starting: no tick yet", "starting: no tick yet"},
		{"a stopping server is neither, however recent its tick", server.Vitals{Phase: server.PhaseStopping, LastStep: now, MaxPlayers: 2},
			false, false, "stopping: the server is saying goodbye to its players", "stopping: the server is saying goodbye to its players"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ok, words := live(c.v, now, limit)
			assert.Equal(t, c.live, ok)
			assert.Equal(t, c.liveWords, words)
			ok, words = ready(c.v, now, limit)
			assert.Equal(t, c.ready, ok)
			assert.Equal(t, c.readyWord, words)
		})
	}
}
