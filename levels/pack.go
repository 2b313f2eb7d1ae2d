package levels

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"sync"

	"duskfall/game"
)

// Pack is one content folder, loaded and validated: the content a server
// plays and its clients predict and draw, and the folder its maps load
// from. The built-in content is one (Builtin); --content DIR loads another
// (LoadDir), so a modded folder can be played.
type Pack struct {
	Content *game.Content // Content.Hash is the folder's hash (Hash)
	Source  string        // "built-in", or the folder it was loaded from
	fsys    fs.FS
}

// LoadPack loads and validates the content at the root of fsys, source
// naming it for people.
func LoadPack(fsys fs.FS, source string) (*Pack, error) {
	c, err := LoadContentFS(fsys)
	if err != nil {
		return nil, err
	}
	return &Pack{Content: c, Source: source, fsys: fsys}, nil
}

// LoadDir loads and validates the content folder dir (--content), with the
// same loader and checks as the built-in content: its errors name the file
// and the key.
func LoadDir(dir string) (*Pack, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s: not a content folder", dir)
	}
	return LoadPack(os.DirFS(dir), dir)
}

// Builtin is the content built into the program, loaded and validated by
// the first call and the same *Pack for every call after it. Programs that
// want the built-in content whatever they were told (the art generator)
// call it; the server, client and window are handed their content.
func Builtin() (*Pack, error) { return builtin() }

var builtin = sync.OnceValues(func() (*Pack, error) {
	p, err := LoadPack(embedded, "built-in")
	if err != nil {
		return nil, fmt.Errorf("the game content does not load: %w", err)
	}
	return p, nil
})

// FS is the folder the pack was loaded from.
func (p *Pack) FS() fs.FS { return p.fsys }

// Map loads the pack's map name ("hub", "arena") against its content.
func (p *Pack) Map(name string) (*game.Map, error) { return LoadMapFS(p.fsys, name, p.Content) }

// Hash is the content hash of a folder: SHA-256 over its .toml files in
// name order, each as its name, its length and its bytes with CRLF line ends
// read as LF. Those files are exactly what the loader reads (every other
// .toml file is a map), so two folders with the same hash load the same
// content; hashing the files rather than the validated structs means a
// field added to game.Content can never be left out of it. Line ends are
// normalised so a checkout that rewrote them plays with one that did not.
func Hash(fsys fs.FS) ([sha256.Size]byte, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && path.Ext(e.Name()) == ".toml" {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return [sha256.Size]byte{}, err
		}
		b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
		h.Write(binary.AppendUvarint(nil, uint64(len(name))))
		h.Write([]byte(name))
		h.Write(binary.AppendUvarint(nil, uint64(len(b))))
		h.Write(b)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum, nil
}

// ShortHash is the first 4 bytes of a content hash in hex, as players and
// logs read it: "1a2b3c4d".
func ShortHash(h [sha256.Size]byte) string { return hex.EncodeToString(h[:4]) }
