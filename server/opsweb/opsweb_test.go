package opsweb

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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

func hasStatus(fams map[string]*dto.MetricFamily) bool { return fams["duskfall_tick_total"] != nil }

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
		tick := value(t, first, "duskfall_tick_total")
		scrapeWhen(t, r, "a later tick", func(f map[string]*dto.MetricFamily) bool {
			return value(t, f, "duskfall_tick_total") > tick
		})
	})
	t.Run("every figure of the status file is a metric of the same value", func(t *testing.T) {
		fams, file := scrapeWithItsStatusFile(t, r)
		for field, v := range file {
			switch x := v.(type) {
			case float64:
				if field == "tick_ms_sum" {
					assert.Equal(t, x, fams["duskfall_tick_hist"].Metric[0].GetHistogram().GetSampleSum(), "the histogram's sum")
					continue
				}
				assert.Equal(t, x, metricOf(t, fams, field), field)
			case bool:
				assert.Equal(t, map[bool]float64{true: 1}[x], metricOf(t, fams, field), field)
			case string:
				if field == "updated" {
					continue // matched by scrapeWithItsStatusFile
				}
				assert.Equal(t, x, label(t, fams["duskfall_status_info"], field), field)
			case []any:
				require.Equal(t, "tick_hist", field)
				assertTheHistogramMatches(t, fams["duskfall_tick_hist"], x)
			default:
				t.Errorf("the status field %s is a %T", field, v)
			}
		}
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
	t.Run("the Go runtime and the process are measured too", func(t *testing.T) {
		fams := scrape(t, r)
		assert.Contains(t, fams, "go_goroutines")
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
		return value(t, f, "duskfall_updated") == float64(at.UnixMilli())/1000
	})
	return fams, file
}

// metricOf is the value of a status field's metric, gauge or counter.
func metricOf(t *testing.T, fams map[string]*dto.MetricFamily, field string) float64 {
	t.Helper()
	if f, ok := fams["duskfall_"+field+"_total"]; ok {
		assert.Equal(t, dto.MetricType_COUNTER, f.GetType(), "%s_total is a counter", field)
		return value(t, fams, "duskfall_"+field+"_total")
	}
	require.NotNil(t, fams["duskfall_"+field], "the scrape has duskfall_%s", field)
	assert.Equal(t, dto.MetricType_GAUGE, fams["duskfall_"+field].GetType(), "%s without _total is a gauge", field)
	return value(t, fams, "duskfall_"+field)
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

// assertTheHistogramMatches holds the histogram to the status's per-bucket
// counts: its buckets are their running sums, its count their total.
func assertTheHistogramMatches(t *testing.T, f *dto.MetricFamily, counts []any) {
	t.Helper()
	require.NotNil(t, f, "the scrape has the tick histogram")
	h := f.Metric[0].GetHistogram()
	bounds := append(server.TickHistBoundsMs[:], math.Inf(1))
	require.Len(t, h.Bucket, len(bounds))
	require.Len(t, counts, len(bounds))
	var sum uint64
	for i, b := range h.Bucket {
		sum += uint64(counts[i].(float64))
		assert.Equal(t, bounds[i], b.GetUpperBound())
		assert.Equal(t, sum, b.GetCumulativeCount(), "under %v ms", b.GetUpperBound())
	}
	assert.Equal(t, sum, h.GetSampleCount())
	assert.Positive(t, h.GetSampleSum())
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
