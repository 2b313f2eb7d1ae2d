package ui

import (
	"context"
	"errors"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Clipboard reads the system clipboard for Ctrl+V in a text field.
// Ebitengine 2.8 has no clipboard, so it asks the system's own tool
// (wl-paste or xclip or xsel, pbpaste, PowerShell), on its own goroutine:
// a frame never waits for it. The text arrives a frame or two later.
type Clipboard struct {
	Read func() (string, error) // readSystemClipboard; tests replace it

	mu    sync.Mutex
	text  string
	ready bool
	busy  bool
}

// Request starts a read unless one is under way.
func (c *Clipboard) Request() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.busy {
		return
	}
	c.busy = true
	read := c.Read
	if read == nil {
		read = readSystemClipboard
	}
	go func() {
		text, err := read()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.busy = false
		if err == nil {
			c.text, c.ready = text, true
		}
	}()
}

// Take returns the text of a finished read, once.
func (c *Clipboard) Take() (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.ready {
		return "", false
	}
	c.ready = false
	return c.text, true
}

// clipboardLimit bounds what a paste brings in: fields are short.
const clipboardLimit = 256

var errNoClipboard = errors.New("no clipboard tool found")

// readSystemClipboard runs the first clipboard tool this system has.
func readSystemClipboard() (string, error) {
	var tools [][]string
	switch runtime.GOOS {
	case "darwin":
		tools = [][]string{{"pbpaste"}}
	case "windows":
		tools = [][]string{{"powershell", "-NoProfile", "-Command", "Get-Clipboard"}}
	default:
		tools = [][]string{{"wl-paste", "--no-newline"}, {"xclip", "-selection", "clipboard", "-o"}, {"xsel", "--clipboard", "--output"}}
	}
	for _, t := range tools {
		if _, err := exec.LookPath(t[0]); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		out, err := exec.CommandContext(ctx, t[0], t[1:]...).Output()
		cancel()
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(out))
		if len(s) > clipboardLimit {
			s = s[:clipboardLimit]
		}
		return s, nil
	}
	return "", errNoClipboard
}

// CopyText puts text on the system clipboard by its own tool (wl-copy,
// xclip or xsel, pbcopy, clip), off the frame's goroutine; done gets
// whether it went.
func CopyText(text string, done func(ok bool)) {
	go func() { done(writeSystemClipboard(text) == nil) }()
}

func writeSystemClipboard(text string) error {
	var tools [][]string
	switch runtime.GOOS {
	case "darwin":
		tools = [][]string{{"pbcopy"}}
	case "windows":
		tools = [][]string{{"clip"}}
	default:
		tools = [][]string{{"wl-copy"}, {"xclip", "-selection", "clipboard", "-i"}, {"xsel", "--clipboard", "--input"}}
	}
	for _, t := range tools {
		if _, err := exec.LookPath(t[0]); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		cmd := exec.CommandContext(ctx, t[0], t[1:]...)
		cmd.Stdin = strings.NewReader(text)
		err := cmd.Run()
		cancel()
		if err == nil {
			return nil
		}
	}
	return errNoClipboard
}
