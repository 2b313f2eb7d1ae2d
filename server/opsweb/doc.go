// Package opsweb serves a running server to the tools operators already
// run (--metrics ADDR): Prometheus metrics, and the health checks that
// container runtimes and Kubernetes probe. docs/OPERATIONS.md,
// "Metrics and health checks", is the operator's side of it.
//
// What flows where:
//
//	server.Runtime.Run ──(atomic stores: phase, each Step's start, the
//	                      status snapshot once a second; each Step's
//	                      time into the loop's histograms)──▶ Runtime
//	HTTP goroutines ──▶ Runtime.Vitals ──▶ /metrics  the status's figures
//	                ──▶ Runtime.LoopHistograms ──▶ /metrics  the timings
//	                                        /healthz  the loop ticks
//	                                        /readyz   it takes players
//
// The loop never waits on HTTP: it only stores, and a scrape reads the
// stores on its own goroutine. The gauges and counters are built from the
// same snapshot the status file is written from, so the two never
// disagree; the step and interval histograms are observed on every tick,
// so Prometheus computes any percentile over any window from them. The
// health checks read the time from the clock this package is given.
//
// Every metric follows Prometheus's naming rules, which promtool and
// promlint hold it to: base units (_seconds, _bytes), counters ending in
// _total, durations as histograms, no rates or percentiles as gauges.
package opsweb
