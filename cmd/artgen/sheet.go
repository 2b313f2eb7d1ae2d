package main

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"slices"

	"duskfall/assets"
)

// sheetBuilder packs frames into one image, in rows, in the order they are
// added, and writes the PNG and the TOML that names them.
type sheetBuilder struct {
	dir, name string // "sprites" or "tiles", and the sheet's name
	width     int    // the sheet's width in pixels; frames wrap to a new row past it
	frames    []builtFrame
}

type builtFrame struct {
	name   string
	img    *image.NRGBA
	anchor image.Point
	scale  float64
}

func newSheet(dir, name string, width int) *sheetBuilder {
	return &sheetBuilder{dir: dir, name: name, width: width}
}

// add puts a frame on the sheet: img drawn at scale world units per pixel,
// anchor the point of img (in its own pixels, and it may lie outside
// them) at the object's position.
func (s *sheetBuilder) add(name string, img *image.NRGBA, anchor image.Point, scale float64) {
	s.frames = append(s.frames, builtFrame{name, img, anchor, scale})
}

// outputs lays the frames out (a pixel of space between them, so linear
// filtering never bleeds one into the next) and encodes the sheet. Rows
// are filled tallest frames first, so frames of a size share a row and
// the sheet wastes little; the TOML lists them in the order added.
func (s *sheetBuilder) outputs() ([]output, error) {
	const gap = 2
	x, y, rowH := 0, 0, 0
	frames := make(map[string]assets.Frame, len(s.frames))
	names := make([]string, 0, len(s.frames))
	at := make([]image.Point, len(s.frames))
	order := make([]int, len(s.frames))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return s.frames[b].img.Bounds().Dy() - s.frames[a].img.Bounds().Dy()
	})
	for _, i := range order {
		f := s.frames[i]
		w, h := f.img.Bounds().Dx(), f.img.Bounds().Dy()
		if x > 0 && x+w > s.width {
			x, y, rowH = 0, y+rowH+gap, 0
		}
		at[i] = image.Pt(x, y)
		x += w + gap
		rowH = max(rowH, h)
	}
	for i, f := range s.frames {
		w, h := f.img.Bounds().Dx(), f.img.Bounds().Dy()
		// The sheet's TOML holds anchors in the sheet's pixels, as its rects.
		anchor := f.anchor.Sub(f.img.Bounds().Min).Add(at[i])
		frames[f.name] = assets.Frame{Rect: image.Rectangle{Min: at[i], Max: at[i].Add(image.Pt(w, h))}, Anchor: anchor, Scale: f.scale}
		names = append(names, f.name)
	}
	img := image.NewNRGBA(image.Rect(0, 0, s.width, y+rowH))
	for i, f := range s.frames {
		draw.Draw(img, f.img.Bounds().Add(at[i]), f.img, f.img.Bounds().Min, draw.Src)
	}
	var b bytes.Buffer
	// The default level: the best one takes seven times as long for 3 % less.
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&b, img); err != nil {
		return nil, err
	}
	base := s.dir + "/" + s.name
	return []output{{base + ".png", b.Bytes()}, {base + ".toml", assets.WriteSheetTOML(names, frames)}}, nil
}
