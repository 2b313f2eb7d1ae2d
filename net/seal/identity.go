package seal

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"duskfall/internal/atomicfile"
)

// Identity is a server's long-lived signing key. Its fingerprint, in a
// join code or pinned by a client, names the server.
type Identity struct {
	Public  ed25519.PublicKey
	private ed25519.PrivateKey
}

// NewIdentity makes a new identity from rand.
func NewIdentity(rand io.Reader) (Identity, error) {
	pub, priv, err := ed25519.GenerateKey(rand)
	if err != nil {
		return Identity{}, err
	}
	return Identity{Public: pub, private: priv}, nil
}

// identityHeader begins an identity file; the seed follows in hex.
const identityHeader = "duskfall server identity 1\n"

// LoadIdentity reads the identity kept at path, making and keeping a new
// one (readable by its owner only) when there is none. A file that is
// there but unreadable is an error in words, never a silent new key: that
// would change the server's identity under every client that pinned it.
func LoadIdentity(path string, rand io.Reader) (Identity, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		id, err := NewIdentity(rand)
		if err != nil {
			return Identity{}, err
		}
		text := fmt.Sprintf("%s%x\n", identityHeader, id.private.Seed())
		if err := atomicfile.Write(path, []byte(text), 0o600); err != nil {
			return Identity{}, fmt.Errorf("cannot keep the server's identity in %s: %w", path, err)
		}
		return id, nil
	}
	if err != nil {
		return Identity{}, fmt.Errorf("cannot read the server's identity %s: %w", path, err)
	}
	var seed []byte
	rest, ok := bytes.CutPrefix(b, []byte(identityHeader))
	if ok {
		_, err = fmt.Sscanf(string(rest), "%x\n", &seed)
	}
	if !ok || err != nil || len(seed) != ed25519.SeedSize {
		return Identity{}, fmt.Errorf("the server's identity %s is damaged: restore it from a backup, or remove it to make a new one (every player who joined before will be told the identity changed)", path)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	return Identity{Public: priv.Public().(ed25519.PublicKey), private: priv}, nil
}

// Fingerprint names the identity: Fingerprint of its public key.
func (id Identity) Fingerprint() string { return Fingerprint(id.Public) }

var fingerprintEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// FingerprintLen is the length of a fingerprint in characters.
const FingerprintLen = 32

// Fingerprint is the first 160 bits of the key's SHA-256 in lower-case
// base32: 32 characters, short enough to read out, long enough that no
// one can make a key to match another's.
func Fingerprint(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return strings.ToLower(fingerprintEncoding.EncodeToString(sum[:20]))
}

// ErrWrongServer is a server whose key is not the join code's.
type ErrWrongServer struct{ Want, Got string }

func (e ErrWrongServer) Error() string {
	return fmt.Sprintf("this server is not the one the join code names: the code's key is %s, and the server at its address shows %s. "+
		"Check the code with the host, or ask them for it again", e.Want, e.Got)
}

// Expect verifies an identity against a join code's fingerprint.
func Expect(fingerprint string) func(ed25519.PublicKey) error {
	return func(pub ed25519.PublicKey) error {
		if got := Fingerprint(pub); got != fingerprint {
			return ErrWrongServer{Want: fingerprint, Got: got}
		}
		return nil
	}
}
