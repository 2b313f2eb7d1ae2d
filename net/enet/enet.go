package enet

/*
#cgo pkg-config: libenet
#include <enet/enet.h>
*/
import "C"

import (
	"errors"
	"sync"
)

// Sentinel errors returned by this package.
var (
	ErrInit          = errors.New("enet: initialization failed")
	ErrAddress       = errors.New("enet: cannot resolve address")
	ErrConfig        = errors.New("enet: invalid host config")
	ErrCreateHost    = errors.New("enet: cannot create host")
	ErrHostDestroyed = errors.New("enet: host destroyed")
	ErrPeerGone      = errors.New("enet: peer is no longer connected")
	ErrNoPeerSlot    = errors.New("enet: no free peer slot")
	ErrSend          = errors.New("enet: send failed")
	ErrService       = errors.New("enet: service failed")
)

var (
	initOnce sync.Once
	initErr  error
)

// Initialize initializes the ENet library. It is safe to call any number of
// times from any goroutine; only the first call does the work. NewHost calls
// it, so callers rarely need to.
func Initialize() error {
	initOnce.Do(func() {
		if C.enet_initialize() != 0 {
			initErr = ErrInit
		}
	})
	return initErr
}

// Deinitialize releases the library's global state. Call it at most once, at
// process exit, after every Host is destroyed; Initialize does not run again
// afterwards.
func Deinitialize() {
	initOnce.Do(func() { initErr = ErrInit }) // never initialize after this
	if initErr == nil {
		C.enet_deinitialize()
		initErr = ErrInit
	}
}
