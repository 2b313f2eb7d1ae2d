// Package assets holds Duskfall's art as files and the data that describes
// it: places.toml (each place's palette, light and ambient motion, the
// bullet palettes) and, as they are made, the sprite sheets and tile sets
// the window draws. Everything is embedded in the binary with go:embed.
//
// Data flows one way: cmd/artgen draws the sheets from the palettes here
// and writes them into this folder; the game loads the files as they are
// (render reads them at start through this package). The package itself
// needs no display and no Ebitengine, so tests and the generator use it.
// docs/ART.md says how art is made and added.
package assets

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"
)

//go:embed places.toml sprites tiles
var files embed.FS

// FS is the embedded art, for readers that want a file by name.
func FS() fs.FS { return files }

// Error is a problem with a file here: the file, the key and what is wrong.
type Error struct {
	File, Key, Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s: %s", e.File, e.Key, e.Msg) }

func fail(file, key, format string, args ...any) *Error {
	return &Error{File: file, Key: key, Msg: fmt.Sprintf(format, args...)}
}

var (
	lookOnce sync.Once
	look     *Look
	lookErr  error
)

// Shared is the embedded Look, decoded and validated once per process.
func Shared() (*Look, error) {
	lookOnce.Do(func() { look, lookErr = LoadLook(files) })
	return look, lookErr
}
