//go:build !unix

package lan

import "syscall"

// allowBroadcast and shareAddress leave the socket as the system makes it
// where the options are not reachable the same way.
func allowBroadcast(_, _ string, _ syscall.RawConn) error { return nil }
func shareAddress(_, _ string, _ syscall.RawConn) error   { return nil }
