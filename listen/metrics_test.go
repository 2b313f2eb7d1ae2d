package listen

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
)

// page fetches one of the host's pages: its status code and body.
func page(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// framesFor runs the host's frames at 60 Hz for d.
func framesFor(h *Host, d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
		h.Frame(client.Intent{})
		time.Sleep(time.Second / 60)
	}
}

// Host and play serves what --server --metrics serves, read from the
// server its frames step: the figures, a health check that sees a stalled
// frame, and the status file.
func TestAHostServesMetricsHealthChecksAndItsStatusFile(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status.json")
	h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3,
		Client: client.Config{Name: "host"}, Metrics: "127.0.0.1:0", StatusFile: status})
	require.NoError(t, err)
	closed := false
	t.Cleanup(func() {
		if !closed {
			h.Close()
		}
	})
	web := "http://" + h.MetricsAddr()
	require.NotEqual(t, "http://", web, "the host says where its pages are")

	framesFor(h, 1500*time.Millisecond) // past the first status, a second in
	code, body := page(t, web+"/healthz")
	assert.Equal(t, http.StatusOK, code, body)
	assert.Equal(t, "ok: ticking\n", body)
	code, body = page(t, web+"/metrics")
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, strings.Split(body, "\n"), "duskfall_players 1", "the host is a player")
	assert.Contains(t, body, "duskfall_tick_duration_seconds_count", "the steps are timed")

	require.Eventually(t, func() bool { _, err := os.Stat(status); return err == nil }, 5*time.Second, 20*time.Millisecond)
	b, err := os.ReadFile(status)
	require.NoError(t, err)
	var st map[string]any
	require.NoError(t, json.Unmarshal(b, &st), "%s", b)
	assert.EqualValues(t, 1, st["players"])

	time.Sleep(1200 * time.Millisecond) // a frame longer than a second: a dragged window
	code, body = page(t, web+"/healthz")
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.True(t, strings.HasPrefix(body, "stalled: "), body)
	framesFor(h, 100*time.Millisecond)
	code, _ = page(t, web+"/healthz")
	assert.Equal(t, http.StatusOK, code, "ticking again")

	h.Close()
	closed = true
	_, err = http.Get(web + "/healthz")
	assert.Error(t, err, "the pages close with the game")
}
