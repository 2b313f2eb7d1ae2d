package waitgroup

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestWithin(t *testing.T) {
	t.Run("a group that finishes is reported finished", func(t *testing.T) {
		var wg sync.WaitGroup
		wg.Add(1)
		go wg.Done()
		assert.True(t, Within(&wg, time.Minute))
	})
	t.Run("a group that never finishes is given up on at the limit", func(t *testing.T) {
		var wg sync.WaitGroup
		wg.Add(1)
		defer wg.Done()
		assert.False(t, Within(&wg, time.Millisecond))
	})
}
