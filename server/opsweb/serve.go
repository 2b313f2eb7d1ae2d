package opsweb

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"duskfall/server"
)

// Source is what the pages read: a server.Runtime.
type Source interface {
	Vitals() server.Vitals
	// LoopHistograms are the loop's timings, observed on every tick.
	LoopHistograms() []prometheus.Collector
}

// Config configures the pages.
type Config struct {
	// StallAfter is how long without a tick /healthz calls a stall: 0
	// means DefaultStallAfter.
	StallAfter time.Duration
	// Now is the health checks' clock, the one the server's loop reads
	// (nil: time.Now).
	Now func() time.Time
}

// Handler serves /metrics, /healthz and /readyz for src.
func Handler(src Source, cfg Config) http.Handler {
	if cfg.StallAfter == 0 {
		cfg.StallAfter = DefaultStallAfter
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(newStatusCollector(src),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	reg.MustRegister(src.LoopHistograms()...)
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", check(src, cfg, live))
	mux.HandleFunc("GET /readyz", check(src, cfg, ready))
	return mux
}

// check answers 200 or 503 with the reason in a line of plain text.
func check(src Source, cfg Config, ok func(server.Vitals, time.Time, time.Duration) (bool, string)) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		good, why := ok(src.Vitals(), cfg.Now(), cfg.StallAfter)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if !good {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_, _ = w.Write([]byte(why + "\n"))
	}
}

// Server is the pages' HTTP server.
type Server struct {
	ln  net.Listener
	srv *http.Server
}

// Listen opens addr (host:port; port 0 picks one) and serves the pages
// on their own goroutine until Close.
func Listen(addr string, src Source, cfg Config, logf func(string, ...any)) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Server{ln: ln, srv: &http.Server{Handler: Handler(src, cfg), ReadHeaderTimeout: 5 * time.Second}}
	go func() {
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logf("metrics: %v", err)
		}
	}()
	return s, nil
}

// Addr is the address the pages are served on.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops serving, letting a scrape under way finish for a moment.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}
