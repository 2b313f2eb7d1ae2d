package enet

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A program the game starts (the clipboard's tool, which stays in the
// background holding the clipboard) must not inherit the host's socket:
// it would keep the port bound after the game quits, and the next Host and
// play on that port would be told it is in use.
func TestAChildProcessInheritsNoHostSocket(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	addr := NewListenAddress(0)
	for _, tt := range []struct {
		name string
		addr *Address
	}{
		{"a server's host, bound to its port", &addr},
		{"a client's host, on a port the system picks", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h, err := NewHost(tt.addr, DefaultHostConfig())
			require.NoError(t, err)
			defer h.Destroy()
			socket, err := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", h.socketFD()))
			require.NoError(t, err)
			require.Regexp(t, `^socket:\[\d+\]$`, socket)

			child := exec.Command("sleep", "30")
			require.NoError(t, child.Start())
			defer func() {
				_ = child.Process.Kill()
				_ = child.Wait()
			}()
			fds, err := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", child.Process.Pid))
			require.NoError(t, err)
			require.NotEmpty(t, fds, "the child's descriptors are readable")
			for _, fd := range fds {
				link, err := os.Readlink(fd)
				if err != nil {
					continue // closed while read
				}
				assert.NotEqual(t, socket, link, "the child holds the host's socket as %s", fd)
			}
		})
	}
}
