// Artgen draws Duskfall's art: every sprite sheet and tile set in assets/,
// from the palettes in assets/places.toml and the shapes in its own code.
// Its output is the source the game loads; run it after changing either,
// and commit what it writes (docs/ART.md).
//
//	go run ./cmd/artgen            write every sheet into assets/
//	go run ./cmd/artgen -check     say which files differ from what it would write
//	go run ./cmd/artgen -icon FILE write the desktop icon to FILE, and nothing else (icon.go)
//
// Each sheet is a generator registered by a file of this package; a
// generator is a pure function of the look, so the same code and palettes
// always write the same bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"duskfall/assets"
)

// output is one file a generator makes, its path relative to assets/.
type output struct {
	path string
	data []byte
}

// generator makes one or more files from the look.
type generator struct {
	name string
	make func(l *assets.Look) ([]output, error)
}

var generators []generator

// register adds a generator; files of this package call it from init.
func register(name string, make func(l *assets.Look) ([]output, error)) {
	generators = append(generators, generator{name, make})
}

func main() {
	dir := flag.String("dir", "assets", "the assets `folder` to write into")
	check := flag.Bool("check", false, "write nothing: list the files that differ from what would be written, and fail if any do")
	icon := flag.String("icon", "", "write only the desktop icon, a PNG, to this `file`")
	flag.Parse()
	var err error
	if *icon != "" {
		err = runIcon(*dir, *icon)
	} else {
		err = run(*dir, *check)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "artgen: %v\n", err)
		os.Exit(1)
	}
}

func run(dir string, check bool) error {
	look, err := assets.LoadLook(os.DirFS(dir))
	if err != nil {
		return err
	}
	outs, err := generate(look)
	if err != nil {
		return err
	}
	stale := 0
	for _, o := range outs {
		path := filepath.Join(dir, o.path)
		old, _ := os.ReadFile(path)
		if bytes.Equal(old, o.data) {
			continue
		}
		stale++
		if check {
			fmt.Printf("differs: %s\n", o.path)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, o.data, 0o644); err != nil {
			return err
		}
		fmt.Printf("wrote %s (%d bytes)\n", o.path, len(o.data))
	}
	if check && stale > 0 {
		return fmt.Errorf("%d files differ from what artgen writes: run go run ./cmd/artgen", stale)
	}
	return nil
}

// generate runs every generator, in name order.
func generate(look *assets.Look) ([]output, error) {
	gens := slices.Clone(generators)
	slices.SortFunc(gens, func(a, b generator) int {
		if a.name < b.name {
			return -1
		}
		if a.name > b.name {
			return 1
		}
		return 0
	})
	var outs []output
	for _, g := range gens {
		o, err := g.make(look)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.name, err)
		}
		outs = append(outs, o...)
	}
	return outs, nil
}
