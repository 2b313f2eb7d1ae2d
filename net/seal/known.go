package seal

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"

	"duskfall/internal/atomicfile"
)

// KnownServers pins each server's identity on first use, as SSH does with
// host keys: the first join to an address keeps its key's fingerprint, and
// a later join there with another key is refused in words. The file holds
// one "address fingerprint" line per server.
type KnownServers struct {
	path string
	mu   sync.Mutex
}

// OpenKnownServers uses the file at path (made on the first pin).
func OpenKnownServers(path string) *KnownServers { return &KnownServers{path: path} }

// ErrIdentityChanged is a server whose key differs from the one pinned.
type ErrIdentityChanged struct {
	Addr, Was, Now, File string
}

func (e ErrIdentityChanged) Error() string {
	return fmt.Sprintf("this server's identity changed since you last joined: %s had key %s and now shows %s. "+
		"Someone may be between you and the server, or its host made a new key; ask the host for their join code, "+
		"or remove the line for %s from %s if you trust the change", e.Addr, e.Was, e.Now, e.Addr, e.File)
}

// Verify checks the identity shown at addr against the pin, pinning it
// when addr has none.
func (k *KnownServers) Verify(addr string) func(ed25519.PublicKey) error {
	addr = strings.ToLower(strings.TrimSpace(addr))
	return func(pub ed25519.PublicKey) error {
		k.mu.Lock()
		defer k.mu.Unlock()
		pins, err := k.read()
		if err != nil {
			return err
		}
		fp := Fingerprint(pub)
		if was, ok := pins[addr]; ok {
			if was != fp {
				return ErrIdentityChanged{Addr: addr, Was: was, Now: fp, File: k.path}
			}
			return nil
		}
		pins[addr] = fp
		return k.write(pins)
	}
}

// Pinned is the fingerprint pinned for addr, "" when none is.
func (k *KnownServers) Pinned(addr string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	pins, err := k.read()
	return pins[strings.ToLower(strings.TrimSpace(addr))], err
}

func (k *KnownServers) read() (map[string]string, error) {
	pins := map[string]string{}
	b, err := os.ReadFile(k.path)
	if errors.Is(err, fs.ErrNotExist) {
		return pins, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the known servers %s: %w", k.path, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && !strings.HasPrefix(f[0], "#") {
			pins[f[0]] = f[1]
		}
	}
	return pins, nil
}

func (k *KnownServers) write(pins map[string]string) error {
	addrs := make([]string, 0, len(pins))
	for a := range pins {
		addrs = append(addrs, a)
	}
	sort.Strings(addrs)
	var b strings.Builder
	b.WriteString("# Duskfall servers joined before: address and identity fingerprint\n")
	for _, a := range addrs {
		fmt.Fprintf(&b, "%s %s\n", a, pins[a])
	}
	if err := atomicfile.Write(k.path, []byte(b.String()), 0o600); err != nil {
		return fmt.Errorf("cannot keep the server's identity in %s: %w", k.path, err)
	}
	return nil
}
