// Package opsweb serves a running server to the tools operators already
// run (--metrics ADDR): Prometheus metrics, and the health checks that
// container runtimes and Kubernetes probe. docs/OPERATIONS.md,
// "Metrics and health checks", is the operator's side of it.
//
// What flows where:
//
//	server.Runtime.Run ──(atomic stores: phase, each Step's start, the
//	                      status snapshot once a second)──▶ Runtime.Vitals
//	HTTP goroutines ──▶ Runtime.Vitals ──▶ /metrics  the status's figures
//	                                        /healthz  the loop ticks
//	                                        /readyz   it takes players
//
// The loop never waits on HTTP: it only stores, and a scrape reads the
// stores on its own goroutine. /metrics is built from the same snapshot
// the status file is written from, so the two never disagree, and the
// health checks read the time from the clock this package is given.
package opsweb
