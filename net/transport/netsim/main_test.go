package netsim

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestMainFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		says string
	}{
		{"an unknown flag is a usage error", []string{"--target", "127.0.0.1:1", "--bogus"}, 2, "bogus"},
		{"a missing target is a usage error", []string{"--loss", "5"}, 2, "--target is required"},
		{"a loss above 100% is a usage error", []string{"--target", "127.0.0.1:1", "--loss", "150"}, 2, "loss"},
		{"a malformed latency is a usage error", []string{"--target", "127.0.0.1:1", "--latency", "soon"}, 2, "latency"},
		{"a stray argument is a usage error", []string{"--target", "127.0.0.1:1", "extra"}, 2, "extra"},
		{"help is not an error", []string{"-h"}, 0, "-reorder-delay"},
		{"an unusable listen address fails to start", []string{"--target", "127.0.0.1:1", "--listen", "nope"}, 1, "listen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			code := run(context.Background(), tt.args, &out)
			assert.Equal(t, tt.code, code)
			assert.Contains(t, out.String(), tt.says)
		})
	}
}

func TestMainRunsUntilStopped(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	var out bytes.Buffer
	code := run(ctx, []string{"--listen", "127.0.0.1:0", "--target", "127.0.0.1:9", "--loss", "5",
		"--latency", "20ms", "--jitter", "5ms", "--dup", "1", "--reorder", "2", "--seed", "7"}, &out)
	assert.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Len(t, lines, 2, "a banner, then the stats at exit")
	assert.Contains(t, lines[0], "loss 5%, latency 20ms ±5ms, dup 1%, reorder 2%, seed 7")
	assert.Contains(t, lines[1], "in 0")
}
