// Package e2e is a test-only package: end-to-end tests of a real server on
// loopback ENet with bot clients, with and without a netsim proxy between
// them. It has no code of its own, and nothing imports it.
package e2e
