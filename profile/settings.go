package profile

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"duskfall/internal/atomicfile"
	"duskfall/net/seal"
)

// DefaultAddress is what the join field holds before anything was joined.
const DefaultAddress = "127.0.0.1:7777"

// Settings are what the game remembers between runs.
type Settings struct {
	Name        string `toml:"name"`
	LastAddress string `toml:"last_address"`
	// Recent is the servers joined, newest first, each by the address or
	// the join code it was joined by: only joins that reached the server,
	// never one that failed. Older files hold addresses alone.
	Recent []string `toml:"recent,omitempty"`

	// What the settings screen changes (prefs.go has the defaults).
	MasterVolume  float64           `toml:"master_volume"`  // 0..1
	EffectsVolume float64           `toml:"effects_volume"` // 0..1, under the master
	Fullscreen    bool              `toml:"fullscreen"`
	Vsync         bool              `toml:"vsync"`
	WindowScale   float64           `toml:"window_scale"` // the window's size over 1280×720
	Gamepad       bool              `toml:"gamepad"`      // read a gamepad when one is plugged in
	NetGraph      bool              `toml:"net_graph"`    // the F3 panel, open from the start
	ScreenShake   bool              `toml:"screen_shake"`
	MusicVolume   float64           `toml:"music_volume"`   // 0..1, under the master
	BulletPalette string            `toml:"bullet_palette"` // an id of assets/places.toml's bullet palettes
	Quality       string            `toml:"quality"`        // QualityAuto, QualityHigh or QualityLow: lights, ambient motion and glows off when low
	Keys          map[string]string `toml:"keys,omitempty"` // action → key name, for the actions rebound
	// UIScale is the HUD's and menus' scale: 0 for Auto (from the window's
	// size), else one of UIScaleChoices.
	UIScale float64 `toml:"ui_scale"`

	// Host and play's options on the main menu, as last hosted: the
	// password friends must give ("" none) and whether the game is kept
	// off the local network's Join screens.
	HostPassword string `toml:"host_password,omitempty"`
	HostPrivate  bool   `toml:"host_private"`
	// HostUPnP opens the port on the home router (UPnP or NAT-PMP) so
	// friends outside the network can join; on unless switched off.
	HostUPnP bool `toml:"host_upnp"`

	// Warnings are what loading fell back on, for the log; never saved.
	Warnings []string `toml:"-"`
	// Token is the account secret of Name, hex encoded. It is generated once
	// and kept: the server binds the name to it on first claim.
	Token string `toml:"token"`
	// Tokens holds the secret of every other name played under (--name),
	// one per name, so two windows on one computer play as two accounts.
	Tokens map[string]string `toml:"tokens,omitempty"`
}

// SettingsPath is settings.toml in the user config directory.
func SettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no user config directory: %w", err)
	}
	return filepath.Join(dir, "duskfall", "settings.toml"), nil
}

// LoadSettings reads path and fills in whatever is missing: a fresh token,
// a name derived from it, the default address. A missing file is not an
// error. changed says whether the result differs from the file, so the
// caller can save the filled-in values once.
func LoadSettings(path string) (s Settings, changed bool, err error) {
	md, err := toml.DecodeFile(path, &s)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Settings{}, false, fmt.Errorf("settings %s: %w", filepath.Base(path), err)
	}
	if s.fillPrefs(md) {
		changed = true
	}
	if _, ok := s.OwnToken(); !ok {
		var t [16]byte
		if _, err := rand.Read(t[:]); err != nil {
			return Settings{}, false, err
		}
		s.Token, changed = hex.EncodeToString(t[:]), true
	}
	if s.Name == "" {
		s.Name, changed = "pilot-"+s.Token[:4], true
	}
	if s.LastAddress == "" {
		s.LastAddress, changed = DefaultAddress, true
	}
	return s, changed, nil
}

// Save writes the settings to path, creating its directory. It writes a
// temporary file and renames it, so a crash never leaves half a file.
func (s Settings) Save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(s); err != nil {
		return err
	}
	return atomicfile.Write(path, buf.Bytes(), 0o600) // the token is a secret
}

// OwnToken decodes the account token; false if it is missing or malformed.
func (s Settings) OwnToken() ([16]byte, bool) { return decodeToken(s.Token) }

func decodeToken(h string) ([16]byte, bool) {
	var t [16]byte
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != len(t) {
		return t, false
	}
	copy(t[:], b)
	return t, true
}

// TokenFor is the account secret of name: the settings' own for their name,
// the one kept for another name, or a new one, generated and kept.
// changed says whether the settings need saving.
func (s *Settings) TokenFor(name string) (t [16]byte, changed bool, err error) {
	if name == s.Name {
		if t, ok := s.OwnToken(); ok {
			return t, false, nil
		}
	}
	if t, ok := decodeToken(s.Tokens[name]); ok {
		return t, false, nil
	}
	if _, err := rand.Read(t[:]); err != nil {
		return t, false, err
	}
	if s.Tokens == nil {
		s.Tokens = make(map[string]string)
	}
	s.Tokens[name] = hex.EncodeToString(t[:])
	return t, true, nil
}

// maxRecent is how many servers the join screen remembers.
const maxRecent = 5

// RememberServer puts a server joined, by its address or its join code,
// first among the recent servers and makes it what the join screen offers
// next. A server is listed once, as it was last joined: a join code keeps
// its key, so the list joins it with the key checked again.
func (s *Settings) RememberServer(addr string) {
	s.LastAddress = addr
	kept := []string{addr}
	for _, r := range s.Recent {
		if ServerAddr(r) != ServerAddr(addr) && len(kept) < maxRecent {
			kept = append(kept, r)
		}
	}
	s.Recent = kept
}

// ServerAddr is the address of an address or join code, as the list
// compares them; the text itself when it is neither.
func ServerAddr(text string) string {
	if t, err := seal.ParseTarget(text); err == nil {
		return t.Addr()
	}
	return strings.TrimSpace(text)
}

// KnownServers is the identity of every server joined by address, kept
// beside the settings at settingsPath; nil when the settings are not kept.
func KnownServers(settingsPath string) *seal.KnownServers {
	if settingsPath == "" {
		return nil
	}
	return seal.OpenKnownServers(filepath.Join(filepath.Dir(settingsPath), KnownServersFile))
}

// KnownServersFile keeps the identity of every server joined by address
// (net/seal), beside settings.toml.
const KnownServersFile = "known_servers"
