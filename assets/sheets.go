package assets

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"path"
	"strings"

	"github.com/BurntSushi/toml"
)

// A sheet is one PNG of many frames and the TOML that names them:
// sprites/NAME.png with sprites/NAME.toml, or tiles/NAME.png with
// tiles/NAME.toml. The TOML lists each frame as
//
//	[frame.NAME]
//	rect = [x, y, w, h]     # pixels in the PNG
//	anchor = [ax, ay]       # the pixel drawn at the object's position
//	scale = 0.5             # world units per pixel (sheets are drawn at 2×)
//
// cmd/artgen writes both; nothing else does.

// PlainShare is the percentage of floor tiles the window draws plain
// (tiles/NAME's plain_ frames); the rest show one of its features (a
// crack, moss, bones…), so the ground is neither a checkerboard nor busy.
const PlainShare = 78

// Frame is one image in a sheet.
type Frame struct {
	Rect   image.Rectangle
	Anchor image.Point
	Scale  float64 // world units per pixel
}

// Sheet is a decoded sheet: its image and its named frames.
type Sheet struct {
	Name   string
	Image  image.Image
	Frames map[string]Frame
}

// Frame is the frame of that name, and whether the sheet has it.
func (s *Sheet) Frame(name string) (Frame, bool) {
	f, ok := s.Frames[name]
	return f, ok
}

type rawSheet struct {
	Frame map[string]struct {
		Rect   []int   `toml:"rect"`
		Anchor []int   `toml:"anchor"`
		Scale  float64 `toml:"scale"`
	} `toml:"frame"`
}

// LoadSheet reads dir/name.png and dir/name.toml from fsys (dir is
// "sprites" or "tiles") and checks every frame lies inside the image.
func LoadSheet(fsys fs.FS, dir, name string) (*Sheet, error) {
	base := path.Join(dir, name)
	img, err := readPNG(fsys, base+".png")
	if err != nil {
		return nil, err
	}
	b, err := fs.ReadFile(fsys, base+".toml")
	if err != nil {
		return nil, fail(base+".toml", "", "%v", err)
	}
	var raw rawSheet
	md, err := toml.Decode(string(b), &raw)
	if err != nil {
		return nil, fail(base+".toml", "", "%v", err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		return nil, fail(base+".toml", un[0].String(), "unknown key")
	}
	s := &Sheet{Name: name, Image: img, Frames: make(map[string]Frame, len(raw.Frame))}
	for fname, f := range raw.Frame {
		key := "frame." + fname
		if len(f.Rect) != 4 || len(f.Anchor) != 2 {
			return nil, fail(base+".toml", key, "want rect = [x, y, w, h] and anchor = [ax, ay]")
		}
		r := image.Rect(f.Rect[0], f.Rect[1], f.Rect[0]+f.Rect[2], f.Rect[1]+f.Rect[3])
		if r.Empty() || !r.In(img.Bounds()) {
			return nil, fail(base+".toml", key+".rect", "%v is empty or outside the %v image", r, img.Bounds())
		}
		if f.Scale <= 0 || f.Scale > 4 {
			return nil, fail(base+".toml", key+".scale", "%v is outside (0, 4]", f.Scale)
		}
		s.Frames[fname] = Frame{Rect: r, Anchor: image.Pt(f.Anchor[0], f.Anchor[1]), Scale: f.Scale}
	}
	return s, nil
}

// Sheets lists the sheets in dir of fsys, by name.
func Sheets(fsys fs.FS, dir string) ([]string, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".png"); ok {
			names = append(names, n)
		}
	}
	return names, nil
}

func readPNG(fsys fs.FS, name string) (image.Image, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fail(name, "", "%v", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fail(name, "", "not a PNG: %v", err)
	}
	return img, nil
}

// WriteSheetTOML is the TOML that names a sheet's frames, in a stable
// order, as cmd/artgen writes it.
func WriteSheetTOML(names []string, frames map[string]Frame) []byte {
	var b bytes.Buffer
	b.WriteString("# Written by cmd/artgen; do not edit by hand (docs/ART.md).\n")
	for _, n := range names {
		f := frames[n]
		fmt.Fprintf(&b, "\n[frame.%s]\nrect = [%d, %d, %d, %d]\nanchor = [%d, %d]\nscale = %g\n",
			n, f.Rect.Min.X, f.Rect.Min.Y, f.Rect.Dx(), f.Rect.Dy(), f.Anchor.X, f.Anchor.Y, f.Scale)
	}
	return b.Bytes()
}
