package main

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"

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
// anchor the pixel at the object's position.
func (s *sheetBuilder) add(name string, img *image.NRGBA, anchor image.Point, scale float64) {
	s.frames = append(s.frames, builtFrame{name, img, anchor, scale})
}

// outputs lays the frames out (a pixel of space between them, so linear
// filtering never bleeds one into the next) and encodes the sheet.
func (s *sheetBuilder) outputs() ([]output, error) {
	const gap = 2
	x, y, rowH := 0, 0, 0
	frames := make(map[string]assets.Frame, len(s.frames))
	names := make([]string, 0, len(s.frames))
	at := make([]image.Point, len(s.frames))
	for i, f := range s.frames {
		w, h := f.img.Bounds().Dx(), f.img.Bounds().Dy()
		if x > 0 && x+w > s.width {
			x, y, rowH = 0, y+rowH+gap, 0
		}
		at[i] = image.Pt(x, y)
		frames[f.name] = assets.Frame{Rect: image.Rect(x, y, x+w, y+h), Anchor: f.anchor, Scale: f.scale}
		names = append(names, f.name)
		x += w + gap
		rowH = max(rowH, h)
	}
	img := image.NewNRGBA(image.Rect(0, 0, s.width, y+rowH))
	for i, f := range s.frames {
		draw.Draw(img, f.img.Bounds().Add(at[i]), f.img, f.img.Bounds().Min, draw.Src)
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		return nil, err
	}
	base := s.dir + "/" + s.name
	return []output{{base + ".png", b.Bytes()}, {base + ".toml", assets.WriteSheetTOML(names, frames)}}, nil
}
