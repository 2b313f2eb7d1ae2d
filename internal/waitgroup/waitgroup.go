// Package waitgroup waits for a sync.WaitGroup with a bound: a goodbye, a
// flush or a file write that may hang must not hold up an exit for ever.
package waitgroup

import (
	"sync"
	"time"
)

// Within waits for wg at most limit and says whether it finished.
func Within(wg *sync.WaitGroup, limit time.Duration) bool {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(limit):
		return false
	}
}
