package levels

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/BurntSushi/toml"

	"duskfall/game"
)

//go:embed *.toml
var embedded embed.FS

// Embedded is the content folder built into the program: what a check of
// the default content reads.
func Embedded() fs.FS { return embedded }

// Content files, all at the root of a content FS.
const (
	PatternsFile = "patterns.toml"
	EnemiesFile  = "enemies.toml"
	PlayerFile   = "player.toml"
)

// Error is a content validation failure: which file, which key in it, and
// what is wrong.
type Error struct {
	File string
	Key  string
	Msg  string
}

func (e *Error) Error() string { return e.File + ": " + e.Key + ": " + e.Msg }

// fail builds an *Error.
func fail(file, key, format string, args ...any) *Error {
	return &Error{File: file, Key: key, Msg: fmt.Sprintf(format, args...)}
}

// LoadContent loads the embedded patterns, enemies, player stats and
// dungeon kinds.
func LoadContent() (*game.Content, error) { return LoadContentFS(embedded) }

// LoadMap loads an embedded map by name ("arena", "hub") against loaded
// content.
func LoadMap(name string, c *game.Content) (*game.Map, error) { return LoadMapFS(embedded, name, c) }

// LoadContentFS loads and validates content from the root of fsys. The
// dungeon kinds (DungeonsFile) are optional there; see DungeonsFile.
func LoadContentFS(fsys fs.FS) (*game.Content, error) {
	var pats rawPatterns
	var ens rawEnemies
	var pl rawPlayer
	for _, f := range []struct {
		name string
		into any
	}{{PatternsFile, &pats}, {EnemiesFile, &ens}, {PlayerFile, &pl}} {
		if err := decode(fsys, f.name, f.into); err != nil {
			return nil, err
		}
	}
	c, err := validateContent(pats, ens, pl)
	if err != nil {
		return nil, err
	}
	if err := loadClasses(fsys, c); err != nil {
		return nil, err
	}
	if c.Dungeons, err = loadDungeons(fsys, c); err != nil {
		return nil, err
	}
	if err := loadItems(fsys, c); err != nil {
		return nil, err
	}
	eliteLoot(ens, c)
	if c.Hash, err = Hash(fsys); err != nil {
		return nil, fmt.Errorf("the content folder does not read: %w", err)
	}
	return c, nil
}

// LoadMapFS loads and validates the map file name+".toml" from the root of
// fsys; its legend names enemies and dungeon kinds of c.
func LoadMapFS(fsys fs.FS, name string, c *game.Content) (*game.Map, error) {
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return nil, fail(name+".toml", "name", "not a map name")
	}
	file := name + ".toml"
	var raw rawMap
	if err := decode(fsys, file, &raw); err != nil {
		return nil, err
	}
	return buildMap(file, raw, c)
}

// decode reads one TOML file into v, refusing keys the schema does not know
// so a misspelt key is an error rather than a silent default.
func decode(fsys fs.FS, file string, v any) error {
	md, err := toml.DecodeFS(fsys, file, v)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return fail(file, fmt.Sprintf("line %d", pe.Position.Line), "%s", pe.Message)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fail(file, "file", "missing")
		}
		return fail(file, "decode", "%s", strings.TrimPrefix(err.Error(), "toml: "))
	}
	if extra := md.Undecoded(); len(extra) > 0 {
		return fail(file, extra[0].String(), "unknown key")
	}
	return nil
}
