// Package e2e holds end-to-end tests: a real server on loopback ENet with
// bot clients, with and without a netsim proxy between them. It has no
// code of its own.
package e2e
